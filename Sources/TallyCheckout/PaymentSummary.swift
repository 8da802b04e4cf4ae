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
    /// The lines after the items, the total last.
    public let derivedLines: [SummaryItem]
    /// The currency of every amount.
    public let currency: Currency

    init(items: [SummaryItem], derivedLines: [SummaryItem], currency: Currency) {
        self.items = items
        self.derivedLines = derivedLines
        self.currency = currency
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of lines.
    public var endIndex: Int { items.count + derivedLines.count }

    /// The line at `position`; a pending item shows amount 0 (it is not in the total).
    public subscript(position: Int) -> SummaryItem {
        guard position < items.count else { return derivedLines[position - items.count] }
        var item = items[position]
        // Shown with the currency's scale (`5` as `5.00`; exact: amounts are whole minor units).
        item.amount = item.type == .pending
            ? BigDecimal(mantissa: 0, exponent: -currency.minorUnits, isNegative: false)
            : item.amount.rounded(scale: currency.minorUnits, .towardZero)
        return item
    }

    /// The total line's amount, as `Money`.
    public var total: Money {
        Money(derivedLines[derivedLines.count - 1].amount, currency)
    }

    /// The total line (the last one), labelled with the merchant name.
    public var totalLine: SummaryItem { derivedLines[derivedLines.count - 1] }
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
    public var summary: PaymentSummary {
        let pricing = self.pricing
        let scale = currency.minorUnits
        func line(_ label: String, _ amount: BigDecimal) -> SummaryItem {
            SummaryItem(label: label, amount: amount.rounded(scale: scale, .towardZero))  // exact: whole minor units
        }
        var derived: [SummaryItem] = []
        derived.reserveCapacity(5)
        if let discount = pricing.discount { derived.append(line(pricing.discountLabel, discount)) }
        if let shipping = pricing.shipping { derived.append(line(pricing.shippingLabel, shipping)) }
        if let tax = pricing.tax { derived.append(line(pricing.taxLabel, tax)) }
        if let surcharge = pricing.surcharge { derived.append(line(pricing.surchargeLabel, surcharge)) }
        derived.append(line(merchantName, pricing.total))
        return PaymentSummary(items: items, derivedLines: derived, currency: currency)
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
        let scale = currency.minorUnits
        let subtotal = itemsSubtotal
        let method = selectedShippingMethod
        let shipping = method?.amount
        // Coupon: percent or amount off the items subtotal, capped so that the total before
        // shipping never goes below zero (so a negative subtotal gets no item discount); or the
        // shipping amount off, capped so that the total before tax never goes below zero. Each
        // discount is a signed line, rounded as shown (`.up` rounds −0.025 to −0.02).
        var itemDiscount = BigDecimal.zero
        var shippingDiscount = BigDecimal.zero
        var discountLabel = ""
        let positiveSubtotal = Swift.max(subtotal, .zero)
        if let coupon = appliedCoupon {
            switch coupon.benefit {
            case .percentOff(let percent):
                itemDiscount = (-(positiveSubtotal * percent * "0.01")).rounded(scale: scale, rounding)
                discountLabel = "Discount (\(coupon.code), \(percent.plainString)%)"
            case .amountOff(let amount):
                itemDiscount = -amount
                discountLabel = "Discount (\(coupon.code))"
            case .freeShipping:
                let beforeTax = subtotal + (shipping ?? .zero)
                shippingDiscount = -Swift.min(shipping ?? .zero, Swift.max(beforeTax, .zero))
                discountLabel = "Free shipping (\(coupon.code))"
            }
            if itemDiscount < -positiveSubtotal { itemDiscount = -positiveSubtotal }
        }
        let discount: BigDecimal? = appliedCoupon == nil ? nil : itemDiscount + shippingDiscount
        // Tax on the items after the discount, and on shipping when the rule says so; a negative
        // base (lines that net to a refund) is taxed as zero.
        var tax: BigDecimal?
        var taxLabel = ""
        if let rule = applicableTaxRule {
            var base = subtotal + itemDiscount
            if rule.includesShipping { base += (shipping ?? .zero) + shippingDiscount }
            tax = (Swift.max(base, .zero) * rule.rate).rounded(scale: scale, rounding)
            taxLabel = rule.label
        }
        // Surcharge: a percentage of everything before it.
        var surcharge: BigDecimal?
        var surchargeLabel = ""
        let beforeSurcharge = subtotal + (discount ?? .zero) + (shipping ?? .zero) + (tax ?? .zero)
        if let rule = applicableSurcharge {
            surcharge = (Swift.max(beforeSurcharge, .zero) * rule.percent * "0.01").rounded(scale: scale, rounding)
            surchargeLabel = rule.label
        }
        return Pricing(
            subtotal: subtotal, discount: discount, discountLabel: discountLabel, shipping: shipping,
            shippingLabel: method?.label ?? "", tax: tax, taxLabel: taxLabel, surcharge: surcharge,
            surchargeLabel: surchargeLabel, total: beforeSurcharge + (surcharge ?? .zero))
    }

    /// The tax rule for the shipping contact's address (or the merchant's country before one is
    /// known): a rule for the region wins over one for the whole country.
    var applicableTaxRule: TaxRule? {
        let country = (shippingContact?.postalAddress?.isoCountryCode ?? countryCode).uppercased()
        let region = shippingContact?.postalAddress?.administrativeArea?.uppercased()
        if let region, let regional = taxRules.first(where: { $0.country.uppercased() == country && $0.region?.uppercased() == region }) {
            return regional
        }
        return taxRules.first { $0.country.uppercased() == country && $0.region == nil }
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
        guard !shippingRules.isEmpty, let country = contact?.postalAddress?.isoCountryCode?.uppercased() else { return shippingMethods }
        let region = contact?.postalAddress?.administrativeArea?.uppercased()
        let forCountry = shippingRules.filter { $0.country.uppercased() == country }
        if forCountry.isEmpty { return nil }
        let regional = forCountry.filter { rule in region.map { region in rule.regions.contains { $0.uppercased() == region } } ?? false }
        let chosen = !regional.isEmpty ? regional : forCountry.filter { $0.regions.isEmpty }
        if chosen.isEmpty { return shippingMethods }  // rules only for other regions of the country
        let allowed = Set(chosen.flatMap(\.methods))
        let offered = shippingMethods.filter { allowed.contains($0.identifier) }
        return offered.isEmpty ? nil : offered
    }

    /// The shipping methods offered to the current shipping contact.
    public var offeredShippingMethods: [ShippingMethod] {
        offeredShippingMethods(for: shippingContact) ?? []
    }
}
