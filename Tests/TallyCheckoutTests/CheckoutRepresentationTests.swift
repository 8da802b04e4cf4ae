import TallyCheckout
import TallyDecimal
import TallyMoney
import XCTest

/// The checkout's shared representation: its terms (items and rules) are one object shared by
/// copies and summaries, its contact and payment method are boxed with what the rules say of them,
/// and a summary keeps its derived amounts inline when they are money-sized. None of it may show:
/// values compare by content, copies are independent, a summary is what it was when it was made,
/// and amounts of any size stay exact.
final class CheckoutRepresentationTests: XCTestCase {
    func make(
        merchantName: String = "Shop", items: [SummaryItem] = [SummaryItem(label: "Tea", amount: "40.00")],
        shippingLabel: String = "Standard", taxRate: BigDecimal = "0.0825"
    ) throws -> Checkout {
        try Checkout(
            currency: .usd, countryCode: "US", merchantName: merchantName, items: items,
            shippingMethods: [
                ShippingMethod(identifier: "std", label: shippingLabel, amount: "5.00"),
                ShippingMethod(identifier: "exp", label: "Express", amount: "15"),
            ],
            coupons: [Coupon(code: "TEN", benefit: .percentOff(10))],
            taxRules: [TaxRule(country: "US", region: "CA", rate: taxRate, label: "Tax", includesShipping: true)],
            shippingRules: [ShippingRule(country: "US", methods: ["std", "exp"])],
            surcharges: [Surcharge(paymentMethodType: .credit, percent: 2, label: "Card fee")])
    }

    let california = Contact(postalAddress: PostalAddress(administrativeArea: "CA", isoCountryCode: "US"))

    func testCheckoutsBuiltApartAreEqualAndHashAlike() throws {
        var a = try make()
        var b = try make()
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.summary, b.summary)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(a.summary.hashValue, b.summary.hashValue)
        _ = a.changeShippingContact(california)
        _ = b.changeShippingContact(california)
        _ = a.selectPaymentMethod(PaymentMethod(network: .visa, type: .credit))
        _ = b.selectPaymentMethod(PaymentMethod(network: .masterCard, type: .credit))
        XCTAssertNotEqual(a, b, "another payment method is another state")
        XCTAssertEqual(a.summary, b.summary, "the same surcharge gives the same summary")
        XCTAssertEqual(a.summary.hashValue, b.summary.hashValue)
        _ = b.selectPaymentMethod(PaymentMethod(network: .visa, type: .credit))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(a.recomputed(), a)
    }

    func testSummariesDifferByTheirLines() throws {
        let plain = try make().summary
        XCTAssertNotEqual(plain, try make(shippingLabel: "Ground").summary, "another shipping label")
        XCTAssertNotEqual(plain, try make(merchantName: "Store").summary, "another total label")
        XCTAssertNotEqual(plain, try make(items: [SummaryItem(label: "Coffee", amount: "40.00")]).summary, "another item")
        var taxed = try make()
        _ = taxed.changeShippingContact(california)
        XCTAssertNotEqual(plain, taxed.summary, "a tax line more")
        XCTAssertEqual(plain.count + 1, taxed.summary.count)
        // Amounts compare numerically, as `BigDecimal` does: an item written "40" is the same line.
        XCTAssertEqual(plain, try make(items: [SummaryItem(label: "Tea", amount: "40")]).summary)
    }

    func testASummaryKeepsWhatItWasMadeWith() throws {
        var checkout = try make()
        let before = checkout.summary
        try checkout.setMerchantName("Renamed")
        try checkout.setItems([SummaryItem(label: "Cake", amount: "60.00")])
        XCTAssertEqual(before.map(\.label), ["Tea", "Standard", "Shop"])
        XCTAssertEqual(before.total.amount, "45.00")
        XCTAssertEqual(checkout.summary.map(\.label), ["Cake", "Standard", "Renamed"])
        XCTAssertEqual(checkout.summary.total.amount, "65.00")
    }

    func testCopiesAreIndependent() throws {
        let original = try make()
        var copy = original
        try copy.setMerchantIdentifier("merchant.com.example.other")
        try copy.setSupportedNetworks([.visa])
        copy.requiredShippingContactFields = [.emailAddress]
        XCTAssertEqual(original.merchantIdentifier, "")
        XCTAssertEqual(original.supportedNetworks, [.amex, .masterCard, .visa, .chinaUnionPay])
        XCTAssertEqual(original.requiredShippingContactFields, [])
        XCTAssertNotEqual(original, copy)
        XCTAssertEqual(original.summary, copy.summary, "request fields do not change the summary")
        _ = copy.selectShippingMethod("exp")
        _ = copy.changeCouponCode("TEN")
        _ = copy.changeShippingContact(california)
        XCTAssertEqual(original.selectedShippingMethodIdentifier, "std")
        XCTAssertNil(original.appliedCouponCode)
        XCTAssertNil(original.shippingContact)
        XCTAssertEqual(copy.selectedShippingMethodIdentifier, "exp")
        XCTAssertEqual(copy.appliedCouponCode, "TEN")
        XCTAssertEqual(copy.shippingContact, california)
    }

    /// The selection is kept as the method's index: an identifier spelled otherwise but equal as
    /// a Swift string selects the method, and the checkout reports the method's own spelling.
    func testTheSelectedIdentifierIsTheMethodsOwnSpelling() throws {
        var checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "Shop", items: [SummaryItem(label: "Tea", amount: "1.00")],
            shippingMethods: [
                ShippingMethod(identifier: "free", label: "Free", amount: 0),
                ShippingMethod(identifier: "caf\u{E9}", label: "Café", amount: "2.00"),
            ],
            selectedShippingMethod: "cafe\u{301}")
        XCTAssertEqual(Array(checkout.selectedShippingMethodIdentifier!.unicodeScalars), Array("caf\u{E9}".unicodeScalars))
        XCTAssertEqual(checkout.summary.total.amount, "3.00")
        _ = checkout.selectShippingMethod("free")
        XCTAssertEqual(checkout.selectShippingMethod("cafe\u{301}").status, .success)
        XCTAssertEqual(Array(checkout.selectedShippingMethodIdentifier!.unicodeScalars), Array("caf\u{E9}".unicodeScalars))
    }

    /// Derived amounts beyond `Int64` (as coefficients at the currency's scale) are stored apart
    /// from the inline ones: every line stays exact, whether all amounts are large or only the
    /// total is.
    func testAmountsOfAnySizeStayExact() throws {
        let cases: [(items: [BigDecimal], total: BigDecimal)] = [
            // every amount fits Int64 as cents, the total does not: 2 × 5E+16 + 15 → 1E+19 cents
            (["50000000000000000.00", "50000000000000000.00"], "100000000000000015.00"),
            // 30-digit amounts: the percent discount, the tax and the total are large too
            (["123456789012345678901234567.89"], "123456789012345678901234582.89"),
            (["0.01"], "15.01"),
        ]
        for (amounts, total) in cases {
            var checkout = try make(items: amounts.enumerated().map { SummaryItem(label: "Item \($0.offset)", amount: $0.element) })
            let update = checkout.selectShippingMethod("exp")
            XCTAssertEqual(update.status, .success)
            XCTAssertEqual(update.summaryItems.total.amount, total, "\(amounts)")
            XCTAssertTrue(update.summaryItems.total.amount.isIdentical(to: total), "the total at the currency's scale")
            XCTAssertTrue(update.summaryItems.dropLast().map(\.amount).reduce(0, +).isIdentical(to: total))
            XCTAssertTrue(update.summaryItems[amounts.count].amount.isIdentical(to: "15.00"), "shipping written \"15\" is shown as 15.00")

            // Every derived line through a coupon, a tax rule and a surcharge, checked against
            // the rules written out on the items subtotal.
            _ = checkout.changeCouponCode("TEN")
            _ = checkout.changeShippingContact(california)
            let summary = checkout.selectPaymentMethod(PaymentMethod(network: .visa, type: .credit)).summaryItems
            let subtotal = amounts.reduce(0, +)
            let discount = (-(subtotal * "0.10")).rounded(scale: 2)
            let tax = ((subtotal + discount + "15.00") * "0.0825").rounded(scale: 2)
            let fee = ((subtotal + discount + "15.00" + tax) * "0.02").rounded(scale: 2)
            XCTAssertEqual(
                summary.derivedLines.map { "\($0.label) \($0.amount)" },
                ["Discount (TEN, 10%) \(discount)", "Express 15.00", "Tax \(tax)", "Card fee \(fee)", "Shop \(subtotal + discount + "15.00" + tax + fee)"])
            XCTAssertTrue(summary.dropLast().map(\.amount).reduce(0, +).isIdentical(to: summary.totalLine.amount))
            XCTAssertEqual(checkout.recomputed().summary, summary)
        }
    }
}
