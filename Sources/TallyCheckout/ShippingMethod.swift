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
///
/// A value like any other; its two `DateComponents` (about 290 bytes each) live in one shared,
/// immutable box, so that a `ShippingMethod` stays small (72 bytes on 64-bit platforms, not 635)
/// and the events that read or copy shipping methods do not copy the dates. Setting `start` or
/// `end` makes a new box.
public struct ShippingDateRange: Hashable, Sendable {
    private final class Dates: Sendable {
        let start: DateComponents
        let end: DateComponents

        init(start: DateComponents, end: DateComponents) {
            self.start = start
            self.end = end
        }
    }

    private var dates: Dates

    /// The earliest delivery date.
    public var start: DateComponents {
        get { dates.start }
        set { dates = Dates(start: newValue, end: dates.end) }
    }

    /// The latest delivery date.
    public var end: DateComponents {
        get { dates.end }
        set { dates = Dates(start: dates.start, end: newValue) }
    }

    /// Creates a range.
    public init(start: DateComponents, end: DateComponents) {
        dates = Dates(start: start, end: end)
    }

    /// Whether the two ranges have equal start and end dates (the boxes need not be the same).
    public static func == (a: ShippingDateRange, b: ShippingDateRange) -> Bool {
        a.dates === b.dates || (a.start == b.start && a.end == b.end)
    }

    /// Hashes the start and end dates, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(end)
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
