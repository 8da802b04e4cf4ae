import TallyDecimal
import TallyMoney

/// Whether an amount a client sent matches the checkout's total exactly.
public enum TotalVerification: Hashable, Sendable, CustomStringConvertible {
    /// The amount is the total, to the last minor unit.
    case matches
    /// Same currency, different amount; `difference` is received − expected.
    case amountMismatch(expected: Money, received: Money, difference: Money)
    /// A different currency: the checkout's total, and the amount received in its own currency.
    case currencyMismatch(expected: Money, received: Money)
    /// The numeric currency code is not an ISO 4217 code with minor units.
    case unknownCurrency(numericCode: Int)
    /// Same currency, but an amount beyond what a checkout accepts (the default `ParseLimits`:
    /// 1,000 digits, exponents within ±6,144), so not the total, and too far from it for the
    /// difference to be worth spelling out (`1E+1000000` would take a million digits).
    case amountOutOfRange(expected: Money, received: Money)

    /// Whether the amount matches.
    public var isMatch: Bool { self == .matches }

    /// `the client sent 10.00 CNY, the total is 10.01 CNY (off by -0.01 CNY)`. An amount of more
    /// than 60 characters is cut to its first 40 and its digit count
    /// (`1000000000000000000000000000000000000000… (91 digits) CNY` for a client's `1E+90`), and
    /// one whose exponent is far from zero is written in scientific notation (`1E+6000 CNY`), so
    /// that an amount makes a line, not 6,000 characters.
    public var description: String {
        func brief(_ money: Money) -> String { "\(MoneyError.shown(money.amount)) \(money.currency.code)" }
        switch self {
        case .matches: return "the amount matches the total"
        case .amountMismatch(let expected, let received, let difference):
            return "the client sent \(brief(received)), the total is \(brief(expected)) (off by \(brief(difference)))"
        case .currencyMismatch(let expected, let received):
            return "the client sent \(brief(received)), the total is \(brief(expected)) (another currency)"
        case .unknownCurrency(let code):
            return "\(code) is not an ISO 4217 numeric code with minor units"
        case .amountOutOfRange(let expected, let received):
            return "the client sent \(brief(received)), beyond the amounts a checkout accepts; the total is \(brief(expected))"
        }
    }
}

extension Checkout {
    /// Checks an amount from a client (a web page, an app) against the total computed here.
    ///
    /// ```swift
    /// checkout.verify(total: Money("10.01", .cny))   // .matches
    /// checkout.verify(total: Money("10.00", .cny))   // .amountMismatch(…, difference: -0.01 CNY)
    /// ```
    /// An amount beyond the default `ParseLimits` (the limits every amount a checkout is made of
    /// is held to) is `.amountOutOfRange`, without a difference.
    public func verify(total: Money) -> TotalVerification {
        let expected = summary.total
        guard total.currency == currency else { return .currencyMismatch(expected: expected, received: total) }
        if total.amount == expected.amount { return .matches }
        // Checked before the subtraction, which aligns both amounts to the smaller exponent:
        // `1E+1000000` from a client stopped the process there (review, 2026-12-01).
        guard ParseLimits.default.admits(total.amount) else { return .amountOutOfRange(expected: expected, received: total) }
        return .amountMismatch(expected: expected, received: total, difference: Money(total.amount - expected.amount, currency))
    }

    /// Checks the amount a decrypted Apple Pay token carries: minor units and a numeric currency
    /// code (`transactionAmount: 1001`, `currencyCode: "156"`).
    public func verify(minorUnits: Int64, numericCurrencyCode: Int) -> TotalVerification {
        // The checkout's own currency first: a custom currency may carry a numeric code of its own.
        let received: Currency
        if currency.numericCode == numericCurrencyCode {
            received = currency
        } else if let iso = try? Currency(numericCode: numericCurrencyCode) {
            received = iso
        } else {
            return .unknownCurrency(numericCode: numericCurrencyCode)
        }
        return verify(total: Money(minorUnits: minorUnits, currency: received))
    }
}
