import TallyDecimal

// Splitting money so the parts always add up to the whole, exactly.
//
// Method (largest remainder, Hamilton's method): express the amount as a whole number T of units
// (the currency's minor unit, or a cash increment); give part i the floor of its exact share
// T·rᵢ/Σr; hand the L units left over, one each, to the parts with the largest remainders of that
// division, ties to the earlier part. A negative amount is allocated as its magnitude and every
// part negated, so allocating −x is exactly the negation of allocating x.
//
// Allocation behaviour: one BigDecimal product, quotient and remainder per part (inline, no heap
// allocation for money-sized values). Heap: the result array, one working array of (count,
// remainder) pairs and, when units are left over, the sorted part indices (the standard library's
// sort adds a scratch buffer and a run stack above about 50 parts); none of it per part.
// `split(into:)` allocates only the result (W6/W7 in Guides/Benchmarks.md).

extension Money {
    /// The most parts `split(into:)` and `allocated(byRatios:)` make (a million `Money` values
    /// take 32 MB); a larger count is a typed error rather than an allocation without bound.
    public static let maximumParts = 1_000_000

    /// The most digits the working values of `allocated(byRatios:)` may hold in all: the parts
    /// times the digits of the amount in units and of the ratios' sum. Each part of a long amount
    /// is a number as long (`split(into:)` shares two values among all its parts, so it is not
    /// bounded this way). 32 million digits are some 13 MB of GMP limbs per working array (with
    /// the objects that hold them and the result, a review measured about 140 MB for a million
    /// 26-digit parts): a
    /// money-sized amount (up to 19 digits in units) reaches `maximumParts` before it whenever
    /// the ratios' sum has at most 13 digits (a million ratios of up to a million each), and a
    /// 6,145-digit amount can still be allocated among about 5,200 parts. (At 20 million, a
    /// review found a million equal ratios of 999,999,999,999.99 USD refused while
    /// `split(into:)` made the same million parts.)
    public static let maximumAllocationDigits = 32_000_000

    /// The most digits the amount may have as a whole count of the units an allocation or a cash
    /// rounding works in (minor units or increments): 999,000, just under the decimal's own
    /// million-digit coefficient bound, so that a count times its unit stays within it. A larger
    /// count is `MoneyError.amountTooLarge` rather than a stop in the decimal.
    public static let maximumUnitDigits = 999_000

    /// The digits of `value` written as an integer (`9E+6146` has 6,147; zero has 1).
    static func integerDigits(_ value: BigDecimal) -> Int {
        value.isZero ? 1 : value.digitCount + max(0, value.exponent)
    }

    /// How many digits `amount` has written as a whole count of units of `10^unitExponent` (its
    /// coefficient shifted to that exponent; 0 for zero): what the `maximumUnitDigits` checks of
    /// cash rounding and formatting bound, decided without spelling the count out.
    static func unitCountDigits(_ amount: BigDecimal, unitExponent: Int) -> Int {
        amount.isZero ? 0 : amount.digitCount + amount.exponent - unitExponent
    }

    /// Whether the amount, written at its currency's scale, would have more than
    /// `maximumUnitDigits` digits: `description` and `formatted(locale:)` then write it in
    /// scientific form instead of spelling it out past the decimal's million-digit bound.
    var isBeyondSpellingAtScale: Bool {
        Money.unitCountDigits(amount, unitExponent: -currency.minorUnits) > Money.maximumUnitDigits
    }

    /// Splits the amount by `ratios` so that the parts add up exactly to the amount.
    ///
    /// ```swift
    /// try Money("100.00", .usd).allocated(byRatios: [1, 1, 1])   // [33.34, 33.33, 33.33] USD
    /// try Money("0.05", .usd).allocated(byRatios: [3, 7])        // [0.02, 0.03]: 0.015 and 0.035 tie, the earlier part wins
    /// try Money("-100.00", .usd).allocated(byRatios: [1, 1, 1])  // [-33.34, -33.33, -33.33]
    /// ```
    /// Each part is within one unit of its exact share `amount × ratioᵢ / Σratios`; the leftover
    /// units go to the largest remainders, ties to the earlier part.
    ///
    /// - Parameters:
    ///   - ratios: positive weights (any decimals: `[0.5, 0.25, 0.25]` or `[50, 25, 25]` alike).
    ///   - increment: the unit to allocate in; the currency's minor unit by default, or a cash
    ///     increment such as `0.05` CHF.
    /// - Returns: one part per ratio, each with the currency's scale.
    /// - Throws: `.noParts` for no ratios, `.tooManyParts` for more than `Money.maximumParts`
    ///   ratios (or than `Money.maximumAllocationDigits` allows for a long amount), `.invalidRatio`
    ///   for a zero or negative ratio, `.ratioOutOfRange` for one beyond the default
    ///   `ParseLimits`, `.invalidCashIncrement` for an increment that does not fit the currency; then, without an
    ///   increment, `.tooManyDecimals` when the amount is not whole minor units, and with one,
    ///   `.notAMultipleOfIncrement` when it is not a whole number of increments (12.333 CHF in 0.05
    ///   steps is reported as not a multiple of 0.05); `.amountTooLarge` when the count of units
    ///   times a ratio, written at the finest ratio's exponent, would pass
    ///   `Money.maximumUnitDigits` digits. The count's own size is checked before whether it is
    ///   whole, so an amount too large to count is `.amountTooLarge` even when it is also not a
    ///   multiple of the increment.
    /// - Complexity: O(n log n) for n parts.
    public func allocated(byRatios ratios: [BigDecimal], increment: BigDecimal? = nil) throws(MoneyError) -> [Money] {
        guard !ratios.isEmpty else { throw .noParts }
        guard ratios.count <= Money.maximumParts else { throw .tooManyParts(count: ratios.count, limit: Money.maximumParts) }
        let limits = ParseLimits.default
        for (index, ratio) in ratios.enumerated() {
            if ratio.signum() <= 0 { throw .invalidRatio(index: index, ratio: ratio) }
            // Within the default parse limits, the ratios' sum has at most some 13,000 digits.
            if !limits.admits(ratio) { throw .ratioOutOfRange(index: index, ratio: ratio) }
        }
        let (unit, units) = try allocationUnits(increment)
        // `units × r` is aligned to the sum's exponent (the finest ratio's) when divided by it:
        // it has up to the digits of `units`, plus those of the widest ratio written at the
        // finest one's exponent (`[1E+2000, 1]` adds 2,001, `[1, 1E-6144]` 6,145). Bounded like
        // the count itself, before any of it is computed (a review found 998,003 digits of cents
        // and those ratios stopping the process).
        let finest = ratios.lazy.map(\.exponent).min() ?? 0
        let widest = ratios.lazy.map { $0.digitCount + $0.exponent }.max() ?? 0
        guard Money.integerDigits(units) + (widest - finest) <= Money.maximumUnitDigits else {
            throw .amountTooLarge(amount: amount, currency: currency)
        }
        // The sum, at the finest exponent, has at least the digits of the widest ratio written
        // there: a count over the limit that this gives is refused before summing (a review
        // measured 12 s summing a million ratios alternating `1E+6000` and `1E-6000`, each
        // addition on a 12,000-digit total, before `tooManyParts`).
        let leastSumDigits = Swift.max(1, widest - Swift.min(finest, 0))
        let countLimit = Money.maximumAllocationDigits / (Money.integerDigits(units) + leastSumDigits)
        guard ratios.count <= countLimit else { throw .tooManyParts(count: ratios.count, limit: countLimit) }
        let total = ratios.reduce(BigDecimal.zero, +)
        // A part's count has up to the digits of T as an integer (`9E+6146` has 6,147), its
        // remainder up to those of the ratios' sum.
        let digitsPerPart = Money.integerDigits(units) + Money.integerDigits(total)
        let partLimit = Money.maximumAllocationDigits / digitsPerPart
        guard ratios.count <= partLimit else { throw .tooManyParts(count: ratios.count, limit: partLimit) }
        // Each part's floor(T·r / Σr) and remainder, in one working array.
        var shares: [(count: BigDecimal, remainder: BigDecimal)] = []
        shares.reserveCapacity(ratios.count)
        var allocatedUnits = BigDecimal.zero
        for ratio in ratios {
            // floor(T·r / Σr) and its remainder; T ≥ 0 and r, Σr > 0, so truncation is the floor.
            guard let (quotient, remainder) = try? (units * ratio).quotientAndRemainder(dividingBy: total) else {
                throw .divisionByZero  // unreachable: Σr > 0
            }
            shares.append((quotient, remainder))
            allocatedUnits += quotient
        }
        // 0 <= leftover < n: one more unit each to the largest remainders, ties to the earlier part.
        let leftover = units - allocatedUnits
        if !leftover.isZero {
            let order = shares.indices.sorted { a, b in
                shares[a].remainder != shares[b].remainder ? shares[a].remainder > shares[b].remainder : a < b
            }
            var given = BigDecimal.zero
            for index in order where given < leftover {
                shares[index].count += 1
                given += 1
            }
        }
        let negative = amount.signum() < 0
        return shares.map { share in
            let part = (share.count * unit).rounded(scale: currency.minorUnits, .towardZero)
            return Money(negative ? -part : part, currency)
        }
    }

    /// Splits the amount into `parts` parts as equal as the minor units allow, adding up exactly.
    ///
    /// ```swift
    /// try Money("100.00", .usd).split(into: 3)  // [33.34, 33.33, 33.33] USD
    /// try Money("0.02", .usd).split(into: 3)    // [0.01, 0.01, 0.00] USD
    /// try Money("1000", .jpy).split(into: 3)    // [334, 333, 333] JPY
    /// ```
    /// The first parts get the extra units (every remainder ties, and ties go to the earlier part).
    /// - Throws: `.noParts` when `parts < 1`, `.tooManyParts` above `Money.maximumParts`, and the
    ///   errors of `allocated(byRatios:increment:)`.
    public func split(into parts: Int, increment: BigDecimal? = nil) throws(MoneyError) -> [Money] {
        guard parts >= 1 else { throw .noParts }
        guard parts <= Money.maximumParts else { throw .tooManyParts(count: parts, limit: Money.maximumParts) }
        // Allocation by `parts` ratios of 1, without building them: every share T/n has the same
        // remainder, so the T mod n leftover units go to the first parts (ties to the earlier part).
        let (unit, units) = try allocationUnits(increment)
        guard let (quotient, leftover) = try? units.quotientAndRemainder(dividingBy: BigDecimal(parts)) else {
            throw .divisionByZero  // unreachable: parts >= 1
        }
        let negative = amount.signum() < 0
        func part(_ count: BigDecimal) -> Money {
            let part = (count * unit).rounded(scale: currency.minorUnits, .towardZero)
            return Money(negative ? -part : part, currency)
        }
        let small = part(quotient)
        let large = part(quotient + 1)
        var result: [Money] = []
        result.reserveCapacity(parts)
        var given = BigDecimal.zero  // 0 <= leftover < parts
        for _ in 0..<parts {
            if given < leftover {
                result.append(large)
                given += 1
            } else {
                result.append(small)
            }
        }
        return result
    }

    private func allocationUnit(_ increment: BigDecimal?) throws(MoneyError) -> BigDecimal {
        guard let increment else { return currency.minorUnit }
        try currency.validateCashIncrement(increment)
        return increment
    }

    /// The unit to allocate in, and T: the amount's magnitude as a whole number of units, an
    /// integer with exponent 0.
    private func allocationUnits(_ increment: BigDecimal?) throws(MoneyError) -> (unit: BigDecimal, units: BigDecimal) {
        let unit = try allocationUnit(increment)
        let notWhole: MoneyError = increment == nil
            ? .tooManyDecimals(amount: amount, currency: currency, allowed: currency.minorUnits)
            : .notAMultipleOfIncrement(amount: amount, increment: unit)
        if amount.isZero { return (unit, .zero) }
        // Without trailing zeros: c·10^e over u·10^f, neither c nor u a multiple of 10. A review
        // found `1.000…0` (985,000 zeros) counted in units of exponent −984,998, so each of a
        // million parts compared 985,000-digit numbers (about an hour), and `0E+2147483647`
        // stopping the process in the division's exponent.
        let magnitude = amount.magnitude.reduced()
        let step = unit.reduced()
        // T = c·10^(e−f) / u has at least as many digits as c·10^(e−f) less those of u: bounded
        // before any of it is spelled out (`1E+2000000` USD is 2,000,003 digits of cents), and
        // before wholeness, as documented (the bound holds for e < f too: T rounded is that long).
        guard magnitude.digitCount + (magnitude.exponent - step.exponent) - step.digitCount <= Money.maximumUnitDigits else {
            throw .amountTooLarge(amount: amount, currency: currency)
        }
        // Below the unit's exponent the amount is no multiple of it: that would need a 10 in c.
        guard magnitude.exponent >= step.exponent else { throw notWhole }
        guard let (units, rest) = try? magnitude.quotientAndRemainder(dividingBy: step) else {
            throw .divisionByZero  // unreachable: the unit is positive
        }
        guard rest.isZero else { throw notWhole }
        guard Money.integerDigits(units) <= Money.maximumUnitDigits else {
            throw .amountTooLarge(amount: amount, currency: currency)
        }
        return (unit, units)
    }
}
