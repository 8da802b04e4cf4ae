// Exact addition, subtraction and multiplication with the spec's ideal exponents.
//
// Hot paths: the `@inlinable` operators handle two inline coefficients (with equal exponents for
// `+`/`-`) with one overflow-checked machine instruction and no allocation; everything else goes
// through the out-of-line general paths. The benchmarks (W1, W3, W4) measure that inlining these
// into the caller's module is what brings money sums close to scaled `Int64` (see Guides/Benchmarks.md).

extension BigDecimal: AdditiveArithmetic {
    /// The exact sum; exponent `min(lhs.exponent, rhs.exponent)` (so `1.50 + 1.5 == 3.00`).
    ///
    /// - Complexity: O(1) for money-sized values; O(n) in the digits otherwise.
    @inlinable
    public static func + (lhs: BigDecimal, rhs: BigDecimal) -> BigDecimal {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient,
            lhs.storedExponent == rhs.storedExponent
        {
            let (sum, overflow) = a.addingReportingOverflow(b)
            if _fastPath(!overflow) { return BigDecimal(coefficient: .small(sum), storedExponent: lhs.storedExponent) }
        }
        return add(lhs, rhs, subtracting: false)
    }

    /// The exact difference; exponent `min(lhs.exponent, rhs.exponent)`.
    @inlinable
    public static func - (lhs: BigDecimal, rhs: BigDecimal) -> BigDecimal {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient,
            lhs.storedExponent == rhs.storedExponent
        {
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            if _fastPath(!overflow) {
                return BigDecimal(coefficient: .small(difference), storedExponent: lhs.storedExponent)
            }
        }
        return add(lhs, rhs, subtracting: true)
    }

    /// Adds in place. A large coefficient that no other value shares is updated without allocating.
    @inlinable
    public static func += (lhs: inout BigDecimal, rhs: BigDecimal) {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient,
            lhs.storedExponent == rhs.storedExponent
        {
            let (sum, overflow) = a.addingReportingOverflow(b)
            if _fastPath(!overflow) {
                lhs.coefficient = .small(sum)
                return
            }
        }
        addInPlace(&lhs, rhs, subtracting: false)
    }

    /// Subtracts in place (see `+=`).
    @inlinable
    public static func -= (lhs: inout BigDecimal, rhs: BigDecimal) {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient,
            lhs.storedExponent == rhs.storedExponent
        {
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            if _fastPath(!overflow) {
                lhs.coefficient = .small(difference)
                return
            }
        }
        addInPlace(&lhs, rhs, subtracting: true)
    }

    /// The general sum or difference: align both coefficients to the smaller exponent, then add.
    @usableFromInline
    static func add(_ lhs: BigDecimal, _ rhs: BigDecimal, subtracting: Bool) -> BigDecimal {
        let exponent = Swift.min(lhs.storedExponent, rhs.storedExponent)
        let a = lhs.coefficient.multipliedByPowerOfTen(Int(lhs.storedExponent) - Int(exponent))
        let b = rhs.coefficient.multipliedByPowerOfTen(Int(rhs.storedExponent) - Int(exponent))
        return BigDecimal(coefficient: subtracting ? a - b : a + b, storedExponent: exponent)
    }

    @usableFromInline
    static func addInPlace(_ lhs: inout BigDecimal, _ rhs: BigDecimal, subtracting: Bool) {
        if lhs.storedExponent <= rhs.storedExponent, case .large(var owner) = lhs.coefficient {
            // Drop lhs's own reference first, so the check sees only `owner`.
            lhs.coefficient = .small(0)
            if isKnownUniquelyReferenced(&owner) {
                let b = rhs.coefficient.multipliedByPowerOfTen(Int(rhs.storedExponent) - Int(lhs.storedExponent))
                lhs.coefficient = Coefficient.gmpAddInPlace(owner, b, subtract: subtracting)
                return
            }
            lhs.coefficient = .large(owner)
        }
        lhs = add(lhs, rhs, subtracting: subtracting)
    }
}

extension BigDecimal: SignedNumeric {
    /// The type of `magnitude`: `BigDecimal` itself.
    public typealias Magnitude = BigDecimal

    /// The exact product; exponent `lhs.exponent + rhs.exponent` (so `1.5 × 1.50 == 2.250`).
    ///
    /// - Complexity: O(1) for money-sized values; GMP's multiplication otherwise.
    @inlinable
    public static func * (lhs: BigDecimal, rhs: BigDecimal) -> BigDecimal {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            let (exponent, exponentOverflow) = lhs.storedExponent.addingReportingOverflow(rhs.storedExponent)
            if _fastPath(!overflow && !exponentOverflow) {
                return BigDecimal(coefficient: .small(product), storedExponent: exponent)
            }
        }
        return multiply(lhs, rhs)
    }

    /// Multiplies in place. A large coefficient that no other value shares is updated without allocating.
    @inlinable
    public static func *= (lhs: inout BigDecimal, rhs: BigDecimal) {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            let (exponent, exponentOverflow) = lhs.storedExponent.addingReportingOverflow(rhs.storedExponent)
            if _fastPath(!overflow && !exponentOverflow) {
                lhs = BigDecimal(coefficient: .small(product), storedExponent: exponent)
                return
            }
        }
        multiplyInPlace(&lhs, rhs)
    }

    @usableFromInline
    static func multiply(_ lhs: BigDecimal, _ rhs: BigDecimal) -> BigDecimal {
        BigDecimal(
            coefficient: lhs.coefficient * rhs.coefficient,
            exponent: Int(lhs.storedExponent) + Int(rhs.storedExponent))
    }

    @usableFromInline
    static func multiplyInPlace(_ lhs: inout BigDecimal, _ rhs: BigDecimal) {
        if case .large(var owner) = lhs.coefficient {
            lhs.coefficient = .small(0)
            if isKnownUniquelyReferenced(&owner) {
                let exponent = BigDecimal.checkedExponent(Int(lhs.storedExponent) + Int(rhs.storedExponent))
                Coefficient.checkDigits(
                    Coefficient.large(owner).digitCountUpperBound + rhs.coefficient.digitCountUpperBound,
                    "multiplication")
                lhs.coefficient = Coefficient.gmpMultiplyInPlace(owner, rhs.coefficient)
                lhs.storedExponent = exponent
                return
            }
            lhs.coefficient = .large(owner)
        }
        lhs = multiply(lhs, rhs)
    }
}
