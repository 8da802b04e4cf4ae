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
    public var kind: SummaryItemKind {
        get { kindBox?.kind ?? .standard }
        set { kindBox = SummaryItemKindBox.boxing(newValue) }
    }
    /// `nil` for a standard line (almost every line); another kind's dates, interval or threshold in
    /// a shared box. Stored inline, `kind` made every line about 80 bytes with a copy that switched
    /// over its payloads, and a summary is copied line by line whenever it is turned into an array
    /// (a PassKit delegate does it on every event): W9's `Array8` went from 783–791 to 598–606 ns.
    private var kindBox: SummaryItemKindBox?

    /// Creates a line.
    public init(label: String, amount: BigDecimal, type: SummaryItemType = .final, kind: SummaryItemKind = .standard) {
        self.label = label
        self.amount = amount
        self.type = type
        self.kindBox = SummaryItemKindBox.boxing(kind)
    }

    /// Whether two lines have the same label, amount (numerically), type and kind.
    public static func == (a: SummaryItem, b: SummaryItem) -> Bool {
        a.label == b.label && a.amount == b.amount && a.type == b.type && a.kind == b.kind
    }

    /// Hashes the label, amount, type and kind, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(label)
        hasher.combine(amount)
        hasher.combine(type)
        hasher.combine(kind)
    }
}

extension SummaryItem: CustomReflectable {
    /// The line's label, amount, type and kind, as `print` and `dump` show them (not its private
    /// box).
    public var customMirror: Mirror {
        Mirror(self, children: ["label": label, "amount": amount, "type": type, "kind": kind], displayStyle: .struct)
    }
}

/// The box of a line's kind other than `.standard` (immutable, so sharing it is safe).
final class SummaryItemKindBox: Sendable {
    let kind: SummaryItemKind

    private init(_ kind: SummaryItemKind) { self.kind = kind }

    /// `nil` for `.standard`, else a box holding `kind`.
    static func boxing(_ kind: SummaryItemKind) -> SummaryItemKindBox? {
        if case .standard = kind { return nil }
        return SummaryItemKindBox(kind)
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
