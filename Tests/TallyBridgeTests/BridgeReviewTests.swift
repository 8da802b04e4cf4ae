import Foundation
import TallyBridge
import TallyCheckout
import TallyMoney
import XCTest

/// Defects found by a review of the JSON layer against RFC 8259, Python's `json` and the
/// Reliability section of the design (2026-11-30): output that grew without bound from a small
/// document, paths that pointed elsewhere, usage errors reported after reading the input.
final class BridgeReviewTests: XCTestCase {
    static let seed = """
        {"merchantName": "ls", "currencyCode": "CNY", "countryCode": "CN",
         "items": [{"label": "商品价格", "amount": "12.75"}, {"label": "优惠折扣", "amount": "-12.74"}],
         "shippingMethods": [{"identifier": "freeshipping", "label": "包邮", "amount": "0.00"},
                             {"identifier": "expressshipping", "label": "极速送达", "amount": "10.00"}]}
        """

    func documentError(_ text: String) -> String? {
        do {
            _ = try CheckoutDocument.checkout(from: text)
            return nil
        } catch {
            return error.description
        }
    }

    /// A table pads its columns up to a bound: one 1 MB label above 5,000 one-letter items printed
    /// 5 GB (and aborted on memory) when every row was padded to the longest label.
    func testTableOutputStaysInProportionToTheDocument() throws {
        let label = String(repeating: "x", count: 200_000)
        let items = [#"{"label": "\#(label)", "amount": "1"}"#] + Array(repeating: #"{"label": "a", "amount": "1"}"#, count: 2_000)
        let document = #"{"merchantName": "m", "currencyCode": "CNY", "countryCode": "CN", "items": [\#(items.joined(separator: ","))]}"#
        let result = QuoteCommand.run(["doc.json"]) { _ in document }
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertLessThan(result.output.utf8.count, 2 * document.utf8.count, "the table grew out of proportion")
        let short = result.output.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        // "a" padded to 48 columns, two spaces, "1.00" right-aligned to the total's "2001.00".
        XCTAssertEqual(short.count, 48 + 2 + "2001.00".count, short)
    }

    /// The purchases replay's table of transactions pads identifiers to 48 columns at most, as
    /// the quote table pads labels: a review's 200,000-character identifier among 1,000
    /// transactions printed 200 MB when every row was padded to it.
    func testPurchasesTableStaysInProportionToTheLog() throws {
        func line(_ id: String) -> String {
            #"{"transaction": {"id": "\#(id)", "product": "coins.100", "date": "2026-11-30T10:00:05Z", "state": "purchasing"}}"#
        }
        let log = ([line(String(repeating: "x", count: 200_000))] + (0..<1_000).map { line("t\($0)") }).joined(separator: "\n") + "\n"
        let result = PurchasesCommand.run(["replay", "log.jsonl"]) { _ in log }
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertLessThan(result.output.utf8.count, 2 * log.utf8.count, "the table grew out of proportion")
        let row = try XCTUnwrap(result.output.split(separator: "\n").first { $0.hasPrefix("  t999 ") }.map(String.init))
        // "t999" padded to 48 columns, two spaces, then the status.
        XCTAssertTrue(row.hasPrefix("  t999" + String(repeating: " ", count: 44 + 2)), String(row.prefix(120)))
        XCTAssertFalse(row.dropFirst(2 + 48 + 2).hasPrefix(" "), String(row.prefix(120)))
    }

    /// Numbers are written out in full in every summary: `1e6144` (six bytes) printed 6,145 digits
    /// per line; a 3 MB document of them needed 1.3 GB. A document's numbers are below 10^100.
    func testNumbersInADocumentAreBelowTenToTheHundred() throws {
        let largest = String(repeating: "9", count: 100) + ".99"
        XCTAssertNil(documentError(#"{"currencyCode": "CNY", "countryCode": "CN", "items": [{"label": "a", "amount": "\#(largest)"}]}"#))
        XCTAssertEqual(
            documentError(#"{"currencyCode": "CNY", "countryCode": "CN", "items": [{"label": "a", "amount": 1e100}]}"#),
            "items[0].amount: 1e100 is out of range: a document's numbers have at most 100 digits before the point")
        XCTAssertEqual(
            documentError(#"{"currencyCode": "CNY", "countryCode": "CN", "items": [{"label": "a", "amount": "1"}], "taxRules": [{"country": "CN", "rate": "1E+6144"}]}"#),
            "taxRules[0].rate: \"1E+6144\" is out of range: a document's numbers have at most 100 digits before the point")
        // Digits after the point are bounded alike: a percent of 1E-6100 was printed in full in its
        // coupon's label on every update (found in a second review).
        XCTAssertNil(documentError(#"{"currencyCode": "CNY", "countryCode": "CN", "items": [{"label": "a", "amount": "1"}], "taxRules": [{"country": "CN", "rate": "1E-100"}]}"#))
        XCTAssertEqual(
            documentError(#"{"currencyCode": "USD", "countryCode": "US", "items": [{"label": "A", "amount": "10"}], "coupons": [{"code": "X", "percentOff": "1E-6100"}]}"#),
            "coupons[0].percentOff: \"1E-6100\" is out of range: a document's numbers have at most 100 digits after the point")
        XCTAssertNotNil(documentError(#"{"currencyCode": "CNY", "countryCode": "CN", "items": [{"label": "a", "amount": "0E-6144"}]}"#))
    }

    /// `tally replay` printed every update from memory at the end, and its output grows as
    /// events × lines: a 600 KB document ran for minutes towards a gigabyte. Updates now stream,
    /// and a replay that would render more than a million summary lines stops before starting.
    func testReplayStreamsAndRefusesAnOutputBeyondItsBound() throws {
        let events = Array(repeating: #"{"selectShippingMethod": "expressshipping"}"#, count: 3)
        let replay = #"{"document": \#(Self.seed), "events": [\#(events.joined(separator: ","))]}"#
        var streamed: [String] = []
        let result = ReplayCommand.run(["doc.json"], read: { _ in replay }, write: { streamed.append($0) })
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, "", "written lines are not also collected")
        XCTAssertEqual(streamed.count, 3)
        XCTAssertEqual(streamed, ReplayCommand.run(["doc.json"], read: { _ in replay }).output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 + "\n" })

        // 1,001 items, 2 methods: up to 1,005 lines per update (items, shipping, total, methods), so
        // 1,000 events are over the bound.
        let items = Array(repeating: #"{"label": "a", "amount": "1"}"#, count: 1_000).joined(separator: ",")
        let document = Self.seed.replacingOccurrences(of: #"{"label": "商品价格", "amount": "12.75"}"#, with: items)
        func replaying(_ count: Int) -> String {
            #"{"document": \#(document), "events": [\#(Array(repeating: #"{"selectShippingMethod": "freeshipping"}"#, count: count).joined(separator: ","))]}"#
        }
        let big = replaying(1_000)
        var written = 0
        let refused = ReplayCommand.run(["doc.json"], read: { _ in big }, write: { _ in written += 1 })
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(written, 0, "nothing is rendered before the bound is checked")
        XCTAssertEqual(
            refused.errors,
            "tally replay: doc.json: events: 1000 events × up to 1005 summary lines each is more than the 1000000 lines a replay renders; replay fewer events at a time\n")
    }

    /// Found in a second review: the line bound alone let one long label print megabytes per
    /// update (a 125 KB document printed 100 MB). The output is also counted in bytes.
    func testReplayOutputIsBoundedInBytes() {
        let label = String(repeating: "x", count: 10_000)
        let document = Self.seed.replacingOccurrences(of: "商品价格", with: label)
        let events = Array(repeating: #"{"selectShippingMethod": "expressshipping"}"#, count: 20).joined(separator: ",")
        var printed = 0
        let result = ReplayCommand.run(
            ["doc.json"], read: { _ in #"{"document": \#(document), "events": [\#(events)]}"# },
            write: { printed += $0.utf8.count }, outputLimit: 50_000)
        XCTAssertEqual(result.status, 1)
        XCTAssertLessThanOrEqual(printed, 50_000)
        XCTAssertGreaterThan(printed, 40_000, "the updates that fit were printed")
        XCTAssertEqual(
            result.errors,
            "tally replay: doc.json: events[4].selectShippingMethod: this update would take the output past 50000 bytes; replay fewer events at a time\n")
    }

    /// A refusal quotes the document's own text (identifiers, the merchant name): escaped, so that
    /// one message stays one line on standard error (found in a review of the replay changes).
    func testRefusalsStayOnOneLine() {
        let document = Self.seed
            .replacingOccurrences(of: #""freeshipping""#, with: #""free\nshipping""#)
            .replacingOccurrences(of: #""merchantName": "ls""#, with: #""merchantName": "ls\u2028FAKE: line""#)
            .replacingOccurrences(of: "}]}", with: #"}], "shippingRules": [{"country": "CN", "methods": ["free\nshipping"]}]}"#)
        let replay = #"{"document": \#(document), "events": [{"selectShippingMethod": "nothere"}, {"changeShippingContact": {"postalAddress": {"isoCountryCode": "FR"}}}]}"#
        let result = ReplayCommand.run(["doc.json"]) { _ in replay }
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.errors,
            #"tally replay: events[0].selectShippingMethod: "nothere" is not offered here (offered: free\nshipping, expressshipping)"# + "\n"
                + #"tally replay: events[1].changeShippingContact: shippingAddressUnserviceable: ls\u{2028}FAKE: line does not ship to FR"# + "\n")
    }

    /// The text outputs print a document's labels, identifiers and ids on one line each: a label
    /// holding a line break and a terminal escape (`"a\nM  0.00\n\u001b[31mred"`) printed a forged
    /// summary line above the real total and coloured the terminal (review, 2026-11-30).
    func testTextOutputsKeepDocumentTextOnOneLine() throws {
        let document = Self.seed
            .replacingOccurrences(of: #""label": "商品价格""#, with: #""label": "a\nM  0.00\n\u001b[31mred""#)
            .replacingOccurrences(of: #""freeshipping""#, with: #""free\u2028shipping""#)
        let quote = QuoteCommand.run(["doc.json"]) { _ in document }
        XCTAssertEqual(quote.status, 0, quote.errors)
        XCTAssertFalse(quote.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x2028 }, quote.output)
        let lines = quote.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6, quote.output)  // two items, shipping, the rule, the total, the footer
        XCTAssertTrue(lines[0].hasPrefix(#"a\nM  0.00\n\u{1B}[31mred  "#), lines[0])
        XCTAssertEqual(lines[5], #"CNY, 4 lines, shipping: free\u{2028}shipping"#)

        let log = #"{"order": {"id": "A\n1", "product": {"identifier": "coins\u001b[2J", "price": {"amount": "6.00", "currency": "CNY"}, "displayName": "Coins\u2028x"}, "createdAt": "2026-11-30T10:00:00Z"}}"# + "\n"
            + #"{"transaction": {"id": "T\n1", "product": "coins\u001b[2J", "order": "A\n1", "date": "2026-11-30T10:00:05Z", "state": "purchased", "receipt": "R"}}"# + "\n"
        let purchases = PurchasesCommand.run(["replay", "log.jsonl"]) { _ in log }
        XCTAssertEqual(purchases.status, 0, purchases.errors)
        XCTAssertFalse(purchases.output.unicodeScalars.contains { $0.value == 0x1B }, purchases.output)
        XCTAssertEqual(
            purchases.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(7).map(String.init),
            [#"1  order A\n1: 1 × coins\u{1B}[2J = 6.00 CNY at 2026-11-30T10:00:00.000Z"#, "   → nothing",
             #"2  transaction T\n1 purchased: coins\u{1B}[2J for order A\n1"#,
             #"   → upload the receipt of T\n1 for order A\n1 (attempt 1)"#, "", "Transactions:",
             #"  T\n1  awaiting the server (order A\n1)"#])
    }

    /// A contact may carry the phonetic name Apple Pay returns (`phoneticGivenName`,
    /// `phoneticFamilyName`); other keys are still refused.
    func testReplayContactsTakeThePhoneticName() {
        let contact = #"{"phoneticGivenName": "たろう", "phoneticFamilyName": "やまだ", "postalAddress": {"isoCountryCode": "CN"}}"#
        let ok = ReplayCommand.run(["doc.json"]) { _ in #"{"document": \#(Self.seed), "events": [{"changeShippingContact": \#(contact)}]}"# }
        XCTAssertEqual(ok.status, 0, ok.errors)
        let bad = ReplayCommand.run(["doc.json"]) { _ in
            #"{"document": \#(Self.seed), "events": [{"changeShippingContact": {"phoneticMiddleName": "x"}}]}"#
        }
        XCTAssertEqual(bad.status, 1)
    }

    /// A contact carries every part of PassKit's `PersonNameComponents`; a required name is a
    /// given or family name (what the payment response carries), so a billing contact with every
    /// other part but those is refused, and one with a family name among them accepted.
    func testReplayContactsTakeEveryNamePart() {
        let required = Self.seed.replacingOccurrences(of: #""merchantName": "ls","#, with: #""merchantName": "ls", "billingAddressRequirement": "name","#)
        XCTAssertNotEqual(required, Self.seed)
        func authorize(_ billing: String) -> QuoteCommand.Result {
            ReplayCommand.run(["doc.json"]) { _ in
                #"{"document": \#(required), "events": [{"authorize": {"paymentMethod": {"type": "credit"}, "billingContact": \#(billing), "shippingContact": {"postalAddress": {"isoCountryCode": "CN", "administrativeArea": "SH"}}}}]}"#
            }
        }
        let full = authorize(#"{"namePrefix": "Dr.", "middleName": "Augusta", "familyName": "King", "nameSuffix": "Jr.", "nickname": "Ada"}"#)
        XCTAssertEqual(full.status, 0, full.errors)
        let parts = authorize(#"{"namePrefix": "Dr.", "middleName": "Augusta", "nameSuffix": "Jr.", "nickname": "Ada"}"#)
        XCTAssertEqual(parts.status, 1)
        XCTAssertTrue(parts.output.contains("billingContactInvalid"), parts.output)
    }

    /// Every event is read before the first is applied: a malformed event later in the list was
    /// reported only after the updates before it had been printed, leaving half a replay.
    func testAMalformedLaterEventPrintsNoUpdate() {
        for (bad, reason) in [
            (#"{"selectShippingMethod": 5}"#, "events[1].selectShippingMethod: expected a string, found a number"),
            (#"{"authorize": {"paymentMethod": {"type": "gold"}}}"#, "events[1].authorize.paymentMethod.type: \"gold\" is not one of"),
            (#"{"teleport": "home"}"#, "events[1].teleport: unknown event"),
        ] {
            let replay = #"{"document": \#(Self.seed), "events": [{"selectShippingMethod": "expressshipping"}, \#(bad), {"changeCouponCode": ""}]}"#
            var written = 0
            let result = ReplayCommand.run(["doc.json"], read: { _ in replay }, write: { _ in written += 1 })
            XCTAssertEqual(result.status, 1, bad)
            XCTAssertEqual(written, 0, "no update before the malformed event \(bad)")
            XCTAssertTrue(result.errors.hasPrefix("tally replay: doc.json: \(reason)"), result.errors)
        }
    }

    /// A refused shipping selection names the identifier and what is offered, as `quote` does
    /// (it said "not offered or above the maximum").
    func testReplayNamesARefusedShippingMethod() {
        let replay = #"{"document": \#(Self.seed), "events": [{"selectShippingMethod": "drone"}]}"#
        let result = ReplayCommand.run(["doc.json"]) { _ in replay }
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.errors,
            "tally replay: events[0].selectShippingMethod: \"drone\" is not offered here (offered: freeshipping, expressshipping)\n")
        // With nothing offered, it says so ("(offered: )" before a review).
        let none = #"{"document": {"currencyCode": "USD", "countryCode": "US", "items": [{"label": "a", "amount": "1"}]}, "events": [{"selectShippingMethod": "x"}]}"#
        XCTAssertEqual(
            ReplayCommand.run(["doc.json"]) { _ in none }.errors,
            "tally replay: events[0].selectShippingMethod: \"x\" is not offered here (offered: none)\n")
    }

    /// A payment method's network is a PassKit name Tally knows, spelled as PassKit spells it:
    /// `"Amex"` (the guide's own spelling, once) was taken as a network no card has.
    func testReplayNetworksArePassKitNames() {
        func replay(_ events: String) -> QuoteCommand.Result {
            ReplayCommand.run(["doc.json"]) { _ in #"{"document": \#(Self.seed), "events": [\#(events)]}"# }
        }
        let misspelt = replay(#"{"selectPaymentMethod": {"type": "credit", "network": "Amex"}}"#)
        XCTAssertEqual(misspelt.status, 1)
        XCTAssertTrue(misspelt.errors.hasPrefix(#"tally replay: doc.json: events[0].selectPaymentMethod.network: "Amex" is not one of AmEx, Bancomat, "#), misspelt.errors)
        let authorize = replay(#"{"authorize": {"paymentMethod": {"type": "credit", "network": "bogus"}}}"#)
        XCTAssertEqual(authorize.status, 1)
        XCTAssertTrue(authorize.errors.contains(#"events[0].authorize.paymentMethod.network: "bogus" is not one of"#), authorize.errors)
        for network in PaymentNetwork.known {
            let result = replay(#"{"selectPaymentMethod": {"type": "debit", "network": "\#(network.rawValue)"}}"#)
            XCTAssertEqual(result.status, 0, result.errors)
        }
        XCTAssertEqual(Set(PaymentNetwork.known.map(\.rawValue)).count, 32)
    }

    /// `--lenient` ignores keys beside an event's name, as it ignores unknown keys elsewhere;
    /// an event still names exactly one event, and without it the extra key is an error.
    func testLenientReplayIgnoresKeysBesideAnEvent() {
        func replay(_ events: String, _ options: [String] = []) -> QuoteCommand.Result {
            ReplayCommand.run(["doc.json"] + options) { _ in #"{"document": \#(Self.seed), "events": [\#(events)]}"# }
        }
        let commented = #"{"comment": "the fast one", "selectShippingMethod": "expressshipping"}"#
        XCTAssertEqual(replay(commented).status, 1)
        let lenient = replay(commented, ["--lenient"])
        XCTAssertEqual(lenient.status, 0, lenient.errors)
        XCTAssertEqual(lenient.output, replay(#"{"selectShippingMethod": "expressshipping"}"#).output)
        let two = replay(#"{"selectShippingMethod": "expressshipping", "changeCouponCode": "SAVE10"}"#, ["--lenient"])
        XCTAssertEqual(two.status, 1)
        XCTAssertTrue(two.errors.contains("an event is an object with exactly one key"), two.errors)
        let misspelt = replay(#"{"selctShippingMethod": "expressshipping"}"#, ["--lenient"])
        XCTAssertEqual(misspelt.status, 1)
        XCTAssertEqual(
            misspelt.errors,
            #"tally replay: doc.json: events[0]: names no event: "selctShippingMethod" is not one of selectShippingMethod, changeCouponCode, changeShippingContact, selectPaymentMethod or authorize"# + "\n")
    }

    /// Errors inside the replayed document name their whole path, `document.…`.
    func testReplayDocumentErrorsNameTheirPathUnderDocument() {
        let bad = Self.seed.replacingOccurrences(of: #""-12.74""#, with: #""12.7.5""#)
        let result = ReplayCommand.run(["doc.json"]) { _ in #"{"document": \#(bad), "events": []}"# }
        XCTAssertEqual(result.errors, "tally replay: doc.json: document.items[1].amount: \"12.7.5\" is not a decimal number\n")
        let typo = Self.seed.replacingOccurrences(of: "merchantName", with: "merchantNmae")
        XCTAssertEqual(
            ReplayCommand.run(["doc.json"]) { _ in #"{"document": \#(typo), "events": []}"# }.errors,
            "tally replay: doc.json: document.merchantNmae: unknown key (a typo? --lenient in tally, lenient: true in code, ignores unknown keys)\n")
        let missing = #"{"document": {"countryCode": "CN", "items": []}, "events": []}"#
        XCTAssertEqual(ReplayCommand.run(["doc.json"]) { _ in missing }.errors, "tally replay: doc.json: document.currencyCode: is missing\n")
        // The other place a reason names moves under `document` too (review, 2026-12-02: it
        // said `(also shippingMethods[0])` beside `document.shippingMethods[1]`).
        let twice = Self.seed.replacingOccurrences(of: "expressshipping", with: "freeshipping")
        XCTAssertEqual(
            ReplayCommand.run(["doc.json"]) { _ in #"{"document": \#(twice), "events": []}"# }.errors,
            #"tally replay: doc.json: document.shippingMethods[1].identifier: "freeshipping" is used twice (also document.shippingMethods[0])"# + "\n")
        func nested(_ members: String) -> String {
            let document = Self.seed.replacingOccurrences(of: #""currencyCode""#, with: members + #", "currencyCode""#)
            return ReplayCommand.run(["doc.json"]) { _ in #"{"document": \#(document), "events": []}"# }.errors
        }
        XCTAssertEqual(
            nested(#""taxRules": [{"country": "CN", "rate": "0.1"}, {"country": "CN", "rate": "0.2"}]"#),
            "tally replay: doc.json: document.taxRules[1]: is for the same country and region as document.taxRules[0]; only one rule can apply\n")
        XCTAssertEqual(
            nested(#""coupons": [{"code": "A", "percentOff": 10}, {"code": "A", "amountOff": 1}]"#),
            #"tally replay: doc.json: document.coupons[1].code: "A" is used twice (also document.coupons[0])"# + "\n")
        XCTAssertEqual(
            nested(#""paymentMethodSurcharges": [{"type": "credit", "percent": "1"}, {"type": "credit", "percent": "2"}]"#),
            "tally replay: doc.json: document.paymentMethodSurcharges[1].type: credit cards have a surcharge already (document.paymentMethodSurcharges[0])\n")
    }

    /// A checkout document given to `tally replay` as it is (what `tally quote` reads) is named
    /// as such, with the shape replay wants, strict or lenient; before, the strict reader called
    /// its first key unknown and the lenient one said `document` was missing.
    func testReplayOfABareCheckoutDocumentSaysWhatReplayReads() {
        let expected = #"tally replay: doc.json: this is a checkout document, which tally quote reads; tally replay reads one with the events to apply: {"document": {…}, "events": […]}"# + "\n"
        for arguments in [["doc.json"], ["doc.json", "--lenient"]] {
            let result = ReplayCommand.run(arguments) { _ in Self.seed }
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.errors, expected, "\(arguments)")
        }
        // Not said of a replay file whose document is missing, nor of an object with no document key.
        XCTAssertEqual(ReplayCommand.run(["doc.json"]) { _ in #"{"events": []}"# }.errors, "tally replay: doc.json: document: is missing\n")
        XCTAssertEqual(
            ReplayCommand.run(["doc.json"]) { _ in #"{"colour": 1}"# }.errors,
            "tally replay: doc.json: colour: unknown key (a typo? --lenient in tally, lenient: true in code, ignores unknown keys)\n")
    }

    /// An unknown key is quoted in the path: `items[1].amount` as a top-level key is not the path
    /// `items[1].amount`, and a key with a line break cannot forge a second error line.
    func testUnknownKeysAreQuotedInPaths() {
        let dotted = Self.seed.replacingOccurrences(of: #""merchantName""#, with: #""items[1].amount""#)
        XCTAssertEqual(documentError(dotted), #"["items[1].amount"]: unknown key (a typo? --lenient in tally, lenient: true in code, ignores unknown keys)"#)
        let forged = Self.seed.replacingOccurrences(of: #""merchantName""#, with: #""x\ntally quote: -: items[0].amount: fake""#)
        let message = documentError(forged) ?? ""
        XCTAssertFalse(message.contains("\n"), message)
        XCTAssertTrue(message.hasPrefix(#"["x\ntally quote: -: items[0].amount: fake"]: unknown key"#), message)
        // U+2028, U+2029 and U+0085 end a line for many readers: escaped like the checkout's messages.
        let separated = Self.seed.replacingOccurrences(of: #""merchantName""#, with: "\"a\u{2028}b\u{85}c\u{2029}\"")
        XCTAssertEqual(
            documentError(separated),
            #"["a\u{2028}b\u{85}c\u{2029}"]: unknown key (a typo? --lenient in tally, lenient: true in code, ignores unknown keys)"#)
        let long = String(repeating: "k", count: 100)
        let shortened = documentError(Self.seed.replacingOccurrences(of: #""merchantName""#, with: "\"\(long) x\"")) ?? ""
        XCTAssertTrue(shortened.hasPrefix("[\"\(String(repeating: "k", count: 40))\"…]: unknown key"), shortened)
    }

    /// Echoed values are cut to 40 characters: a 9 MB amount string came back as a 9 MB line.
    func testEchoedValuesAreShortened() {
        let huge = String(repeating: "1", count: 50) + "x"
        XCTAssertEqual(
            documentError(Self.seed.replacingOccurrences(of: #""-12.74""#, with: "\"\(huge)\"")),
            "items[1].amount: \"\(String(repeating: "1", count: 40))\"… is not a decimal number")
        XCTAssertEqual(
            documentError(Self.seed.replacingOccurrences(of: #""-12.74""#, with: "1e-99")),
            "items[1].amount: 0.\(String(repeating: "0", count: 38))… has more decimals than CNY allows (2)")
        // Letters carrying 30 combining marks each, 31 scalars a "character", are cut too (by
        // Unicode scalars).
        let marks = String(repeating: "x" + String(repeating: "\u{301}", count: 30), count: 32)
        let message = documentError(Self.seed.replacingOccurrences(of: #""-12.74""#, with: "\"\(marks)\"")) ?? ""
        XCTAssertTrue(message.hasPrefix("items[1].amount: "), message)
        XCTAssertLessThan(message.unicodeScalars.count, 120, message)
        // One letter with 1,000 marks is refused where the string starts, and not echoed.
        let run = "x" + String(repeating: "\u{301}", count: 1_000)
        XCTAssertEqual(
            documentError(Self.seed.replacingOccurrences(of: #""-12.74""#, with: "\"\(run)\"")).map { $0.hasSuffix("a string that has more than 30 combining marks in a row (text that is not stream-safe, Unicode UAX #15)") },
            true)
        // A long unknown key is cut as well, even a plain name.
        let longKey = String(repeating: "k", count: 1_000)
        let keyMessage = documentError(Self.seed.replacingOccurrences(of: #""merchantName""#, with: "\"\(longKey)\"")) ?? ""
        XCTAssertTrue(keyMessage.hasPrefix("[\"\(String(repeating: "k", count: 40))\"…]: unknown key"), keyMessage)
    }

    /// Object names compare code point by code point (RFC 8259 §8.3), and codes must be ASCII:
    /// "\u{212A}WD" (KELVIN SIGN) was taken as KWD.
    func testNamesAndCodesCompareCodePointByCodePoint() throws {
        XCTAssertEqual(try JSONReader.read(#"{"\u00e9": 1, "e\u0301": 2}"#), .object(JSONObject([("é", .number("1")), ("e\u{301}", .number("2"))])))
        XCTAssertThrowsError(try JSONReader.read(#"{"é": 1, "é": 2}"#))
        let kelvin = Self.seed.replacingOccurrences(of: #""CNY""#, with: #""\u212aWD""#)
        XCTAssertEqual(documentError(kelvin), #"currencyCode: "\u{212A}WD" is not an ISO 4217 code"#)
        // Nor can decoded data define it as a custom currency: it would print as KWD.
        let custom = Data(#"{"amount": "1", "currency": "\u212aWD", "minorUnits": 3}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(Money.self, from: custom)) { error in
            XCTAssertTrue("\(error)".contains(#""\u{212A}WD" is the ISO 4217 code of Kuwaiti Dinar"#), "\(error)")
        }
        XCTAssertThrowsError(try Currency("\u{212A}WD"))
        XCTAssertEqual(try Currency("KWD").minorUnits, 3)
    }

    /// `countryCode` takes the 249 assigned ISO 3166-1 codes, not CLDR's extra regions.
    func testCountryCodesAreAssignedISOCodes() {
        for code in ["EU", "UN", "XK", "QO", "AC", "IC", "EA", "CP", "DG", "TA", "ZZ", "UK", "AA"] {
            let message = documentError(Self.seed.replacingOccurrences(of: #""CN""#, with: "\"\(code)\""))
            XCTAssertEqual(message, "countryCode: \"\(code)\" is not an ISO 3166-1 alpha-2 country code (two capital letters, such as \"US\")", code)
        }
        for code in ["US", "GB", "CN", "AQ", "BQ", "SS", "TW"] {
            XCTAssertNil(documentError(Self.seed.replacingOccurrences(of: #""CN""#, with: "\"\(code)\"")), code)
        }
    }

    /// One of the command's options is not another option's value: `--shipping --lenient` took
    /// "--lenient" as the method, and `--coupon --format json` the coupon code "--format" (a
    /// review).
    func testAnOptionIsNotAnotherOptionsValue() {
        let read: (String) throws -> String = { _ in Self.seed }
        for arguments in [["doc.json", "--shipping", "--lenient"], ["doc.json", "--coupon", "--format", "json"], ["doc.json", "--contact-country", "-h"]] {
            let result = QuoteCommand.run(arguments, read: read)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.errors.contains("tally quote: \(arguments[1]) needs a value"), result.errors)
        }
        let verify = VerifyCommand.run(["doc.json", "--amount", "--shipping", "expressshipping"], read: read)
        XCTAssertEqual(verify.status, 2)
        XCTAssertTrue(verify.errors.contains("tally verify: --amount needs a value"), verify.errors)
        XCTAssertEqual(QuoteCommand.run(["doc.json", "--shipping", "expressshipping"], read: read).status, 0)
        // Any other value is taken, one that starts with `-` too: identifiers and codes may.
        let dashed = Self.seed.replacingOccurrences(of: #""expressshipping""#, with: #""-express""#)
        let quote = QuoteCommand.run(["doc.json", "--shipping", "-express"]) { _ in dashed }
        XCTAssertEqual(quote.status, 0, quote.errors)
        XCTAssertTrue(quote.output.contains("shipping: -express"), quote.output)
        XCTAssertEqual(VerifyCommand.run(["doc.json", "--amount", "-10.01"], read: read).status, 1, "a wrong amount, not a usage error")
    }

    /// Usage errors are found before the input is read: exit 2 for a missing file with a bad
    /// option, and no wait for standard input.
    func testUsageErrorsComeBeforeReadingTheInput() {
        var reads = 0
        let read: (String) throws -> String = { _ in reads += 1; throw CocoaError(.fileNoSuchFile) }
        XCTAssertEqual(QuoteCommand.run(["/nonexistent", "--format", "xml"], read: read).status, 2)
        XCTAssertEqual(VerifyCommand.run(["/nonexistent"], read: read).status, 2)
        XCTAssertEqual(VerifyCommand.run(["-", "--amount", "ten"], read: read).status, 2)
        XCTAssertEqual(VerifyCommand.run(["-", "--minor-units", "1"], read: read).status, 2)
        XCTAssertEqual(reads, 0)
        XCTAssertEqual(QuoteCommand.run(["/nonexistent", "--format", "json"], read: read).status, 1)
        XCTAssertEqual(reads, 1)
    }

    /// Quoted text in messages is escaped and cut the same way everywhere (review, 2026-12-02:
    /// `tally quote --shipping` echoed a long identifier whole, `replay` cut it; a status string
    /// and a duplicate JSON key were quoted with their line separators raw).
    func testQuotedTextIsEscapedAndCutAlike() throws {
        let long = String(repeating: "x", count: 60) + "\u{202E}y"
        let quote = QuoteCommand.run(["doc.json", "--shipping", long]) { _ in Self.seed }
        XCTAssertEqual(quote.status, 1, quote.errors)
        let expected = "\"" + String(repeating: "x", count: 40) + "\"… is not offered here (offered: freeshipping, expressshipping)"
        XCTAssertTrue(quote.errors.contains("--shipping: " + expected), quote.errors)
        let replay = ReplayCommand.run(["doc.json"]) { _ in
            #"{"document": \#(Self.seed), "events": [{"selectShippingMethod": "\#(long)"}]}"#
        }
        XCTAssertTrue(replay.errors.contains(expected), replay.errors)
        XCTAssertThrowsError(try AuthorizationStatus(bridgeString: "Success\u{2028}")) { error in
            XCTAssertTrue("\(error)".hasPrefix(#"paymentAuthorizationStatus: "Success\u{2028}" is not one of success, "#), "\(error)")
        }
        XCTAssertThrowsError(try JSONReader.read("{\"a\u{2028}\": 1, \"a\u{2028}\": 2}")) { error in
            XCTAssertEqual("\(error)", #"line 1, column 13: the key "a\u{2028}" appears twice"#)
        }
    }
}
