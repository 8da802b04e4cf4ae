import TallyDecimal
import TallyMoney

/// Why a checkout is not valid, naming the place (`items[1].amount`) and the reason.
public enum CheckoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A checkout needs at least one item.
    case noItems
    /// The merchant name labels the total; it must not be empty.
    case emptyMerchantName
    /// An amount has more decimals than the currency allows.
    case tooManyDecimals(place: String, amount: BigDecimal, currency: Currency)
    /// A value is outside its range (a negative shipping price, a percentage above 100, …).
    case invalidValue(place: String, value: BigDecimal, reason: String)
    /// The total is negative (Apple Pay refuses negative totals). A last check that the current
    /// rules cannot reach: a negative items total is refused first (`.negativeItemsTotal`),
    /// discounts are capped at what they discount, and tax and surcharges are never negative.
    case negativeTotal(BigDecimal)
    /// The final items add up to less than zero (a refund line larger than the rest): no
    /// shipping, coupon or payment method could keep the total from going negative.
    case negativeItemsTotal(BigDecimal)
    /// The total is above the ceiling (WebKit refuses totals above 100,000,000).
    case totalAboveMaximum(total: BigDecimal, maximum: BigDecimal)
    /// Two shipping methods share an identifier: the one at `index` and an earlier one at
    /// `firstIndex` (indices into `shippingMethods`).
    case duplicateShippingMethod(identifier: String, index: Int, firstIndex: Int)
    /// The selected shipping method is not one of the checkout's.
    case unknownShippingMethod(identifier: String)
    /// Two coupons share a code: the one at `index` and an earlier one at `firstIndex` (indices
    /// into `coupons`).
    case duplicateCoupon(code: String, index: Int, firstIndex: Int)
    /// The code of the coupon at `index` cannot be entered as it is: it is empty (an empty code
    /// removes the applied coupon), starts or ends with a space or tab (the code the customer
    /// enters is trimmed of them), or holds a control character or line separator such as a line
    /// break (it would break the discount line's label).
    case invalidCouponCode(code: String, index: Int)
    /// A shipping rule offers a method the checkout does not have: `methods[position]` of
    /// `shippingRules[rule]` (a misspelt identifier would quietly leave the rule's addresses
    /// without that method, or refuse them as unserviceable). An empty `methods` list stays
    /// valid: it refuses the rule's addresses on purpose.
    case unknownShippingMethodInRule(identifier: String, rule: Int, position: Int)
    /// The tax rule at `index` is for the same country and region as an earlier one at
    /// `firstIndex` (compared as contacts are matched: case and surrounding white space aside);
    /// only the first could ever apply.
    case duplicateTaxRule(index: Int, firstIndex: Int)
    /// The surcharge at `index` is for the same payment-method type as an earlier one at
    /// `firstIndex`; only the first could ever apply.
    case duplicateSurcharge(type: PaymentMethodType, index: Int, firstIndex: Int)
    /// The text at `place` (`shippingMethods[0].identifier`) has more than 30 combining marks in a
    /// row: Swift compares and hashes such text in time quadratic in the run (a review's 320 KB
    /// identifier took 42 s to validate), and no language needs it (Unicode's stream-safe text
    /// format, UAX #15, allows 30).
    case unsafeText(place: String)
    /// The country or region code at `place` (`taxRules[0].region`) has `bytes` bytes of UTF-8,
    /// more than `Checkout.maximumCodeLength`.
    case codeTooLong(place: String, bytes: Int)
    /// A tax or shipping rule's country that is not an assigned ISO 3166-1 alpha-2 code in ASCII
    /// letters (`"USA"`, `"XX"`): it could match no contact.
    case unassignedCountryCode(place: String, code: String)
    /// The rule's country or region code at `place` (`taxRules[0].region`) is empty or white
    /// space: a contact's blank code counts as no code, so it matches no contact.
    case blankCode(place: String)
    /// A field of the payment request that PassKit refuses, at `place`: a `countryCode` that is
    /// not an assigned ISO 3166-1 alpha-2 code in capitals (`"US"`, not `"us"` or `"USA"`), no
    /// `supportedNetworks`, `merchantCapabilities` with neither `threeDSecure` nor `emv`, or a
    /// shipping method's `dateRange` that starts after it ends.
    case invalidRequest(place: String, reason: String)

    /// `items[1].amount: 12.755 has more decimals than CNY allows (2)`.
    public var description: String {
        switch self {
        case .noItems: return "items: a checkout needs at least one item"
        case .emptyMerchantName: return "merchantName: must not be empty or blank (it labels the total)"
        case .tooManyDecimals(let place, let amount, let currency):
            return "\(place): \(MoneyError.shown(amount)) has more decimals than \(currency.code) allows (\(currency.minorUnits))"
        case .invalidValue(let place, let value, let reason): return "\(place): \(MoneyError.shown(value)) \(reason)"
        case .negativeTotal(let total): return "total: \(MoneyError.shown(total)) is negative; Apple Pay refuses negative totals"
        case .negativeItemsTotal(let subtotal):
            return "items: the final items add up to \(MoneyError.shown(subtotal)); a negative items total can make the payment total negative"
        case .totalAboveMaximum(let total, let maximum):
            return "total: \(MoneyError.shown(total)) is above the maximum of \(MoneyError.shown(maximum))"
        case .duplicateShippingMethod(let identifier, let index, let firstIndex):
            return "shippingMethods[\(index)].identifier: \(quotedForMessage(identifier)) is used twice (also shippingMethods[\(firstIndex)])"
        case .unknownShippingMethod(let identifier):
            return "selectedShippingMethod: \(quotedForMessage(identifier)) is not one of the shipping methods"
        case .duplicateCoupon(let code, let index, let firstIndex):
            return "coupons[\(index)].code: \(quotedForMessage(code)) is used twice (also coupons[\(firstIndex)])"
        case .invalidCouponCode(let code, let index):
            return "coupons[\(index)].code: \(quotedForMessage(code)) cannot be entered: a code is not empty, has no space or tab at either end and no control character or line separator"
        case .unknownShippingMethodInRule(let identifier, let rule, let position):
            return "shippingRules[\(rule)].methods[\(position)]: \(quotedForMessage(identifier)) is not one of the shipping methods"
        case .duplicateTaxRule(let index, let firstIndex):
            return "taxRules[\(index)]: is for the same country and region as taxRules[\(firstIndex)]; only one rule can apply"
        case .duplicateSurcharge(let type, let index, let firstIndex):
            return "surcharges[\(index)].paymentMethodType: \(type) cards have a surcharge already (surcharges[\(firstIndex)])"
        case .unsafeText(let place):
            return "\(place): \(combiningRunReason)"
        case .unassignedCountryCode(let place, let code):
            return "\(place): \(quotedForMessage(code)) is not an ISO 3166-1 alpha-2 country code (two letters, such as \"US\")"
        case .codeTooLong(let place, let bytes):
            return "\(place): a code of \(bytes) bytes, more than the \(Checkout.maximumCodeLength) a country or region code may have"
        case .blankCode(let place):
            return "\(place): is blank, and no contact's code is (a blank one counts as none), so it matches no contact"
                + (place.hasSuffix("country") ? "" : "; leave the region out for a rule for the whole country")
        case .invalidRequest(let place, let reason):
            return "\(place): \(reason)"
        }
    }
}
