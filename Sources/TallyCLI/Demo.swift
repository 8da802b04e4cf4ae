// `tally demo`: the seed tutorial's checkout through the payment sheet's events (Demo+Checkout.swift),
// then money and a sum beyond Foundation.Decimal's 38 or 39 digits. The output is deterministic.
import Foundation  // for locales and the side-by-side Foundation.Decimal comparison
import Tally

enum Demo {
    static func render() -> String {
        renderCheckout() + renderMoney() + renderBigSum()
    }

    /// The express total as money: tax rounding, a split, a refund, cash rounding, formatting.
    static func renderMoney() -> String {
        var out = "Money (TallyMoney):\n"
        let total: BigDecimal = "10.01"
        let exactTax = total * "0.13"
        let rounded = [RoundingRule.toNearestOrAwayFromZero, .toNearestOrEven, .up, .down]
            .map { "\(exactTax.rounded(scale: 2, $0).plainString) \($0)" }
        out += "  13% tax on 10.01 = \(exactTax.plainString): \(rounded.joined(separator: ", "))\n"
        let express = Money(total, .cny)
        if let parts = try? express.split(into: 3), let refund = try? (-express).split(into: 3) {
            out += "  \(express) split 3 ways:  \(parts.map(\.amount.plainString).joined(separator: " + ")) = "
                + "\(parts.reduce(Money.zero(.cny), +))\n"
            out += "  refunded the same way:   \(refund.map(\.amount.plainString).joined(separator: " + "))\n"
        }
        if let cash = try? Money("12.33", .chf).roundedToCash(increment: "0.05") {
            out += "  12.33 CHF paid in cash:  \(cash) (Swiss cash rounds to 0.05)\n"
        }
        let formatted = [("zh_CN", express), ("en_US", express), ("ja_JP", Money(1234, .jpy)), ("en_US", Money("1.234", .kwd))]
            .map { locale, money in "\(money.formatted(locale: Locale(identifier: locale))) (\(locale))" }
        out += "  formatted by Foundation: \(formatted.joined(separator: ", "))\n\n"
        return out
    }

    /// A 40-digit sum, exact, next to Foundation.Decimal's rounded answer.
    static func renderBigSum() -> String {
        let a: BigDecimal = "1234567890123456789012345678901234567.891"
        let b: BigDecimal = "0.109"
        var out = "A 40-digit sum:\n"
        out += "  \(a.plainString) + \(b.plainString)\n"
        out += "  Tally BigDecimal    \((a + b).plainString)\n"
        let theirs = (Decimal(string: a.plainString) ?? .nan) + (Decimal(string: b.plainString) ?? .nan)
        if let back = BigDecimal(exactly: theirs) {
            // Its significant digits counted, not assumed: a 128-bit mantissa holds every 38-digit
            // number and some of 39 (this answer has 39).
            out += "  Foundation.Decimal  \(theirs)   (\(back.digitCount) digits: off by \((back - (a + b)).plainString))\n"
        } else {
            out += "  Foundation.Decimal  \(theirs)\n"
        }
        return out
    }

    /// Pads to a number of terminal columns; CJK characters take two.
    static func pad(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(1, columns - SummaryRenderer.displayWidth(text)))
    }
}
