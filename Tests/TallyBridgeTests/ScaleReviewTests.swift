import Foundation
import TallyBridge
import TallyCheckout
import XCTest

/// Inputs within every documented limit whose cost grew faster than their size, found by a review
/// that timed the release `tally` on generated documents (2026-12-01): each is bounded now. The
/// first three tests fail on the code before the fixes; the last pins that the faster way of
/// finding the offered methods gives the answer the rules give.
final class ScaleReviewTests: XCTestCase {
    /// A document with `methods` shipping methods (identifiers given), one item, USD.
    static func document(methods identifiers: [String], extra: String = "") -> String {
        let methods = identifiers.map { #"{"identifier": \#(jsonString($0)), "label": "L", "amount": "1.00"}"# }
        return #"{"merchantName": "m", "currencyCode": "USD", "countryCode": "US", "items": [{"label": "a", "amount": "1.00"}], "shippingMethods": [\#(methods.joined(separator: ","))]\#(extra)}"#
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    /// A refused selection listed every offered identifier in full: repeating it against a 1 MB
    /// identifier wrote a megabyte of message per event (3 GB of memory for 800 events). At most
    /// ten are listed now, each cut after 40 characters.
    func testARefusalListsAtMostTenMethodsEachCut() {
        let long = String(repeating: "x", count: 100)
        let document = Self.document(methods: [long] + (1...11).map { "m\($0)" })
        let result = ReplayCommand.run(["doc.json"]) { _ in #"{"document": \#(document), "events": [{"selectShippingMethod": "nope"}]}"# }
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.errors,
            "tally replay: events[0].selectShippingMethod: \"nope\" is not offered here (offered: \(String(repeating: "x", count: 40))…, m1, m2, m3, m4, m5, m6, m7, m8, m9 and 2 more)\n")
        // `quote --shipping` says it the same way.
        let quoted = QuoteCommand.run(["doc.json", "--shipping", "nope"]) { _ in document }
        XCTAssertTrue(quoted.errors.hasSuffix("m9 and 2 more)\n"), quoted.errors)
        // Cut after 40 scalars exactly (found without counting all of them): 40 stay whole.
        for (count, shown) in [(40, String(repeating: "\u{E9}", count: 40)), (41, String(repeating: "\u{E9}", count: 40) + "…")] {
            let named = Self.document(methods: [String(repeating: "\u{E9}", count: count)])
            let refused = ReplayCommand.run(["doc.json"]) { _ in #"{"document": \#(named), "events": [{"selectShippingMethod": "nope"}]}"# }
            XCTAssertEqual(refused.errors, "tally replay: events[0].selectShippingMethod: \"nope\" is not offered here (offered: \(shown))\n")
        }
    }

    /// Refusals go to standard error after the updates; they were kept in memory outside the
    /// output bound. They count against it now, and a replay stopped by the bound still reports
    /// the refusals before it.
    func testRefusalsCountAgainstTheOutputBound() {
        // Apple Pay JS updates for a shipping selection carry no methods: short updates, long refusals.
        let identifiers = (0..<10).map { String(repeating: "\($0)", count: 40) }
        let document = Self.document(methods: identifiers)
        let events = Array(repeating: #"{"selectShippingMethod": "nope"}"#, count: 50).joined(separator: ",")
        var printed = 0
        let result = ReplayCommand.run(
            ["doc.json", "--format", "applepay"], read: { _ in #"{"document": \#(document), "events": [\#(events)]}"# },
            write: { printed += $0.utf8.count }, outputLimit: 20_000)
        XCTAssertEqual(result.status, 1)
        let lines = result.errors.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 2)
        XCTAssertLessThan(lines.count, 50, "stopped before the last event")
        XCTAssertLessThanOrEqual(printed + result.errors.utf8.count - lines.last!.utf8.count - 1, 20_000)
        XCTAssertEqual(
            lines[0], #"tally replay: events[0].selectShippingMethod: "nope" is not offered here (offered: "# + identifiers.joined(separator: ", ") + ")")
        XCTAssertTrue(
            lines.last!.hasSuffix("this event's refusal would take the output past 20000 bytes; replay fewer events at a time"),
            String(lines.last!))
    }

    /// Every event looks a coupon code up among the coupons and an address among the rules: 64,000
    /// coupons and as many events (4 MB) took 51 s. Events × rule entries is bounded, before the
    /// first event.
    func testRuleChecksOfAReplayAreBounded() {
        let coupons = (0..<1_000).map { #"{"code": "C\#($0)", "amountOff": "0.50"}"# }.joined(separator: ",")
        let document = Self.document(methods: ["a"], extra: #", "coupons": [\#(coupons)]"#)
        func replay(_ count: Int) -> String {
            #"{"document": \#(document), "events": [\#(Array(repeating: #"{"changeCouponCode": "C999"}"#, count: count).joined(separator: ","))]}"#
        }
        var written = 0
        let refused = ReplayCommand.run(["doc.json"], read: { _ in replay(10_001) }, write: { _ in written += 1 })
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(written, 0)
        XCTAssertEqual(
            refused.errors,
            "tally replay: doc.json: events: 10001 events × 1000 rule checks each (coupons, rule entries, and one per 32 bytes of a country or region code) is more than the 10000000 rule checks a replay makes; replay fewer events at a time\n")
        XCTAssertEqual(ReplayCommand.run(["doc.json"], read: { _ in replay(10) }).status, 0)
    }

    /// Codes are compared in full: 36,000 regions of 250 bytes took 124 s over 277 contact
    /// changes that the entries alone let through. A code counts a check per 32 bytes too.
    func testLongCodesCountTowardTheRuleChecks() {
        let regions = (0..<1_000).map { "\"\(String(repeating: "R", count: 250))\($0 % 10)\($0 / 10 % 10)\($0 / 100)\"" }.joined(separator: ",")
        let document = Self.document(methods: ["a"], extra: #", "shippingRules": [{"country": "US", "regions": [\#(regions)], "methods": ["a"]}]"#)
        func replay(_ count: Int) -> String {
            let event = #"{"changeShippingContact": {"postalAddress": {"isoCountryCode": "US", "administrativeArea": "CA"}}}"#
            return #"{"document": \#(document), "events": [\#(Array(repeating: event, count: count).joined(separator: ","))]}"#
        }
        // Per event: the rule, its 1,000 regions and its method, and 7 checks for each
        // 253-byte region: 8,002; 1,249 events fit 10,000,000 and 1,250 do not.
        let refused = ReplayCommand.run(["doc.json"], read: { _ in replay(1_250) })
        XCTAssertEqual(
            refused.errors,
            "tally replay: doc.json: events: 1250 events × 8002 rule checks each (coupons, rule entries, and one per 32 bytes of a country or region code) is more than the 10000000 rule checks a replay makes; replay fewer events at a time\n")
        XCTAssertEqual(ReplayCommand.run(["doc.json"], read: { _ in replay(1_249) }).status, 0)
    }

    /// The methods a contact is offered were found by asking every rule about every method, and a
    /// rule searched its identifiers one by one: 128,000 methods under one rule naming them all
    /// took 121 s. Past a few hundred comparisons the deciding rules' identifiers are a set; the
    /// answer is the one `allows` gives, canonically equivalent identifiers included.
    func testManyMethodsAreOfferedAsTheRulesSay() throws {
        let numbered = (0..<600).map { "m\($0)" }
        let identifiers = numbered + ["CAF\u{C9}"]
        let methods = identifiers.map { ShippingMethod(identifier: $0, label: "L", amount: 1) }
        let even = numbered.indices.filter { $0 % 2 == 0 }.map { numbered[$0] }
        let odd = numbered.indices.filter { $0 % 2 == 1 }.map { numbered[$0] }
        var checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "m", items: [SummaryItem(label: "a", amount: 1)],
            shippingMethods: methods,
            shippingRules: [
                ShippingRule(country: "US", regions: ["CA"], methods: even + ["CAFE\u{301}"]),
                ShippingRule(country: "US", methods: odd),
            ])
        _ = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: "ca", isoCountryCode: "US")))
        XCTAssertEqual(checkout.offeredShippingMethods.map(\.identifier), even + ["CAF\u{C9}"])
        _ = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: "NY", isoCountryCode: "US")))
        XCTAssertEqual(checkout.offeredShippingMethods.map(\.identifier), odd)
        XCTAssertEqual(checkout.recomputed().offeredShippingMethods.map(\.identifier), odd)
    }
}
