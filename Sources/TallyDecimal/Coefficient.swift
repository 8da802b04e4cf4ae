// The integer coefficient of a BigDecimal: inline when it fits Int64, else a GMP integer (or, in
// builds without GMP, a portable Swift one: `LargeInteger`).
//
// Invariant: `.large` never holds a value that fits `Int64` (results are demoted), so the
// representation of every integer is unique; equality and hashing rely on it.
//
// Allocation behaviour: every `.small` fast path below is overflow-checked machine arithmetic with no
// heap allocation; only an overflow or an operand already `.large` takes the GMP path, which allocates
// one owner object (plus GMP's limbs) per result.

/// An arbitrary-size integer, stored inline when it fits a machine word.
///
/// `@unchecked Sendable`: a `LargeInteger` is never mutated once a second reference to it can exist
/// (in-place updates happen only after `isKnownUniquelyReferenced`), so sharing one across
/// concurrency domains only ever reads it.
@usableFromInline
enum Coefficient: @unchecked Sendable {
    case small(Int64)
    case large(LargeInteger)
}

/// `10^0 ... 10^18`, every power of ten that fits `Int64`.
@usableFromInline
let powersOfTen: [Int64] = {
    var table: [Int64] = [1]
    for _ in 1...18 { table.append(table[table.count - 1] * 10) }
    return table
}()

extension Coefficient {
    /// The most decimal digits a coefficient may have, and the most characters `plainString` may
    /// produce. Operations whose result would be larger stop with a precondition failure instead of
    /// asking GMP for gigabytes (GMP aborts the process when an allocation fails). One million digits
    /// is about 415 KB of limbs; values parsed within the default `ParseLimits` stay far below it
    /// (`1E6144 + 1E-6144` needs 12,289 digits).
    static let maximumDigits = 1_000_000

    /// Stops with a clear message when a result would need more than `limit` digits.
    static func checkDigits(_ digits: Int, _ operation: StaticString, limit: Int = maximumDigits) {
        precondition(
            digits <= limit,
            "BigDecimal: \(operation) would produce a coefficient of about \(digits) digits, more than the \(limit) supported")
    }

    /// The most 64-bit limbs a magnitude can have and still be sure to have at most
    /// `maximumDigits` digits: `2^(64 × 51,905) = 2^3,321,920 < 10^1,000,000 = 2^3,321,928.09…`.
    /// A sum is checked digit by digit only above it, so `+=` on large values pays one comparison.
    static let limbsWithinDigitLimit = 51_905

    /// Stops when `a × b` would have more than `maximumDigits` digits. The product of a
    /// `p`-digit and a `q`-digit integer has `p + q − 1` or `p + q` digits; large values' digit
    /// counts are upper bounds (one too many at times), so near the limit they are made exact, and
    /// when the product could still go either way (`p + q` is the limit plus one) the caller must
    /// check the product itself: returns `true` then (see `checkResultDigits`). A review found
    /// `999,999 nines × 1` refused, and `3` followed by 999,998 ones `× 1` refused on the portable
    /// integers but not on GMP, whose bounds differ.
    static func checkProductDigits(_ a: Coefficient, _ b: Coefficient) -> Bool {
        if a.digitCountUpperBound + b.digitCountUpperBound <= maximumDigits { return false }
        let digits = a.exactDigitCount + b.exactDigitCount
        if digits <= maximumDigits { return false }
        checkDigits(digits - 1, "multiplication")
        return true
    }

    /// Stops when `result` has more than `maximumDigits` digits: for a sum or difference (at most
    /// one digit more than its longer operand, which may have the maximum) and for a product that
    /// `checkProductDigits` left open. O(1) unless `result` is within a few digits of the limit.
    static func checkResultDigits(_ result: Coefficient, _ operation: StaticString) {
        guard case .large = result, largeLimbCount(result) > limbsWithinDigitLimit else { return }
        checkDigits(result.exactDigitCount, operation)
    }

    /// Decimal digits of `|self|`, exactly (1 for zero): `digitCountUpperBound` corrected by one
    /// comparison with a power of ten for large values, so only for the paths near the limit.
    var exactDigitCount: Int {
        let bound = digitCountUpperBound
        guard case .large = self else { return bound }
        let power = bound - 1 < powersOfTen.count ? .small(powersOfTen[bound - 1]) : Coefficient.largePowerOfTen(bound - 1)
        return Coefficient.largeCompareMagnitudes(self, power) < 0 ? bound - 1 : bound
    }

    @inlinable
    var isZero: Bool {
        if case .small(0) = self { return true }
        return false
    }

    /// `-1`, `0` or `1`.
    var signum: Int {
        switch self {
        case .small(let v): return v.signum() == 0 ? 0 : (v < 0 ? -1 : 1)
        case .large: return Coefficient.largeSignum(self)
        }
    }

    /// Decimal digits of `|self|`: exact for inline values, at most one too many for large ones.
    var digitCountUpperBound: Int {
        switch self {
        case .small(let v): return Coefficient.digitCount(v.magnitude)
        case .large: return Coefficient.largeDigitCountUpperBound(self)
        }
    }

    static func digitCount(_ m: UInt64) -> Int {
        var count = 1
        var rest = m
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }

    static func + (a: Coefficient, b: Coefficient) -> Coefficient {
        if case .small(let x) = a, case .small(let y) = b {
            let (sum, overflow) = x.addingReportingOverflow(y)
            if !overflow { return .small(sum) }
        }
        let sum = largeAdd(a, b)
        checkResultDigits(sum, "addition")
        return sum
    }

    static func - (a: Coefficient, b: Coefficient) -> Coefficient {
        if case .small(let x) = a, case .small(let y) = b {
            let (difference, overflow) = x.subtractingReportingOverflow(y)
            if !overflow { return .small(difference) }
        }
        let difference = largeSubtract(a, b)
        checkResultDigits(difference, "subtraction")
        return difference
    }

    static func * (a: Coefficient, b: Coefficient) -> Coefficient {
        if case .small(let x) = a, case .small(let y) = b {
            let (product, overflow) = x.multipliedReportingOverflow(by: y)
            if !overflow { return .small(product) }
        }
        let atTheLimit = checkProductDigits(a, b)
        let product = largeMultiply(a, b)
        if atTheLimit { checkResultDigits(product, "multiplication") }
        return product
    }

    var negated: Coefficient {
        if case .small(let v) = self, v != .min { return .small(-v) }
        return Coefficient.largeNegate(self)
    }

    var magnitude: Coefficient {
        if case .small(let v) = self, v != .min { return .small(v < 0 ? -v : v) }
        return Coefficient.largeMagnitude(self)
    }

    /// `self × 10^k` for `k >= 0`, with at most `digitLimit` digits.
    func multipliedByPowerOfTen(_ k: Int, digitLimit: Int = maximumDigits) -> Coefficient {
        if k == 0 || isZero { return self }
        if case .small(let v) = self, k < powersOfTen.count {
            let (product, overflow) = v.multipliedReportingOverflow(by: powersOfTen[k])
            if !overflow { return .small(product) }
        }
        // `× 10^k` adds exactly k digits; the upper bound, one too many at times, is made exact
        // only when it would refuse.
        if digitCountUpperBound + k > digitLimit {
            Coefficient.checkDigits(exactDigitCount + k, "scaling by a power of ten", limit: digitLimit)
        }
        return Coefficient.largeMultiplyByPowerOfTen(self, k)
    }

    /// `10^k` for `k >= 0`.
    static func powerOfTen(_ k: Int) -> Coefficient {
        if k < powersOfTen.count { return .small(powersOfTen[k]) }
        checkDigits(k + 1, "a power of ten")
        return largePowerOfTen(k)
    }

    /// Truncated division: `self = q × d + r`, `|r| < |d|`, `r` has the sign of `self`. `d != 0`.
    func quotientAndRemainder(dividingBy d: Coefficient) -> (quotient: Coefficient, remainder: Coefficient) {
        if case .small(let x) = self, case .small(let y) = d, !(x == .min && y == -1) {
            return (.small(x / y), .small(x % y))
        }
        return Coefficient.largeQuotientAndRemainder(self, d)
    }

    /// `self / d` rounded to an integer by `rule`. `d != 0`.
    func divided(by d: Coefficient, rounding rule: RoundingRule) -> Coefficient {
        let (q, r) = quotientAndRemainder(dividingBy: d)
        if r.isZero { return q }
        // Compare |r| with |d|/2 as 2|r| against |d|. For inline values |r| < |d| <= 2^63, so 2|r| fits UInt64.
        // For large ones as |r| against |d| − |r|, which has no more digits than |d|: 2|r| may have
        // one more, and past a million digits `+` stops (a review found a 1,000,000-digit divisor
        // stopping the process here once sums were checked).
        let half: Int
        if case .small(let rv) = r, case .small(let dv) = d {
            let twice = rv.magnitude &* 2
            half = twice < dv.magnitude ? -1 : (twice == dv.magnitude ? 0 : 1)
        } else {
            half = Coefficient.largeCompareMagnitudes(r.magnitude, d.magnitude - r.magnitude)
        }
        let negative = (signum < 0) != (d.signum < 0)
        guard rule.roundsAwayFromZero(isNegative: negative, lastDigit: q.lastDigit, halfComparison: half) else {
            return q
        }
        return q + .small(negative ? -1 : 1)
    }

    /// `n / d` where `d` is known to divide `n` exactly.
    func dividedExactly(by d: Coefficient) -> Coefficient {
        if case .small(let x) = self, case .small(let y) = d, !(x == .min && y == -1) { return .small(x / y) }
        return Coefficient.largeDivideExactly(self, d)
    }

    /// The last decimal digit of `|self|`.
    var lastDigit: Int {
        switch self {
        case .small(let v): return Int(v.magnitude % 10)
        case .large: return Coefficient.largeLastDigit(self)
        }
    }

    /// Removes all factors `f` (2, 5 or 10) from a nonzero value: the rest and how many were removed.
    func removingFactor(_ f: Int64) -> (rest: Coefficient, count: Int) {
        if isZero { return (self, 0) }
        if case .small(var v) = self {
            var count = 0
            while v % f == 0 { v /= f; count += 1 }
            return (.small(v), count)
        }
        return Coefficient.largeRemoveFactor(self, f)
    }

    /// Three-way comparison.
    static func compare(_ a: Coefficient, _ b: Coefficient) -> Int {
        if case .small(let x) = a, case .small(let y) = b { return x < y ? -1 : (x == y ? 0 : 1) }
        return largeCompare(a, b)
    }

    /// The digits of `|self|`, without sign.
    var magnitudeDigits: String {
        switch self {
        case .small(let v): return String(v.magnitude)
        case .large: return Coefficient.largeMagnitudeDigits(self)
        }
    }

    /// Parses validated ASCII digits (the caller has bounded their number).
    static func parse(digits: Substring, negative: Bool) -> Coefficient {
        if digits.utf8.count <= 18 {
            var value: Int64 = 0
            for byte in digits.utf8 { value = value * 10 + Int64(byte &- 48) }
            return .small(negative ? -value : value)
        }
        return largeParse(digits: String(digits), negative: negative)
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .small(let v): hasher.combine(v)
        case .large: Coefficient.largeHash(self, into: &hasher)
        }
    }

    /// `true` when inline (for tests and benchmarks of the representation).
    var isInline: Bool {
        if case .small = self { return true }
        return false
    }
}
