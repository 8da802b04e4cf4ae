import TallyDecimal

/// A coupon the checkout accepts (`didChangeCouponCode`).
public struct Coupon: Hashable, Sendable {
    /// What the coupon gives.
    public enum Benefit: Hashable, Sendable {
        /// A percentage off the items subtotal (`10` is 10 %), rounded once to the minor units.
        case percentOff(BigDecimal)
        /// A fixed amount off the items subtotal.
        case amountOff(BigDecimal)
        /// The selected shipping method's amount off.
        case freeShipping
    }

    /// The code the customer types: matched case-sensitively and up to canonical equivalence
    /// (`"CAFE\u{301}"` is `"CAFÉ"`), after trimming the entered code's surrounding tabs and
    /// spaces (any Unicode space separator).
    public var code: String {
        didSet { discountLabel = Coupon.discountLabel(code: code, benefit: benefit) }
    }
    /// What it gives.
    public var benefit: Benefit {
        didSet { discountLabel = Coupon.discountLabel(code: code, benefit: benefit) }
    }
    /// Whether it has expired (entering it gives `couponCodeExpired`).
    public var isExpired: Bool
    /// The label of the summary's discount line while the coupon is applied:
    /// `Discount (SAVE15, 15%)`, `Discount (WELCOME10)` or `Free shipping (FREESHIP)`.
    ///
    /// Kept with the coupon, so that pricing an event neither formats nor allocates it. Part of
    /// the coupon's equality: `percentOff(10)` and `percentOff("10.0")` are equal benefits, but
    /// the coupons show "10%" and "10.0%" and so are not equal coupons.
    public private(set) var discountLabel: String

    /// Creates a coupon.
    public init(code: String, benefit: Benefit, isExpired: Bool = false) {
        self.code = code
        self.benefit = benefit
        self.isExpired = isExpired
        self.discountLabel = Coupon.discountLabel(code: code, benefit: benefit)
    }

    private static func discountLabel(code: String, benefit: Benefit) -> String {
        switch benefit {
        // Plain for every percent a checkout accepts (the default parse limits); a far one made
        // in code (`1E+2000000`, which the checkout then refuses with `invalidValue`) in
        // scientific form: spelled out it stopped the process here (review, 2026-12-01).
        case .percentOff(let percent):
            return "Discount (\(code), \(ParseLimits.default.admits(percent) ? percent.plainString : percent.description)%)"
        case .amountOff: return "Discount (\(code))"
        case .freeShipping: return "Free shipping (\(code))"
        }
    }
}

/// A sales tax or VAT rule, applied to the shipping address (`tax = rate × base`).
public struct TaxRule: Hashable, Sendable {
    /// ISO 3166-1 alpha-2 country code.
    public var country: String
    /// The administrative area (`"CA"`), or `nil` for the whole country.
    public var region: String?
    /// The rate as a fraction (`0.0725` is 7.25 %), in `0...1`: a checkout refuses a rate above 1,
    /// the mistake of writing a percentage (`7.25`) where the fraction belongs.
    public var rate: BigDecimal
    /// The line's label (`"Tax"`).
    public var label: String
    /// Whether shipping is part of the taxed base.
    public var includesShipping: Bool

    /// Creates a tax rule.
    public init(country: String, region: String? = nil, rate: BigDecimal, label: String = "Tax", includesShipping: Bool = false) {
        self.country = country
        self.region = region
        self.rate = rate
        self.label = label
        self.includesShipping = includesShipping
    }
}

/// Which shipping methods are offered where.
///
/// With no rules, every method is offered everywhere. With rules, a shipping contact is matched by
/// country: rules naming the contact's region win, then a rule for the whole country (no regions);
/// a country whose rules all name other regions gets every method. A contact to whom no method is
/// offered — its country has no rule, or the rules that apply list no method (an empty `methods`
/// refuses a region on purpose; a method the checkout does not have is a validation error)
/// — is refused with `shippingAddressUnserviceable`. A contact without a country code (or with an
/// empty one) gets every method. Codes and region names match when equal once lowercased, in any
/// Unicode normalization.
public struct ShippingRule: Hashable, Sendable {
    /// ISO 3166-1 alpha-2 country code.
    public var country: String
    /// Administrative areas the rule is for; empty for the whole country.
    public var regions: [String]
    /// Identifiers of the methods offered there.
    public var methods: [String]

    /// Creates a rule.
    public init(country: String, regions: [String] = [], methods: [String]) {
        self.country = country
        self.regions = regions
        self.methods = methods
    }
}

/// A surcharge for a payment-method type (a card fee), a percentage of everything before it.
public struct Surcharge: Hashable, Sendable {
    /// The card type it applies to.
    public var paymentMethodType: PaymentMethodType
    /// The percentage (`2.5` is 2.5 %), in `0...100` as a checkout requires.
    public var percent: BigDecimal
    /// The line's label (`"Card fee"`).
    public var label: String

    /// Creates a surcharge.
    public init(paymentMethodType: PaymentMethodType, percent: BigDecimal, label: String) {
        self.paymentMethodType = paymentMethodType
        self.percent = percent
        self.label = label
    }
}
