// The only file of TallyDecimal that touches GMP's C types (STYLE.md §1).
//
// Ownership rules, measured on this machine and easy to get wrong:
// - A Swift `__mpz_struct` is a plain struct: copying it copies the limb pointer, so two copies that
//   are both cleared free the limbs twice. Exactly one `GMPInteger` owns each mpz and clears it in
//   `deinit`; nothing else ever calls `mpz_clear`.
// - `&object.storedVar` on a class costs a dynamic exclusivity check (~15 ns in release builds) per
//   use. The mpz lives in the header of a `ManagedBuffer`, whose address is stable for the life of the
//   object, so each operation takes the raw pointer once and calls GMP without further checks.
// - ARC may release an owner right after its last Swift use, before GMP is done with a raw pointer
//   into it; every call below keeps its owners alive with `withExtendedLifetime`.
// - The library never calls `mp_set_memory_functions` (process-global; the benchmark may).
// - GMP aborts the process when an allocation fails, so callers check result sizes first
//   (`Coefficient.checkDigits`).
//
// Builds without GMP (Apple's device platforms, or `TALLY_PORTABLE_INTEGERS=1`: no `TALLY_GMP`
// condition, see Package.swift) use PortableInteger.swift instead; this file is then empty.
#if TALLY_GMP
import CGMP

/// The class behind `Coefficient.large`: a GMP integer.
@usableFromInline
typealias LargeInteger = GMPInteger

/// Which integer library holds coefficients beyond `Int64` in this build.
let largeIntegerBackend = "GMP"

/// A uniquely owned GMP integer (`mpz_t`), the storage of coefficients that do not fit in `Int64`.
///
/// Values are immutable once shared; `BigDecimal` mutates one in place only when
/// `isKnownUniquelyReferenced` says no one else can see it, which is what makes `Coefficient`'s
/// `@unchecked Sendable` sound. (`ManagedBuffer` itself is marked not `Sendable`.)
@usableFromInline
final class GMPInteger: ManagedBuffer<__mpz_struct, UInt8> {
    /// A new owner holding zero.
    static func make() -> GMPInteger {
        let buffer = GMPInteger.create(minimumCapacity: 0) { _ in
            __mpz_struct(_mp_alloc: 0, _mp_size: 0, _mp_d: nil)
        }
        let object = unsafeDowncast(buffer, to: GMPInteger.self)
        tally_mpz_init(object.mpz)
        return object
    }

    /// The owned mpz. Stable for the life of the object; keep the object alive while using it.
    @inline(__always)
    var mpz: UnsafeMutablePointer<__mpz_struct> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    deinit {
        tally_mpz_clear(mpz)
    }
}

// MARK: - Reading any coefficient as an mpz

/// Calls `body` with a read-only mpz view of `c`. An inline value is presented as a one-limb mpz on
/// the stack (GMP's `MPZ_ROINIT_N` idea), so mixed inline/GMP operations allocate nothing extra.
@inline(__always)
private func withMPZ<R>(_ c: Coefficient, _ body: (UnsafePointer<__mpz_struct>) -> R) -> R {
    switch c {
    case .large(let owner):
        return withExtendedLifetime(owner) { body(owner.mpz) }
    case .small(let value):
        var limb = mp_limb_t(value.magnitude)
        return withUnsafeMutablePointer(to: &limb) { limbPointer in
            // `_mp_alloc` 0, as GMP's own read-only views (`MPZ_ROINIT_N`) have it: should the
            // view ever be written, GMP allocates afresh instead of reallocating this stack limb.
            var view = __mpz_struct(
                _mp_alloc: 0, _mp_size: value == 0 ? 0 : (value < 0 ? -1 : 1), _mp_d: limbPointer)
            return withUnsafePointer(to: &view) { body($0) }
        }
    }
}

/// Runs `body` on a fresh owner and returns its value, demoted to inline when it fits a machine word.
@inline(__always)
private func produce(_ body: (UnsafeMutablePointer<__mpz_struct>) -> Void) -> Coefficient {
    let owner = GMPInteger.make()
    withExtendedLifetime(owner) { body(owner.mpz) }
    return normalized(owner)
}

@inline(__always)
private func normalized(_ owner: GMPInteger) -> Coefficient {
    if let value = smallValue(owner) { return .small(value) }
    return .large(owner)
}

/// The value of `owner` when it fits `Int64`, else `nil`.
@inline(__always)
private func smallValue(_ owner: GMPInteger) -> Int64? {
    let z = owner.mpz
    // More than one limb never fits `Int64`: answer from the header without calling into libgmp.
    // W5 40-digit `+=` 2.28–2.36× raw GMP without this check, 2.20–2.24× with it (same runs).
    let limbs = withExtendedLifetime(owner) { z.pointee._mp_size }
    if limbs > 1 || limbs < -1 { return nil }
    let fits = withExtendedLifetime(owner) { tally_mpz_fits_slong_p(z) != 0 }
    if fits { return Int64(withExtendedLifetime(owner) { tally_mpz_get_si(z) }) }
    return nil
}

/// `10^k` as an mpz written into `r`.
@inline(__always)
private func setPowerOfTen(_ r: UnsafeMutablePointer<__mpz_struct>, _ k: Int) {
    tally_mpz_ui_pow_ui(r, 10, UInt(k))
}

// MARK: - GMP paths of the coefficient operations

extension Coefficient {
    static func largeAdd(_ a: Coefficient, _ b: Coefficient) -> Coefficient {
        withMPZ(a) { x in withMPZ(b) { y in produce { tally_mpz_add($0, x, y) } } }
    }

    static func largeSubtract(_ a: Coefficient, _ b: Coefficient) -> Coefficient {
        withMPZ(a) { x in withMPZ(b) { y in produce { tally_mpz_sub($0, x, y) } } }
    }

    static func largeMultiply(_ a: Coefficient, _ b: Coefficient) -> Coefficient {
        withMPZ(a) { x in withMPZ(b) { y in produce { tally_mpz_mul($0, x, y) } } }
    }

    /// Adds `b` into `owner` in place. The caller guarantees `owner` is uniquely referenced.
    ///
    /// Returns the result when it fits `Int64` (the caller then drops `owner`, keeping the
    /// representation unique), `nil` when it stays in `owner`. Returning the small value instead of
    /// a `Coefficient` holding `owner` lets the caller move its own reference into the result: no
    /// retain/release pair per in-place operation (W5 40-digit `+=`: 24.0 → 13.0–13.5 ns per op).
    static func largeAddInPlace(_ owner: GMPInteger, _ b: Coefficient, subtract: Bool) -> Int64? {
        let z = owner.mpz
        withExtendedLifetime(owner) {
            withMPZ(b) { y in
                if subtract { tally_mpz_sub(z, z, y) } else { tally_mpz_add(z, z, y) }
            }
        }
        let limbs = withExtendedLifetime(owner) { z.pointee._mp_size }
        if limbs > 1 || limbs < -1 {
            if limbs.magnitude > limbsWithinDigitLimit { checkInPlaceDigits(owner, subtract: subtract) }
            return nil  // more than one limb never fits `Int64` (see `smallValue`)
        }
        return smallValue(owner)
    }

    /// `checkResultDigits` for an in-place sum, out of line: building a `Coefficient` around
    /// `owner` in `largeAddInPlace` itself cost W5's `+=` 2–3 ns on every call.
    @inline(never)
    static func checkInPlaceDigits(_ owner: GMPInteger, subtract: Bool) {
        checkResultDigits(.large(owner), subtract ? "subtraction" : "addition")
    }

    /// Multiplies `owner` by `b` in place; the result as in `largeAddInPlace`. The caller guarantees
    /// `owner` is uniquely referenced.
    static func largeMultiplyInPlace(_ owner: GMPInteger, _ b: Coefficient) -> Int64? {
        let z = owner.mpz
        withExtendedLifetime(owner) { withMPZ(b) { y in tally_mpz_mul(z, z, y) } }
        return smallValue(owner)
    }

    static func largeNegate(_ a: Coefficient) -> Coefficient {
        withMPZ(a) { x in produce { tally_mpz_neg($0, x) } }
    }

    static func largeMagnitude(_ a: Coefficient) -> Coefficient {
        withMPZ(a) { x in produce { tally_mpz_abs($0, x) } }
    }

    /// `a × 10^k`, `k >= 0`; the caller has checked the size.
    static func largeMultiplyByPowerOfTen(_ a: Coefficient, _ k: Int) -> Coefficient {
        withMPZ(a) { x in
            produce { r in
                setPowerOfTen(r, k)
                tally_mpz_mul(r, r, x)
            }
        }
    }

    /// `10^k` as a coefficient.
    static func largePowerOfTen(_ k: Int) -> Coefficient {
        produce { setPowerOfTen($0, k) }
    }

    /// Truncated quotient and remainder (`n = q × d + r`, `r` has the sign of `n`). `d != 0`.
    static func largeQuotientAndRemainder(_ n: Coefficient, _ d: Coefficient) -> (Coefficient, Coefficient) {
        withMPZ(n) { x in
            withMPZ(d) { y in
                let q = GMPInteger.make()
                let r = GMPInteger.make()
                withExtendedLifetime((q, r)) { tally_mpz_tdiv_qr(q.mpz, r.mpz, x, y) }
                return (normalized(q), normalized(r))
            }
        }
    }

    /// `n / d` for a `d` known to divide `n`.
    static func largeDivideExactly(_ n: Coefficient, _ d: Coefficient) -> Coefficient {
        withMPZ(n) { x in withMPZ(d) { y in produce { tally_mpz_divexact($0, x, y) } } }
    }

    /// Removes every factor `f` (2, 5 or 10) from `a != 0`; returns the rest and how many were removed.
    static func largeRemoveFactor(_ a: Coefficient, _ f: Int64) -> (Coefficient, Int) {
        withMPZ(a) { x in
            withMPZ(.small(f)) { factor in
                var count = 0
                let rest = produce { count = Int(tally_mpz_remove($0, x, factor)) }
                return (rest, count)
            }
        }
    }

    /// Three-way comparison of the values.
    static func largeCompare(_ a: Coefficient, _ b: Coefficient) -> Int {
        withMPZ(a) { x in withMPZ(b) { y in Int(tally_mpz_cmp(x, y).signum()) } }
    }

    /// Three-way comparison of the magnitudes.
    static func largeCompareMagnitudes(_ a: Coefficient, _ b: Coefficient) -> Int {
        withMPZ(a) { x in withMPZ(b) { y in Int(tally_mpz_cmpabs(x, y).signum()) } }
    }

    /// `-1`, `0` or `1`.
    static func largeSignum(_ a: Coefficient) -> Int {
        withMPZ(a) { Int(tally_mpz_sgn($0)) }
    }

    /// The last decimal digit of `|a|`.
    static func largeLastDigit(_ a: Coefficient) -> Int {
        withMPZ(a) { x in
            let r = Int(tally_mpz_fdiv_ui(x, 10))  // floor remainder, in 0...9
            return tally_mpz_sgn(x) < 0 && r != 0 ? 10 - r : r
        }
    }

    /// Number of 64-bit limbs of `|a|`.
    static func largeLimbCount(_ a: Coefficient) -> Int {
        withMPZ(a) { Int(tally_mpz_size($0)) }
    }

    /// Number of decimal digits of `|a|`, possibly one too many (GMP's `sizeinbase`); never too few.
    static func largeDigitCountUpperBound(_ a: Coefficient) -> Int {
        withMPZ(a) { Int(tally_mpz_sizeinbase($0, 10)) }
    }

    /// The decimal digits of `|a|`, no sign.
    static func largeMagnitudeDigits(_ a: Coefficient) -> String {
        withMPZ(a) { x in
            let capacity = Int(tally_mpz_sizeinbase(x, 10)) + 2  // digits, a sign, the terminator
            return String(unsafeUninitializedCapacity: capacity) { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    _ = tally_mpz_get_str(chars.baseAddress, 10, x)
                    var length = 0
                    while chars[length] != 0 { length += 1 }
                    if chars[0] == 45 {  // "-": shift the digits over the sign
                        for i in 1..<length { chars[i - 1] = chars[i] }
                        length -= 1
                    }
                    return length
                }
            }
        }
    }

    /// Parses ASCII decimal digits (no sign; already validated and bounded by the caller).
    static func largeParse(digits: String, negative: Bool) -> Coefficient {
        produce { r in
            _ = digits.withCString { tally_mpz_set_str(r, $0, 10) }
            if negative { tally_mpz_neg(r, r) }
        }
    }

    /// Feeds the sign and limbs of `a` (a normalized large value) to `hasher`.
    static func largeHash(_ a: Coefficient, into hasher: inout Hasher) {
        withMPZ(a) { x in
            hasher.combine(tally_mpz_sgn(x))
            let count = tally_mpz_size(x)
            hasher.combine(count)
            for i in 0..<count { hasher.combine(tally_mpz_getlimbn(x, mp_size_t(i))) }
        }
    }
}
#endif
