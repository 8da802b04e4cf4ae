// Exact addition, subtraction and multiplication with the spec's ideal exponents.
//
// Hot paths: the `@inlinable` operators handle two inline coefficients (with equal exponents for
// `+`/`-`) with one overflow-checked machine instruction and no allocation; everything else goes
// through the out-of-line general paths. The benchmarks (W1, W3, W4) measure that inlining these
// into the caller's module is what brings money sums close to scaled `Int64` (see Guides/Benchmarks.md).

extension BigDecimal: AdditiveArithmetic {
    /// The exact sum; exponent `min(lhs.exponent, rhs.exponent)` (so `1.50 + 1.5 == 3.00`).
    ///
    /// - Precondition: the sum's coefficient, at the smaller exponent, has at most 1,000,000
    ///   digits, as every sum of values within the default `ParseLimits` does (12,289 digits at
    ///   most); `-`, `+=` and `-=` likewise. Stopping there, rather than making a value of
    ///   1,000,001 digits, keeps every value one that can be printed and operated on.
    /// - Complexity: O(1) for money-sized values; O(n) in the digits otherwise.
    @inlinable
    public static func + (lhs: BigDecimal, rhs: BigDecimal) -> BigDecimal {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient {
            if lhs.storedExponent == rhs.storedExponent {
                let (sum, overflow) = a.addingReportingOverflow(b)
                if _fastPath(!overflow) {
                    return BigDecimal(coefficient: .small(sum), storedExponent: lhs.storedExponent)
                }
            } else if a == 0 && lhs.storedExponent > rhs.storedExponent {
                // The seed of `reduce(0, +)`: `0 + x` is exactly `x`, whose exponent is the ideal
                // min(e1, e2). Without this the first line of every sum took the general path:
                // W1 (8-line cart, `reduce(0, +)`) 29.7 ns per re-sum against 16.5 with a `0.00`
                // seed in the same run; with it, both ≈ 11.5–12.3 (Int64 ≈ 3.5–4).
                return rhs
            }
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

    /// Adds in place. A large coefficient that no other value shares is updated in its own storage:
    /// no new object, and new limbs only when the sum needs more than it has.
    @inlinable
    public static func += (lhs: inout BigDecimal, rhs: BigDecimal) {
        lhs = addingInPlace(consume lhs, rhs)
    }

    /// Subtracts in place (see `+=`).
    @inlinable
    public static func -= (lhs: inout BigDecimal, rhs: BigDecimal) {
        lhs = subtractingInPlace(consume lhs, rhs)
    }

    // `+=` and `-=` move their operand through these by value (`consume`) rather than pass `&lhs`
    // to an out-of-line function: an address passed to an opaque call pins the caller's accumulator
    // in memory for the whole loop, a store and a reload per `+=` even on the fast path; and a
    // fast path that assigns `lhs.coefficient` in place makes the compiler destroy the old value
    // through an outlined call each time. W3 `total += amount` over 10,000 lines: 0.95 ns per line
    // with `&lhs`, 3.1 with a partial assignment, 0.84–0.87 with this shape, the same as
    // `total = total + amount` in that loop (Int64: 0.28). In-place GMP updates are kept: `consume`
    // moves the value, so `addingInPlace` still sees a uniquely referenced owner.

    /// `lhs + rhs`, reusing `lhs`'s storage when it is a GMP integer that nothing else shares.
    @inlinable @inline(__always)
    static func addingInPlace(_ lhs: consuming BigDecimal, _ rhs: BigDecimal) -> BigDecimal {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient {
            if lhs.storedExponent == rhs.storedExponent {
                let (sum, overflow) = a.addingReportingOverflow(b)
                if _fastPath(!overflow) {
                    return BigDecimal(coefficient: .small(sum), storedExponent: lhs.storedExponent)
                }
            } else if a == 0 && lhs.storedExponent > rhs.storedExponent {
                // `var total: BigDecimal = 0; total += x` is exactly `x` (see `+`).
                return rhs
            }
        }
        return addingInPlace(lhs, rhs, subtracting: false)
    }

    /// `lhs - rhs`, reusing `lhs`'s storage when it is a GMP integer that nothing else shares.
    @inlinable @inline(__always)
    static func subtractingInPlace(_ lhs: consuming BigDecimal, _ rhs: BigDecimal) -> BigDecimal {
        if case .small(let a) = lhs.coefficient, case .small(let b) = rhs.coefficient,
            lhs.storedExponent == rhs.storedExponent
        {
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            if _fastPath(!overflow) {
                return BigDecimal(coefficient: .small(difference), storedExponent: lhs.storedExponent)
            }
        }
        return addingInPlace(lhs, rhs, subtracting: true)
    }

    /// The general sum or difference: align both coefficients to the smaller exponent, then add.
    @usableFromInline
    static func add(_ lhs: BigDecimal, _ rhs: BigDecimal, subtracting: Bool) -> BigDecimal {
        let exponent = Swift.min(lhs.storedExponent, rhs.storedExponent)
        let a = lhs.coefficient.multipliedByPowerOfTen(Int(lhs.storedExponent) - Int(exponent))
        let b = rhs.coefficient.multipliedByPowerOfTen(Int(rhs.storedExponent) - Int(exponent))
        return BigDecimal(coefficient: subtracting ? a - b : a + b, storedExponent: exponent)
    }

    /// `lhs ± rhs`, reusing `lhs`'s GMP integer when no other value shares it. Takes `lhs` by
    /// value (moved in by the caller) so the caller's variable never has its address taken.
    @usableFromInline
    static func addingInPlace(_ lhs: consuming BigDecimal, _ rhs: BigDecimal, subtracting: Bool) -> BigDecimal {
        if lhs.storedExponent <= rhs.storedExponent, case .large(var owner) = lhs.coefficient {
            // Drop lhs's own reference first, so the check sees only `owner`.
            lhs.coefficient = .small(0)
            if isKnownUniquelyReferenced(&owner) {
                // Equal exponents (the usual case) use rhs's coefficient as it is: no aligned copy,
                // so no retain/release pair. W5 40-digit `+=`, ns per op (raw GMP 5.7–6.0): 26.3
                // before; 24.0 with this and `consuming`; 13.0–13.5 once `largeAddInPlace` returns
                // `Int64?` instead of a `Coefficient` holding `owner` (see GMPInteger.swift).
                let shift = Int(rhs.storedExponent) - Int(lhs.storedExponent)
                let small =
                    shift == 0
                    ? Coefficient.largeAddInPlace(owner, rhs.coefficient, subtract: subtracting)
                    : Coefficient.largeAddInPlace(
                        owner, rhs.coefficient.multipliedByPowerOfTen(shift), subtract: subtracting)
                if let small { lhs.coefficient = .small(small) } else { lhs.coefficient = .large(owner) }
                return lhs
            }
            lhs.coefficient = .large(owner)
        }
        return add(lhs, rhs, subtracting: subtracting)
    }
}

extension BigDecimal: SignedNumeric {
    /// The type of `magnitude`: `BigDecimal` itself.
    public typealias Magnitude = BigDecimal

    /// The exact product; exponent `lhs.exponent + rhs.exponent` (so `1.5 × 1.50 == 2.250`).
    ///
    /// - Precondition: the product's exponent fits `Int32`, as it does for any two values within
    ///   `ParseLimits.widest` (`1E+2000000000 × 1E+2000000000`, made in code, stops), and its
    ///   coefficient has at most 1,000,000 digits, as it does when the factors' digits add up to
    ///   at most that (two values within the default limits always do; two of 600,000 digits,
    ///   each within `.widest`, stop). Check values from outside with `ParseLimits.admits` first.
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

    /// Multiplies in place. A large coefficient that no other value shares keeps its storage
    /// object (the product's limbs may still be new: multiplication needs room of its own).
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
        lhs = multiplyingInPlace(consume lhs, rhs)  // by value, not `&lhs`: see `+=`
    }

    @usableFromInline
    static func multiply(_ lhs: BigDecimal, _ rhs: BigDecimal) -> BigDecimal {
        BigDecimal(
            coefficient: lhs.coefficient * rhs.coefficient,
            exponent: Int(lhs.storedExponent) + Int(rhs.storedExponent))
    }

    /// `lhs × rhs`, reusing `lhs`'s GMP integer when no other value shares it (see `addingInPlace`).
    //
    // W5 `a *= b; a -= back` on 40-digit values, ns per pair (raw GMP 22–25): 59.9 before the
    // by-value shape and the `Int64?` results of the in-place GMP calls, 38–43 after.
    @usableFromInline
    static func multiplyingInPlace(_ lhs: consuming BigDecimal, _ rhs: BigDecimal) -> BigDecimal {
        if case .large(var owner) = lhs.coefficient {
            lhs.coefficient = .small(0)
            if isKnownUniquelyReferenced(&owner) {
                let exponent = BigDecimal.checkedExponent(Int(lhs.storedExponent) + Int(rhs.storedExponent))
                let atTheLimit = Coefficient.checkProductDigits(.large(owner), rhs.coefficient)
                if let small = Coefficient.largeMultiplyInPlace(owner, rhs.coefficient) {
                    lhs.coefficient = .small(small)
                } else {
                    lhs.coefficient = .large(owner)
                    if atTheLimit { Coefficient.checkResultDigits(lhs.coefficient, "multiplication") }
                }
                lhs.storedExponent = exponent
                return lhs
            }
            lhs.coefficient = .large(owner)
        }
        return multiply(lhs, rhs)
    }
}
