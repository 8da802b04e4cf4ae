import Foundation
import TallyDecimal

/// A way to deliver the order (`PKShippingMethod`): shown in the sheet, its amount becomes the
/// shipping line.
public struct ShippingMethod: Hashable, Sendable {
    /// A unique identifier within the checkout (`"freeshipping"`).
    public var identifier: String
    /// The name shown (`"包邮"`).
    public var label: String
    /// The detail shown under it (`"6-8 天 送达"`).
    public var detail: String
    /// The price, in the checkout's currency.
    public var amount: BigDecimal
    /// When the order is expected to arrive, if known.
    public var dateRange: ShippingDateRange?

    /// Creates a shipping method.
    public init(identifier: String, label: String, detail: String = "", amount: BigDecimal, dateRange: ShippingDateRange? = nil) {
        self.identifier = identifier
        self.label = label
        self.detail = detail
        self.amount = amount
        self.dateRange = dateRange
    }
}

/// The expected delivery window of a shipping method (`PKDateComponentsRange`).
public struct ShippingDateRange: Hashable, Sendable {
    /// The earliest delivery date.
    public var start: DateComponents
    /// The latest delivery date.
    public var end: DateComponents

    /// Creates a range.
    public init(start: DateComponents, end: DateComponents) {
        self.start = start
        self.end = end
    }
}

/// How the order reaches the customer (`PKShippingType`).
public enum ShippingType: String, Hashable, Sendable, CaseIterable {
    /// Shipped to the customer's address.
    case shipping
    /// Delivered by the merchant.
    case delivery
    /// Picked up by the customer at a store.
    case storePickup
    /// Picked up by a service provider.
    case servicePickup
}
