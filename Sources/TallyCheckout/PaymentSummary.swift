import TallyDecimal
import TallyMoney

/// The summary items the payment sheet shows: the checkout's items as given, then the derived
/// lines — discount, shipping, tax, surcharge, each when it applies — and last the total, labelled
/// with the merchant name. The total is the exact sum of the lines above it.
///
/// A random-access collection that shares the checkout's item storage: building it after an event
/// copies no items (pending items are shown with amount 0, and every amount with the currency's
/// scale, as they are read).
///
/// - Complexity: O(1) to build; O(1) to read a line.
public struct PaymentSummary: RandomAccessCollection, Hashable, Sendable {
    let items: [SummaryItem]
    /// The lines after the items, the total last, stored inline (no array to allocate).
    let lines: DerivedLines
    /// The currency of every amount.
    public let currency: Currency

    init(items: [SummaryItem], lines: DerivedLines, currency: Currency) {
        self.items = items
        self.lines = lines
        self.currency = currency
    }

    /// The lines after the items, the total last (built when asked for).
    public var derivedLines: [SummaryItem] { (0..<lines.count).map { lines.item($0) } }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of lines.
    public var endIndex: Int { items.count + lines.count }

    /// The line at `position`; a pending item shows amount 0 (it is not in the total).
    public subscript(position: Int) -> SummaryItem {
        guard position < items.count else { return lines.item(position - items.count) }
        var item = items[position]
        // Shown with the currency's scale (`5` as `5.00`; exact: amounts are whole minor units).
        let scale = currency.minorUnits
        if item.type == .pending {
            item.amount = BigDecimal(mantissa: 0, exponent: -scale, isNegative: false)
        } else if item.amount.exponent != -scale {
            item.amount = item.amount.rounded(scale: scale, .towardZero)
        }
        return item
    }

    /// The total line's amount, as `Money`.
    public var total: Money { Money(lines.last.amount, currency) }

    /// The total line (the last one), labelled with the merchant name.
    public var totalLine: SummaryItem { lines.item(lines.count - 1) }
}

/// A derived line: a label and an amount.
struct DerivedLine: Hashable, Sendable {
    var label: String
    var amount: BigDecimal
}

/// Up to five derived lines (discount, shipping, tax, surcharge, total) stored inline.
struct DerivedLines: Hashable, Sendable {
    private(set) var count = 0
    private var line0 = DerivedLine(label: "", amount: .zero)
    private var line1 = DerivedLine(label: "", amount: .zero)
    private var line2 = DerivedLine(label: "", amount: .zero)
    private var line3 = DerivedLine(label: "", amount: .zero)
    private var line4 = DerivedLine(label: "", amount: .zero)

    subscript(index: Int) -> DerivedLine {
        precondition(index >= 0 && index < count, "index out of range")
        switch index {
        case 0: return line0
        case 1: return line1
        case 2: return line2
        case 3: return line3
        default: return line4
        }
    }

    var last: DerivedLine { self[count - 1] }

    func item(_ index: Int) -> SummaryItem {
        let line = self[index]
        return SummaryItem(label: line.label, amount: line.amount)
    }

    mutating func append(_ label: String, _ amount: BigDecimal) {
        let line = DerivedLine(label: label, amount: amount)
        switch count {
        case 0: line0 = line
        case 1: line1 = line
        case 2: line2 = line
        case 3: line3 = line
        default: line4 = line
        }
        count += 1
    }
}

/// Whether two country or region codes are the same: equal once both are lowercased, compared
/// as Unicode strings are (canonically equivalent spellings are equal). So "ca" is "CA", and
/// "QUÉBEC", "québec" and "que\u{301}bec" (a combining accent) are one region. An equivalence:
/// it is `a.lowercased() == b.lowercased()`, answered without building strings unless a byte
/// outside ASCII differs.
func sameCode(_ a: String, _ b: String) -> Bool {
    // The usual case, a sheet reporting "US" for a rule's "US", answered by `==`, which compares
    // small ASCII strings as raw bits; the byte loop below is for codes that differ in ASCII case
    // or not at all. The loop alone took 14 % of a shipping swap's instructions (W9, two codes per
    // event) and 29 % of a contact change's (W11) under callgrind before `==` came first.
    if a == b { return true }
    var left = a.utf8.makeIterator()
    var right = b.utf8.makeIterator()
    while true {
        switch (left.next(), right.next()) {
        case (nil, nil): return true
        case (let x?, let y?):
            if x == y { continue }
            // Differing bytes outside ASCII (another case, another normalization, or another
            // letter): only whole strings can tell.
            if x >= 0x80 || y >= 0x80 { return sameCodeSpelledOtherwise(a, b) }
            let lx = x &- 65 < 26 ? x | 0x20 : x
            let ly = y &- 65 < 26 ? y | 0x20 : y
            if lx != ly { return false }  // two different ASCII characters: no spelling unites them
        case (nil, let y?): return y >= 0x80 && sameCodeSpelledOtherwise(a, b)
        case (let x?, nil): return x >= 0x80 && sameCodeSpelledOtherwise(a, b)
        }
    }
}

/// `sameCode` for codes that differ outside ASCII: both lowercased, compared as strings.
///
/// Out of line and declared read-only: the strings it makes are its own, so callers that lend it
/// rule fields need not retain them around the call (without this, the possible releases inside
/// `lowercased()` made every rule loop retain and release its elements: +17 % instructions for a
/// contact change, W11).
@inline(never) @_effects(readonly)
func sameCodeSpelledOtherwise(_ a: String, _ b: String) -> Bool {
    a.lowercased() == b.lowercased()
}

extension PostalAddress {
    /// The ISO country code, `nil` when it is missing or empty (an empty code is no country).
    var knownCountryCode: String? { isoCountryCode.flatMap { $0.isEmpty ? nil : $0 } }
    /// The region, `nil` when it is missing or empty.
    var knownRegion: String? { administrativeArea.flatMap { $0.isEmpty ? nil : $0 } }
}

/// The amounts the summary is derived from, each rounded once to the currency's minor units.
struct Pricing: Hashable, Sendable {
    var subtotal: BigDecimal
    var discount: BigDecimal?
    var discountLabel: String
    var shipping: BigDecimal?
    var shippingLabel: String
    var tax: BigDecimal?
    var taxLabel: String
    var surcharge: BigDecimal?
    var surchargeLabel: String
    var total: BigDecimal
}

extension Checkout {
    /// The summary the payment sheet shows now (see `PaymentSummary`).
    ///
    /// - Complexity: O(1): the items subtotal is kept, only the derived lines are computed.
    public var summary: PaymentSummary { summary(pricing) }

    /// The summary for `pricing` (computed from this checkout's state).
    func summary(_ pricing: Pricing) -> PaymentSummary {
        let scale = currency.minorUnits
        var derived = DerivedLines()
        func line(_ label: String, _ amount: BigDecimal) {
            // exact: whole minor units; rescaled only when written with fewer decimals ("10" → 10.00)
            derived.append(label, amount.exponent == -scale ? amount : amount.rounded(scale: scale, .towardZero))
        }
        if let discount = pricing.discount { line(pricing.discountLabel, discount) }
        if let shipping = pricing.shipping { line(pricing.shippingLabel, shipping) }
        if let tax = pricing.tax { line(pricing.taxLabel, tax) }
        if let surcharge = pricing.surcharge { line(pricing.surchargeLabel, surcharge) }
        line(merchantName, pricing.total)
        return PaymentSummary(items: items, lines: derived, currency: currency)
    }

    /// The index of the selected method in `shippingMethods` (looked up by index, so that no
    /// element is copied).
    var selectedShippingMethodIndex: Int? {
        guard let identifier = selectedShippingMethodIdentifier else { return nil }
        return shippingMethodIndex(identifier)
    }

    func shippingMethodIndex(_ identifier: String) -> Int? {
        for index in shippingMethods.indices where shippingMethods[index].identifier == identifier { return index }
        return nil
    }

    /// The index of the applied coupon in `coupons`.
    var appliedCouponIndex: Int? {
        guard let code = appliedCouponCode else { return nil }
        for index in coupons.indices where coupons[index].code == code { return index }
        return nil
    }

    /// The selected shipping method (events keep it among the methods offered to the contact).
    public var selectedShippingMethod: ShippingMethod? {
        guard let identifier = selectedShippingMethodIdentifier else { return nil }
        return shippingMethods.first { $0.identifier == identifier }
    }

    /// The applied coupon.
    public var appliedCoupon: Coupon? {
        guard let code = appliedCouponCode else { return nil }
        return coupons.first { $0.code == code }
    }

    /// The derived amounts under the current state: the rules of `Checkout` in one place.
    var pricing: Pricing {
        pricing(
            methodIndex: selectedShippingMethodIndex, couponIndex: appliedCouponIndex,
            taxRuleIndex: applicableTaxRuleIndex(for: shippingContact))
    }

    /// 0.01: percentages are multiplied by it.
    static let hundredth = BigDecimal(mantissa: 1, exponent: -2, isNegative: false)

    /// The derived amounts with the given method, coupon and tax rule (indices into
    /// `shippingMethods`, `coupons`, `taxRules`): what an event would produce, computed before
    /// the event changes anything.
    func pricing(methodIndex: Int?, couponIndex: Int?, taxRuleIndex: Int?) -> Pricing {
        let scale = currency.minorUnits
        let subtotal = itemsSubtotal
        let shipping = methodIndex.map { shippingMethods[$0].amount }
        // Coupon: percent or amount off the items subtotal, capped so that the total before
        // shipping never goes below zero (so a negative subtotal gets no item discount); or the
        // shipping amount off, capped so that the total before tax never goes below zero. Each
        // discount is a signed line, rounded as shown (`.up` rounds −0.025 to −0.02).
        var itemDiscount = BigDecimal.zero
        var shippingDiscount = BigDecimal.zero
        var discountLabel = ""
        if let couponIndex {
            let positiveSubtotal = Swift.max(subtotal, .zero)
            switch coupons[couponIndex].benefit {
            case .percentOff(let percent):
                itemDiscount = (-(positiveSubtotal * percent * Checkout.hundredth)).rounded(scale: scale, rounding)
            case .amountOff(let amount):
                itemDiscount = -amount
            case .freeShipping:
                let beforeTax = subtotal + (shipping ?? .zero)
                shippingDiscount = -Swift.min(shipping ?? .zero, Swift.max(beforeTax, .zero))
            }
            if itemDiscount < -positiveSubtotal { itemDiscount = -positiveSubtotal }
            discountLabel = coupons[couponIndex].discountLabel
        }
        let discount: BigDecimal? = couponIndex == nil ? nil : itemDiscount + shippingDiscount
        // Tax on the items after the discount, and on shipping when the rule says so; a negative
        // base (lines that net to a refund) is taxed as zero.
        var tax: BigDecimal?
        var taxLabel = ""
        if let ruleIndex = taxRuleIndex {
            var base = subtotal + itemDiscount
            if taxRules[ruleIndex].includesShipping {
                if let shipping { base += shipping }
                if couponIndex != nil { base += shippingDiscount }
            }
            tax = (Swift.max(base, .zero) * taxRules[ruleIndex].rate).rounded(scale: scale, rounding)
            taxLabel = taxRules[ruleIndex].label
        }
        // Surcharge: a percentage of everything before it.
        var surcharge: BigDecimal?
        var surchargeLabel = ""
        var beforeSurcharge = subtotal
        if let discount { beforeSurcharge += discount }
        if let shipping { beforeSurcharge += shipping }
        if let tax { beforeSurcharge += tax }
        if let rule = applicableSurcharge {
            surcharge = (Swift.max(beforeSurcharge, .zero) * rule.percent * Checkout.hundredth).rounded(scale: scale, rounding)
            surchargeLabel = rule.label
        }
        return Pricing(
            subtotal: subtotal, discount: discount, discountLabel: discountLabel, shipping: shipping,
            shippingLabel: methodIndex.map { shippingMethods[$0].label } ?? "", tax: tax, taxLabel: taxLabel,
            surcharge: surcharge, surchargeLabel: surchargeLabel,
            total: surcharge.map { beforeSurcharge + $0 } ?? beforeSurcharge)
    }

    /// The tax rule for the shipping contact's address (or the merchant's country before one is
    /// known): a rule for the region wins over one for the whole country.
    func applicableTaxRuleIndex(for contact: Contact?) -> Int? {
        let country = contact?.postalAddress?.knownCountryCode ?? countryCode
        if let region = contact?.postalAddress?.knownRegion {
            for index in taxRules.indices
            where sameCode(taxRules[index].country, country) && taxRules[index].region.map({ sameCode($0, region) }) == true {
                return index
            }
        }
        for index in taxRules.indices where sameCode(taxRules[index].country, country) && taxRules[index].region == nil {
            return index
        }
        return nil
    }

    /// The surcharge for the payment method's type, if any.
    var applicableSurcharge: Surcharge? {
        guard let type = paymentMethod?.type else { return nil }
        return surcharges.first { $0.paymentMethodType == type }
    }

    /// The shipping methods offered to `contact` under the shipping rules, or `nil` when the
    /// address is not served (see `ShippingRule`).
    public func offeredShippingMethods(for contact: Contact?) -> [ShippingMethod]? {
        // ISO codes are matched without regard to case: sheets report "cn" as well as "CN".
        switch shippingRuleChoice(for: contact) {
        case .unserved: return nil
        case .all: return shippingMethods
        case .rules(let country, let region, let regional):
            var offered: [ShippingMethod] = []
            offered.reserveCapacity(shippingMethods.count)  // one allocation, not one per doubling
            for index in shippingMethods.indices
            where allows(shippingMethods[index].identifier, country: country, region: region, regional: regional) {
                offered.append(shippingMethods[index])
            }
            return offered.isEmpty ? nil : offered
        }
    }

    /// Which shipping rules apply to `contact`, found without building arrays or sets.
    enum ShippingRuleChoice {
        case unserved
        case all
        case rules(country: String, region: String?, regional: Bool)
    }

    func shippingRuleChoice(for contact: Contact?) -> ShippingRuleChoice {
        guard !shippingRules.isEmpty, let country = contact?.postalAddress?.knownCountryCode else { return .all }
        let region = contact?.postalAddress?.knownRegion
        var forCountry = false
        var regional = false
        var wholeCountry = false
        for rule in shippingRules where sameCode(rule.country, country) {
            forCountry = true
            if let region, rule.regions.contains(where: { sameCode($0, region) }) { regional = true }
            if rule.regions.isEmpty { wholeCountry = true }
        }
        if !forCountry { return .unserved }
        if !regional && !wholeCountry { return .all }  // rules only for other regions of the country
        return .rules(country: country, region: region, regional: regional)
    }

    func allows(_ identifier: String, country: String, region: String?, regional: Bool) -> Bool {
        for rule in shippingRules where sameCode(rule.country, country) {
            let chosen = regional ? region.map { region in rule.regions.contains { sameCode($0, region) } } ?? false : rule.regions.isEmpty
            if chosen && rule.methods.contains(identifier) { return true }
        }
        return false
    }

    /// Whether the method at `index` in `shippingMethods` is offered to `contact`
    /// (`offeredShippingMethods(for:)` without building the array).
    func offers(methodAt index: Int, to contact: Contact?) -> Bool {
        switch shippingRuleChoice(for: contact) {
        case .unserved: return false
        case .all: return true
        case .rules(let country, let region, let regional):
            return allows(shippingMethods[index].identifier, country: country, region: region, regional: regional)
        }
    }

    /// The shipping methods offered to the current shipping contact.
    public var offeredShippingMethods: [ShippingMethod] {
        offeredShippingMethods(for: shippingContact) ?? []
    }
}
