import Foundation
import TallyDecimal

/// A line of the payment summary, shaped like PassKit's `PKPaymentSummaryItem` on every platform.
///
/// ```swift
/// SummaryItem(label: "商品价格", amount: "12.75")
/// SummaryItem(label: "Gift wrap", amount: 0, type: .pending)
/// ```
public struct SummaryItem: Hashable, Sendable {
    /// The text the payment sheet shows.
    public var label: String
    /// The amount, in the checkout's currency (exact; validated against its minor units).
    public var amount: BigDecimal
    /// Final or pending (not yet known; shown as 0 and left out of the total).
    public var type: SummaryItemType
    /// A standard line, or a deferred, recurring or automatic-reload payment.
    public var kind: SummaryItemKind

    /// Creates a line.
    public init(label: String, amount: BigDecimal, type: SummaryItemType = .final, kind: SummaryItemKind = .standard) {
        self.label = label
        self.amount = amount
        self.type = type
        self.kind = kind
    }
}

/// Whether a line's amount is known (`PKPaymentSummaryItemType`).
public enum SummaryItemType: String, Hashable, Sendable, CaseIterable {
    /// The amount is final.
    case final
    /// The amount is not known yet (a ride's final fare); the sheet shows it without an amount.
    case pending
}

/// The payment a line stands for, with the data PassKit's item subclasses carry.
public enum SummaryItemKind: Hashable, Sendable {
    /// An ordinary line.
    case standard
    /// A payment made later, on `date` (`PKDeferredPaymentSummaryItem`).
    case deferred(date: Date)
    /// A repeating payment (`PKRecurringPaymentSummaryItem`): every `intervalCount` `interval`s
    /// from `startDate` until `endDate`.
    case recurring(startDate: Date?, interval: RecurringInterval, intervalCount: Int, endDate: Date?)
    /// A top-up when the balance falls below `threshold` (`PKAutomaticReloadPaymentSummaryItem`).
    case automaticReload(threshold: BigDecimal)
}

/// The calendar unit of a recurring payment.
public enum RecurringInterval: String, Hashable, Sendable, CaseIterable {
    /// Every minute (PassKit allows it; rarely used).
    case minute
    /// Every hour.
    case hour
    /// Every day.
    case day
    /// Every month.
    case month
    /// Every year.
    case year
}
