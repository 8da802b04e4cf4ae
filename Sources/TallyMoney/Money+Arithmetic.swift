import TallyDecimal

// Exact arithmetic within one currency. Operators trap on mixed currencies (a programmer error);
// the throwing methods are for amounts from outside.

extension Money {
    /// The exact sum. `1.50 USD + 1.5 USD` is `3.00 USD`.
    ///
    /// - Precondition: both amounts are in the same currency; use `adding(_:)` to get an error instead.
    public static func + (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currency == rhs.currency, "Money: \(MoneyError.currencyMismatch(lhs.currency, rhs.currency))")
        return Money(lhs.amount + rhs.amount, lhs.currency)
    }

    /// The exact difference.
    ///
    /// - Precondition: both amounts are in the same currency; use `subtracting(_:)` to get an error instead.
    public static func - (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currency == rhs.currency, "Money: \(MoneyError.currencyMismatch(lhs.currency, rhs.currency))")
        return Money(lhs.amount - rhs.amount, lhs.currency)
    }

    /// Adds in place (same currency required, as for `+`).
    public static func += (lhs: inout Money, rhs: Money) { lhs = lhs + rhs }

    /// Subtracts in place (same currency required, as for `-`).
    public static func -= (lhs: inout Money, rhs: Money) { lhs = lhs - rhs }

    /// The negated amount.
    public static prefix func - (operand: Money) -> Money { Money(-operand.amount, operand.currency) }

    /// The exact sum, or `MoneyError.currencyMismatch` when the currencies differ.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        guard currency == other.currency else { throw .currencyMismatch(currency, other.currency) }
        return self + other
    }

    /// The exact difference, or `MoneyError.currencyMismatch` when the currencies differ.
    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        guard currency == other.currency else { throw .currencyMismatch(currency, other.currency) }
        return self - other
    }

    /// The exact product with a scalar; the amount may get more decimals than the currency
    /// (`12.75 × 0.0825 = 1.051875`): round it with `rounded(_:)` or use `multiplied(by:rounding:)`.
    ///
    /// - Precondition: as for `BigDecimal`'s `*`: the product's exponent, the sum of the two,
    ///   stays within ±2,147,483,647 (amounts and factors within the default `ParseLimits` always do).
    public func multiplied(by factor: BigDecimal) -> Money {
        Money(amount * factor, currency)
    }

    /// The product with a scalar, rounded once to the currency's minor units.
    ///
    /// ```swift
    /// Money("12.75", .usd).multiplied(by: "0.0825", rounding: .toNearestOrEven)  // 1.05 USD
    /// ```
    /// - Precondition: as for `multiplied(by:)`, and the product has at most about a million
    ///   digits at the currency's scale, as for `rounded(_:)` (`1E+999999` USD, made in code, stops).
    public func multiplied(by factor: BigDecimal, rounding rule: RoundingRule = .toNearestOrAwayFromZero) -> Money {
        Money((amount * factor).rounded(scale: currency.minorUnits, rule), currency)
    }

    /// The quotient by a scalar, rounded once to the currency's minor units. To split an amount
    /// so the parts add up, use `split(into:)` instead.
    ///
    /// - Throws: `MoneyError.divisionByZero`.
    /// - Precondition: as for `BigDecimal.divided(by:scale:rounding:)`, the quotient at the
    ///   currency's scale has at most a million digits (true for an amount and a divisor within
    ///   the default `ParseLimits`; not for a divisor of `1E-1000000` made in code).
    public func divided(by divisor: BigDecimal, rounding rule: RoundingRule = .toNearestOrAwayFromZero) throws(MoneyError) -> Money {
        guard !divisor.isZero else { throw .divisionByZero }
        do {
            return Money(try amount.divided(by: divisor, scale: currency.minorUnits, rounding: rule), currency)
        } catch {
            throw .divisionByZero
        }
    }

    /// Whether the amount is below zero.
    public var isNegative: Bool { amount.signum() < 0 }

    /// Whether the amount is zero.
    public var isZero: Bool { amount.isZero }
}
