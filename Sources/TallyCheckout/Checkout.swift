import TallyDecimal
import TallyMoney

/// A checkout: what is sold, how it can ship, and the rules that price it — from which the payment
/// summary is *derived*, so that its total is always the exact sum of the lines the sheet shows.
///
/// ```swift
/// var checkout = try Checkout(
///     currency: .cny, countryCode: "CN", merchantName: "ls",
///     items: [SummaryItem(label: "商品价格", amount: "12.75"), SummaryItem(label: "优惠折扣", amount: "-12.74")],
///     shippingMethods: [
///         ShippingMethod(identifier: "free", label: "包邮", amount: 0),
///         ShippingMethod(identifier: "express", label: "极速送达", amount: "10.00"),
///     ])
/// checkout.summary.total.amount   // 0.01
/// let update = checkout.selectShippingMethod("express")
/// update.summaryItems.total.amount // 10.01
/// ```
///
/// A `Checkout` is a value: events (`selectShippingMethod`, `changeShippingContact`, …) mutate it
/// and return the PassKit-shaped update for the delegate callback. It keeps the items subtotal, so
/// an event that does not change the items recomputes only the lines it touches, in O(1).
public struct Checkout: Hashable, Sendable {
    // MARK: Request fields (PKPaymentRequest)

    /// The currency of every amount.
    public let currency: Currency
    /// The merchant's ISO 3166-1 alpha-2 country code (`"CN"`).
    public internal(set) var countryCode: String
    /// The merchant name: the label of the total line.
    public internal(set) var merchantName: String
    /// The Apple Pay merchant identifier (`"merchant.com.example"`).
    public var merchantIdentifier: String
    /// The card networks the merchant accepts.
    public var supportedNetworks: [PaymentNetwork]
    /// The merchant's capabilities.
    public var merchantCapabilities: MerchantCapability
    /// The billing contact fields the request requires.
    public var requiredBillingContactFields: Set<ContactField>
    /// The shipping contact fields the request requires.
    public var requiredShippingContactFields: Set<ContactField>
    /// How the order reaches the customer.
    public var shippingType: ShippingType

    // MARK: What is sold and how it is priced

    /// The item lines, as given.
    public internal(set) var items: [SummaryItem]
    /// Every shipping method of the checkout (`offeredShippingMethods` are those the current
    /// shipping contact can use).
    public internal(set) var shippingMethods: [ShippingMethod]
    /// The coupons the checkout accepts.
    public internal(set) var coupons: [Coupon]
    /// Tax rules by shipping address.
    public internal(set) var taxRules: [TaxRule]
    /// Which methods ship where.
    public internal(set) var shippingRules: [ShippingRule]
    /// Surcharges by payment-method type.
    public internal(set) var surcharges: [Surcharge]
    /// How every derived amount (percent discount, tax, surcharge) is rounded to the minor units.
    public let rounding: RoundingRule
    /// The largest total accepted (`Checkout.webKitMaximumTotal` for Apple Pay on the web), if any.
    public let maximumTotal: BigDecimal?

    // MARK: The state the sheet's events change

    /// The selected shipping method's identifier (the first offered method by default).
    public internal(set) var selectedShippingMethodIdentifier: String?
    /// The applied coupon's code.
    public internal(set) var appliedCouponCode: String?
    /// The shipping contact the sheet last reported.
    public internal(set) var shippingContact: Contact?
    /// The payment method the sheet last reported.
    public internal(set) var paymentMethod: PaymentMethod?

    /// The sum of the final items, kept so that events need not re-sum them.
    public internal(set) var itemsSubtotal: BigDecimal

    /// WebKit refuses Apple Pay totals above 100,000,000.
    public static let webKitMaximumTotal: BigDecimal = 100_000_000

    /// Creates a checkout and validates it.
    ///
    /// - Throws: `CheckoutError` naming the first problem: no items, an empty merchant name, an
    ///   amount with more decimals than the currency allows, a negative total, duplicate shipping
    ///   identifiers or coupon codes, an unknown selected method, a total above `maximumTotal`.
    /// - Complexity: O(n) in the number of items (their subtotal is computed once here).
    public init(
        currency: Currency, countryCode: String, merchantName: String, items: [SummaryItem],
        shippingMethods: [ShippingMethod] = [], selectedShippingMethod: String? = nil, coupons: [Coupon] = [],
        taxRules: [TaxRule] = [], shippingRules: [ShippingRule] = [], surcharges: [Surcharge] = [],
        rounding: RoundingRule = .toNearestOrAwayFromZero, maximumTotal: BigDecimal? = nil,
        merchantIdentifier: String = "", supportedNetworks: [PaymentNetwork] = [.amex, .masterCard, .visa, .chinaUnionPay],
        merchantCapabilities: MerchantCapability = [.threeDSecure, .emv],
        requiredBillingContactFields: Set<ContactField> = [], requiredShippingContactFields: Set<ContactField> = [],
        shippingType: ShippingType = .shipping
    ) throws(CheckoutError) {
        self.currency = currency
        self.countryCode = countryCode
        self.merchantName = merchantName
        self.items = items
        self.shippingMethods = shippingMethods
        self.coupons = coupons
        self.taxRules = taxRules
        self.shippingRules = shippingRules
        self.surcharges = surcharges
        self.rounding = rounding
        self.maximumTotal = maximumTotal
        self.merchantIdentifier = merchantIdentifier
        self.supportedNetworks = supportedNetworks
        self.merchantCapabilities = merchantCapabilities
        self.requiredBillingContactFields = requiredBillingContactFields
        self.requiredShippingContactFields = requiredShippingContactFields
        self.shippingType = shippingType
        self.selectedShippingMethodIdentifier = selectedShippingMethod ?? shippingMethods.first?.identifier
        try Checkout.checkLimits(items)
        self.itemsSubtotal = Checkout.subtotal(of: items)
        try validate()
    }

    /// Every amount and rate a checkout takes must be within the default `ParseLimits` (1,000
    /// significant digits, exponents within ±6,144), as anything parsed from text is: then every
    /// sum, product and rounding of the summary stays far inside the decimal's million-digit
    /// bound, and a value such as `1E+2000000` made in code is a typed error rather than a stop.
    static func checkLimits(_ value: BigDecimal, _ place: @autoclosure () -> String) throws(CheckoutError) {
        let limits = ParseLimits.default
        if !limits.admits(value) {
            throw .invalidValue(
                place: place(), value: value,
                reason: "is beyond the default parse limits (\(limits.maximumSignificantDigits) digits, exponents within ±\(limits.maximumExponentMagnitude))")
        }
    }

    /// `checkLimits` for the items, before they are summed.
    static func checkLimits(_ items: [SummaryItem]) throws(CheckoutError) {
        for (index, item) in items.enumerated() {
            try checkLimits(item.amount, "items[\(index)].amount")
            if case .automaticReload(let threshold) = item.kind { try checkLimits(threshold, "items[\(index)].threshold") }
        }
    }

    /// The sum of the final items (pending items stay out).
    static func subtotal(of items: [SummaryItem]) -> BigDecimal {
        var total = BigDecimal.zero
        for item in items where item.type == .final { total += item.amount }
        return total
    }

    // MARK: Validation

    /// Checks every rule of a valid checkout; the initializer and every change call it.
    func validate() throws(CheckoutError) {
        if items.isEmpty { throw .noItems }
        if merchantName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .emptyMerchantName }
        for (index, item) in items.enumerated() {
            try checkDecimals(item.amount, "items[\(index)].amount")
            if case .automaticReload(let threshold) = item.kind { try checkDecimals(threshold, "items[\(index)].threshold") }
        }
        // The items must not net below zero. With that, no event can make the total negative:
        // discounts are capped at the items subtotal and the shipping price, and tax and
        // surcharges are never negative.
        if itemsSubtotal.signum() < 0 { throw .negativeItemsTotal(itemsSubtotal) }
        var identifiers = Set<String>()
        for (index, method) in shippingMethods.enumerated() {
            try Checkout.checkLimits(method.amount, "shippingMethods[\(index)].amount")
            try checkDecimals(method.amount, "shippingMethods[\(index)].amount")
            if method.amount.signum() < 0 {
                throw .invalidValue(place: "shippingMethods[\(index)].amount", value: method.amount, reason: "is negative")
            }
            if !identifiers.insert(method.identifier).inserted { throw .duplicateShippingMethod(identifier: method.identifier) }
        }
        if let selected = selectedShippingMethodIdentifier, !identifiers.contains(selected) {
            throw .unknownShippingMethod(identifier: selected)
        }
        var codes = Set<String>()
        for (index, coupon) in coupons.enumerated() {
            if !codes.insert(coupon.code).inserted { throw .duplicateCoupon(code: coupon.code) }
            switch coupon.benefit {
            case .percentOff(let percent):
                try Checkout.checkLimits(percent, "coupons[\(index)].percentOff")
            case .amountOff(let amount):
                try Checkout.checkLimits(amount, "coupons[\(index)].amountOff")
            case .freeShipping: break
            }
            switch coupon.benefit {  // then the ranges, on values known to be of sane size
            case .percentOff(let percent) where percent.signum() < 0 || percent > 100:
                throw .invalidValue(place: "coupons[\(index)].percentOff", value: percent, reason: "is not a percentage in 0...100")
            case .amountOff(let amount):
                try checkDecimals(amount, "coupons[\(index)].amountOff")
                if amount.signum() < 0 {
                    throw .invalidValue(place: "coupons[\(index)].amountOff", value: amount, reason: "is negative")
                }
            default: break
            }
        }
        for (index, rule) in taxRules.enumerated() { try Checkout.checkLimits(rule.rate, "taxRules[\(index)].rate") }
        for (index, surcharge) in surcharges.enumerated() {
            try Checkout.checkLimits(surcharge.percent, "paymentMethodSurcharges[\(index)].percent")
        }
        if let maximumTotal { try Checkout.checkLimits(maximumTotal, "maximumTotal") }
        for (index, rule) in taxRules.enumerated() where rule.rate.signum() < 0 {
            throw .invalidValue(place: "taxRules[\(index)].rate", value: rule.rate, reason: "is negative")
        }
        for (index, surcharge) in surcharges.enumerated() where surcharge.percent.signum() < 0 {
            throw .invalidValue(place: "paymentMethodSurcharges[\(index)].percent", value: surcharge.percent, reason: "is negative")
        }
        let total = summary.total.amount
        if total.signum() < 0 { throw .negativeTotal(total) }
        if let maximumTotal, total > maximumTotal { throw .totalAboveMaximum(total: total, maximum: maximumTotal) }
    }

    private func checkDecimals(_ amount: BigDecimal, _ place: String) throws(CheckoutError) {
        guard Money(amount, currency).isWholeMinorUnits else {
            throw .tooManyDecimals(place: place, amount: amount, currency: currency)
        }
    }

    // MARK: Changing what is sold

    /// Replaces the items (re-summing them once) and revalidates.
    ///
    /// - Throws: `CheckoutError`; the checkout is unchanged when it throws.
    public mutating func setItems(_ newItems: [SummaryItem]) throws(CheckoutError) {
        var copy = self
        copy.items = newItems
        try Checkout.checkLimits(newItems)
        copy.itemsSubtotal = Checkout.subtotal(of: newItems)
        try copy.validate()
        self = copy
    }

    /// Replaces the merchant name (the total's label).
    public mutating func setMerchantName(_ name: String) throws(CheckoutError) {
        var copy = self
        copy.merchantName = name
        try copy.validate()
        self = copy
    }
}

import Foundation
