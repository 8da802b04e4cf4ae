// Division that never guesses a precision: exact, rounded to a chosen scale, or integer division.

extension BigDecimal {
    /// The exact quotient, or an error when it has no finite decimal expansion.
    ///
    /// The exponent is the spec's ideal exponent `self.exponent - divisor.exponent`, lowered only as
    /// far as exactness needs.
    ///
    /// ```swift
    /// try BigDecimal("1").divided(by: 8)      // 0.125
    /// try BigDecimal("12.00").divided(by: 4)  // 3.00
    /// try BigDecimal("1").divided(by: 3)      // throws ArithmeticError.inexactQuotient
    /// ```
    /// - Throws: `.divisionByZero`, or `.inexactQuotient` when the quotient does not terminate.
    /// - Precondition: the quotient's exponent fits `Int32`, and the dividend's coefficient
    ///   scaled by the power of ten exactness needs stays within 1,000,000 digits; values within
    ///   the default `ParseLimits` always do (a divisor made in code such as `2^1000000` may not).
    /// - Complexity: two divisions of the coefficients, and the removal of factors 2 and 5.
    public func divided(by divisor: BigDecimal) throws(ArithmeticError) -> BigDecimal {
        if divisor.isZero { throw .divisionByZero }
        let idealExponent = Int(storedExponent) - Int(divisor.storedExponent)
        if isZero { return BigDecimal(coefficient: coefficient, exponent: idealExponent) }
        // With b = 2^twos · 5^fives · m (m prime to 10), a/b terminates iff m divides a: m has no
        // factor a power of ten could supply, so a must cancel all of it. Then 10^k with
        // k = max(twos − v2(a), fives − v5(a), 0) is the least power of ten that makes the
        // division exact. One division instead of a GCD: Euclid on the portable integers took
        // a review 234 s for two million-digit coefficients (GMP: 0.4 s).
        let (withoutTwos, twos) = divisor.coefficient.magnitude.removingFactor(2)
        let (rest, fives) = withoutTwos.removingFactor(5)
        if Coefficient.compare(rest, .small(1)) != 0 {
            guard coefficient.quotientAndRemainder(dividingBy: rest).remainder.isZero else {
                throw .inexactQuotient(dividend: description, divisor: divisor.description)
            }
        }
        let k = Swift.max(
            twos == 0 ? 0 : twos - coefficient.removingFactor(2).count,
            fives == 0 ? 0 : fives - coefficient.removingFactor(5).count,
            0)
        let quotient = coefficient.multipliedByPowerOfTen(k).dividedExactly(by: divisor.coefficient)
        return BigDecimal(coefficient: quotient, exponent: idealExponent - k)
    }

    /// The quotient rounded to `scale` decimal places by `rule`; the result's exponent is `-scale`.
    ///
    /// ```swift
    /// try BigDecimal(1).divided(by: 3, scale: 4, rounding: .toNearestOrEven)  // 0.3333
    /// try BigDecimal(2).divided(by: 3, scale: 2)                              // 0.67
    /// try BigDecimal(-10).divided(by: 4, scale: 0, rounding: .toNearestOrEven) // -2
    /// ```
    /// - Parameters:
    ///   - divisor: the value to divide by.
    ///   - scale: decimal places of the result (negative to round to tens, hundreds, …).
    ///   - rule: how to round; `.toNearestOrAwayFromZero` by default.
    /// - Throws: `.divisionByZero`.
    /// - Precondition: intermediate values need at most 1,000,000 digits, and `scale` is within
    ///   ±2,147,483,647, the range of a value's exponent.
    public func divided(
        by divisor: BigDecimal, scale: Int, rounding rule: RoundingRule = .toNearestOrAwayFromZero
    ) throws(ArithmeticError) -> BigDecimal {
        if divisor.isZero { throw .divisionByZero }
        let target = BigDecimal.targetExponent(forScale: scale)
        // q = round(c1 × 10^k / c2) with k = e1 - e2 - target.
        let k = Int(storedExponent) - Int(divisor.storedExponent) - Int(target)
        let quotient: Coefficient
        if k >= 0 {
            quotient = coefficient.multipliedByPowerOfTen(k).divided(by: divisor.coefficient, rounding: rule)
        } else if -k > coefficient.digitCountUpperBound {
            // |c1| < 10^(-k-1) <= |c2 × 10^(-k)| / 10: the exact quotient is below one tenth.
            let negative = (signum() < 0) != (divisor.signum() < 0)
            let away = !isZero && rule.roundsAwayFromZero(isNegative: negative, lastDigit: 0, halfComparison: -1)
            quotient = .small(away ? (negative ? -1 : 1) : 0)
        } else if k == -1 {
            quotient = coefficient.divided(by: divisor.coefficient.multipliedByPowerOfTen(1), rounding: rule)
        } else {
            // c1 / (c2 × 10^m), m = -k >= 2, without spelling c2 × 10^m out (a review: a
            // 1,000,000-digit amount cash-rounded to 0.05 needed 10^1,000,000 and stopped). Every
            // point where the rounding changes — an integer or half of one: multiples of
            // c2 × 5 × 10^(m-1) in c1 — is a multiple of 10^(m-1). So c1 cut toward zero to such a
            // multiple, plus a digit that is nonzero exactly when the cut dropped something, lies
            // strictly between the same two of them as c1 (or is c1): the same result by every
            // rule, from a dividend and a divisor m - 2 digits shorter.
            let (high, low): (Coefficient, Coefficient) = -k - 1 >= coefficient.exactDigitCount
                ? (.small(0), coefficient)
                : coefficient.quotientAndRemainder(dividingBy: .powerOfTen(-k - 1))
            let dropped: Coefficient = .small(low.isZero ? 0 : (signum() < 0 ? -1 : 1))
            quotient = (high.multipliedByPowerOfTen(1) + dropped)
                .divided(by: divisor.coefficient.multipliedByPowerOfTen(2), rounding: rule)
        }
        return BigDecimal(coefficient: quotient, storedExponent: target)
    }

    /// The truncated integer quotient and the remainder (spec *divide-integer* and *remainder*).
    ///
    /// `self == quotient * divisor + remainder` exactly; the quotient is an integer with exponent 0,
    /// truncated toward zero; the remainder has the sign of `self` and exponent
    /// `min(self.exponent, divisor.exponent)`.
    ///
    /// ```swift
    /// try BigDecimal("7.5").quotientAndRemainder(dividingBy: 2)  // (3, 1.5)
    /// try BigDecimal("-7").quotientAndRemainder(dividingBy: 2)   // (-3, -1)
    /// ```
    /// - Throws: `.divisionByZero`.
    /// - Precondition: when `|self| >= |divisor|`, the quotient and both coefficients aligned to the
    ///   smaller exponent need at most 1,000,000 digits (`1E+999999999` by `7` stops with a message;
    ///   the spec calls it Division_impossible). Values parsed with the default limits always fit.
    public func quotientAndRemainder(
        dividingBy divisor: BigDecimal
    ) throws(ArithmeticError) -> (quotient: BigDecimal, remainder: BigDecimal) {
        if divisor.isZero { throw .divisionByZero }
        let exponent = Swift.min(storedExponent, divisor.storedExponent)
        // |self| < |divisor|: the quotient is 0 and the remainder is self at the common exponent.
        // Decided by comparing first (no alignment when the sizes differ), because aligning both
        // coefficients to the common exponent can need billions of digits even though the answer is
        // small: `1` by `1E+999999999` (decTest dvix270, remx270) trapped in `checkDigits`. Padding
        // self is cheap here: when self's exponent is the larger, |self| < |divisor| bounds its
        // padded coefficient by the divisor's.
        if BigDecimal.compare(magnitude, divisor.magnitude) < 0 {
            let padded = coefficient.multipliedByPowerOfTen(Int(storedExponent) - Int(exponent))
            return (.zero, BigDecimal(coefficient: padded, storedExponent: exponent))
        }
        let a = coefficient.multipliedByPowerOfTen(Int(storedExponent) - Int(exponent))
        let b = divisor.coefficient.multipliedByPowerOfTen(Int(divisor.storedExponent) - Int(exponent))
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        return (BigDecimal(coefficient: q, storedExponent: 0), BigDecimal(coefficient: r, storedExponent: exponent))
    }
}
