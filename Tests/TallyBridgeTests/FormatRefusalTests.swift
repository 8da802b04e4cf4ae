import Foundation
import TallyBridge
import TallyCheckout
import TallyMoney
import XCTest

/// Defects found by a review of the bridge and the command line (2026-12-01, thirteenth
/// session): what an output format cannot carry was found halfway through a replay, an empty W3C
/// `shippingOptions` told the browser it could not ship, rules that can never apply were
/// accepted, and two command-line spellings slipped through.
final class FormatRefusalTests: XCTestCase {
    /// One item of 99,999,999.00 and an express method of 10.00: express takes the total past
    /// Apple Pay on the web's maximum.
    static let large = """
        {"merchantName": "M", "currencyCode": "USD", "countryCode": "US",
         "items": [{"label": "A", "amount": "99999999.00"}],
         "shippingMethods": [{"identifier": "free", "label": "Free", "amount": "0"}, {"identifier": "exp", "label": "Express", "amount": "10.00"}]}
        """

    func replay(_ document: String, _ events: String, _ arguments: [String] = []) -> QuoteCommand.Result {
        ReplayCommand.run(["replay.json"] + arguments) { _ in #"{"document": \#(document), "events": \#(events)}"# }
    }

    /// An event that would take the total past 100,000,000 is refused like any other when the
    /// replay renders for Apple Pay: its update (the summary as it stands) is printed, the reason
    /// is under the event's path, and the replay goes on. Other formats take the event.
    func testApplePayReplayRefusesAnEventAboveTheMaximumAndGoesOn() throws {
        let events = #"[{"selectShippingMethod": "free"}, {"selectShippingMethod": "exp"}, {"selectShippingMethod": "free"}]"#
        let apple = replay(Self.large, events, ["--format", "applepay"])
        XCTAssertEqual(apple.status, 1)
        let lines = apple.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, apple.output)
        for line in lines { XCTAssertTrue(line.contains(#""newTotal":{"label":"M","amount":"99999999.00""#), String(line)) }
        XCTAssertEqual(apple.errors, "tally replay: events[1].selectShippingMethod: \"exp\" would take the total above the maximum of 100000000\n")
        for format in ["json", "w3c"] {
            let result = replay(Self.large, events, ["--format", format])
            XCTAssertEqual(result.status, 0, format + result.errors)
            XCTAssertTrue(result.output.contains("100000009.00"), format)
        }
        // `quote` alike: the shipping option is refused and the summary printed as it stands.
        let quote = QuoteCommand.run(["large.json", "--shipping", "exp", "--format", "applepay"]) { _ in Self.large }
        XCTAssertEqual(quote.status, 1)
        XCTAssertTrue(quote.output.contains(#""amount": "99999999.00""#), quote.output)
        XCTAssertEqual(quote.errors, "tally quote: --shipping: \"exp\" would take the total above the maximum of 100000000\n")
    }

    /// A document whose total is already above the maximum is a document error for Apple Pay,
    /// before any update.
    func testApplePayRefusesADocumentAboveTheMaximumBeforeAnyUpdate() {
        let document = Self.large.replacingOccurrences(of: "99999999.00", with: "100000000.01")
        let result = replay(document, #"[{"selectShippingMethod": "free"}]"#, ["--format", "applepay"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.output, "")
        XCTAssertEqual(
            result.errors,
            "tally replay: replay.json: document.total: 100000000.01 is above 100000000, the largest total Apple Pay on the web accepts\n")
    }

    /// What a format cannot carry at all is found before the first event, under `document`: a
    /// KWD checkout's authorization was printed as a success before its first summary failed,
    /// and the error named `currencyCode` at the replay file's root.
    func testAFormatsRefusalOfTheDocumentComesBeforeAnyUpdate() {
        let kwd = #"{"currencyCode": "KWD", "countryCode": "KW", "items": [{"label": "A", "amount": "1.250"}]}"#
        let events = #"[{"authorize": {"paymentMethod": {"type": "debit"}}}, {"selectPaymentMethod": {"type": "debit"}}]"#
        let apple = replay(kwd, events, ["--format", "applepay"])
        XCTAssertEqual(apple.status, 1)
        XCTAssertEqual(apple.output, "")
        XCTAssertTrue(apple.errors.hasPrefix("tally replay: replay.json: document.currencyCode: KWD amounts have 3 decimals"), apple.errors)
        // The currency first, as the rendering would say, even when the total is too large too.
        let large = kwd.replacingOccurrences(of: "1.250", with: "100000001.250")
        XCTAssertTrue(replay(large, events, ["--format", "applepay"]).errors.contains("document.currencyCode: KWD"))
        XCTAssertTrue(QuoteCommand.run(["kwd.json", "--format", "applepay"]) { _ in large }.errors.contains("kwd.json: currencyCode: KWD"))
        XCTAssertEqual(replay(kwd, events, ["--format", "json"]).status, 0)
    }

    /// To the Payment Request API an empty `shippingOptions` means "cannot ship to this address":
    /// a checkout without shipping methods leaves the member out, and only a refused address
    /// gets the empty list (with `error`).
    func testW3CWritesNoShippingOptionsForACheckoutThatDoesNotShip() throws {
        let document = #"{"currencyCode": "USD", "countryCode": "US", "items": [{"label": "A", "amount": "1.00"}], "shippingAddressRequirement": "postcode"}"#
        let result = replay(document, #"[{"changeShippingContact": {"postalAddress": {"isoCountryCode": "US", "administrativeArea": "CA"}}}]"#, ["--format", "w3c"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertFalse(result.output.contains("shippingOptions"), result.output)
        let quote = QuoteCommand.run(["doc.json", "--format", "w3c"]) { _ in document }
        XCTAssertFalse(quote.output.contains("shippingOptions"), quote.output)
        // A checkout that ships: the options, and for a refused address the empty list.
        let ships = """
            {"currencyCode": "USD", "countryCode": "US", "items": [{"label": "A", "amount": "1.00"}],
             "shippingMethods": [{"identifier": "std", "label": "Standard", "amount": "5.00"}],
             "shippingRules": [{"country": "US", "methods": ["std"]}]}
            """
        let accepted = replay(ships, #"[{"changeShippingContact": {"postalAddress": {"isoCountryCode": "US"}}}]"#, ["--format", "w3c"])
        XCTAssertTrue(accepted.output.contains(#""shippingOptions":[{"#), accepted.output)
        let refused = replay(ships, #"[{"changeShippingContact": {"postalAddress": {"isoCountryCode": "FR"}}}]"#, ["--format", "w3c"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.output.contains(#""shippingOptions":[],"error":"#), refused.output)
    }

    /// Rules that could never apply are document errors at their place: a misspelt method in a
    /// shipping rule, a country that is not an alpha-2 code, a second tax rule for one place, a
    /// second surcharge for one card type.
    func testRulesThatCanNeverApplyAreDocumentErrors() {
        func error(_ extra: String) -> String? {
            let text = #"{"currencyCode": "USD", "countryCode": "US", "items": [{"label": "A", "amount": "10.00"}], "shippingMethods": [{"identifier": "std", "label": "Standard", "amount": "5.00"}], \#(extra)}"#
            do {
                _ = try CheckoutDocument.checkout(from: text)
                return nil
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(
            error(#""shippingRules": [{"country": "US", "methods": ["stnd"]}]"#),
            #"shippingRules[0].methods[0]: "stnd" is not one of the shipping methods"#)
        XCTAssertEqual(
            error(#""taxRules": [{"country": "USA", "rate": "0.07"}]"#),
            #"taxRules[0].country: "USA" is not an ISO 3166-1 alpha-2 country code (two letters, such as "US")"#)
        XCTAssertEqual(
            error(#""shippingRules": [{"country": "XX", "methods": ["std"]}]"#),
            #"shippingRules[0].country: "XX" is not an ISO 3166-1 alpha-2 country code (two letters, such as "US")"#)
        // Letters that only case mapping makes ASCII never match a contact's code.
        XCTAssertEqual(
            error(#""taxRules": [{"country": "u\#u{17F}", "rate": "0.07"}]"#),
            #"taxRules[0].country: "u\#u{17F}" is not an ISO 3166-1 alpha-2 country code (two letters, such as "US")"#)
        // A rule's country matches a contact's in any case and padding, so those spellings stay.
        XCTAssertNil(error(#""taxRules": [{"country": " us", "rate": "0.07"}], "shippingRules": [{"country": "Us", "methods": ["std"]}]"#))
        XCTAssertEqual(
            error(#""taxRules": [{"country": "US", "rate": "0.07"}, {"country": "US", "rate": "0.05", "label": "Dup"}]"#),
            "taxRules[1]: is for the same country and region as taxRules[0]; only one rule can apply")
        XCTAssertEqual(
            error(#""paymentMethodSurcharges": [{"type": "credit", "percent": "2"}, {"type": "credit", "percent": "3"}]"#),
            "paymentMethodSurcharges[1].type: credit cards have a surcharge already (paymentMethodSurcharges[0])")
        // The Swift places of surcharges are the document's paths here.
        XCTAssertEqual(
            error(#""paymentMethodSurcharges": [{"type": "credit", "percent": "250"}]"#),
            "paymentMethodSurcharges[0].percent: 250 is not a percentage in 0...100")
        XCTAssertEqual(
            error(#""taxRules": [{"country": "US", "rate": "7.25"}]"#),
            "taxRules[0].rate: 7.25 is above 1: a rate is a fraction of the price (7.25 % is 0.0725)")
        XCTAssertEqual(
            error(#""coupons": [{"code": "SAVE ", "amountOff": "1.00"}]"#),
            #"coupons[0].code: "SAVE " cannot be entered: a code is not empty, has no space or tab at either end and no control character or line separator"#)
        XCTAssertNil(error(#""taxRules": [{"country": "US", "region": "CA", "rate": "0.07"}, {"country": "US", "rate": "0.05"}], "shippingRules": [{"country": "US", "methods": ["std"]}, {"country": "US", "regions": ["HI"], "methods": []}]"#))
    }

    /// An option given twice is a usage error, `--lenient` too; an argument that starts with `-`
    /// is an option wherever it stands (`./-name` for such a file), `-` alone standard input.
    func testLenientTwiceAndSingleDashArgumentsAreUsageErrors() {
        let document = #"{"currencyCode": "USD", "countryCode": "US", "items": [{"label": "A", "amount": "1.00"}]}"#
        for command in ["quote", "verify"] {
            let extra = command == "verify" ? ["--amount", "1.00"] : []
            let twice = command == "quote"
                ? QuoteCommand.run(["doc.json", "--lenient", "--lenient"]) { _ in document }
                : VerifyCommand.run(["doc.json", "--lenient", "--lenient"] + extra) { _ in document }
            XCTAssertEqual(twice.status, 2, command)
            XCTAssertTrue(twice.errors.hasPrefix("tally \(command): --lenient is given twice\n"), twice.errors)
            let dash = command == "quote" ? QuoteCommand.run(["-x"]) { _ in document } : VerifyCommand.run(["-x"] + extra) { _ in document }
            XCTAssertEqual(dash.status, 2, command)
            XCTAssertTrue(dash.errors.hasPrefix("tally \(command): unknown option -x\n"), dash.errors)
        }
        XCTAssertEqual(QuoteCommand.run(["-"]) { _ in document }.status, 0)
        XCTAssertEqual(ReplayCommand.run(["r.json", "--lenient", "--lenient"]) { _ in "" }.status, 2)
        XCTAssertTrue(ReplayCommand.run(["-x"]) { _ in "" }.errors.hasPrefix("tally replay: unknown option -x\n"))
        XCTAssertTrue(PurchasesCommand.run(["replay", "-x"]) { _ in "" }.errors.hasPrefix("tally purchases replay: unknown option -x\n"))
    }

    /// `--option=value` is not a form these commands take; for an option that takes a value the
    /// refusal says how to write it (an unknown name stays a plain unknown option).
    func testAnOptionWithAnEqualsSignSaysToWriteASpace() {
        let document = #"{"currencyCode": "USD", "countryCode": "US", "items": [{"label": "A", "amount": "1.00"}]}"#
        let verify = VerifyCommand.run(["doc.json", "--amount=1.00"]) { _ in document }
        XCTAssertEqual(verify.status, 2)
        XCTAssertTrue(verify.errors.hasPrefix("tally verify: unknown option --amount=1.00 (write --amount 1.00, with a space)\n"), verify.errors)
        let quote = QuoteCommand.run(["doc.json", "--shipping=a=b"]) { _ in document }
        XCTAssertTrue(quote.errors.hasPrefix("tally quote: unknown option --shipping=a=b (write --shipping a=b, with a space)\n"), quote.errors)
        XCTAssertTrue(QuoteCommand.run(["doc.json", "--colour=red"]) { _ in document }.errors.hasPrefix("tally quote: unknown option --colour=red\n"))
        XCTAssertTrue(QuoteCommand.run(["doc.json", "--lenient=yes"]) { _ in document }.errors.hasPrefix("tally quote: unknown option --lenient=yes\n"))
        let replay = ReplayCommand.run(["r.json", "--format=w3c"]) { _ in "" }
        XCTAssertEqual(replay.status, 2)
        XCTAssertTrue(replay.errors.hasPrefix("tally replay: unknown option --format=w3c (write --format w3c, with a space)\n"), replay.errors)
    }
}
