// Generators for the checkout layer: valid checkouts of every shape the rules cover, and the
// payment-sheet events that reprice them.
import Foundation
import TallyCheckout
import TallyDecimal
import TallyMoney

extension Gen where Value == Checkout {
    /// Valid checkouts: 1–12 items (some pending; some deferred, recurring or automatic-reload
    /// payments), sometimes followed by a negative line up to the rest (so up to 13 lines),
    /// 0–4 shipping methods (any of them selected), coupons of every kind (some expired), tax
    /// rules for a country or a region (with or without shipping), shipping rules, card
    /// surcharges, every rounding rule, required billing and shipping contact fields, a merchant
    /// in China or the United States, in USD, CNY, JPY, KWD or a custom 8-decimal currency, and
    /// sometimes a maximum total just above the starting one. Shrinks toward one final standard
    /// item, no rules and the first method.
    public static var checkout: Gen<Checkout> {
        Gen<Currency>.element(of: [.usd, .cny, .jpy, .kwd, Currency(code: "TOK", minorUnits: 8)]).flatMap { currency in
            checkout(in: currency)
        }
    }

    /// Valid checkouts in `currency` (see `checkout`).
    public static func checkout(in currency: Currency) -> Gen<Checkout> {
        let amount = { (range: ClosedRange<Int64>) in Gen<Int64>.int64(in: range).map { Money(minorUnits: $0, currency: currency).amount } }
        // Item prices mostly of the same order as shipping prices (so that swaps matter), sometimes large.
        let itemAmount = Gen<BigDecimal>.frequency([(3, amount(0...20_000)), (1, amount(0...5_000_000))])
        // Dates a whole number of seconds after 2026-01-01 (any day of the next ten years).
        let date = Gen<Int>.int(in: 0...315_360_000).map { Date(timeIntervalSince1970: TimeInterval(1_767_225_600 + $0)) }
        let kind = Gen<SummaryItemKind>.frequency([
            (12, .constant(.standard)),
            (1, date.map { .deferred(date: $0) }),
            (1, Gen<(Date?, RecurringInterval, Int, Date?)>.zip(.optional(date), .element(of: RecurringInterval.allCases), .int(in: 1...12), .optional(date))
                .map { .recurring(startDate: $0, interval: $1, intervalCount: $2, endDate: $3) }),
            (1, amount(0...100_000).map { .automaticReload(threshold: $0) }),
        ])
        // Pending is the last of ten choices, so shrinking leaves it for a final line.
        let item = Gen<(BigDecimal, Bool, SummaryItemKind)>.zip(itemAmount, Gen<Int>.int(in: 0...9).map { $0 == 9 }, kind)
            .map { value, pending, kind in SummaryItem(label: "item", amount: value, type: pending ? .pending : .final, kind: kind) }
        let method = amount(0...5_000)
        let benefit = Gen<Coupon.Benefit>.oneOf([
            Gen<Int>.int(in: 0...100).map { .percentOff(BigDecimal($0)) },
            amount(0...10_000_000).map { .amountOff($0) },
            .constant(.freeShipping),
        ])
        let taxRule = Gen<(String, String?, Int, Bool)>.zip(
            .element(of: ["CN", "US"]), .element(of: [nil, "CA", "XZ"] as [String?]), .int(in: 0...2500), .bool
        ).map { country, region, basisPoints, includesShipping in
            TaxRule(country: country, region: region, rate: BigDecimal(basisPoints) * "0.0001", includesShipping: includesShipping)
        }
        let surcharge = Gen<(PaymentMethodType, Int)>.zip(.element(of: PaymentMethodType.allCases), .int(in: 0...500))
            .map { type, basisPoints in Surcharge(paymentMethodType: type, percent: BigDecimal(basisPoints) * "0.01", label: "Card fee") }
        let sold = Gen<([SummaryItem], Bool, [BigDecimal])>.zip(item.array(count: 1...12), .bool, method.array(count: 0...4))
        let offers = Gen<([Coupon.Benefit], [Bool])>.zip(benefit.array(count: 0...3), Gen<Bool>.bool.array(count: 3...3))
        let rules = Gen<([TaxRule], Bool, [Surcharge], RoundingRule)>.zip(
            taxRule.array(count: 0...3), .bool, surcharge.array(count: 0...2), .roundingRule)
        // A negative line of up to the whole final subtotal (so the items may net to exactly 0),
        // and sometimes a maximum total a little above the starting total, so that events that
        // would pass it are exercised.
        let headroom = Gen<Int?>.frequency([
            (3, .constant(nil)), (1, Gen<Int>.int(in: 0...50).map { $0 }), (1, Gen<Int>.int(in: 0...3000).map { $0 }),
        ])
        let fields = Gen<ContactField>.element(of: ContactField.allCases).array(count: 0...2).map(Set.init)
        // The merchant's country, the selected method (by index, the first when there are fewer),
        // the contact fields required for billing and for shipping.
        let request = Gen<(String, Int, Set<ContactField>, Set<ContactField>)>.zip(.element(of: ["CN", "US"]), .int(in: 0...3), fields, fields)
        let extras = Gen<(Int, Int?, (String, Int, Set<ContactField>, Set<ContactField>))>.zip(.int(in: 0...100), headroom, request)
        return Gen<(([SummaryItem], Bool, [BigDecimal]), ([Coupon.Benefit], [Bool]), ([TaxRule], Bool, [Surcharge], RoundingRule),
                    (Int, Int?, (String, Int, Set<ContactField>, Set<ContactField>)))>
            .zip(sold, offers, rules, extras)
            .map { sold, offers, rules, extras -> Checkout? in
                var (items, addNegative, methodAmounts) = sold
                let (benefits, expired) = offers
                var (taxRules, restrictShipping, surcharges, rounding) = rules
                // One tax rule per place and one surcharge per card type (a checkout refuses a
                // second one, which could never apply): the first of each is kept.
                var places = Set<[String?]>()
                taxRules = taxRules.filter { places.insert([$0.country, $0.region]).inserted }
                var types = Set<PaymentMethodType>()
                surcharges = surcharges.filter { types.insert($0.paymentMethodType).inserted }
                if addNegative {
                    // A discount line no larger than the items (static totals must not be negative).
                    let subtotal = items.filter { $0.type == .final }.reduce(BigDecimal.zero) { $0 + $1.amount }
                    let share = BigDecimal(extras.0) * "0.01"
                    items.append(SummaryItem(label: "discount", amount: -(subtotal * share).rounded(scale: currency.minorUnits, .towardZero)))
                }
                let methods = methodAmounts.enumerated().map { ShippingMethod(identifier: "m\($0.offset)", label: "Method \($0.offset)", amount: $0.element) }
                let coupons = benefits.enumerated().map { Coupon(code: "C\($0.offset)", benefit: $0.element, isExpired: expired[$0.offset]) }
                let shippingRules =
                    restrictShipping && !methods.isEmpty
                    ? [ShippingRule(country: "CN", regions: ["XZ", "XJ"], methods: ["m0"]), ShippingRule(country: "CN", methods: methods.map(\.identifier)),
                       ShippingRule(country: "US", methods: methods.map(\.identifier))]
                    : []
                let (country, selectedIndex, billingFields, shippingFields) = extras.2
                let selected = methods.isEmpty ? nil : methods[min(selectedIndex, methods.count - 1)].identifier
                func make(maximumTotal: BigDecimal?) -> Checkout? {
                    try? Checkout(
                        currency: currency, countryCode: country, merchantName: "Shop", items: items, shippingMethods: methods,
                        selectedShippingMethod: selected, coupons: coupons, taxRules: taxRules, shippingRules: shippingRules,
                        surcharges: surcharges, rounding: rounding, maximumTotal: maximumTotal,
                        requiredBillingContactFields: billingFields, requiredShippingContactFields: shippingFields)
                }
                guard let start = make(maximumTotal: nil) else { return nil }
                guard let headroom = extras.1 else { return start }
                // A ceiling between the starting total and a third more: some events pass it.
                let maximum = start.summary.total.amount + (start.summary.total.amount * BigDecimal(headroom) * "0.0001")
                return make(maximumTotal: maximum.rounded(scale: currency.minorUnits, .down))
            }
            .filter("a valid checkout") { $0 != nil }
            .map { $0! }
    }
}

extension Gen where Value == CheckoutEvent {
    /// Events a payment sheet sends for `checkout`: its shipping identifiers and an unknown one,
    /// contacts in served, regional and unserved places, every card type, its coupon codes, an
    /// empty code and an unknown one; and, for one in five of the shipping, contact and coupon
    /// events (about one event in seven), text as a sheet or a client may send it (`Gen.string`):
    /// codes in other cases or with spaces around them, country and region codes in lower case,
    /// with spaces, in full-width letters or with a zero-width space, and arbitrary text as an
    /// identifier, a code or a place.
    public static func checkoutEvent(for checkout: Checkout) -> Gen<CheckoutEvent> {
        let identifiers = checkout.shippingMethods.map(\.identifier) + ["unknown-method"]
        let codes = checkout.coupons.map(\.code) + ["", "BOGUS"]
        let places: [(String, String?)] = [("CN", "BJ"), ("CN", "XZ"), ("US", "CA"), ("US", "NY"), ("FR", nil)]
        let text = Gen<String>.string(count: 0...6)
        let spelledOtherwise: [(String, String?)] = [
            ("us", "ca"), (" US ", "NY "), ("ＵＳ", nil), ("U\u{200B}S", nil), ("", nil), ("cn", "xz"), ("CN", "Xz"),
        ]
        let codeVariants = Gen<String>.element(of: codes).flatMap { code in
            Gen<String>.element(of: [code.lowercased(), code.uppercased(), " \(code) ", "\(code)\u{200B}"])
        }
        return .oneOf([
            Gen<String>.frequency([(4, .element(of: identifiers)), (1, text)]).map { .selectShippingMethod($0) },
            Gen<(String, String?)>.frequency([
                (8, .element(of: places)), (1, .element(of: spelledOtherwise)), (1, .zip(text, .optional(text))),
            ]).map { country, region in
                .changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: region, isoCountryCode: country)))
            },
            Gen<PaymentMethodType>.element(of: PaymentMethodType.allCases).map { .selectPaymentMethod(PaymentMethod(type: $0)) },
            Gen<String>.frequency([(8, .element(of: codes)), (1, codeVariants), (1, text)]).map { .changeCouponCode($0) },
        ])
    }
}
