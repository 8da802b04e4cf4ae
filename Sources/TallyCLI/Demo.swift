// `tally demo`: the seed tutorial's checkout, computed exactly.
import Foundation  // only for the side-by-side Foundation.Decimal comparison
import Tally

enum Demo {
    struct Line {
        let label: String
        let amount: BigDecimal
    }

    static func render() -> String {
        var out = ""
        let subtotal: BigDecimal = "12.75"
        let discount: BigDecimal = "-12.74"
        let free: BigDecimal = "0.00"
        let express: BigDecimal = "10.00"

        out += "Tally demo: the seed checkout (merchant \"ls\", CNY), computed exactly with BigDecimal\n\n"
        for (name, shipping, shippingLabel) in [("Free shipping selected", free, "包邮"), ("Express shipping selected", express, "极速送达")] {
            let lines = [Line(label: "商品价格", amount: subtotal), Line(label: "优惠折扣", amount: discount),
                         Line(label: shippingLabel, amount: shipping)]
            let total = lines.reduce(BigDecimal.zero) { $0 + $1.amount }
            out += "\(name):\n" + table(lines + [Line(label: "ls", amount: total)]) + "\n"
        }

        // Tax: an illustrative 13% VAT on the express total, rounded once to cents.
        let total = subtotal + discount + express
        let rate: BigDecimal = "0.13"
        let exactTax = total * rate
        out += "Tax at 13% on \(total.plainString): exact \(exactTax.plainString), rounded to cents:\n"
        for rule in [RoundingRule.toNearestOrAwayFromZero, .toNearestOrEven, .up, .down] {
            out += "  \(pad(String(describing: rule), to: 26)) \(exactTax.rounded(scale: 2, rule).plainString)\n"
        }
        let tax = exactTax.rounded(scale: 2)
        out += "Total with tax (default rule): \((total + tax).plainString)\n\n"

        // Money: the express total split three ways (and refunded), cash rounding, formatting.
        let express10 = Money(total, .cny)
        out += "Money (TallyMoney):\n"
        if let parts = try? express10.split(into: 3), let refund = try? (-express10).split(into: 3) {
            out += "  \(express10) split 3 ways:  \(parts.map(\.amount.plainString).joined(separator: " + ")) = "
                + "\(parts.reduce(Money.zero(.cny), +))\n"
            out += "  refunded the same way:   \(refund.map(\.amount.plainString).joined(separator: " + "))\n"
        }
        if let cash = try? Money("12.33", .chf).roundedToCash(increment: "0.05") {
            out += "  12.33 CHF paid in cash:  \(cash) (Swiss cash rounds to 0.05)\n"
        }
        let formatted = [("zh_CN", express10), ("en_US", express10), ("ja_JP", Money(1234, .jpy)), ("en_US", Money("1.234", .kwd))]
            .map { locale, money in "\(money.formatted(locale: Locale(identifier: locale))) (\(locale))" }
        out += "  formatted by Foundation: \(formatted.joined(separator: ", "))\n\n"

        // Beyond Foundation.Decimal's 38 digits.
        let a: BigDecimal = "1234567890123456789012345678901234567.891"
        let b: BigDecimal = "0.109"
        out += "A 40-digit sum:\n"
        out += "  \(a.plainString) + \(b.plainString)\n"
        out += "  Tally BigDecimal    \((a + b).plainString)\n"
        let da = Decimal(string: a.plainString) ?? .nan
        let db = Decimal(string: b.plainString) ?? .nan
        let theirs = da + db
        if let back = BigDecimal(exactly: theirs) {
            out += "  Foundation.Decimal  \(theirs)   (38 digits: off by \((back - (a + b)).plainString))\n"
        } else {
            out += "  Foundation.Decimal  \(theirs)\n"
        }
        return out
    }

    static func table(_ lines: [Line]) -> String {
        let width = lines.map { $0.amount.plainString.count }.max() ?? 0
        return lines.map { line in
            let amount = line.amount.plainString
            return "  " + pad(line.label, to: 12) + String(repeating: " ", count: width - amount.count) + amount + "\n"
        }.joined()
    }

    /// Pads to a number of terminal columns; CJK characters take two.
    static func pad(_ text: String, to columns: Int) -> String {
        let used = text.unicodeScalars.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
        return text + String(repeating: " ", count: max(1, columns - used))
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6: return true
        default: return false
        }
    }
}
