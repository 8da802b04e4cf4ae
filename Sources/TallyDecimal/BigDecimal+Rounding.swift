// Quantizing to a scale (spec quantize/rescale), exact rescaling, and reduce.

extension BigDecimal {
    /// The value rounded (or padded) to `scale` decimal places: the result's exponent is `-scale`
    /// (spec *quantize*).
    ///
    /// ```swift
    /// BigDecimal("2.345").rounded(scale: 2)                    // 2.35
    /// BigDecimal("2.345").rounded(scale: 2, .toNearestOrEven)  // 2.34
    /// BigDecimal("-2.5").rounded(scale: 0, .down)              // -3
    /// BigDecimal("7").rounded(scale: 2)                        // 7.00
    /// BigDecimal("1234").rounded(scale: -2)                    // 1.2E+3
    /// ```
    ///
    /// - Parameters:
    ///   - scale: the number of decimal places; negative to round to tens, hundreds, ….
    ///   - rule: how to round a discarded fraction; `.toNearestOrAwayFromZero` by default.
    /// - Returns: the rounded value, whose exponent is exactly `-scale`.
    /// - Precondition: the result needs at most 1,000,000 digits (padding `1` to `scale: 10_000_000`
    ///   stops with a message instead of allocating gigabytes).
    /// - Complexity: O(1) for money-sized values; O(n) in the digits otherwise.
    public func rounded(scale: Int, _ rule: RoundingRule = .toNearestOrAwayFromZero) -> BigDecimal {
        let target = BigDecimal.checkedExponent(-scale)
        let shift = Int(storedExponent) - Int(target)
        if shift >= 0 {
            return BigDecimal(coefficient: coefficient.multipliedByPowerOfTen(shift), storedExponent: target)
        }
        return BigDecimal(coefficient: BigDecimal.dropDigits(coefficient, -shift, rule), storedExponent: target)
    }

    /// `c / 10^k` rounded to an integer by `rule`, `k > 0`, without building `10^k` when it is
    /// certainly larger than `c` (the result is then 0 or ±1 depending on the rule).
    static func dropDigits(_ c: Coefficient, _ k: Int, _ rule: RoundingRule) -> Coefficient {
        if c.isZero { return c }
        if k > c.digitCountUpperBound {
            // 0 < |c| / 10^k < 1/10 < 1/2: the truncated quotient is 0 and the fraction below one half.
            let negative = c.signum < 0
            let away = rule.roundsAwayFromZero(isNegative: negative, lastDigit: 0, halfComparison: -1)
            return .small(away ? (negative ? -1 : 1) : 0)
        }
        return c.divided(by: .powerOfTen(k), rounding: rule)
    }

    /// The same value with exponent `-scale`, or an error when that would lose nonzero digits.
    ///
    /// Use it to check that an amount has no more decimals than a currency allows.
    ///
    /// ```swift
    /// try BigDecimal("12.5").rescaled(exactlyTo: 2)   // 12.50
    /// try BigDecimal("12.345").rescaled(exactlyTo: 2) // throws ArithmeticError.inexactRescale
    /// ```
    /// - Throws: `ArithmeticError.inexactRescale` when digits would be lost.
    /// - Precondition: as for `rounded(scale:_:)`.
    public func rescaled(exactlyTo scale: Int) throws(ArithmeticError) -> BigDecimal {
        let result = rounded(scale: scale, .towardZero)
        guard result == self else { throw .inexactRescale(value: description, scale: scale) }
        return result
    }

    /// The value with trailing zeros removed from its coefficient (spec *reduce*); zero becomes `0`.
    ///
    /// ```swift
    /// BigDecimal("1.200").reduced()  // 1.2
    /// BigDecimal("1200").reduced()   // 1.2E+3
    /// ```
    /// - Complexity: O(n) in the number of digits.
    public func reduced() -> BigDecimal {
        if isZero { return .zero }
        let (rest, zeros) = coefficient.removingFactor(10)
        return BigDecimal(coefficient: rest, exponent: Int(storedExponent) + zeros)
    }
}
