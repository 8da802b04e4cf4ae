import Foundation
import TallyCheckout
import TallyDecimal
import TallyMoney
import XCTest

/// Every output that Guides/Checkout.md and the README's Checkout section show.
///
/// Each output block in those pages sits between `<!-- pinned: NAME -->` and `<!-- /pinned -->`.
/// This file runs the code the page shows, renders the same block, and compares it with the page
/// text byte for byte; on a mismatch it prints the block the code produces now, ready to paste.
/// Values the pages show in code comments (`// 10.01 CNY`) are checked with plain assertions.
final class CheckoutGuideTests: XCTestCase {
    // MARK: The checkouts the guide builds

    /// The seed tutorial's checkout (Guides/Checkout.md, "A first look").
    static func seed(coupons: [Coupon] = []) throws -> Checkout {
        try Checkout(
            currency: .cny, countryCode: "CN", merchantName: "ls",
            items: [
                SummaryItem(label: "商品价格", amount: "12.75"),
                SummaryItem(label: "优惠折扣", amount: "-12.74"),
            ],
            shippingMethods: [
                ShippingMethod(identifier: "freeshipping", label: "包邮", detail: "6-8 天 送达", amount: "0.00"),
                ShippingMethod(identifier: "expressshipping", label: "极速送达", detail: "2-3 小时 送达", amount: "10.00"),
            ],
            coupons: coupons)
    }

    /// The tea shop of the guide's "Rules" section.
    static func shop() throws -> Checkout {
        try Checkout(
            currency: .usd, countryCode: "US", merchantName: "Tea House",
            items: [
                SummaryItem(label: "Oolong tea", amount: "18.99"),
                SummaryItem(label: "Teapot", amount: "34.50"),
                SummaryItem(label: "Engraving", amount: "6.00", type: .pending),  // priced after the order
            ],
            shippingMethods: [
                ShippingMethod(identifier: "standard", label: "Standard", amount: "4.99"),
                ShippingMethod(identifier: "express", label: "Express", amount: "14.99"),
            ],
            coupons: [
                Coupon(code: "TEA15", benefit: .percentOff(15)),
                Coupon(code: "TENOFF", benefit: .amountOff("10.00")),
                Coupon(code: "SHIPFREE", benefit: .freeShipping),
                Coupon(code: "SUMMER", benefit: .percentOff(20), isExpired: true),
            ],
            taxRules: [
                TaxRule(country: "US", region: "CA", rate: "0.0725", label: "CA sales tax"),
                TaxRule(country: "US", region: "NY", rate: "0.08875", label: "NY sales tax", includesShipping: true),
            ],
            shippingRules: [
                ShippingRule(country: "US", methods: ["standard", "express"]),
                ShippingRule(country: "US", regions: ["AK", "HI"], methods: ["express"]),
                ShippingRule(country: "GB", methods: ["express"]),
            ],
            surcharges: [Surcharge(paymentMethodType: .credit, percent: "2.5", label: "Card fee")])
    }

    static func address(_ country: String, _ region: String? = nil) -> Contact {
        Contact(postalAddress: PostalAddress(administrativeArea: region, isoCountryCode: country))
    }

    /// What the guide's `show(_:)` prints: one `label amount` line per summary line.
    static func shown(_ summary: PaymentSummary) -> String {
        var out = ""
        for line in summary { print(line.label, line.amount.plainString, to: &out) }
        return out
    }

    static func line(_ item: SummaryItem?) -> String {
        item.map { "\($0.label) \($0.amount.plainString)" } ?? "–"
    }

    static func errors(_ errors: [PaymentError]) -> String {
        errors.isEmpty ? "–" : errors.map { "`\($0)`" }.joined(separator: ", ")
    }

    static func block(_ text: String) -> String { "```text\n" + text + "```\n" }

    // MARK: The outputs, as the pages show them

    /// "A first look": the seed checkout, then express shipping.
    static func firstLook() throws -> String {
        var checkout = try seed()
        var out = shown(checkout.summary)
        let update = checkout.selectShippingMethod("expressshipping")  // didSelectShippingMethod
        print(update.status, to: &out)
        out += shown(update.summaryItems)
        return block(out)
    }

    /// The seed's way, in Swift: read index 2 as the shipping line, move the total by the
    /// difference, write index 2 and 3 back. The total is one object in the seed, changed in place,
    /// so the last line changes too.
    static func patchedByIndex(_ lines: [SummaryItem], selecting method: ShippingMethod) -> [SummaryItem] {
        var lines = lines
        var total = lines[lines.count - 1]
        total.amount = total.amount - lines[2].amount + method.amount
        lines[2] = SummaryItem(label: method.label, amount: method.amount)
        lines[3] = total
        lines[lines.count - 1] = total
        return lines
    }

    /// The pitch: a coupon line shifts the indexes; patching breaks, deriving does not.
    static func patchedVersusDerived() throws -> String {
        var checkout = try seed(coupons: [Coupon(code: "LS1", benefit: .amountOff("1.00"))])
        _ = checkout.changeCouponCode("LS1")
        let before = Array(checkout.summary)
        let express = checkout.shippingMethods[1]
        let patched = patchedByIndex(before, selecting: express)
        let derived = Array(checkout.selectShippingMethod(express.identifier).summaryItems)
        var out = "| index | before | patched by index | derived by Tally |\n|---:|---|---|---|\n"
        for index in 0..<max(patched.count, derived.count) {
            out += "| \(index) | \(line(before[index])) | \(line(patched[index])) | \(line(derived[index])) |\n"
        }
        return out
    }

    /// "Line order": every kind of line at once.
    static func lineOrder() throws -> String {
        var shop = try shop()
        _ = shop.changeShippingContact(address("US", "CA"))
        _ = shop.changeCouponCode("TEA15")
        _ = shop.selectPaymentMethod(PaymentMethod(network: .visa, type: .credit))
        return block(shown(shop.summary))
    }

    /// "Coupons": one checkout, codes entered one after another.
    static func coupons() throws -> String {
        var shop = try shop()
        var out = "| `changeCouponCode(…)` | errors | discount line | total |\n|---|---|---|---|\n"
        for code in ["TEA15", "TENOFF", "SHIPFREE", "SUMMER", "tea15", ""] {
            let update = shop.changeCouponCode(code)
            let discount = shop.appliedCoupon == nil ? nil : update.summaryItems.derivedLines.first
            out += "| `\(String(reflecting: code))` | \(errors(update.errors)) | \(line(discount)) | \(update.summaryItems.total.amount.plainString) |\n"
        }
        return out
    }

    /// "Tax": each row from a fresh shop.
    static func tax() throws -> String {
        let rows: [(String, Contact?, String?)] = [
            ("no contact yet", nil, nil),
            ("US, CA", address("US", "CA"), nil),
            ("US, NY", address("US", "NY"), nil),
            ("US, NY + `SHIPFREE`", address("US", "NY"), "SHIPFREE"),
            ("US, NY + `TEA15`", address("US", "NY"), "TEA15"),
            ("US, TX", address("US", "TX"), nil),
        ]
        var out = "| shipping contact | tax line | total |\n|---|---|---|\n"
        for (title, contact, code) in rows {
            var shop = try shop()
            if let contact { _ = shop.changeShippingContact(contact) }
            if let code { _ = shop.changeCouponCode(code) }
            let tax = shop.summary.first { $0.label.hasSuffix("sales tax") }
            out += "| \(title) | \(line(tax)) | \(shop.summary.total.amount.plainString) |\n"
        }
        return out
    }

    /// "Shipping rules": one checkout, contacts one after another.
    static func shippingRules() throws -> String {
        var shop = try shop()
        var out = "| `changeShippingContact(…)` | errors | methods offered | selected | total |\n|---|---|---|---|---|\n"
        let contacts: [(String, Contact)] = [
            ("US, NY", address("US", "NY")), ("US, AK", address("US", "AK")), ("GB", address("GB")),
            ("FR", address("FR")), ("US, CA", address("US", "CA")), ("us, ca", address("us", "ca")),
        ]
        for (title, contact) in contacts {
            let update = shop.changeShippingContact(contact)
            out += "| \(title) | \(errors(update.errors)) | \(update.shippingMethods.map(\.label).joined(separator: ", ")) | "
                + "\(shop.selectedShippingMethod?.label ?? "–") | \(update.summaryItems.total.amount.plainString) |\n"
        }
        return out
    }

    /// "Surcharges": one checkout, cards one after another.
    static func surcharges() throws -> String {
        var shop = try shop()
        var out = "| event | surcharge line | total |\n|---|---|---|\n"
        let steps: [(String, (inout Checkout) -> PaymentSummary)] = [
            ("`selectPaymentMethod` credit", { $0.selectPaymentMethod(PaymentMethod(network: .visa, type: .credit)).summaryItems }),
            ("`changeCouponCode(\"TEA15\")`", { $0.changeCouponCode("TEA15").summaryItems }),
            ("`selectPaymentMethod` debit", { $0.selectPaymentMethod(PaymentMethod(network: .visa, type: .debit)).summaryItems }),
        ]
        for (title, step) in steps {
            let summary = step(&shop)
            let fee = summary.first { $0.label == "Card fee" }
            out += "| \(title) | \(line(fee)) | \(summary.total.amount.plainString) |\n"
        }
        return out
    }

    /// "Rounding": one 10 % coupon on 0.25 under several rules.
    static func rounding() throws -> String {
        var out = "| `rounding:` | discount line | total |\n|---|---|---|\n"
        for rule in [RoundingRule.toNearestOrAwayFromZero, .toNearestOrEven, .up, .down] {
            var checkout = try Checkout(
                currency: .usd, countryCode: "US", merchantName: "Sampler",
                items: [SummaryItem(label: "Sample", amount: "0.25")],
                coupons: [Coupon(code: "TEN", benefit: .percentOff(10))], rounding: rule)
            let update = checkout.changeCouponCode("TEN")
            out += "| `.\(rule)` | \(line(update.summaryItems.derivedLines.first)) | \(update.summaryItems.total.amount.plainString) |\n"
        }
        return out
    }

    /// "Authorization and the server": authorize, then verify amounts.
    static func authorization() throws -> String {
        var order = try seed()
        order.requiredShippingContactFields = [.postalAddress, .phoneNumber]
        _ = order.selectShippingMethod("expressshipping")
        let card = PaymentMethod(displayName: "UnionPay 6225", network: .chinaUnionPay, type: .debit)
        let shanghai = PostalAddress(city: "上海", administrativeArea: "SH", isoCountryCode: "CN")
        var out = ""
        for contact in [Contact(postalAddress: shanghai), Contact(phoneNumber: "+86 21 5555 0100", postalAddress: shanghai)] {
            let result = order.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: contact))
            print(result.status, result.errors, to: &out)
        }
        for amount in [Money("10.01", .cny), Money("10.00", .cny)] {
            print(order.verify(total: amount), to: &out)
        }
        print(order.verify(minorUnits: 1001, numericCurrencyCode: 156), to: &out)
        return block(out)
    }

    /// The README's Checkout section.
    static func readme() throws -> String {
        var checkout = try Checkout(
            currency: .cny, countryCode: "CN", merchantName: "ls",
            items: [SummaryItem(label: "商品价格", amount: "12.75"), SummaryItem(label: "优惠折扣", amount: "-12.74")],
            shippingMethods: [
                ShippingMethod(identifier: "freeshipping", label: "包邮", amount: "0.00"),
                ShippingMethod(identifier: "expressshipping", label: "极速送达", amount: "10.00"),
            ],
            coupons: [Coupon(code: "LS1", benefit: .amountOff("1.00"))])
        var out = ""
        for event in [CheckoutEvent.selectShippingMethod("expressshipping"), .changeCouponCode("LS1")] {
            let update = checkout.apply(event)
            print(update.summaryItems.map { "\($0.label) \($0.amount.plainString)" }.joined(separator: " | "), to: &out)
        }
        print(checkout.verify(total: Money("10.01", .cny)), to: &out)
        return block(out)
    }

    static func pinned() throws -> [String: String] {
        [
            "first-look": try firstLook(),
            "patched-vs-derived": try patchedVersusDerived(),
            "line-order": try lineOrder(),
            "coupons": try coupons(),
            "tax": try tax(),
            "shipping-rules": try shippingRules(),
            "surcharges": try surcharges(),
            "rounding": try rounding(),
            "authorization": try authorization(),
            "readme": try readme(),
        ]
    }

    // MARK: The pages against the code

    /// The `<!-- pinned: NAME -->` regions of a page, by name.
    static func regions(of page: String) -> [String: String] {
        var found: [String: String] = [:]
        var rest = page[...]
        while let open = rest.range(of: "<!-- pinned: ") {
            guard let nameEnd = rest[open.upperBound...].range(of: " -->\n"),
                let close = rest[nameEnd.upperBound...].range(of: "<!-- /pinned -->")
            else { break }
            found[String(rest[open.upperBound..<nameEnd.lowerBound])] = String(rest[nameEnd.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
        }
        return found
    }

    static func page(_ path: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func testThePagesShowWhatTheCodeDoes() throws {
        let expected = try Self.pinned()
        var shown = Self.regions(of: try Self.page("Guides/Checkout.md"))
        // The README's purchase blocks belong to TallyBridgeTests' PurchasesGuideTests.
        for (name, text) in Self.regions(of: try Self.page("README.md")) where !name.contains("purchases") { shown[name] = text }
        XCTAssertEqual(Set(shown.keys), Set(expected.keys), "every pinned block is computed here, and every computed block is shown")
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            // Blank lines around a block keep the Markdown renderers apart from the markers.
            XCTAssertEqual(
                shown[name]?.trimmingCharacters(in: .newlines), text.trimmingCharacters(in: .newlines),
                "block \(name) is out of date; the code now prints:\n\(text)")
        }
    }

    // MARK: Values the guide shows in code comments

    func testInlineValues() throws {
        var checkout = try Self.seed()
        XCTAssertEqual(checkout.summary.total, Money("0.01", .cny))
        XCTAssertEqual(checkout.selectShippingMethod("expressshipping").summaryItems.total, Money("10.01", .cny))
        XCTAssertEqual(checkout.summary.count, 4)
        XCTAssertEqual(checkout.summary.totalLine.label, "ls")
        XCTAssertEqual(checkout.summary.derivedLines.map(\.label), ["极速送达", "ls"])
        XCTAssertEqual(checkout.itemsSubtotal, "0.01")

        // The arithmetic the guide's prose quotes.
        let quoted: [(BigDecimal, BigDecimal)] = [
            (BigDecimal("53.49") * "0.15", "8.0235"), (BigDecimal("53.49") * "0.0725", "3.878025"),
            (BigDecimal("58.48") * "0.08875", "5.1901"), (BigDecimal("53.49") * "0.08875", "4.7472375"),
            ((BigDecimal("45.47") + "4.99") * "0.08875", "4.478325"), (BigDecimal("58.48") * "0.025", "1.462"),
            (BigDecimal("50.46") * "0.025", "1.2615"),
            (BigDecimal("18.99") + "34.50" - "8.02" + "4.99" + "3.30" + "1.34", "55.10"),
        ]
        for (computed, shown) in quoted { XCTAssertEqual(computed, shown) }
        var withCoupon = try Self.seed(coupons: [Coupon(code: "LS1", benefit: .amountOff("1.00"))])
        _ = withCoupon.changeCouponCode("LS1")
        let patched = Self.patchedByIndex(Array(withCoupon.summary), selecting: withCoupon.shippingMethods[1])
        XCTAssertEqual(patched.dropLast().reduce(BigDecimal.zero) { $0 + $1.amount }, "20.02", "the patched lines add up to 20.02")

        // A free-shipping coupon follows the selected method.
        var shop = try Self.shop()
        _ = shop.changeCouponCode("SHIPFREE")
        XCTAssertEqual(Self.line(shop.selectShippingMethod("express").summaryItems.derivedLines.first), "Free shipping (SHIPFREE) -14.99")

        // The seed's patching, on the seed's own four lines, happens to work.
        let fresh = try Self.seed()
        XCTAssertEqual(
            Self.patchedByIndex(Array(fresh.summary), selecting: fresh.shippingMethods[1]),
            Array(checkout.summary))

        // Events from a client, replayed on the server.
        var server = try Self.seed()
        let update = server.apply(.selectShippingMethod("expressshipping"))
        XCTAssertEqual(update.summaryItems.total, Money("10.01", .cny))
        XCTAssertTrue(server.verify(total: Money("10.01", .cny)).isMatch)
        XCTAssertEqual(server.verify(minorUnits: 1001, numericCurrencyCode: 156), .matches)
        XCTAssertEqual(server, checkout)
    }

    func testValidationMessagesTheGuideQuotes() {
        func message(_ build: () throws -> Checkout) -> String {
            do {
                _ = try build()
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let cny = Currency.cny
        XCTAssertEqual(
            message { try Checkout(currency: cny, countryCode: "CN", merchantName: "ls", items: [SummaryItem(label: "商品价格", amount: "12.755")]) },
            "items[0].amount: 12.755 has more decimals than CNY allows (2)")
        XCTAssertEqual(
            message { try Checkout(currency: cny, countryCode: "CN", merchantName: "ls", items: [SummaryItem(label: "优惠折扣", amount: "-12.74")]) },
"items: the final items add up to -12.74; a negative items total can make the payment total negative")
        XCTAssertEqual(
            message {
                try Checkout(
                    currency: cny, countryCode: "CN", merchantName: "ls", items: [SummaryItem(label: "商品价格", amount: "12.75")],
                    coupons: [Coupon(code: "HALF", benefit: .percentOff(150))])
            },
            "coupons[0].percentOff: 150 is not a percentage in 0...100")
        XCTAssertEqual(
            message {
                try Checkout(
                    currency: cny, countryCode: "CN", merchantName: "ls", items: [SummaryItem(label: "商品价格", amount: "12.75")],
                    shippingMethods: [ShippingMethod(identifier: "freeshipping", label: "包邮", amount: 0)], selectedShippingMethod: "drone")
            },
            #"selectedShippingMethod: "drone" is not one of the shipping methods"#)
    }

    /// Updates list the selected shipping method first: the sheet treats the first as selected.
    func testSelectedMethodGoesFirst() throws {
        var shop = try Self.shop()
        _ = shop.selectShippingMethod("express")
        let update = shop.changeShippingContact(Self.address("US", "NY"))
        XCTAssertEqual(update.shippingMethods.map(\.identifier), ["express", "standard"])
        XCTAssertEqual(shop.selectedShippingMethodIdentifier, "express", "the selection is kept")
        XCTAssertEqual(shop.shippingMethodsForSheet.map(\.identifier), ["express", "standard"])
    }

    // MARK: Complexity
    //
    // "Events do not re-sum the items" is a speed claim, so it is measured in the benchmarks (the
    // checkout workloads compare an update on 8 and on 1,000 items in one run), never timed here.
}
