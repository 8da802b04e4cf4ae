// Display through Foundation's locale-aware currency format style: never hand-written locale rules.
import Foundation
import TallyDecimal

extension Money {
    /// The amount formatted for people in `locale`, through Foundation's currency `FormatStyle`.
    ///
    /// ```swift
    /// Money("12.75", .cny).formatted(locale: Locale(identifier: "zh_CN"))   // "¥12.75"
    /// Money("1234", .jpy).formatted(locale: Locale(identifier: "en_US"))    // "¥1,234"
    /// Money("1.234", .kwd).formatted(locale: Locale(identifier: "en_US"))   // "KWD\u{A0}1.234" (a no-break space)
    /// ```
    /// The amount is shown with the currency's ISO minor units (ICU's display digits can differ,
    /// see Guides/Currencies.md), rounded with `.toNearestOrAwayFromZero` if it has more. Amounts
    /// that `Foundation.Decimal` cannot hold exactly (more than 38 significant digits, or, without
    /// their trailing zeros, an exponent outside −128…127: `1E+128` USD, not `1E+40` USD) are
    /// written plainly and exactly instead, with `.` as the decimal point and no grouping
    /// whatever the locale: `"CNY 1234567890123456789012345678901234567890.12"`. So are amounts in a
    /// custom currency whose code is not three upper-case letters (`"POINTS 1234.50"`): Foundation
    /// would print them as a bare number. An amount whose count of minor units has more than
    /// `Money.maximumUnitDigits` digits is written exactly as `description` writes it, not
    /// rounded (`"USD 1E+999999"`): spelled out at the currency's scale it would pass the
    /// decimal's million-digit bound (a review found such an amount stopping the process here).
    public func formatted(locale: Locale) -> String {
        if isBeyondSpellingAtScale {
            return "\(currency.code) \(amount.description)"
        }
        let shown = rounded()
        let looksLikeISO = currency.code.utf8.count == 3 && currency.code.utf8.allSatisfy { $0 >= 65 && $0 <= 90 }
        guard looksLikeISO, let decimal = Decimal(exactly: shown.amount) else {
            return "\(currency.code) \(shown.amount.plainString)"
        }
        let digits = currency.minorUnits
        let style = Decimal.FormatStyle.Currency(code: currency.code, locale: locale)
            .precision(.fractionLength(digits...digits))
        return decimal.formatted(style)
    }
}
