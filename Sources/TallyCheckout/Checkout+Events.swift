import TallyDecimal
import TallyMoney

/// What `selectShippingMethod` returns (`PKPaymentRequestShippingMethodUpdate`).
public struct ShippingMethodUpdate: Hashable, Sendable {
    /// `.success`, or `.failure` for an identifier that is not one of the offered methods, or a
    /// method whose price would take the total above `maximumTotal`.
    public var status: AuthorizationStatus
    /// The summary to show.
    public var summaryItems: PaymentSummary
}

/// What `changeShippingContact` returns (`PKPaymentRequestShippingContactUpdate`).
public struct ShippingContactUpdate: Hashable, Sendable {
    /// Empty, or why the contact is refused.
    public var errors: [PaymentError]
    /// The summary to show.
    public var summaryItems: PaymentSummary
    /// The shipping methods offered to the contact, the selected one first (as the sheet expects).
    public var shippingMethods: [ShippingMethod]
}

/// What `selectPaymentMethod` returns (`PKPaymentRequestPaymentMethodUpdate`).
public struct PaymentMethodUpdate: Hashable, Sendable {
    /// Empty, or an `.unknown` error when the method's surcharge would take the total above
    /// `maximumTotal`, or when its display name or network has more than 30 combining marks in a
    /// row (the summary is then the one before the change).
    public var errors: [PaymentError]
    /// The summary to show (a surcharge may have appeared or gone).
    public var summaryItems: PaymentSummary
}

/// What `changeCouponCode` returns (`PKPaymentRequestCouponCodeUpdate`).
public struct CouponCodeUpdate: Hashable, Sendable {
    /// Empty, or `couponCodeInvalid` / `couponCodeExpired`, or an `.unknown` error when the
    /// change (applying or removing a coupon) would take the total above `maximumTotal`.
    public var errors: [PaymentError]
    /// The summary to show.
    public var summaryItems: PaymentSummary
    /// The shipping methods offered, the selected one first.
    public var shippingMethods: [ShippingMethod]
}

/// What `authorize` returns (`PKPaymentAuthorizationResult`).
public struct AuthorizationResult: Hashable, Sendable {
    /// The status to complete the sheet with.
    public var status: AuthorizationStatus
    /// Why, when it is not `.success`.
    public var errors: [PaymentError]
}

/// The payment the sheet authorized (`PKPayment`), as far as the checkout needs it.
public struct PaymentAuthorization: Hashable, Sendable {
    /// The card used.
    public var paymentMethod: PaymentMethod
    /// The billing contact.
    public var billingContact: Contact?
    /// The shipping contact.
    public var shippingContact: Contact?
    /// The transaction identifier from the token.
    public var transactionIdentifier: String

    /// Creates an authorization.
    public init(paymentMethod: PaymentMethod, billingContact: Contact? = nil, shippingContact: Contact? = nil, transactionIdentifier: String = "") {
        self.paymentMethod = paymentMethod
        self.billingContact = billingContact
        self.shippingContact = shippingContact
        self.transactionIdentifier = transactionIdentifier
    }
}

extension Checkout {
    /// `paymentAuthorizationController(_:didSelectShippingMethod:handler:)`: selects a method.
    ///
    /// An identifier that is not offered to the current contact, or whose price would take the
    /// total above `maximumTotal`, leaves the checkout unchanged and reports `.failure`.
    /// - Complexity: O(1) in the shipping methods (found by index, or by one hash lookup in
    ///   checkouts of more than eight), O(n) in the identifier's length; the items are not
    ///   re-summed.
    public mutating func selectShippingMethod(_ identifier: String) -> ShippingMethodUpdate {
        let (update, index) = proposedShippingMethodUpdate(identifier)
        if let index { selectedShippingMethodIndex = index }
        return update
    }

    /// The update selecting `identifier` would give, and the method's index when it succeeds,
    /// computed without changing anything.
    ///
    /// Non-mutating, and the one call `selectShippingMethod` makes before it assigns the index:
    /// the helpers it calls then borrow the checkout. (Called directly from the mutating method,
    /// each helper was handed a copy of the checkout, with a retain of every reference in it.)
    @inline(__always)
    func proposedShippingMethodUpdate(_ identifier: String) -> (ShippingMethodUpdate, Int?) {
        guard let index = shippingMethodIndex(identifier), offers(methodAt: index) else {
            return (ShippingMethodUpdate(status: .failure, summaryItems: summary), nil)
        }
        let pricing = pricing(
            methodIndex: index, couponIndex: appliedCouponIndex, taxRuleIndex: destination.taxRuleIndex,
            surchargeIndex: payment?.surchargeIndex)
        if exceedsMaximumTotal(pricing) { return (ShippingMethodUpdate(status: .failure, summaryItems: summary), nil) }
        return (ShippingMethodUpdate(status: .success, summaryItems: summary(pricing)), index)
    }

    /// Whether `pricing`'s total is above `maximumTotal`.
    func exceedsMaximumTotal(_ pricing: Pricing) -> Bool {
        guard let maximumTotal else { return false }
        return pricing.total > maximumTotal
    }

    /// The offered shipping methods in the order the payment sheet wants them: the selected one
    /// first (the sheet treats the first method of an update as the selected one), then the others
    /// in the checkout's order. Every update that carries shipping methods uses it.
    ///
    /// Found by index, not by identifier: comparing the selected identifier with the others cost
    /// a review's two 1.2 MB identifiers (one spelled decomposed) 0.2–0.3 s per update.
    public var shippingMethodsForSheet: [ShippingMethod] {
        guard let offered = destination.offered else { return [] }
        let selected = selectedShippingMethodIndex.flatMap { offered.contains($0) ? $0 : nil }
        // Every method, the first selected (or none): the checkout's own array, shared.
        if case .all = offered, (selected ?? 0) == 0 { return shippingMethods }
        var methods: [ShippingMethod] = []
        methods.reserveCapacity(shippingMethods.count)  // one allocation, not one per doubling
        if let selected { methods.append(shippingMethods[selected]) }
        for index in shippingMethods.indices where index != selected && offered.contains(index) { methods.append(shippingMethods[index]) }
        return methods
    }

    private var maximumTotalError: PaymentError {
        PaymentError(.unknown, message: "the total would be above the maximum of \((maximumTotal ?? 0).plainString)")
    }

    /// `didSelectShippingContact`: applies the shipping rules and the tax rule for the address.
    ///
    /// An address the rules do not serve is refused with `shippingAddressUnserviceable` on the
    /// postal address, and the checkout stays as it was (so is one whose tax or shipping would take
    /// the total above `maximumTotal`). Otherwise the offered methods may change; when the selected
    /// one is no longer offered, the first offered one is selected. A country or region code
    /// longer than `maximumCodeLength` or with more than 30 combining marks in a row (no rule's
    /// code can be either) is refused with `shippingContactInvalid` on the postal address, and
    /// changes nothing either; so is a contact with any text of more than 30 combining marks in a
    /// row (a checkout's `==` and hash take in its contact), on the field that holds it.
    public mutating func changeShippingContact(_ contact: Contact) -> ShippingContactUpdate {
        if let (field, name) = contact.unsafeField {
            let error = PaymentError(.shippingContactInvalid, contactField: field, message: "the contact's \(name) \(combiningRunReason)")
            return ShippingContactUpdate(errors: [error], summaryItems: summary, shippingMethods: shippingMethodsForSheet)
        }
        let newDestination = Destination(contact, terms)
        guard let offered = newDestination.offered else {
            // Such codes are served by no rule (asked here, on the refusal's path only).
            if let reason = contact.postalAddress?.unmatchableCode {
                let error = PaymentError(.shippingContactInvalid, contactField: .postalAddress, message: reason)
                return ShippingContactUpdate(errors: [error], summaryItems: summary, shippingMethods: shippingMethodsForSheet)
            }
            let place = [contact.postalAddress?.knownRegion, contact.postalAddress?.knownCountryCode]
                .compactMap { $0 }.joined(separator: ", ")
            let error = PaymentError(
                .shippingAddressUnserviceable, contactField: .postalAddress,
                message: "\(merchantName) does not ship to \(place.isEmpty ? "this address" : place)")
            return ShippingContactUpdate(errors: [error], summaryItems: summary, shippingMethods: shippingMethodsForSheet)
        }
        let previousContact = destination
        let previousMethod = selectedShippingMethodIndex
        destination = newDestination
        if !(selectedShippingMethodIndex.map(offered.contains) ?? false) {
            selectedShippingMethodIndex = shippingMethods.indices.first(where: offered.contains)
        }
        let pricing = self.pricing
        if exceedsMaximumTotal(pricing) {
            destination = previousContact
            selectedShippingMethodIndex = previousMethod
            return ShippingContactUpdate(errors: [maximumTotalError], summaryItems: summary, shippingMethods: shippingMethodsForSheet)
        }
        return ShippingContactUpdate(errors: [], summaryItems: summary(pricing), shippingMethods: shippingMethodsForSheet)
    }

    /// `didSelectPaymentMethod`: a surcharge for the card type appears or goes.
    ///
    /// A surcharge that would take the total above `maximumTotal` is refused with an error, and
    /// the checkout stays as it was; so is a method whose name or network has more than 30
    /// combining marks in a row (`.unknown`).
    public mutating func selectPaymentMethod(_ method: PaymentMethod) -> PaymentMethodUpdate {
        // A checkout's `==` and hash take in its payment method: a name or network with more than
        // 30 combining marks in a row (see `isStreamSafe`) is refused, and changes nothing.
        let unsafeName = !isStreamSafe(method.displayName) ? "displayName" : !isStreamSafe(method.network?.rawValue) ? "network" : nil
        if let unsafeName {
            return PaymentMethodUpdate(errors: [PaymentError(.unknown, message: "the payment method's \(unsafeName) \(combiningRunReason)")], summaryItems: summary)
        }
        // Set, price once, and restore on refusal: no copy of the whole checkout.
        let previous = payment
        paymentMethod = method
        let pricing = self.pricing
        if exceedsMaximumTotal(pricing) {
            payment = previous
            return PaymentMethodUpdate(errors: [maximumTotalError], summaryItems: summary)
        }
        return PaymentMethodUpdate(errors: [], summaryItems: summary(pricing))
    }

    /// `didChangeCouponCode`: applies a coupon; an empty code removes the applied one.
    ///
    /// An unknown code (so also one with more than 30 combining marks in a row) gives
    /// `couponCodeInvalid`, an expired one `couponCodeExpired`; both leave the summary as it was.
    /// A change that would take the total above `maximumTotal` (removing a coupon raises the
    /// total) is refused with an error and changes nothing.
    public mutating func changeCouponCode(_ code: String) -> CouponCodeUpdate {
        // No coupon's code has more than 30 combining marks in a row (`CheckoutError.unsafeText`),
        // and comparing one that does would take time quadratic in its length.
        guard isStreamSafe(code) else {
            let error = PaymentError(.couponCodeInvalid, message: "the code \(combiningRunReason)")
            return CouponCodeUpdate(errors: [error], summaryItems: summary, shippingMethods: shippingMethodsForSheet)
        }
        // Trimmed scalar by scalar with the same test `canBeEntered` uses, and only when an end
        // is a blank: Foundation's `.whitespaces` also trims U+200B ZERO WIDTH SPACE (category
        // Cf), so a review's `X\u{200B}`, a code validation accepts, could not be entered with a
        // space after it, and `ABC\u{200B} ` applied `ABC`.
        let scalars = code.unicodeScalars
        func isBlank(_ scalar: Unicode.Scalar?) -> Bool { scalar.map(Checkout.isCouponCodeBlank) ?? false }
        var trimmed = code
        if isBlank(scalars.first) || isBlank(scalars.last) {
            if let start = scalars.firstIndex(where: { !Checkout.isCouponCodeBlank($0) }),
                let end = scalars.lastIndex(where: { !Checkout.isCouponCodeBlank($0) })
            {
                trimmed = String(scalars[start...end])
            } else {
                trimmed = ""
            }
        }
        let previous = appliedCouponIndex
        if trimmed.isEmpty {
            appliedCouponIndex = nil
        } else if let index = terms.couponIndex(trimmed) {
            if coupons[index].isExpired {
                let error = PaymentError(.couponCodeExpired, message: "\(quotedForMessage(trimmed)) has expired")
                return CouponCodeUpdate(errors: [error], summaryItems: summary, shippingMethods: shippingMethodsForSheet)
            }
            appliedCouponIndex = index
        } else {
            let error = PaymentError(.couponCodeInvalid, message: "\(quotedForMessage(trimmed)) is not a coupon code")
            return CouponCodeUpdate(errors: [error], summaryItems: summary, shippingMethods: shippingMethodsForSheet)
        }
        // Removing or swapping a coupon can raise the total: refuse one that passes the maximum.
        let pricing = self.pricing
        if exceedsMaximumTotal(pricing) {
            appliedCouponIndex = previous
            return CouponCodeUpdate(errors: [maximumTotalError], summaryItems: summary, shippingMethods: shippingMethodsForSheet)
        }
        return CouponCodeUpdate(errors: [], summaryItems: summary(pricing), shippingMethods: shippingMethodsForSheet)
    }

    /// `didAuthorizePayment`: checks the contact fields the request requires and, when the payment
    /// carries a shipping address (required or not), that the address is served and offered the
    /// selected shipping method (`.shippingAddressUnserviceable`); then that the address and the
    /// card give the summary the customer approved: an address whose tax rule prices another
    /// summary is `.shippingContactInvalid` on the postal address (status
    /// `.invalidShippingPostalAddress`), a card whose surcharge does `.unknown` (status
    /// `.failure`). A rule with the same line as the one shown passes.
    ///
    /// The statuses follow PassKit: a missing shipping postal address is
    /// `.invalidShippingPostalAddress`, another missing shipping field `.invalidShippingContact`,
    /// a missing billing field `.invalidBillingPostalAddress`; each with a `PaymentError` naming
    /// the field. An email or phone number required for billing is checked with the shipping
    /// fields (`requestedShippingContactFields`: the sheet asks and returns it with the shipping
    /// contact, and reports it as a shipping-contact error), and may come with either contact.
    /// Charging the card is the server's job; verify the amount with `verify(total:)`.
    public func authorize(_ payment: PaymentAuthorization) -> AuthorizationResult {
        var errors: [PaymentError] = []
        var status = AuthorizationStatus.success
        // The shipping contact's fields include an email or phone required for billing: Apple Pay
        // returns them with the shipping contact, and reports them as shipping-contact errors
        // (`shippingContactInvalidError` is for the name, email, phone or shipping address;
        // `billingContactInvalidError` for the billing address or name). A review found every
        // payment refused for a billing requirement of "all"; either contact will do for them.
        let requestedShipping = requestedShippingContactFields
        for field in ContactField.allCases where requestedShipping.contains(field) {
            let provided = payment.shippingContact?.provides(field) == true
                || !requiredShippingContactFields.contains(field) && payment.billingContact?.provides(field) == true
            if !provided {
                errors.append(PaymentError(.shippingContactInvalid, contactField: field, message: "the shipping \(field.rawValue) is missing"))
                if status == .success { status = field == .postalAddress ? .invalidShippingPostalAddress : .invalidShippingContact }
            }
        }
        // An address the payment carries must be served, required or not, and offered the method
        // the summary was priced with (the sheet's contact was partial; this one is the address
        // the goods go to). A review found a payment to an unserved country authorized when the
        // request required only a phone number.
        if let contact = payment.shippingContact, contact.provides(.postalAddress) {
            if let offered = terms.offeredMethods(under: terms.shippingRuleChoice(for: contact)) {
                if let selected = selectedShippingMethodIndex, !offered.contains(selected) {
                    let label = shippingMethods[selected].label
                    errors.append(PaymentError(
                        .shippingAddressUnserviceable, contactField: .postalAddress,
                        message: "\(label) is not offered at this address"))
                    if status == .success { status = .invalidShippingPostalAddress }
                } else if let error = taxMismatch(at: contact) {
                    // The address is served, but its tax rule prices another summary than the one
                    // the customer approved (the sheet reported a contact in another region, or
                    // none). A review found such a payment authorized at the untaxed total.
                    errors.append(error)
                    if status == .success { status = .invalidShippingPostalAddress }
                }
            } else if let reason = contact.postalAddress?.unmatchableCode {
                // Served by no rule (see `unmatchableCode`): the address itself is refused.
                errors.append(PaymentError(.shippingContactInvalid, contactField: .postalAddress, message: reason))
                if status == .success { status = .invalidShippingPostalAddress }
            } else {
                errors.append(PaymentError(.shippingAddressUnserviceable, contactField: .postalAddress, message: "\(merchantName) does not ship there"))
                if status == .success { status = .invalidShippingPostalAddress }
            }
        }
        let requestedBilling = requestedBillingContactFields
        for field in ContactField.allCases where requestedBilling.contains(field) {
            if payment.billingContact?.provides(field) != true {
                errors.append(PaymentError(.billingContactInvalid, contactField: field, message: "the billing \(field.rawValue) is missing"))
                if status == .success { status = .invalidBillingPostalAddress }
            }
        }
        // The card must be the one the summary was priced for: a surcharge is a line of it.
        if let error = surchargeMismatch(for: payment.paymentMethod) {
            errors.append(error)
            if status == .success { status = .failure }
        }
        return AuthorizationResult(status: status, errors: errors)
    }

    /// The error `authorize` reports when the tax rule for `contact`'s address gives another
    /// summary than the one shown (priced for the contact the sheet reported), or `nil`.
    func taxMismatch(at contact: Contact) -> PaymentError? {
        let taxRuleIndex = terms.applicableTaxRuleIndex(for: contact)
        guard taxRuleIndex != destination.taxRuleIndex,
            let (shown, here) = repriced(taxRuleIndex: taxRuleIndex, surchargeIndex: payment?.surchargeIndex)
        else { return nil }
        let tax = "the tax at this address is \(line(taxRuleIndex.map { taxRules[$0].label }, here.tax)), "
            + "not \(line(destination.taxRuleIndex.map { taxRules[$0].label }, shown.tax)) as shown"
        // Selecting the address again helps only when the sheet reported another one; when it
        // reported none, or this one without its country or region, say so instead.
        let reported = destination.contact?.postalAddress
        let advice =
            if exceedsMaximumTotal(here) {
                "; its total would be above the maximum of \(Money(maximumTotal ?? 0, currency))"
            } else if reported?.knownCountryCode == nil {
                "; the summary was priced without a shipping country"
            } else if reported?.knownRegion == nil, contact.postalAddress?.knownRegion != nil {
                "; the summary was priced without this address's region"
            } else {
                "; select the address again to update the total"
            }
        return PaymentError(.shippingContactInvalid, contactField: .postalAddress, message: tax + advice)
    }

    /// The error `authorize` reports when `method`'s surcharge gives another summary than the
    /// one shown (priced for the payment method the sheet reported, or for none), or `nil`.
    func surchargeMismatch(for method: PaymentMethod) -> PaymentError? {
        let surchargeIndex = terms.applicableSurchargeIndex(for: method)
        guard surchargeIndex != payment?.surchargeIndex,
            let (shown, here) = repriced(taxRuleIndex: destination.taxRuleIndex, surchargeIndex: surchargeIndex)
        else { return nil }
        let surcharge = "the surcharge for this card is \(line(surchargeIndex.map { surcharges[$0].label }, here.surcharge)), "
            + "not \(line(payment?.surchargeIndex.map { surcharges[$0].label }, shown.surcharge)) as shown"
        let advice =
            exceedsMaximumTotal(here)
            ? "; its total would be above the maximum of \(Money(maximumTotal ?? 0, currency)): choose another card"
            : "; select the card again to update the total"
        return PaymentError(.unknown, message: surcharge + advice)
    }

    /// The pricing shown and the one under `taxRuleIndex` and `surchargeIndex`, when their
    /// summaries differ (in a label or an amount); `nil` when the summary would be the same.
    private func repriced(taxRuleIndex: Int?, surchargeIndex: Int?) -> (shown: Pricing, here: Pricing)? {
        let shown = pricing
        let here = pricing(
            methodIndex: selectedShippingMethodIndex, couponIndex: appliedCouponIndex,
            taxRuleIndex: taxRuleIndex, surchargeIndex: surchargeIndex)
        return summary(here) == summary(shown) ? nil : (shown, here)
    }

    /// `"Sales tax" 4.35 USD` for a line a rule adds, `none` when no rule applies.
    private func line(_ label: String?, _ amount: BigDecimal) -> String {
        guard let label else { return "none" }
        return "\(quotedForMessage(label)) \(Money(amount, currency))"
    }
}

/// A payment-sheet event, for driving a checkout generically (tests, replays, servers).
public enum CheckoutEvent: Hashable, Sendable {
    /// `didSelectShippingMethod`.
    case selectShippingMethod(String)
    /// `didSelectShippingContact`.
    case changeShippingContact(Contact)
    /// `didSelectPaymentMethod`.
    case selectPaymentMethod(PaymentMethod)
    /// `didChangeCouponCode`.
    case changeCouponCode(String)
}

/// The update an event produces.
public enum CheckoutUpdate: Hashable, Sendable {
    /// From `selectShippingMethod`.
    case shippingMethod(ShippingMethodUpdate)
    /// From `changeShippingContact`.
    case shippingContact(ShippingContactUpdate)
    /// From `selectPaymentMethod`.
    case paymentMethod(PaymentMethodUpdate)
    /// From `changeCouponCode`.
    case couponCode(CouponCodeUpdate)

    /// The summary the update carries.
    public var summaryItems: PaymentSummary {
        switch self {
        case .shippingMethod(let update): return update.summaryItems
        case .shippingContact(let update): return update.summaryItems
        case .paymentMethod(let update): return update.summaryItems
        case .couponCode(let update): return update.summaryItems
        }
    }

    /// The errors the update carries: empty for a shipping-method update, which has a `status`
    /// instead, and for an event that was not refused. (A replaying server needs them for every
    /// event; it had to switch over the cases to read them: review, 2026-12-02.)
    public var errors: [PaymentError] {
        switch self {
        case .shippingMethod: return []
        case .shippingContact(let update): return update.errors
        case .paymentMethod(let update): return update.errors
        case .couponCode(let update): return update.errors
        }
    }

    /// The shipping methods the update carries (the selected one first), for a contact or
    /// coupon change; `nil` for the events whose PassKit update has none.
    public var shippingMethods: [ShippingMethod]? {
        switch self {
        case .shippingContact(let update): return update.shippingMethods
        case .couponCode(let update): return update.shippingMethods
        case .shippingMethod, .paymentMethod: return nil
        }
    }

    /// The status of a shipping-method update (`.failure` when the selection was refused);
    /// `nil` for the other events, whose Tally updates carry their refusals as `errors` instead
    /// (PassKit's update classes all have a `status`; these events' are made from the errors).
    public var status: AuthorizationStatus? {
        if case .shippingMethod(let update) = self { return update.status }
        return nil
    }
}

extension Checkout {
    /// Applies `event` and returns its update (the same as calling the event's method).
    public mutating func apply(_ event: CheckoutEvent) -> CheckoutUpdate {
        switch event {
        case .selectShippingMethod(let identifier): return .shippingMethod(selectShippingMethod(identifier))
        case .changeShippingContact(let contact): return .shippingContact(changeShippingContact(contact))
        case .selectPaymentMethod(let method): return .paymentMethod(selectPaymentMethod(method))
        case .changeCouponCode(let code): return .couponCode(changeCouponCode(code))
        }
    }

    /// The event as a pure function, `(Checkout, Event) -> (Checkout, Update)`: the checkout
    /// after `event` and the update for the sheet, leaving `self` as it is. The same as `apply`
    /// on a copy, which costs nothing to make (a checkout shares its items and rules with its
    /// copies); keep both checkouts to undo, to compare, or to hand the next one to another task.
    ///
    /// ```swift
    /// let (next, update) = checkout.applying(.selectShippingMethod("express"))
    /// ```
    public func applying(_ event: CheckoutEvent) -> (checkout: Checkout, update: CheckoutUpdate) {
        var next = self
        let update = next.apply(event)
        return (next, update)
    }

    /// The fields to ask the payment sheet for as billing information
    /// (`PKPaymentRequest.requiredBillingContactFields`, Apple Pay JS's): the required billing
    /// fields that the billing contact carries (postal address, name, phonetic name).
    public var requestedBillingContactFields: Set<ContactField> {
        requiredBillingContactFields.filter(\.isBillingContactField)
    }

    /// The fields to ask the payment sheet for as shipping information: the required shipping
    /// fields, and an email address or phone number required for billing, which the sheet only
    /// returns in the shipping contact.
    public var requestedShippingContactFields: Set<ContactField> {
        requiredShippingContactFields.union(requiredBillingContactFields.filter { !$0.isBillingContactField })
    }

    /// The checkout with its cached values — the items subtotal, and the tax rule, shipping rules
    /// and surcharge that apply to the contact and the payment method — found again from scratch: what an
    /// incremental update must equal.
    public func recomputed() -> Checkout {
        var copy = self
        copy.itemsSubtotal = Checkout.subtotal(of: items)
        copy.destination = Destination(shippingContact, terms)
        copy.payment = paymentMethod.map { PaymentChoice($0, terms) }
        return copy
    }
}

import Foundation
