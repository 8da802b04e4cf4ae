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
    // Representation: what is sold and the rules that price it live in one immutable object,
    // `terms`, shared by the checkout's copies and by every summary it produces; the checkout
    // itself holds only that reference and the state the sheet's events change. So an event's
    // update retains one object, however many items, methods and rules there are, and copies
    // a few words, not the rules (W9 in Guides/Benchmarks.md). Changing a term (a request field,
    // `setItems`, `setMerchantName`) makes a new `CheckoutTerms` and finds again what the rules
    // say of the contact and the payment method: O(rules) per change, which is rare.

    /// What is sold and how it is priced.
    private(set) var terms: CheckoutTerms

    // MARK: Request fields (PKPaymentRequest)

    /// The currency of every amount.
    public var currency: Currency { terms.currency }
    /// The merchant's ISO 3166-1 alpha-2 country code (`"CN"`).
    public var countryCode: String { terms.countryCode }
    /// The merchant name: the label of the total line.
    public var merchantName: String { terms.merchantName }
    /// The Apple Pay merchant identifier (`"merchant.com.example"`); `setMerchantIdentifier(_:)`
    /// changes it.
    public var merchantIdentifier: String { terms.merchantIdentifier }
    /// The card networks the merchant accepts; `setSupportedNetworks(_:)` changes them.
    public var supportedNetworks: [PaymentNetwork] { terms.supportedNetworks }
    /// The merchant's capabilities; `setMerchantCapabilities(_:)` changes them.
    public var merchantCapabilities: MerchantCapability { terms.merchantCapabilities }
    /// The billing contact fields the request requires.
    public var requiredBillingContactFields: Set<ContactField> {
        get { terms.requiredBillingContactFields }
        set { changeTerms { $0.requiredBillingContactFields = newValue } }
    }
    /// The shipping contact fields the request requires.
    public var requiredShippingContactFields: Set<ContactField> {
        get { terms.requiredShippingContactFields }
        set { changeTerms { $0.requiredShippingContactFields = newValue } }
    }
    /// How the order reaches the customer.
    public var shippingType: ShippingType {
        get { terms.shippingType }
        set { changeTerms { $0.shippingType = newValue } }
    }

    // MARK: What is sold and how it is priced

    /// The item lines, as given.
    public var items: [SummaryItem] { terms.items }
    /// Every shipping method of the checkout (`offeredShippingMethods` are those the current
    /// shipping contact can use).
    public var shippingMethods: [ShippingMethod] { terms.shippingMethods }
    /// The coupons the checkout accepts.
    public var coupons: [Coupon] { terms.coupons }
    /// Tax rules by shipping address.
    public var taxRules: [TaxRule] { terms.taxRules }
    /// Which methods ship where.
    public var shippingRules: [ShippingRule] { terms.shippingRules }
    /// Surcharges by payment-method type.
    public var surcharges: [Surcharge] { terms.surcharges }
    /// How every derived amount (percent discount, tax, surcharge) is rounded to the minor units.
    public var rounding: RoundingRule { terms.rounding }
    /// The largest total accepted (`Checkout.webKitMaximumTotal` for Apple Pay on the web), if any.
    public var maximumTotal: BigDecimal? { terms.maximumTotal }

    // MARK: The state the sheet's events change

    /// The selected method's index in `shippingMethods` (the first offered method by default).
    var selectedShippingMethodIndex: Int? {
        get { selectedMethodSlot.value }
        set { selectedMethodSlot = RuleIndex(newValue) }
    }
    /// The applied coupon's index in `coupons`.
    var appliedCouponIndex: Int? {
        get { appliedCouponSlot.value }
        set { appliedCouponSlot = RuleIndex(newValue) }
    }
    private var selectedMethodSlot: RuleIndex
    private var appliedCouponSlot = RuleIndex.none

    /// The selected shipping method's identifier (the first offered method by default), as the
    /// method spells it: identifiers are matched as Swift strings are, so selecting "cafe\u{301}"
    /// (a combining accent) selects the method "caf\u{E9}", and this returns "caf\u{E9}".
    public var selectedShippingMethodIdentifier: String? {
        selectedShippingMethodIndex.map { terms.shippingMethods[$0].identifier }
    }
    /// The applied coupon's code.
    public var appliedCouponCode: String? { appliedCouponIndex.map { terms.coupons[$0].code } }
    /// The shipping contact the sheet last reported.
    public internal(set) var shippingContact: Contact? {
        get { destination.contact }
        set { destination = Destination(newValue, terms) }
    }
    /// The payment method the sheet last reported.
    public internal(set) var paymentMethod: PaymentMethod? {
        get { payment?.method }
        set { payment = newValue.map { PaymentChoice($0, terms) } }
    }

    /// The shipping contact and what the rules say of it (found when the contact changes).
    var destination: Destination
    /// The payment method and its surcharge (found when the method changes).
    var payment: PaymentChoice?

    /// The sum of the final items, kept so that events need not re-sum them.
    public internal(set) var itemsSubtotal: BigDecimal

    /// The most UTF-8 bytes a country or region code may have, in a rule or a contact: 256.
    ///
    /// Codes are matched as trimmed, lowercased Unicode strings (`" CA "` is `"ca"`). Before each
    /// code was keyed once, a code that differed from a rule's outside ASCII was trimmed and
    /// lowercased again for each rule it was compared with, so a contact's region of a million
    /// "é" against 51 state rules took a review 31 s per contact change. Real codes ("US", "CA", "Québec", "Provincia autonoma di
    /// Bolzano") are far below the bound, and with it each comparison costs at most a few
    /// hundred bytes of work. A longer code in a rule (measured as written) is
    /// `CheckoutError.codeTooLong`; in a contact (measured once trimmed of surrounding white
    /// space), an invalid postal address.
    public static let maximumCodeLength = 256

    /// WebKit refuses Apple Pay totals above 100,000,000.
    public static let webKitMaximumTotal: BigDecimal = 100_000_000

    /// The 249 officially assigned ISO 3166-1 alpha-2 codes (ISO 3166 Maintenance Agency, 2024).
    /// Not Foundation's `Locale.Region.isoRegions`: CLDR's list adds 12 codes that are not assigned
    /// (`AC CP CQ DG EA EU EZ IC QO TA UN XK`) and can differ between platforms.
    package static let isoRegionCodes: Set<String> = Set("""
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV \
        BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES \
        ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE \
        IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY \
        MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU \
        NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM \
        SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE \
        VG VI VN VU WF WS YE YT ZA ZM ZW
        """.split(separator: " ").map(String.init))

    /// Whether `code` is an assigned ISO 3166-1 alpha-2 code in capitals (`"US"`), as PassKit
    /// and WebKit take a merchant's country code.
    package static func isAssignedCountryCode(_ code: String) -> Bool {
        code.utf8.count == 2 && code.utf8.allSatisfy({ $0 &- 65 < 26 }) && isoRegionCodes.contains(code)
    }

    /// Creates a checkout and validates it.
    ///
    /// - Throws: `CheckoutError` naming the first problem: a text with more than 30 combining
    ///   marks in a row (`.unsafeText`) or a country or region code longer than
    ///   `maximumCodeLength` (`.codeTooLong`), checked first; then an item amount or threshold
    ///   beyond the default parse limits (`.invalidValue`); then a request field PassKit refuses
    ///   (`.invalidRequest`: a `countryCode` that is not an assigned alpha-2 code in capitals, no
    ///   supported network, neither `threeDSecure` nor `emv`, a shipping window that starts after
    ///   it ends); no items, an empty or blank
    ///   merchant name, an amount with more decimals than the currency allows, final items that
    ///   add up to less than zero (`.negativeItemsTotal`), a rule's country that is not an
    ///   assigned alpha-2 code (`.unassignedCountryCode`), duplicate shipping identifiers or coupon codes, an unknown selected method, a total above
    ///   `maximumTotal`, a value out of its range (`.invalidValue`: a negative price, a coupon or
    ///   surcharge percentage outside 0...100, a tax rate outside 0...1, a recurring interval
    ///   count below 1, a negative reload threshold, any other amount or rate beyond the default
    ///   parse limits), or a rule that could never apply (a shipping rule naming an unknown method,
    ///   a second tax rule for one place, a second surcharge for one card type, a coupon code
    ///   nobody can enter, a blank rule country or region: `.blankCode`).
    /// - Complexity: O(n) in the number of items (their subtotal is computed once here), plus a
    ///   pass over the rules.
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
        let fields = CheckoutTerms.Fields(
            currency: currency, countryCode: countryCode, merchantName: merchantName,
            merchantIdentifier: merchantIdentifier, supportedNetworks: supportedNetworks,
            merchantCapabilities: merchantCapabilities, requiredBillingContactFields: requiredBillingContactFields,
            requiredShippingContactFields: requiredShippingContactFields, shippingType: shippingType, items: items,
            shippingMethods: shippingMethods, coupons: coupons, taxRules: taxRules, shippingRules: shippingRules,
            surcharges: surcharges, rounding: rounding, maximumTotal: maximumTotal)
        // Before anything compares or hashes the texts: the terms key the rules' codes and look
        // their methods up (a rule naming a method of 80,000 combining-mark pairs took 16 s to
        // hash when the terms came first), then the selected method's lookup and the tax rule of
        // the merchant's country.
        try Checkout.checkTexts(fields)
        terms = CheckoutTerms(fields)
        if let selectedShippingMethod, !isStreamSafe(selectedShippingMethod) { throw .unsafeText(place: "selectedShippingMethod") }
        try Checkout.checkLimits(items)
        itemsSubtotal = Checkout.subtotal(of: items)
        // An unknown identifier is reported by `validate`, after the duplicates it checks first.
        let selected = selectedShippingMethod ?? shippingMethods.first?.identifier
        selectedMethodSlot = RuleIndex(selected.flatMap(terms.methodIndex))
        destination = Destination(nil, terms)
        try validate(selecting: selected)
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

    /// Every text of the terms has at most 30 combining marks in a row (`isStreamSafe`), or
    /// `CheckoutError.unsafeText` names the first that has more (labels too: a checkout's `==`
    /// and hashing compare them); every country and region code has at most
    /// `maximumCodeLength` bytes, or `.codeTooLong` names it.
    /// - Complexity: O(n) in the length of the texts; texts under 62 bytes are answered by
    ///   their length.
    static func checkTexts(_ fields: CheckoutTerms.Fields) throws(CheckoutError) {
        func check(_ text: String, _ place: @autoclosure () -> String) throws(CheckoutError) {
            if !isStreamSafe(text) { throw .unsafeText(place: place()) }
        }
        func checkCode(_ code: String, _ place: @autoclosure () -> String) throws(CheckoutError) {
            if code.utf8.count > Checkout.maximumCodeLength { throw .codeTooLong(place: place(), bytes: code.utf8.count) }
            try check(code, place())
        }
        try checkCode(fields.countryCode, "countryCode")
        try check(fields.merchantName, "merchantName")
        try check(fields.merchantIdentifier, "merchantIdentifier")
        for (index, network) in fields.supportedNetworks.enumerated() { try check(network.rawValue, "supportedNetworks[\(index)]") }
        for (index, item) in fields.items.enumerated() { try check(item.label, "items[\(index)].label") }
        for (index, method) in fields.shippingMethods.enumerated() {
            try check(method.identifier, "shippingMethods[\(index)].identifier")
            try check(method.label, "shippingMethods[\(index)].label")
            try check(method.detail, "shippingMethods[\(index)].detail")
        }
        for (index, coupon) in fields.coupons.enumerated() { try check(coupon.code, "coupons[\(index)].code") }
        for (index, rule) in fields.taxRules.enumerated() {
            try checkCode(rule.country, "taxRules[\(index)].country")
            if let region = rule.region { try checkCode(region, "taxRules[\(index)].region") }
            try check(rule.label, "taxRules[\(index)].label")
        }
        for (index, rule) in fields.shippingRules.enumerated() {
            try checkCode(rule.country, "shippingRules[\(index)].country")
            for (position, region) in rule.regions.enumerated() { try checkCode(region, "shippingRules[\(index)].regions[\(position)]") }
            for (position, method) in rule.methods.enumerated() { try check(method, "shippingRules[\(index)].methods[\(position)]") }
        }
        for (index, surcharge) in fields.surcharges.enumerated() { try check(surcharge.label, "surcharges[\(index)].label") }
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

    /// Whether `range` starts after it ends, as far as its components say: when both ends have a
    /// year, a month and a day, each is made a date in its own calendar (the Gregorian one when it
    /// names none, with its era and time zone; out-of-range values such as day 40 carried over as
    /// Foundation does) and the two are compared, by the hour only when both ends have one
    /// (minutes and finer are not part of a delivery window: Apple Pay JS's has years, months,
    /// days and hours). Components without a year, a month or a day are not compared.
    static func startsAfterItEnds(_ range: ShippingDateRange) -> Bool {
        let start = range.start, end = range.end
        guard start.year != nil, start.month != nil, start.day != nil, end.year != nil, end.month != nil, end.day != nil else {
            return false
        }
        let withHours = start.hour != nil && end.hour != nil
        /// One end as a date: to the day, or to the hour when both ends have one.
        func date(_ side: DateComponents) -> Date? {
            var components = side
            if !withHours { components.hour = nil }
            components.minute = nil
            components.second = nil
            components.nanosecond = nil
            var calendar = components.calendar ?? Calendar(identifier: .gregorian)
            if let zone = components.timeZone { calendar.timeZone = zone } else if components.calendar == nil {
                calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            }
            return calendar.date(from: components)
        }
        guard let first = date(start), let last = date(end) else { return false }
        return first > last
    }

    /// The request fields as PassKit takes them (`PKPaymentRequest` raises or fails for
    /// others): the merchant's country an assigned alpha-2 code in capitals, at least one
    /// network, and `threeDSecure` or `emv` among the capabilities ("at least one of these two
    /// values is required"). The Swift API took `"usa"`, no network and `[.credit]`, which
    /// only the Apple Pay JS renderer refused (review, 2026-12-02).
    static func checkRequest(_ fields: CheckoutTerms.Fields) throws(CheckoutError) {
        if !isAssignedCountryCode(fields.countryCode) {
            throw .invalidRequest(
                place: "countryCode",
                reason: "\(quotedForMessage(fields.countryCode)) is not an ISO 3166-1 alpha-2 country code (two capital letters, such as \"US\")")
        }
        if fields.supportedNetworks.isEmpty {
            throw .invalidRequest(place: "supportedNetworks", reason: "a payment request needs at least one supported network")
        }
        if fields.merchantCapabilities.isDisjoint(with: [.threeDSecure, .emv]) {
            throw .invalidRequest(
                place: "merchantCapabilities", reason: "a payment request needs threeDSecure or emv (or both) among the capabilities")
        }
        // PassKit's `PKDateComponentsRange` is nil for a start after the end (a review found
        // such a range rendered for Apple Pay JS without a word).
        for (index, method) in fields.shippingMethods.enumerated() {
            if let range = method.dateRange, startsAfterItEnds(range) {
                throw .invalidRequest(place: "shippingMethods[\(index)].dateRange", reason: "starts after it ends")
            }
        }
    }

    /// Checks every rule of a valid checkout; the initializer (with the identifier it was asked
    /// to select) and every change call it. (The texts are checked before it, once, by the
    /// initializer and by the changes that replace texts: `checkTexts`.)
    func validate(selecting selected: String? = nil) throws(CheckoutError) {
        try Checkout.checkRequest(terms.fields)
        if items.isEmpty { throw .noItems }
        if merchantName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .emptyMerchantName }
        for (index, item) in items.enumerated() {
            try checkDecimals(item.amount, "items[\(index)].amount")
            // PassKit's kinds as it takes them: a balance threshold is not negative, an interval
            // count is positive (the bridge wrote "recurringPaymentIntervalCount": 0 and a
            // threshold of "-3.00" without a word: review, 2026-12-02).
            switch item.kind {
            case .automaticReload(let threshold):
                try checkDecimals(threshold, "items[\(index)].threshold")
                if threshold.signum() < 0 {
                    throw .invalidValue(place: "items[\(index)].threshold", value: threshold, reason: "is negative")
                }
            case .recurring(_, _, let intervalCount, _) where intervalCount < 1:
                throw .invalidValue(
                    place: "items[\(index)].intervalCount", value: BigDecimal(intervalCount), reason: "is not a positive number of intervals")
            default: break
            }
        }
        // The items must not net below zero. With that, no event can make the total negative:
        // discounts are capped at the items subtotal and the shipping price, and tax and
        // surcharges are never negative.
        if itemsSubtotal.signum() < 0 { throw .negativeItemsTotal(itemsSubtotal) }
        // The terms index identifiers and codes once (the first of each); an index that is not
        // the first is a duplicate.
        let identifiers = terms.methodIndices
        for (index, method) in shippingMethods.enumerated() {
            try Checkout.checkLimits(method.amount, "shippingMethods[\(index)].amount")
            try checkDecimals(method.amount, "shippingMethods[\(index)].amount")
            if method.amount.signum() < 0 {
                throw .invalidValue(place: "shippingMethods[\(index)].amount", value: method.amount, reason: "is negative")
            }
            if let first = identifiers[method.identifier], first != index {
                throw .duplicateShippingMethod(identifier: method.identifier, index: index, firstIndex: first)
            }
        }
        if let selected, identifiers[selected] == nil {
            throw .unknownShippingMethod(identifier: selected)
        }
        // A blank rule code matches no contact, whose blank code counts as no code (`trimmedCode`,
        // as a contact's is read: a review).
        func checkNotBlank(_ code: String, _ place: @autoclosure () -> String) throws(CheckoutError) {
            if trimmedCode(code) == nil { throw .blankCode(place: place()) }
        }
        // A rule's country is an assigned alpha-2 code in ASCII letters of either case, with or
        // without white space around it: the spellings that can match a contact's (`"us"`
        // matches `"US"`); `"USA"`, `"XX"` or `"uſ"` (a long s, which uppercases to "US" but
        // never matches) would match none (the bridge checked this and the Swift API did not).
        func checkCountry(_ code: String, _ place: @autoclosure () -> String) throws(CheckoutError) {
            guard let trimmed = trimmedCode(code) else { throw .blankCode(place: place()) }
            guard trimmed.utf8.allSatisfy({ $0 < 0x80 }), Checkout.isAssignedCountryCode(trimmed.uppercased()) else {
                throw .unassignedCountryCode(place: place(), code: code)
            }
        }
        for (index, rule) in taxRules.enumerated() {
            try checkCountry(rule.country, "taxRules[\(index)].country")
            if let region = rule.region { try checkNotBlank(region, "taxRules[\(index)].region") }
        }
        for (ruleIndex, rule) in shippingRules.enumerated() {
            try checkCountry(rule.country, "shippingRules[\(ruleIndex)].country")
            for (position, region) in rule.regions.enumerated() { try checkNotBlank(region, "shippingRules[\(ruleIndex)].regions[\(position)]") }
            for (position, identifier) in rule.methods.enumerated() where identifiers[identifier] == nil {
                throw .unknownShippingMethodInRule(identifier: identifier, rule: ruleIndex, position: position)
            }
        }
        let codes = terms.couponIndices
        for (index, coupon) in coupons.enumerated() {
            if !Checkout.canBeEntered(coupon.code) { throw .invalidCouponCode(code: coupon.code, index: index) }
            if let first = codes[coupon.code], first != index {
                throw .duplicateCoupon(code: coupon.code, index: index, firstIndex: first)
            }
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
        // Country and region as `sameCode` compares them, so a dictionary finds duplicates in one
        // pass however many rules there are.
        var places: [[String?]: Int] = [:]
        for (index, rule) in taxRules.enumerated() {
            try Checkout.checkLimits(rule.rate, "taxRules[\(index)].rate")
            let place = [codeMatchingKey(rule.country), rule.region.map(codeMatchingKey)]
            if let first = places[place] { throw .duplicateTaxRule(index: index, firstIndex: first) }
            places[place] = index
        }
        var surchargedTypes: [PaymentMethodType: Int] = [:]
        for (index, surcharge) in surcharges.enumerated() {
            try Checkout.checkLimits(surcharge.percent, "surcharges[\(index)].percent")
            if let first = surchargedTypes[surcharge.paymentMethodType] {
                throw .duplicateSurcharge(type: surcharge.paymentMethodType, index: index, firstIndex: first)
            }
            surchargedTypes[surcharge.paymentMethodType] = index
        }
        if let maximumTotal { try Checkout.checkLimits(maximumTotal, "maximumTotal") }
        for (index, rule) in taxRules.enumerated() {
            if rule.rate.signum() < 0 {
                throw .invalidValue(place: "taxRules[\(index)].rate", value: rule.rate, reason: "is negative")
            }
            // A rate is a fraction and a surcharge a percentage (coupons too): `rate: 7.25` for
            // 7.25 % priced a 725 % tax without a word (review, 2026-12-02).
            if rule.rate > 1 {
                throw .invalidValue(
                    place: "taxRules[\(index)].rate", value: rule.rate,
                    reason: "is above 1: a rate is a fraction of the price (7.25 % is 0.0725)")
            }
        }
        for (index, surcharge) in surcharges.enumerated() where surcharge.percent.signum() < 0 || surcharge.percent > 100 {
            throw .invalidValue(place: "surcharges[\(index)].percent", value: surcharge.percent, reason: "is not a percentage in 0...100")
        }
        let total = summary.total.amount
        if total.signum() < 0 { throw .negativeTotal(total) }
        if let maximumTotal, total > maximumTotal { throw .totalAboveMaximum(total: total, maximum: maximumTotal) }
    }

    /// Whether a customer can enter `code` and have it applied: not empty (an empty code removes
    /// the coupon), no space or tab at either end (`changeCouponCode` trims them), and no control
    /// character or line separator (a line break in the discount line's label: U+000A and the
    /// other controls, U+2028, U+2029).
    static func canBeEntered(_ code: String) -> Bool {
        guard let first = code.unicodeScalars.first, let last = code.unicodeScalars.last else { return false }
        return !isCouponCodeBlank(first) && !isCouponCodeBlank(last)
            && !code.unicodeScalars.contains {
                switch $0.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator: return true
                default: return false
                }
            }
    }

    /// What `changeCouponCode` trims from an entered code: Unicode category Zs and U+0009 (not
    /// Foundation's `.whitespaces`, which on Linux also holds U+200B ZERO WIDTH SPACE), decided
    /// without a table lookup for ASCII (W10: 7 % of a coupon update's instructions went to
    /// `generalCategory`).
    static func isCouponCodeBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return scalar.properties.generalCategory == .spaceSeparator
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
        copy.changeTerms { $0.items = newItems }
        try Checkout.checkLimits(newItems)
        copy.itemsSubtotal = Checkout.subtotal(of: newItems)
        try Checkout.checkTexts(copy.terms.fields)
        try copy.validate()
        self = copy
    }

    /// Sets the largest total accepted (`nil`: none), as `init`'s `maximumTotal` does: from then
    /// on an event that would take the total above it is refused and changes nothing.
    ///
    /// - Throws: `CheckoutError.totalAboveMaximum` when the total already is above it (or
    ///   `.invalidValue` for a maximum beyond the default parse limits); the checkout is then
    ///   unchanged.
    public mutating func setMaximumTotal(_ maximum: BigDecimal?) throws(CheckoutError) {
        var copy = self
        copy.changeTerms { $0.maximumTotal = maximum }
        try copy.validate()
        self = copy
    }

    /// Replaces the Apple Pay merchant identifier.
    ///
    /// - Throws: `CheckoutError.unsafeText` for text with more than 30 combining marks in a row,
    ///   as the initializer does (a checkout's `==` and hashing compare it, in time quadratic in
    ///   such a run). This request field was a settable property, which could not refuse.
    public mutating func setMerchantIdentifier(_ identifier: String) throws(CheckoutError) {
        guard isStreamSafe(identifier) else { throw .unsafeText(place: "merchantIdentifier") }
        changeTerms { $0.merchantIdentifier = identifier }
    }

    /// Replaces the card networks the merchant accepts.
    ///
    /// - Throws: `CheckoutError.unsafeText` for a network string with more than 30 combining
    ///   marks in a row, as the initializer does, and `.invalidRequest` for no network at all;
    ///   the checkout is then unchanged.
    public mutating func setSupportedNetworks(_ networks: [PaymentNetwork]) throws(CheckoutError) {
        for (index, network) in networks.enumerated() where !isStreamSafe(network.rawValue) {
            throw .unsafeText(place: "supportedNetworks[\(index)]")
        }
        try changeRequest { $0.supportedNetworks = networks }
    }

    /// Replaces the merchant's capabilities.
    ///
    /// - Throws: `CheckoutError.invalidRequest` for capabilities with neither `threeDSecure` nor
    ///   `emv` (PassKit requires one of them); the checkout is then unchanged. (This was a
    ///   settable property, which could not refuse.)
    public mutating func setMerchantCapabilities(_ capabilities: MerchantCapability) throws(CheckoutError) {
        try changeRequest { $0.merchantCapabilities = capabilities }
    }

    /// Makes `change` to the request fields when they stay as PassKit takes them
    /// (`checkRequest`); else throws and changes nothing.
    private mutating func changeRequest(_ change: (inout CheckoutTerms.Fields) -> Void) throws(CheckoutError) {
        var fields = terms.fields
        change(&fields)
        try Checkout.checkRequest(fields)
        changeTerms(change)
    }

    /// Replaces the merchant name (the total's label).
    public mutating func setMerchantName(_ name: String) throws(CheckoutError) {
        var copy = self
        copy.changeTerms { $0.merchantName = name }
        try Checkout.checkTexts(copy.terms.fields)
        try copy.validate()
        self = copy
    }

    /// Replaces `terms` with a changed copy (the summaries already made keep the old one), and
    /// finds again what the rules say of the contact and the payment method.
    mutating func changeTerms(_ change: (inout CheckoutTerms.Fields) -> Void) {
        var fields = terms.fields
        change(&fields)
        terms = CheckoutTerms(fields)
        destination = Destination(destination.contact, terms)
        payment = payment.map { PaymentChoice($0.method, terms) }
    }
}

/// The shipping contact the sheet reported and what the checkout's rules say of it, found once
/// when it changes and shared by the checkout's copies (a contact is eighteen strings; the checkout
/// is copied on every event).
final class Destination: Hashable, Sendable {
    let contact: Contact?
    /// The index in `taxRules` of the rule for the contact (or for the merchant's country before
    /// a contact is known), if any.
    let taxRuleIndex: Int?
    /// Which shipping rules apply to the contact.
    let shippingRuleChoice: ShippingRuleChoice
    /// The shipping methods the rules offer the contact, `nil` when none is (found once here).
    let offered: OfferedMethods?

    init(_ contact: Contact?, _ terms: CheckoutTerms) {
        self.contact = contact
        taxRuleIndex = terms.applicableTaxRuleIndex(for: contact)
        shippingRuleChoice = terms.shippingRuleChoice(for: contact)
        offered = terms.offeredMethods(under: shippingRuleChoice)
    }

    static func == (a: Destination, b: Destination) -> Bool {
        a === b || a.contact == b.contact && a.taxRuleIndex == b.taxRuleIndex && a.shippingRuleChoice == b.shippingRuleChoice
    }

    func hash(into hasher: inout Hasher) { hasher.combine(contact) }
}

/// The payment method the sheet reported and the index of its surcharge, if any (shared).
final class PaymentChoice: Hashable, Sendable {
    let method: PaymentMethod
    let surchargeIndex: Int?

    init(_ method: PaymentMethod, _ terms: CheckoutTerms) {
        self.method = method
        surchargeIndex = terms.applicableSurchargeIndex(for: method)
    }

    static func == (a: PaymentChoice, b: PaymentChoice) -> Bool {
        a === b || a.method == b.method && a.surchargeIndex == b.surchargeIndex
    }

    func hash(into hasher: inout Hasher) { hasher.combine(method) }
}

/// What a checkout sells and the rules that price it, immutable and shared (see `Checkout`).
final class CheckoutTerms: Hashable, Sendable {
    /// The fields, as `Checkout` shows them.
    struct Fields: Hashable, Sendable {
        var currency: Currency
        var countryCode: String
        var merchantName: String
        var merchantIdentifier: String
        var supportedNetworks: [PaymentNetwork]
        var merchantCapabilities: MerchantCapability
        var requiredBillingContactFields: Set<ContactField>
        var requiredShippingContactFields: Set<ContactField>
        var shippingType: ShippingType
        var items: [SummaryItem]
        var shippingMethods: [ShippingMethod]
        var coupons: [Coupon]
        var taxRules: [TaxRule]
        var shippingRules: [ShippingRule]
        var surcharges: [Surcharge]
        var rounding: RoundingRule
        var maximumTotal: BigDecimal?
    }

    let fields: Fields
    /// `taxRules` with each country and region in `matchableCode` form, for the rule loops: the
    /// same array (no copy) when every code is ASCII.
    let matchingTaxRules: [TaxRule]
    /// `shippingRules` as the rule loops read them (see `MatchingShippingRule`).
    let matchingShippingRules: [MatchingShippingRule]

    /// The terms of `fields`, whose texts `Checkout.checkTexts` has accepted (the rules' codes
    /// are keyed and their methods looked up here: hashing text that is not stream-safe takes
    /// time quadratic in its runs of marks).
    init(_ fields: Fields) {
        self.fields = fields
        matchingTaxRules = fields.taxRules.allSatisfy(\.hasASCIICodes) ? fields.taxRules : fields.taxRules.map(\.matchable)
        var methodIndices: [String: Int] = [:]
        for (index, method) in fields.shippingMethods.enumerated() where methodIndices[method.identifier] == nil {
            methodIndices[method.identifier] = index
        }
        var couponIndices: [String: Int] = [:]
        for (index, coupon) in fields.coupons.enumerated() where couponIndices[coupon.code] == nil { couponIndices[coupon.code] = index }
        matchingShippingRules = fields.shippingRules.map { MatchingShippingRule($0, methodIndices: methodIndices) }
        self.methodIndices = methodIndices
        self.couponIndices = couponIndices
    }

    /// The index in `shippingMethods` of each identifier (the first, for a duplicate that
    /// validation then refuses).
    let methodIndices: [String: Int]
    /// The index in `coupons` of each code (the first, for a duplicate).
    let couponIndices: [String: Int]

    /// The index of the method with `identifier`, or `nil`. A few methods and a short identifier
    /// are compared in turn; otherwise the identifier is hashed once and looked up, so that the
    /// work is linear in its length whatever the number and the spelling of the methods (each
    /// `==` of two texts in different Unicode normalizations re-composes them as it goes: a
    /// review's 900 methods of 2,000 "é" took 1.27 s per selection).
    func methodIndex(_ identifier: String) -> Int? {
        let methods = shippingMethods
        if methods.count <= 8 && identifier.utf8.count <= 64 {
            for index in methods.indices where methods[index].identifier == identifier { return index }
            return nil
        }
        return methodIndices[identifier]
    }

    /// The index of the coupon with `code`, or `nil` (found as `methodIndex` finds a method: a
    /// review's 3,000 coupons of 640 "é" took 0.69 s per code typed).
    func couponIndex(_ code: String) -> Int? {
        let coupons = self.coupons
        if coupons.count <= 8 && code.utf8.count <= 64 {
            for index in coupons.indices where coupons[index].code == code { return index }
            return nil
        }
        return couponIndices[code]
    }

    var currency: Currency { fields.currency }
    var countryCode: String { fields.countryCode }
    var merchantName: String { fields.merchantName }
    var merchantIdentifier: String { fields.merchantIdentifier }
    var supportedNetworks: [PaymentNetwork] { fields.supportedNetworks }
    var merchantCapabilities: MerchantCapability { fields.merchantCapabilities }
    var requiredBillingContactFields: Set<ContactField> { fields.requiredBillingContactFields }
    var requiredShippingContactFields: Set<ContactField> { fields.requiredShippingContactFields }
    var shippingType: ShippingType { fields.shippingType }
    var items: [SummaryItem] { fields.items }
    var shippingMethods: [ShippingMethod] { fields.shippingMethods }
    var coupons: [Coupon] { fields.coupons }
    var taxRules: [TaxRule] { fields.taxRules }
    var shippingRules: [ShippingRule] { fields.shippingRules }
    var surcharges: [Surcharge] { fields.surcharges }
    var rounding: RoundingRule { fields.rounding }
    var maximumTotal: BigDecimal? { fields.maximumTotal }

    static func == (a: CheckoutTerms, b: CheckoutTerms) -> Bool { a === b || a.fields == b.fields }

    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

import Foundation
