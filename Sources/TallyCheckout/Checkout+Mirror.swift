// What `print`, `dump` and a property test's report show of a checkout and its summaries: the
// public state, in a fixed order, instead of the private representation (a shared terms object,
// rule indices, boxes whose reflection names a memory address that changes from run to run).

extension Checkout: CustomReflectable {
    /// The checkout as `print` and `dump` show it: the currency, the merchant, what is sold, the
    /// rules, the request fields (contact fields sorted, so that every run prints them alike) and
    /// the state the sheet's events changed (selected method, applied coupon, contact, card).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "currency": currency,
                "countryCode": countryCode,
                "merchantName": merchantName,
                "items": items,
                "shippingMethods": shippingMethods,
                "selectedShippingMethodIdentifier": selectedShippingMethodIdentifier as Any,
                "coupons": coupons,
                "appliedCouponCode": appliedCouponCode as Any,
                "taxRules": taxRules,
                "shippingRules": shippingRules,
                "surcharges": surcharges,
                "rounding": rounding,
                "maximumTotal": maximumTotal as Any,
                "shippingContact": shippingContact as Any,
                "paymentMethod": paymentMethod as Any,
                "merchantIdentifier": merchantIdentifier,
                "supportedNetworks": supportedNetworks,
                "merchantCapabilities": merchantCapabilities,
                "requiredBillingContactFields": requiredBillingContactFields.map(\.rawValue).sorted(),
                "requiredShippingContactFields": requiredShippingContactFields.map(\.rawValue).sorted(),
                "shippingType": shippingType,
            ],
            displayStyle: .struct)
    }
}

extension PaymentSummary: CustomReflectable, CustomStringConvertible {
    /// The summary's lines as `dump` shows them, as the sheet shows them.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
    }

    /// The lines, as an array of them prints.
    public var description: String { Array(self).description }
}

extension ShippingDateRange: CustomReflectable {
    /// The range as `print` and `dump` show it: its start and end (not its private box).
    public var customMirror: Mirror {
        Mirror(self, children: ["start": start, "end": end], displayStyle: .struct)
    }
}
