// Numeric equality, ordering and hashing: values compare over their cohort (1.0 == 1.00).

extension BigDecimal: Comparable, Hashable {
    /// Numeric equality: `1.0 == 1.00` is `true`. Use `isIdentical(to:)` to compare exponents too.
    @inlinable
    public static func == (lhs: BigDecimal, rhs: BigDecimal) -> Bool {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient,
            lhs.storedExponent == rhs.storedExponent
        {
            return a == b
        }
        return compare(lhs, rhs) == 0
    }

    /// Numeric ordering.
    @inlinable
    public static func < (lhs: BigDecimal, rhs: BigDecimal) -> Bool {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient,
            lhs.storedExponent == rhs.storedExponent
        {
            return a < b
        }
        return compare(lhs, rhs) < 0
    }

    /// Three-way numeric comparison: `-1`, `0` or `1` (spec *compare*).
    @usableFromInline
    static func compare(_ lhs: BigDecimal, _ rhs: BigDecimal) -> Int {
        let (ls, rs) = (lhs.signum(), rhs.signum())
        if ls != rs { return ls < rs ? -1 : 1 }
        if ls == 0 { return 0 }
        if lhs.storedExponent == rhs.storedExponent { return Coefficient.compare(lhs.coefficient, rhs.coefficient) }
        // Same sign, both nonzero. Adjusted exponents (exponent + digits - 1) that differ by two or
        // more decide at once, even with GMP's digit count possibly one too high.
        let la = Int(lhs.storedExponent) + lhs.coefficient.digitCountUpperBound
        let ra = Int(rhs.storedExponent) + rhs.coefficient.digitCountUpperBound
        if la - ra >= 2 { return ls }
        if ra - la >= 2 { return -ls }
        // Close in size, so the exponents differ by at most the digit counts plus two: align exactly.
        // The aligned coefficient can have up to twice the digits of the larger operand, which two
        // values within the coefficient bound may need (a million sevens against the same digits
        // with E1), so comparison allows twice the bound rather than trap on valid operands.
        let exponent = Swift.min(lhs.storedExponent, rhs.storedExponent)
        let limit = 2 * Coefficient.maximumDigits + 2
        let a = lhs.coefficient.multipliedByPowerOfTen(Int(lhs.storedExponent) - Int(exponent), digitLimit: limit)
        let b = rhs.coefficient.multipliedByPowerOfTen(Int(rhs.storedExponent) - Int(exponent), digitLimit: limit)
        return Coefficient.compare(a, b)
    }

    /// Hashes the numeric value, so that values that are `==` hash alike.
    public func hash(into hasher: inout Hasher) {
        // `==` is numeric, so the hash must be the same for every member of a cohort (1.0, 1.00,
        // 10E-1). Each cohort has exactly one member without trailing zeros (`reduced()`), and each
        // integer has one representation (`.large` never holds what fits `Int64`), so hashing the
        // reduced coefficient and exponent hashes the number. Zero reduces to `0` with exponent 0.
        let canonical = reduced()
        canonical.coefficient.hash(into: &hasher)
        hasher.combine(canonical.storedExponent)
    }
}
