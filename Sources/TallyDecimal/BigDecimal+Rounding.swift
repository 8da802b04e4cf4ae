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
    ///   stops with a message instead of allocating gigabytes), and `scale` is within
    ///   ±2,147,483,647, the range of a value's exponent (`rounded(scale: 3_000_000_000)` stops,
    ///   even for zero).
    /// - Complexity: O(1) for money-sized values; O(n) in the digits otherwise.
    @inlinable @inline(__always)
    public consuming func rounded(scale: Int, _ rule: RoundingRule = .toNearestOrAwayFromZero) -> BigDecimal {
        // Fast path: an inline coefficient losing 1 to 18 digits (money: a product rounded to
        // cents) is divided and rounded right here with machine integers; everything else (padding,
        // GMP values, out-of-range scales) takes `roundedGeneral`, which gives the same results.
        // W4, `(amount × 0.0825).rounded(scale: 2, .toNearestOrEven)` over 10,000 lines, ns per line
        // (Int64 ≈ 1.5–2.4 in the same runs): 23.0 before; 13.8–20.4 with this path out of line;
        // 11.3 `@inlinable` (the optimizer still did not inline it, so the rule was not constant);
        // 6.6–7.5 `@inline(__always)`, which lets the caller's constant rule fold the decision.
        // A fused `multiplied(by:scale:rounding:)` with no intermediate product measured no faster
        // (8.5 against 7.8 in one run).
        //
        // `consuming`, with the coefficient switched on by value: the receiver is usually a
        // temporary (`(a * rate).rounded(…)`), which is moved in; a `.small` payload moved out is a
        // plain `Int64` with nothing left to destroy. W4 under callgrind (`--toggle-collect` on the
        // workload): 93.5 → 84.5 instructions per line. The calls to the enum's outlined consume
        // (a call that checks for a GMP object to release) stay at two per line: the destroys of
        // the caller's loop variable (`for amount in amounts`, alive to the end of the loop body)
        // and of the rounded temporary that `+=` borrows. Making `+=` and `*` consuming too took
        // W4 to 67.5 instructions and one call, but then every GMP operand the caller reuses
        // (`a += x` with `x` kept) is retained and released once more: W5 `+=` went from 227 to
        // 277 instructions and from 2.3–2.5× to 3.2× raw GMP, over that target, so the operators
        // still borrow.
        let exponent = storedExponent
        let coefficient = self.coefficient
        _ = consume self
        switch consume coefficient {
        case .small(let value):
            // `&+`: it wraps only when |scale| > 2^62, and then lands far outside -18..<0.
            let shift = Int(exponent) &+ scale  // exponent - target exponent
            // The target exponent (-scale) is above the exponent, so only its upper bound needs a check.
            if shift < 0 && shift >= -18 && Int(exponent) - shift <= Int(Int32.max) {
                let target = Int32(truncatingIfNeeded: Int(exponent) - shift)
                let divisor = BigDecimal.inlinePowerOfTen(-shift)
                // A hardware divide by a run-time 10^k. (A multiply by a precomputed reciprocal was
                // tried: no faster on W4, 6.9 ns either way, so the simpler code stays.)
                let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
                // The decision of `Coefficient.divided(by:rounding:)` (2|r| against the divisor),
                // without branches: on real data "above one half?" is a coin toss for the branch
                // predictor. |r| < 10^18, so 2|r| < 2^61 fits UInt64.
                let sign = value >> 63  // 0, or -1 for a negative value
                let away = rule.awayFromZeroBit(
                    negative: UInt64(bitPattern: sign) & 1, twice: remainder.magnitude &* 2,
                    divisor: UInt64(divisor), quotient: quotient)
                let step = Int64(bitPattern: away)
                // ±1 away from zero, or 0; |quotient| < 2^63 / 10, so this cannot overflow.
                return BigDecimal(coefficient: .small(quotient &+ ((step ^ sign) &- sign)), storedExponent: target)
            }
            return BigDecimal(coefficient: .small(value), storedExponent: exponent).roundedGeneral(scale: scale, rule)
        case .large(let owner):
            return BigDecimal(coefficient: .large(owner), storedExponent: exponent).roundedGeneral(scale: scale, rule)
        }
    }

    /// `10^k` for `1 <= k <= 18`, as constants that become a table in the caller's own code
    /// (`powersOfTen` is a lazily initialized global: from inlined code each use would cost an
    /// accessor call and a `swift_once` check).
    @inlinable @inline(__always)
    static func inlinePowerOfTen(_ k: Int) -> Int64 {
        switch k {
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        case 9: return 1_000_000_000
        case 10: return 10_000_000_000
        case 11: return 100_000_000_000
        case 12: return 1_000_000_000_000
        case 13: return 10_000_000_000_000
        case 14: return 100_000_000_000_000
        case 15: return 1_000_000_000_000_000
        case 16: return 10_000_000_000_000_000
        case 17: return 100_000_000_000_000_000
        default: return 1_000_000_000_000_000_000
        }
    }

    /// The general quantize, for any coefficient: the body `rounded(scale:_:)` had before its fast
    /// path, unchanged.
    @usableFromInline
    func roundedGeneral(scale: Int, _ rule: RoundingRule) -> BigDecimal {
        let target = BigDecimal.targetExponent(forScale: scale)
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
        let room = Int(Int32.max) - Int(storedExponent)
        if zeros > room {
            // Stripping every zero would push the exponent past Int32.max: stop there. The result
            // is still canonical (every representation of this value clamps to the same one), which
            // is what hashing needs.
            return BigDecimal(coefficient: rest.multipliedByPowerOfTen(zeros - room), storedExponent: .max)
        }
        return BigDecimal(coefficient: rest, exponent: Int(storedExponent) + zeros)
    }
}
