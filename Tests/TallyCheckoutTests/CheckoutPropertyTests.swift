import TallyCheckout
import TallyDecimal
import TallyMoney
import TallyTesting
import XCTest

/// Random checkouts through random event sequences: after every step the update is the checkout's
/// summary, the total is the exact sum of the lines the sheet shows and never negative nor above
/// the maximum, and the checkout equals a fresh one brought straight to the same state (the
/// incremental history gives what a full recomputation from scratch gives).
final class CheckoutPropertyTests: XCTestCase {
    let runs = Gen<Checkout>.checkout.flatMap { checkout in
        Gen.zip(.constant(checkout), Gen<CheckoutEvent>.checkoutEvent(for: checkout).array(count: 0...20))
    }

    func testIncrementalEqualsFullRecomputationAfterEveryEvent() {
        forAll(runs, count: 200) { start, events in
            var checkout = start
            for event in events {
                let update = checkout.apply(event)
                try expect(update.summaryItems == checkout.summary, "the update carries the checkout's summary")
                try expect(checkout.summary == Self.fresh(like: checkout).summary, "incremental == full recomputation after \(event)")
                try Self.expectConsistent(checkout.summary)
                if let maximum = checkout.maximumTotal {
                    try expect(checkout.summary.total.amount <= maximum, "the total stays within the maximum")
                }
            }
        }
    }

    /// Spellings the rules call the same give the same answer, from any state a run of events
    /// reaches: an entered coupon code with spaces or a tab around it is the code (`Coupon.code`),
    /// and a contact's country and region codes match in any case and with spaces around them
    /// (Guides/Checkout.md).
    func testSpellingsTheRulesCallTheSameGiveTheSameUpdate() {
        forAll(runs, count: 200) { start, events in
            var checkout = start
            for event in events { _ = checkout.apply(event) }
            for code in checkout.coupons.map(\.code) {
                var plain = checkout, spaced = checkout
                let expected = plain.changeCouponCode(code), entered = spaced.changeCouponCode(" \(code)\t")
                try expect(entered.summaryItems == expected.summaryItems, "\(code.debugDescription) with spaces around prices the same")
                try expect(entered.errors.map(\.code) == expected.errors.map(\.code), "\(code.debugDescription) with spaces around: the same errors")
            }
            for (country, region) in [("US", "NY"), ("US", "CA"), ("CN", "XZ"), ("CN", "BJ"), ("FR", nil)] as [(String, String?)] {
                var plain = checkout, spelled = checkout
                let expected = plain.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: region, isoCountryCode: country)))
                let other = spelled.changeShippingContact(Contact(postalAddress: PostalAddress(
                    administrativeArea: region.map { " \($0.lowercased()) " }, isoCountryCode: " \(country.lowercased())")))
                try expect(other.summaryItems == expected.summaryItems, "\(country) \(region ?? "") in lower case with spaces prices the same")
                try expect(other.errors.map(\.code) == expected.errors.map(\.code), "\(country) \(region ?? ""): the same errors")
                try expect(other.shippingMethods.map(\.identifier) == expected.shippingMethods.map(\.identifier), "\(country): the same methods")
            }
        }
    }

    /// `applying(_:)`, the pure form: the checkout and update `apply` gives on a copy, with the
    /// checkout it was called on left equal to what it was before.
    func testApplyingIsApplyWithoutChangingTheCheckout() {
        forAll(runs, count: 100) { start, events in
            var checkout = start
            for event in events {
                let before = checkout
                let (next, update) = checkout.applying(event)
                try expect(checkout == before, "applying(\(event)) left the checkout as it was")
                let applied = checkout.apply(event)
                try expect(next == checkout && update == applied, "applying(\(event)) gave what apply gives")
            }
        }
    }

    /// `CheckoutUpdate` reads, for every event, the fields its case's update holds (and none it
    /// does not: a shipping-method update has a status and no errors, the others the reverse).
    func testTheUpdateReadsItsCasesFields() {
        forAll(runs, count: 100) { start, events in
            var checkout = start
            for event in events {
                let update = checkout.apply(event)
                let matches: Bool
                switch update {
                case .shippingMethod(let own): matches = update.status == own.status && update.errors.isEmpty && update.shippingMethods == nil
                case .shippingContact(let own): matches = update.status == nil && update.errors == own.errors && update.shippingMethods == own.shippingMethods
                case .paymentMethod(let own): matches = update.status == nil && update.errors == own.errors && update.shippingMethods == nil
                case .couponCode(let own): matches = update.status == nil && update.errors == own.errors && update.shippingMethods == own.shippingMethods
                }
                try expect(matches, "the update of \(event) reads its own fields")
            }
        }
    }

    func testStaticCheckoutsAreConsistent() {
        forAll(Gen<Checkout>.checkout, count: 200) { checkout in
            try Self.expectConsistent(checkout.summary)
            try expect(checkout.summary.count == checkout.items.count + checkout.summary.derivedLines.count, "every item is shown")
        }
    }

    /// A new checkout built from `checkout`'s fields (items summed again) and brought to its state
    /// directly: contact, then method, coupon and card. No maximum, so that no intermediate step of
    /// this shorter path is refused.
    static func fresh(like checkout: Checkout) throws -> Checkout {
        var fresh = try Checkout(
            currency: checkout.currency, countryCode: checkout.countryCode, merchantName: checkout.merchantName,
            items: checkout.items, shippingMethods: checkout.shippingMethods, coupons: checkout.coupons,
            taxRules: checkout.taxRules, shippingRules: checkout.shippingRules, surcharges: checkout.surcharges,
            rounding: checkout.rounding)
        if let contact = checkout.shippingContact { _ = fresh.changeShippingContact(contact) }
        if let method = checkout.selectedShippingMethodIdentifier { _ = fresh.selectShippingMethod(method) }
        if let code = checkout.appliedCouponCode { _ = fresh.changeCouponCode(code) }
        if let card = checkout.paymentMethod { _ = fresh.selectPaymentMethod(card) }
        return fresh
    }

    /// The rules every summary obeys.
    static func expectConsistent(_ summary: PaymentSummary) throws {
        let lines = Array(summary)
        let total = lines[lines.count - 1].amount
        let sum = lines.dropLast().reduce(BigDecimal.zero) { $0 + $1.amount }
        try expect(total == sum, "the total \(total) is the sum of the lines above it (\(sum))")
        try expect(total.signum() >= 0, "the total is never negative")
        for line in lines {
            try expect(line.amount.rounded(scale: summary.currency.minorUnits, .towardZero) == line.amount, "\(line.label) in whole minor units")
        }
    }
}
