import Foundation
@testable import TallyBridge
@testable import TallyCheckout
import TallyDecimal
import TallyMoney
import XCTest

/// What the Apple Pay JS and W3C renderers write, against those specifications (found in a review
/// of the outputs against Apple's Apple Pay on the Web reference and the W3C Payment Request API).
final class RendererSpecTests: XCTestCase {
    func run(_ document: String, _ arguments: [String]) -> QuoteCommand.Result {
        let read: (String) throws -> String = { _ in document }
        return arguments.first == "replay"
            ? ReplayCommand.run(["doc.json"] + arguments.dropFirst(), read: read)
            : QuoteCommand.run(["doc.json"] + arguments, read: read)
    }

    /// `ApplePayLineItem`: deferred, recurring and automatic-reload lines carry `paymentTiming` and
    /// their fields, dates as ISO 8601 in UTC; a standard line carries none of them.
    func testApplePayLineItemsCarryTheirPaymentTiming() throws {
        let january = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01T00:00:00Z
        let checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "Shop",
            items: [
                SummaryItem(label: "Box", amount: "20.00"),
                SummaryItem(label: "Later", amount: "5.00", kind: .deferred(date: january)),
                SummaryItem(
                    label: "Plan", amount: "9.99",
                    kind: .recurring(startDate: january, interval: .month, intervalCount: 6, endDate: nil)),
                SummaryItem(label: "Top-up", amount: "25.00", kind: .automaticReload(threshold: 5)),
            ],
            shippingMethods: [
                ShippingMethod(
                    identifier: "pickup", label: "Pickup", amount: 0,
                    dateRange: ShippingDateRange(start: DateComponents(year: 2027, month: 1, day: 4), end: DateComponents(year: 2027, month: 1, day: 5, hour: 18)))
            ],
            requiredBillingContactFields: [.postalAddress], requiredShippingContactFields: [.phoneNumber, .emailAddress, .name],
            shippingType: .storePickup)
        let text = JSONWriter.write(try SummaryRenderer.applePay(checkout), pretty: false)
        XCTAssertTrue(text.contains(#"{"label":"Box","amount":"20.00","type":"final"}"#), text)
        XCTAssertTrue(
            text.contains(#"{"label":"Later","amount":"5.00","type":"final","paymentTiming":"deferred","deferredPaymentDate":"2027-01-01T00:00:00Z"}"#), text)
        XCTAssertTrue(
            text.contains(
                #"{"label":"Plan","amount":"9.99","type":"final","paymentTiming":"recurring","recurringPaymentStartDate":"2027-01-01T00:00:00Z","recurringPaymentIntervalUnit":"month","recurringPaymentIntervalCount":6}"#),
            text)
        XCTAssertTrue(
            text.contains(#"{"label":"Top-up","amount":"25.00","type":"final","paymentTiming":"automaticReload","automaticReloadPaymentThresholdAmount":"5.00"}"#), text)
        XCTAssertTrue(
            text.contains(
                #"{"label":"Pickup","detail":"","amount":"0.00","identifier":"pickup","dateComponentsRange":{"startDateComponents":{"years":2027,"months":1,"days":4},"endDateComponents":{"years":2027,"months":1,"days":5,"hours":18}}}"#),
            text)
        // Apple's spellings of the contact fields, and the shipping type when it is not the default.
        XCTAssertTrue(text.contains(#""shippingType":"storePickup""#), text)
        XCTAssertTrue(text.contains(#""requiredBillingContactFields":["postalAddress"]"#), text)
        XCTAssertTrue(text.contains(#""requiredShippingContactFields":["email","phone","name"]"#), text)
        // PassKit's network strings, in Apple Pay JS's spelling (WebKit compares them ignoring case).
        var networks = checkout
        try networks.setSupportedNetworks([.amex, .girocard, .cartesBancaires, .mada, .idCredit])
        let spelled = JSONWriter.write(try SummaryRenderer.applePay(networks), pretty: false)
        XCTAssertTrue(spelled.contains(#""supportedNetworks":["amex","girocard","cartesBancaires","mada","iD"]"#), spelled)
        // Email and phone required for billing are asked among the shipping fields, where Apple
        // Pay returns them.
        var all = checkout
        all.requiredBillingContactFields = [.postalAddress, .name, .emailAddress, .phoneNumber]
        all.requiredShippingContactFields = []
        let asked = JSONWriter.write(try SummaryRenderer.applePay(all), pretty: false)
        XCTAssertTrue(asked.contains(#""requiredBillingContactFields":["postalAddress","name"]"#), asked)
        XCTAssertTrue(asked.contains(#""requiredShippingContactFields":["email","phone"]"#), asked)
    }

    /// What Safari and browsers would refuse is a typed error here instead (a review against
    /// Apple's and WebKit's rules, 2026-11-30): custom currencies, 1-decimal amounts, merchant
    /// capabilities without 3-D Secure, no network; and the coupon field is offered when the
    /// checkout has coupons, with the applied code, for which the sheet sends no event.
    func testApplePayAndW3CRequestsAreOnesTheBrowserTakes() throws {
        let item = [SummaryItem(label: "A", amount: "12.5")]
        func refusal(_ body: () throws(DocumentError) -> JSONValue) -> String {
            do { _ = try body(); return "accepted" } catch { return error.description }
        }
        let points = try Checkout(currency: Currency(code: "POINTS", minorUnits: 0), countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "12")])
        XCTAssertEqual(refusal { () throws(DocumentError) in try SummaryRenderer.applePay(points) },
                       "currencyCode: POINTS is a custom currency; Apple Pay JS takes ISO 4217 currency codes only")
        XCTAssertEqual(refusal { () throws(DocumentError) in try SummaryRenderer.w3c(points) },
                       #"currencyCode: "POINTS" is not a three-letter currency code; the Payment Request API takes ISO 4217 codes"#)
        let tenths = try Checkout(currency: Currency(code: "XBT", minorUnits: 1), countryCode: "US", merchantName: "M", items: item)
        XCTAssertTrue(refusal { () throws(DocumentError) in try SummaryRenderer.applePay(tenths) }.hasPrefix("currencyCode: XBT is a custom currency"))
        XCTAssertEqual(refusal { () throws(DocumentError) in try SummaryRenderer.w3c(tenths) }, "accepted", "three letters are well-formed")
        var usd = try Checkout(currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "12.50")],
                               coupons: [Coupon(code: "TEN", benefit: .percentOff(10))])
        try usd.setMerchantCapabilities([.emv, .credit])
        XCTAssertEqual(refusal { () throws(DocumentError) in try SummaryRenderer.applePay(usd) },
                       "merchantCapabilities: Apple Pay requires supports3DS (threeDSecure) among the merchant capabilities")
        try usd.setMerchantCapabilities([.threeDSecure])
        // No network at all is refused by the checkout itself, as PassKit refuses it.
        XCTAssertThrowsError(try usd.setSupportedNetworks([])) {
            XCTAssertEqual("\($0)", "supportedNetworks: a payment request needs at least one supported network")
        }
        try usd.setSupportedNetworks([.visa])
        var text = JSONWriter.write(try SummaryRenderer.applePay(usd), pretty: false)
        XCTAssertTrue(text.contains(#""supportsCouponCode":true"#), text)
        XCTAssertFalse(text.contains("couponCode\":\""), text)
        _ = usd.changeCouponCode("TEN")
        text = JSONWriter.write(try SummaryRenderer.applePay(usd), pretty: false)
        XCTAssertTrue(text.contains(#""supportsCouponCode":true,"couponCode":"TEN""#), text)
        usd = try Checkout(currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "12.50")])
        XCTAssertFalse(JSONWriter.write(try SummaryRenderer.applePay(usd), pretty: false).contains("oupon"))
    }

    /// A document without shipping methods asks for none: no `shippingMethods` in the Apple Pay
    /// JS request and no `newShippingMethods` in its updates, as the W3C output has no
    /// `shippingOptions` (an empty array was written before a review).
    func testNoShippingMethodsAreWrittenWhenTheDocumentHasNone() throws {
        let bare = #"{"currencyCode": "USD", "countryCode": "US", "items": [{"label": "a", "amount": "10.00"}], "coupons": [{"code": "TEN", "amountOff": "1.00"}]}"#
        let request = run(bare, ["--format", "applepay"])
        XCTAssertEqual(request.status, 0, request.errors)
        XCTAssertFalse(request.output.contains("hippingMethods"), request.output)
        let events = #"{"document": \#(bare), "events": [{"changeCouponCode": "TEN"}, {"changeShippingContact": {"postalAddress": {"isoCountryCode": "US"}}}]}"#
        let updates = run(events, ["replay", "--format", "applepay"])
        XCTAssertEqual(updates.status, 0, updates.errors)
        XCTAssertTrue(updates.output.contains("newLineItems"), updates.output)
        XCTAssertFalse(updates.output.contains("hippingMethods"), updates.output)
        let shipped = bare.replacingOccurrences(
            of: #""coupons""#, with: #""shippingMethods": [{"identifier": "s", "label": "S", "amount": "1.00"}], "coupons""#)
        XCTAssertTrue(run(shipped, ["--format", "applepay"]).output.contains(#""shippingMethods""#))
        let shippedEvents = events.replacingOccurrences(of: bare, with: shipped)
        XCTAssertEqual(run(shippedEvents, ["replay", "--format", "applepay"]).output.components(separatedBy: #""newShippingMethods""#).count - 1, 2)
    }

    /// WebKit refuses an Apple Pay total above 100,000,000; the renderer says so instead.
    func testApplePayRefusesATotalAboveWebKitsMaximum() throws {
        let document = #"{"currencyCode": "USD", "countryCode": "US", "merchantName": "S", "items": [{"label": "A", "amount": "100000000.01"}]}"#
        let refused = run(document, ["--format", "applepay"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.output, "")
        XCTAssertTrue(refused.errors.contains("total: 100000000.01 is above 100000000, the largest total Apple Pay on the web accepts"), refused.errors)
        XCTAssertEqual(run(document, ["--format", "w3c"]).status, 0, "the W3C API has no such limit")
        let atTheLimit = #"{"currencyCode": "USD", "countryCode": "US", "merchantName": "S", "items": [{"label": "A", "amount": "100000000.00"}]}"#
        XCTAssertEqual(run(atTheLimit, ["--format", "applepay"]).status, 0)
    }

    static let replayDocument = #"""
        {"document": {"merchantName": "S", "currencyCode": "USD", "countryCode": "US",
                      "items": [{"label": "A", "amount": "10.00"}],
                      "shippingMethods": [{"identifier": "std", "label": "Standard", "amount": "5.00"}],
                      "shippingRules": [{"country": "US", "methods": ["std"]}],
                      "shippingAddressRequirement": "all"},
         "events": [{"changeCouponCode": "NOPE"},
                    {"changeShippingContact": {"postalAddress": {"isoCountryCode": "FR"}}},
                    {"authorize": {"paymentMethod": {"type": "credit"}, "shippingContact": {"givenName": "A"}}}]}
        """#

    /// The per-event renderers are public (a Swift server answering Apple Pay JS or W3C events
    /// had only `tally replay`: a user's walk-through) and give what the command writes.
    func testTheUpdateRenderersGiveWhatReplayWrites() throws {
        let document = #"""
            {"merchantName": "S", "currencyCode": "USD", "countryCode": "US",
             "items": [{"label": "A", "amount": "10.00"}],
             "shippingMethods": [{"identifier": "std", "label": "Standard", "amount": "5.00"}],
             "shippingRules": [{"country": "US", "methods": ["std"]}],
             "shippingAddressRequirement": "all"}
            """#
        var checkout = try CheckoutDocument.checkout(from: document)
        let events: [CheckoutEvent] = [
            .changeCouponCode("NOPE"), .changeShippingContact(Contact(postalAddress: PostalAddress(isoCountryCode: "FR"))),
            .selectShippingMethod("std"),
        ]
        var applePay: [String] = [], w3c: [String] = []
        for event in events {
            let update = checkout.apply(event)
            applePay.append(JSONWriter.write(try SummaryRenderer.applePay(update, of: checkout), pretty: false))
            w3c.append(JSONWriter.write(try SummaryRenderer.w3c(update, of: checkout), pretty: false))
        }
        let payment = PaymentAuthorization(paymentMethod: PaymentMethod(type: .credit), shippingContact: Contact(givenName: "A"))
        let result = checkout.authorize(payment)
        applePay.append(JSONWriter.write(SummaryRenderer.applePay(result), pretty: false))
        w3c.append(JSONWriter.write(SummaryRenderer.w3c(result, of: payment, on: checkout), pretty: false))
        let replay = #"{"document": \#(document), "events": [{"changeCouponCode": "NOPE"}, "#
            + #"{"changeShippingContact": {"postalAddress": {"isoCountryCode": "FR"}}}, {"selectShippingMethod": "std"}, "#
            + #"{"authorize": {"paymentMethod": {"type": "credit"}, "shippingContact": {"givenName": "A"}}}]}"#
        XCTAssertEqual(run(replay, ["replay", "--format", "applepay"]).output, applePay.joined(separator: "\n") + "\n")
        XCTAssertEqual(run(replay, ["replay", "--format", "w3c"]).output, w3c.joined(separator: "\n") + "\n")
    }

    /// Apple Pay JS version 3: a refused authorization is STATUS_FAILURE (1) with the errors; the
    /// per-field statuses 2-4 are for versions 1 and 2.
    func testApplePayAuthorizationRefusalsAreFailureWithErrors() {
        let lines = run(Self.replayDocument, ["replay", "--format", "applepay"]).output.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[2].hasPrefix(#"{"status":1,"errors":[{"code":"shippingContactInvalid","contactField":"postalAddress""#), String(lines[2]))
        // Tally's own JSON keeps PassKit's detailed status (the seed's strings).
        let tally = run(Self.replayDocument, ["replay"]).output.split(separator: "\n")
        XCTAssertTrue(tally[2].contains(#""status":"invalid-shipping-address""#), String(tally[2]))
    }

    /// W3C: a refused address gets no shipping options and the message in `error` (browsers show
    /// `error` only when there are no options); a refused coupon has no place in
    /// `PaymentDetailsUpdate` and leaves the update as the unchanged summary.
    func testW3CErrorOnlyForARefusedAddressAndWithoutOptions() {
        let result = run(Self.replayDocument, ["replay", "--format", "w3c"])
        let lines = result.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertFalse(lines[0].contains(#""error""#), String(lines[0]))
        XCTAssertTrue(lines[0].contains(#""shippingOptions":[{"id":"std""#), String(lines[0]))
        XCTAssertTrue(lines[1].hasSuffix(#""shippingOptions":[],"error":"S does not ship to FR"}"#), String(lines[1]))
        // complete("fail"), or retry() with PaymentValidationErrors naming what is missing.
        XCTAssertEqual(
            lines[2],
            #"{"result":"fail","retry":{"payer":{"email":"the shipping emailAddress is missing","phone":"the shipping phoneNumber is missing"},"#
                + #""shippingAddress":{"addressLine":"the shipping postalAddress is missing"},"#
                + #""error":"the shipping postalAddress is missing; the shipping emailAddress is missing; the shipping phoneNumber is missing"}}"#)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains(#"couponCodeInvalid: "NOPE" is not a coupon code"#), result.errors)
    }

    /// W3C `retry`: an address no rule serves is `shippingAddress.country` when no rule names its
    /// country, `region` when one does; a payment without an address is `addressLine`; a method
    /// not offered at a served address, and billing and phonetic-name errors, are in `error` only
    /// (billing and phonetic names went to `payer.name`, and addresses had no member: reviews).
    func testW3CRetryPutsAddressErrorsWhereTheyBelong() {
        let document = #"""
            {"document": {"merchantName": "S", "currencyCode": "USD", "countryCode": "US",
                          "items": [{"label": "A", "amount": "10.00"}],
                          "shippingMethods": [{"identifier": "std", "label": "Standard", "amount": "5.00"},
                                              {"identifier": "exp", "label": "Express", "amount": "9.00"}],
                          "shippingRules": [{"country": "US", "regions": ["CA", "NY"], "methods": ["std", "exp"]},
                                            {"country": "US", "regions": ["AK"], "methods": ["exp"]},
                                            {"country": "US", "regions": ["TX"], "methods": []}],
                          "billingAddressRequirement": "name"},
             "events": [
                {"authorize": {"paymentMethod": {"type": "credit"}, "billingContact": {"givenName": "B"},
                               "shippingContact": {"postalAddress": {"isoCountryCode": "FR"}}}},
                {"authorize": {"paymentMethod": {"type": "credit"}, "billingContact": {"givenName": "B"},
                               "shippingContact": {"postalAddress": {"isoCountryCode": "us", "administrativeArea": "TX"}}}},
                {"authorize": {"paymentMethod": {"type": "credit"}, "billingContact": {"givenName": "B"},
                               "shippingContact": {"postalAddress": {"isoCountryCode": "US", "administrativeArea": "AK"}}}},
                {"authorize": {"paymentMethod": {"type": "credit"},
                               "shippingContact": {"postalAddress": {"isoCountryCode": "US", "administrativeArea": "CA"}}}},
                {"authorize": {"paymentMethod": {"type": "credit"}, "billingContact": {"givenName": "B"},
                               "shippingContact": {"postalAddress": {"isoCountryCode": "US\n", "administrativeArea": "TX"}}}}]}
            """#
        let lines = run(document, ["replay", "--format", "w3c"]).output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5)
        // The code as the checkout matches it ("US\n" is US): the region's rule refuses it.
        XCTAssertEqual(lines[4], #"{"result":"fail","retry":{"shippingAddress":{"region":"S does not ship there"},"error":"S does not ship there"}}"#)
        // A rule for the whole country that offers nothing refuses the country, region or not.
        let wholeCountry = #"""
            {"document": {"merchantName": "S", "currencyCode": "USD", "countryCode": "US",
                          "items": [{"label": "A", "amount": "10.00"}],
                          "shippingMethods": [{"identifier": "std", "label": "Standard", "amount": "5.00"}],
                          "shippingRules": [{"country": "US", "methods": []}, {"country": "CA", "methods": ["std"]}]},
             "events": [{"authorize": {"paymentMethod": {"type": "credit"},
                                       "shippingContact": {"postalAddress": {"isoCountryCode": "US", "administrativeArea": "CA"}}}}]}
            """#
        XCTAssertEqual(
            run(wholeCountry, ["replay", "--format", "w3c"]).output,
            #"{"result":"fail","retry":{"shippingAddress":{"country":"S does not ship there"},"error":"S does not ship there"}}"# + "\n")
        XCTAssertEqual(lines[0], #"{"result":"fail","retry":{"shippingAddress":{"country":"S does not ship there"},"error":"S does not ship there"}}"#)
        XCTAssertEqual(lines[1], #"{"result":"fail","retry":{"shippingAddress":{"region":"S does not ship there"},"error":"S does not ship there"}}"#)
        XCTAssertEqual(lines[2], #"{"result":"fail","retry":{"error":"Standard is not offered at this address"}}"#)
        XCTAssertEqual(lines[3], #"{"result":"fail","retry":{"error":"the billing name is missing"}}"#)
    }
}

/// The commands' input: bounded, UTF-8, and every refusal says why (found in a review of the CLI:
/// a huge standard input was read whole before any limit, to 3 GB and a crash under a memory cap).
final class CommandInputTests: XCTestCase {
    /// Standard input that a parent process made non-blocking: the read waits for the data
    /// instead of failing on the first `EAGAIN` (a review: `tally quote -` said "a read failed"
    /// before the document arrived), and still stops one byte past the limit.
    func testANonBlockingInputIsWaitedFor() throws {
        for (text, limit) in [("{\"a\": 1}", 100), (String(repeating: "x", count: 200_000), 300_000), ("12345", 4)] {
            var ends: [Int32] = [0, 0]
            XCTAssertEqual(pipe(&ends), 0)
            XCTAssertEqual(fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK), 0)
            let writer = Thread { [ends] in
                usleep(100_000)  // nothing to read at first: the reader meets EAGAIN
                let bytes = Array(text.utf8)
                var offset = 0
                while offset < bytes.count {
                    let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress! + offset, bytes.count - offset) }
                    if written <= 0 { break }
                    offset += written
                }
                close(ends[1])
            }
            writer.start()
            defer { close(ends[0]) }
            if text.utf8.count > limit {
                XCTAssertThrowsError(try CommandInput.readBytes(descriptor: ends[0], limit: limit)) { XCTAssertEqual("\($0)", "more than \(limit) bytes") }
            } else {
                XCTAssertEqual(try CommandInput.readBytes(descriptor: ends[0], limit: limit), Array(text.utf8))
            }
        }
    }

    func testInputIsBoundedCheckedAndExplained() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-input-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = folder.appendingPathComponent("small.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: small))
        XCTAssertEqual(try CommandInput.read(small, limit: 2), "{}")
        let big = folder.appendingPathComponent("big.json").path
        try Data(repeating: 32, count: 1_000).write(to: URL(fileURLWithPath: big))
        XCTAssertThrowsError(try CommandInput.read(big, limit: 999)) { XCTAssertEqual("\($0)", "more than 999 bytes") }
        let latin1 = folder.appendingPathComponent("latin1.json").path
        try Data([0x7B, 0xFF, 0x7D]).write(to: URL(fileURLWithPath: latin1))
        XCTAssertThrowsError(try CommandInput.read(latin1)) { XCTAssertEqual("\($0)", "it is not UTF-8 text") }
        XCTAssertThrowsError(try CommandInput.read(folder.path)) { XCTAssertEqual("\($0)", "it is a directory") }
        XCTAssertThrowsError(try CommandInput.read(folder.appendingPathComponent("nope").path)) { XCTAssertEqual("\($0)", "no such file") }
        // Through a command: the reason follows "cannot read FILE".
        let quote = QuoteCommand.run([big], read: { path in try CommandInput.read(path, limit: 999) })
        XCTAssertEqual(quote.status, 1)
        XCTAssertEqual(quote.errors, "tally quote: cannot read \(big): more than 999 bytes\n")
    }

    /// A file that cannot be read says why, from the `errno` of the call that failed (review,
    /// 2026-12: a symbolic link loop and a path through a file said "no such file", as did a
    /// directory that cannot be searched, and a socket "permission denied or not readable").
    func testReadFailuresNameTheirReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-why-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            chmod(folder.appendingPathComponent("locked").path, 0o700)
            try? FileManager.default.removeItem(at: folder)
        }
        func reason(_ path: String) -> String {
            do {
                _ = try CommandInput.read(path)
                return "read"
            } catch {
                return "\(error)"
            }
        }
        let file = folder.appendingPathComponent("doc.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(reason(file), "read")
        XCTAssertEqual(reason(folder.appendingPathComponent("nope.json").path), "no such file")
        XCTAssertEqual(reason(""), "no such file")
        XCTAssertEqual(reason(file + "/x"), "a component of the path is not a directory")
        XCTAssertEqual(symlink("loop2", folder.appendingPathComponent("loop1").path), 0)
        XCTAssertEqual(symlink("loop1", folder.appendingPathComponent("loop2").path), 0)
        XCTAssertEqual(reason(folder.appendingPathComponent("loop1").path), "too many levels of symbolic links")

        let socketPath = folder.appendingPathComponent("sock").path
        #if canImport(Glibc)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        XCTAssertGreaterThanOrEqual(listener, 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(reason(socketPath), "it is a socket")

        // A directory that cannot be searched: only without root's privileges, which pass it.
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: locked.appendingPathComponent("doc.json"))
        XCTAssertEqual(chmod(locked.path, 0), 0)
        XCTAssertEqual(reason(locked.appendingPathComponent("doc.json").path), geteuid() == 0 ? "read" : "permission denied")
    }

    /// One byte-order mark is allowed before a document, not two: Foundation's decoding dropped one
    /// and the JSON reader skipped the next, so a file starting with two read as if it had none.
    func testOneByteOrderMarkIsSkippedNotTwo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-bom-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = #"{"currencyCode": "USD", "countryCode": "US", "merchantName": "S", "items": [{"label": "A", "amount": "10.00"}]}"#
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        func quote(marks: Int) throws -> QuoteCommand.Result {
            let path = folder.appendingPathComponent("doc\(marks).json").path
            try Data(Array(repeating: mark, count: marks).joined() + Array(document.utf8)).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(try CommandInput.read(path).unicodeScalars.prefix(marks).map(\.value), Array(repeating: 0xFEFF, count: marks))
            return QuoteCommand.run([path], read: { path in try CommandInput.read(path) })
        }
        XCTAssertEqual(try quote(marks: 0).status, 0)
        XCTAssertEqual(try quote(marks: 1).status, 0)
        let twice = try quote(marks: 2)
        XCTAssertEqual(twice.status, 1)
        XCTAssertTrue(twice.errors.hasSuffix("not JSON: line 1, column 4: expected a value, found byte 0xEF\n"), twice.errors)
        XCTAssertThrowsError(try JSONReader.read("\u{FEFF}\u{FEFF}{}"))
    }

    /// A repeated option used to take its last value silently: `verify --amount 10.00 --amount
    /// 0.01` matched on 0.01.
    func testARepeatedOptionIsAUsageError() {
        let document = #"{"currencyCode": "USD", "countryCode": "US", "merchantName": "S", "items": [{"label": "A", "amount": "10.00"}]}"#
        let verify = VerifyCommand.run(["doc.json", "--amount", "10.00", "--amount", "0.01"], read: { _ in document })
        XCTAssertEqual(verify.status, 2)
        XCTAssertTrue(verify.errors.hasPrefix("tally verify: --amount is given twice"), verify.errors)
        // Values that are numbers but out of range say so, rather than "not a number".
        for (arguments, message) in [
            (["--amount", "1e6145"], #"--amount: "1e6145" is not a decimal number: exponent out of range (limit ±6144)"#),
            (["--minor-units", "9223372036854775808", "--numeric-currency", "840"], #"--minor-units "9223372036854775808" is out of range (a 64-bit whole number)"#),
            (["--minor-units", "1.5", "--numeric-currency", "840"], #"--minor-units "1.5" is not a whole number"#),
            (["--minor-units", "1", "--numeric-currency", "1000000000000000000000"], #"--numeric-currency "1000000000000000000000" is out of range (ISO 4217 numeric codes have 3 digits)"#),
        ] {
            let result = VerifyCommand.run(["doc.json"] + arguments, read: { _ in document })
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.errors.hasPrefix("tally verify: " + message), result.errors)
        }
        // --lenient ignores unknown keys inside events too, as the error's hint says.
        let typo = #"{"document": \#(document), "events": [{"selectPaymentMethod": {"type": "credit", "colour": "red"}}]}"#
        let strict = ReplayCommand.run(["doc.json"], read: { _ in typo })
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.errors.contains("events[0].selectPaymentMethod.colour: unknown key (a typo? --lenient in tally"), strict.errors)
        XCTAssertEqual(ReplayCommand.run(["doc.json", "--lenient"], read: { _ in typo }).status, 0)
        let replay = ReplayCommand.run(["doc.json", "--format", "json", "--format", "w3c"], read: { _ in document })
        XCTAssertEqual(replay.status, 2)
        XCTAssertTrue(replay.errors.hasPrefix("tally replay: --format is given twice"), replay.errors)
    }
}

/// Dates Apple Pay JS would read otherwise than written are refused at the line, not written
/// wrong (Foundation's formatter writes infinity and every date after the year 506,713 as the
/// same day, and dates before 1582-10-15 in the Julian calendar).
final class RendererDateTests: XCTestCase {
    func refusal(_ date: Date) throws -> String {
        let checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "Shop",
            items: [
                SummaryItem(label: "Box", amount: "20.00"),
                SummaryItem(label: "Plan", amount: "9.99", kind: .recurring(startDate: nil, interval: .month, intervalCount: 1, endDate: date)),
            ])
        do {
            return JSONWriter.write(try SummaryRenderer.applePay(checkout), pretty: false)
        } catch {
            return error.description
        }
    }

    func testDatesOutsideFourDigitYearsAreRefusedAtTheirLine() throws {
        let first = Date(timeIntervalSince1970: -12_219_292_800)  // 1582-10-15T00:00:00Z
        let last = Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z
        let earliest = try refusal(first), latest = try refusal(last)
        XCTAssertTrue(earliest.contains(#""recurringPaymentEndDate":"1582-10-15T00:00:00Z""#), earliest)
        XCTAssertTrue(latest.contains(#""recurringPaymentEndDate":"9999-12-31T23:59:59Z""#), latest)
        for seconds in [-12_219_292_801, -62_135_596_800, 253_402_300_800, 1e20, -1e20, .infinity, -.infinity, .nan] as [TimeInterval] {
            let text = try refusal(Date(timeIntervalSince1970: seconds))
            XCTAssertTrue(text.hasPrefix("lineItems[1].recurringPaymentEndDate: "), text)
            XCTAssertTrue(text.hasSuffix("is not a date from 1582-10-15 to 9999-12-31, the dates Apple Pay JS reads from ISO 8601 text as they are written"), text)
        }
    }
}
