// Arbitrary-size integers in plain Swift: the storage of large coefficients where GMP is not
// available (iOS, tvOS, watchOS, visionOS, whose SDKs have no libgmp), and on Linux or macOS when
// the package is built with `TALLY_PORTABLE_INTEGERS=1` (see Guides/Platforms.md).
//
// Always compiled, so that the tests of a GMP build can check every operation here against GMP
// (PortableIntegerTests); used as the `.large` storage only in builds without the `TALLY_GMP`
// condition (Package.swift defines it where it links GMP).
//
// The algorithms are the textbook ones (Knuth, TAOCP vol. 2, §4.3): schoolbook multiplication
// below 40 limbs and Karatsuba's above, schoolbook division (algorithm D), decimal text read and
// written by divide and conquer (19 digits at a time below that). Money-sized values never come
// here (they are inline `Int64`); values within the default `ParseLimits` (at most about 12,300
// digits after alignment) take microseconds to a few milliseconds. Measured in a release build on
// this project's machine, a million digits — the most `Coefficient.maximumDigits` allows — take a
// quarter of a second to parse or square, 2.1 s to print and 1.7 s to strip of a million trailing
// zeros (`reduced()`), where GMP takes milliseconds.

/// Operations on magnitudes: little-endian `UInt64` limbs without high zero limbs (zero is `[]`).
enum Limbs {
    /// `10^19`, the largest power of ten in a limb: decimal text is converted 19 digits at a time.
    static let decimalChunk: UInt64 = 10_000_000_000_000_000_000
    static let decimalChunkDigits = 19

    /// Drops high zero limbs.
    @inline(__always)
    static func normalize(_ a: inout [UInt64]) {
        while let last = a.last, last == 0 { a.removeLast() }
    }

    /// Three-way comparison of two magnitudes.
    static func compare(_ a: [UInt64], _ b: [UInt64]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        var i = a.count - 1
        while i >= 0 {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }

    /// `a + b`.
    static func add(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        var result = long
        addInPlace(&result, short)
        return result
    }

    /// `a += b`.
    static func addInPlace(_ a: inout [UInt64], _ b: [UInt64]) {
        addInPlace(&a, b, shiftedBy: 0)
    }

    /// `a += b·B^shift` (B = 2⁶⁴), in `a`'s own limbs.
    static func addInPlace(_ a: inout [UInt64], _ b: [UInt64], shiftedBy shift: Int) {
        if b.isEmpty { return }
        if a.count < shift + b.count { a.append(contentsOf: repeatElement(0, count: shift + b.count - a.count)) }
        var carry: UInt64 = 0
        var i = shift
        for limb in b {
            let (s1, o1) = a[i].addingReportingOverflow(limb)
            let (s2, o2) = s1.addingReportingOverflow(carry)
            a[i] = s2
            carry = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
            i += 1
        }
        while carry != 0 && i < a.count {
            let (s, o) = a[i].addingReportingOverflow(carry)
            a[i] = s
            carry = o ? 1 : 0
            i += 1
        }
        if carry != 0 { a.append(carry) }
    }

    /// `a - b` for `a >= b`.
    static func subtract(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var result = a
        subtractInPlace(&result, b)
        return result
    }

    /// `a -= b` for `a >= b`.
    static func subtractInPlace(_ a: inout [UInt64], _ b: [UInt64]) {
        var borrow: UInt64 = 0
        var i = 0
        while i < b.count {
            let (d1, o1) = a[i].subtractingReportingOverflow(b[i])
            let (d2, o2) = d1.subtractingReportingOverflow(borrow)
            a[i] = d2
            borrow = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
            i += 1
        }
        while borrow != 0 {
            precondition(i < a.count, "Limbs.subtract: the subtrahend is larger")
            let (d, o) = a[i].subtractingReportingOverflow(borrow)
            a[i] = d
            borrow = o ? 1 : 0
            i += 1
        }
        normalize(&a)
    }

    /// 1 for `true`, 0 for `false`, for the carries and borrows of the product and division
    /// loops. Not `b ? 1 : 0`: there LLVM turned that select into a branch (x86 `cmov`
    /// conversion), and a carry out of random limbs is a coin toss, so the branch mispredicted
    /// about half the time. Release build on this project's machine, a 255 × 255-limb schoolbook
    /// product: 5.9–6.1 ns per limb product with the select, 1.1–1.2 with this; 30 × 3,000 limbs
    /// 6.7 against 1.1; a 4,000-by-2,000-limb division 21.7 against 5.8 ms. Benchmarks that repeat
    /// small operands hid it: the predictor learns their carries (40 × 40 limbs: 1.5–2.0 against
    /// 1.2). The sums and differences (`addInPlace`, `subtractInPlace`) keep the select: this
    /// made them slower (20 limbs: 22 → 48 ns per operation), and their code has no such branch.
    /// A `Bool` is one byte holding 0 or 1, so the bit cast is exact.
    @inline(__always)
    static func bit(_ b: Bool) -> UInt64 { UInt64(truncatingIfNeeded: unsafeBitCast(b, to: UInt8.self)) }

    /// Operands with fewer limbs than this are multiplied by the schoolbook method, longer ones
    /// by Karatsuba's (three half-size products instead of four).
    static let karatsubaThreshold = 40

    /// `a × b`.
    static func multiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        Swift.min(a.count, b.count) < karatsubaThreshold ? schoolbookMultiply(a, b) : karatsubaMultiply(a, b)
    }

    /// `a × b` by Karatsuba's method: with a = a₁·Bᵐ + a₀ and b = b₁·Bᵐ + b₀,
    /// a·b = z₂·B²ᵐ + (z₁ − z₂ − z₀)·Bᵐ + z₀ where z₂ = a₁·b₁, z₀ = a₀·b₀, z₁ = (a₀ + a₁)(b₀ + b₁).
    /// O(n^1.59) limb products instead of O(n²). Release build on this project's machine: the
    /// square of a million-digit value in 0.24 s (0.88 s before the limb loops' carries were
    /// made branch-free, see `bit`), against 16.1 s by the schoolbook method (measured then).
    static func karatsubaMultiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        if short.count < karatsubaThreshold { return schoolbookMultiply(long, short) }
        if long.count >= 2 * short.count {
            // Unbalanced: the long operand in pieces as long as the short one.
            var result: [UInt64] = []
            var start = 0
            while start < long.count {
                let end = Swift.min(start + short.count, long.count)
                addInPlace(&result, multiply(normalized(long[start..<end]), short), shiftedBy: start)
                start = end
            }
            return result
        }
        let m = long.count / 2  // short.count > m: both operands have a high half
        let (a0, a1) = (normalized(long[..<m]), Array(long[m...]))
        let (b0, b1) = (normalized(short[..<m]), Array(short[m...]))
        let z0 = multiply(a0, b0)
        let z2 = multiply(a1, b1)
        var z1 = multiply(add(a0, a1), add(b0, b1))
        subtractInPlace(&z1, z0)
        subtractInPlace(&z1, z2)
        var result = z0
        addInPlace(&result, z1, shiftedBy: m)
        addInPlace(&result, z2, shiftedBy: 2 * m)
        return result
    }

    /// The limbs of `slice` without high zero limbs, as an array.
    static func normalized(_ slice: ArraySlice<UInt64>) -> [UInt64] {
        var result = Array(slice)
        normalize(&result)
        return result
    }

    /// `a × b` (schoolbook).
    static func schoolbookMultiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        if a.isEmpty || b.isEmpty { return [] }
        if b.count == 1 { return multiply(a, small: b[0]) }
        if a.count == 1 { return multiply(b, small: a[0]) }
        var result = [UInt64](repeating: 0, count: a.count + b.count)
        result.withUnsafeMutableBufferPointer { r in
            a.withUnsafeBufferPointer { x in
                b.withUnsafeBufferPointer { y in
                    for j in 0..<y.count {
                        let factor = y[j]
                        if factor == 0 { continue }
                        var carry: UInt64 = 0
                        for i in 0..<x.count {
                            let (high, low) = x[i].multipliedFullWidth(by: factor)
                            let (s1, o1) = low.addingReportingOverflow(r[i + j])
                            let (s2, o2) = s1.addingReportingOverflow(carry)
                            r[i + j] = s2
                            carry = high &+ bit(o1) &+ bit(o2)  // cannot overflow: high ≤ 2^64 − 2
                        }
                        r[j + x.count] = carry
                    }
                }
            }
        }
        normalize(&result)
        return result
    }

    /// `a × m`.
    static func multiply(_ a: [UInt64], small m: UInt64) -> [UInt64] {
        var result = a
        multiplyAddInPlace(&result, small: m, adding: 0)
        return result
    }

    /// `a = a × m + c`.
    static func multiplyAddInPlace(_ a: inout [UInt64], small m: UInt64, adding c: UInt64) {
        if m == 0 {
            a = c == 0 ? [] : [c]
            return
        }
        var carry = c
        a.withUnsafeMutableBufferPointer { x in
            for i in 0..<x.count {
                let (high, low) = x[i].multipliedFullWidth(by: m)
                let (s, o) = low.addingReportingOverflow(carry)
                x[i] = s
                carry = high &+ bit(o)
            }
        }
        if carry != 0 { a.append(carry) }
    }

    /// `a / d` and `a % d` for a one-limb `d > 0`, the quotient written over `a`.
    static func divideInPlace(_ a: inout [UInt64], small d: UInt64) -> UInt64 {
        precondition(d != 0, "Limbs: division by zero")
        var remainder: UInt64 = 0
        a.withUnsafeMutableBufferPointer { x in
            var i = x.count - 1
            while i >= 0 {
                (x[i], remainder) = d.dividingFullWidth((remainder, x[i]))
                i -= 1
            }
        }
        normalize(&a)
        return remainder
    }

    /// ⌊(2^128 − 1) / 10^19⌋ − 2^64: the reciprocal of `decimalChunk` for
    /// `divideInPlaceByDecimalChunk` (10^19 has its top bit set, as the method needs).
    static let decimalChunkReciprocal: UInt64 = 15_581_492_618_384_294_730

    /// `divideInPlace(&a, small: decimalChunk)` with two multiplications per limb instead of a
    /// hardware division: Möller and Granlund's division by an invariant integer ("Improved
    /// division by invariant integers", IEEE Trans. Computers 60(2), 2011, algorithm 4). Each
    /// step divides the two-limb `(remainder, x[i])`, remainder < 10^19, by 10^19.
    static func divideInPlaceByDecimalChunk(_ a: inout [UInt64]) -> UInt64 {
        let d = decimalChunk
        let v = decimalChunkReciprocal
        var remainder: UInt64 = 0
        a.withUnsafeMutableBufferPointer { x in
            var i = x.count - 1
            while i >= 0 {
                let (u1, u0) = (remainder, x[i])
                let (high, low) = v.multipliedFullWidth(by: u1)
                let (q0, carry) = low.addingReportingOverflow(u0)
                var q1 = high &+ u1 &+ 1 &+ bit(carry)
                var r = u0 &- q1 &* d
                if r > q0 {
                    q1 &-= 1
                    r &+= d
                }
                if r >= d {
                    q1 &+= 1
                    r &-= d
                }
                (x[i], remainder) = (q1, r)
                i -= 1
            }
        }
        normalize(&a)
        return remainder
    }

    /// `a % d` for a one-limb `d > 0`, without a quotient.
    static func remainder(_ a: [UInt64], small d: UInt64) -> UInt64 {
        var remainder: UInt64 = 0
        var i = a.count - 1
        while i >= 0 {
            remainder = d.dividingFullWidth((remainder, a[i])).remainder
            i -= 1
        }
        return remainder
    }

    /// `a << s` for `0 <= s < 64`, with one more limb than `a` (possibly zero: not normalized).
    static func shiftedLeft(_ a: [UInt64], _ s: Int) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: a.count + 1)
        var carry: UInt64 = 0
        for i in 0..<a.count {
            result[i] = (a[i] << UInt64(s)) | carry
            carry = s == 0 ? 0 : a[i] >> UInt64(64 - s)
        }
        result[a.count] = carry
        return result
    }

    /// `a >> s` for `0 <= s < 64`, normalized.
    static func shiftedRight(_ a: ArraySlice<UInt64>, _ s: Int) -> [UInt64] {
        var result = Array(a)
        if s > 0 {
            for i in 0..<result.count {
                let next = i + 1 < result.count ? result[i + 1] : 0
                result[i] = (result[i] >> UInt64(s)) | (next << UInt64(64 - s))
            }
        }
        normalize(&result)
        return result
    }

    /// Truncated `u / v` and `u % v` for `v != 0` (Knuth's algorithm D).
    static func divide(_ u: [UInt64], _ v: [UInt64]) -> (quotient: [UInt64], remainder: [UInt64]) {
        precondition(!v.isEmpty, "Limbs: division by zero")
        if compare(u, v) < 0 { return ([], u) }
        if v.count == 1 {
            var quotient = u
            let remainder = divideInPlace(&quotient, small: v[0])
            return (quotient, remainder == 0 ? [] : [remainder])
        }
        // Normalize so that the divisor's top limb has its high bit set: each estimated quotient
        // limb is then at most two too large.
        let shift = v[v.count - 1].leadingZeroBitCount
        var divisor = shiftedLeft(v, shift)
        divisor.removeLast()  // zero: the shift does not carry out of the top limb
        var rest = shiftedLeft(u, shift)  // one limb longer than u
        let n = divisor.count
        let m = u.count - n
        var quotient = [UInt64](repeating: 0, count: m + 1)
        let top = divisor[n - 1]
        let second = divisor[n - 2]
        rest.withUnsafeMutableBufferPointer { r in
            divisor.withUnsafeBufferPointer { d in
                var j = m
                while j >= 0 {
                    // Estimate q̂ = (r[j+n]·B + r[j+n−1]) / top, then correct it with the second limb.
                    var estimate: UInt64
                    var partial: UInt64
                    var partialOverflowed: Bool
                    if r[j + n] >= top {
                        estimate = .max
                        (partial, partialOverflowed) = r[j + n - 1].addingReportingOverflow(top)
                    } else {
                        (estimate, partial) = top.dividingFullWidth((r[j + n], r[j + n - 1]))
                        partialOverflowed = false
                    }
                    while !partialOverflowed {
                        let (high, low) = estimate.multipliedFullWidth(by: second)
                        guard high > partial || (high == partial && low > r[j + n - 2]) else { break }
                        estimate -= 1
                        (partial, partialOverflowed) = partial.addingReportingOverflow(top)
                    }
                    // r[j...j+n] -= q̂ × divisor
                    var borrow: UInt64 = 0
                    var carry: UInt64 = 0
                    for i in 0..<n {
                        let (high, low) = estimate.multipliedFullWidth(by: d[i])
                        let (product, o) = low.addingReportingOverflow(carry)
                        carry = high &+ bit(o)
                        let (d1, b1) = r[i + j].subtractingReportingOverflow(product)
                        let (d2, b2) = d1.subtractingReportingOverflow(borrow)
                        r[i + j] = d2
                        borrow = bit(b1) &+ bit(b2)
                    }
                    let (t1, b1) = r[j + n].subtractingReportingOverflow(carry)
                    let (t2, b2) = t1.subtractingReportingOverflow(borrow)
                    r[j + n] = t2
                    if b1 || b2 {
                        // q̂ was one too large (rare): add the divisor back.
                        estimate -= 1
                        var addCarry: UInt64 = 0
                        for i in 0..<n {
                            let (s1, o1) = r[i + j].addingReportingOverflow(d[i])
                            let (s2, o2) = s1.addingReportingOverflow(addCarry)
                            r[i + j] = s2
                            addCarry = bit(o1) &+ bit(o2)
                        }
                        r[j + n] = r[j + n] &+ addCarry
                    }
                    quotient[j] = estimate
                    j -= 1
                }
            }
        }
        normalize(&quotient)
        return (quotient, shiftedRight(rest[0..<n], shift))
    }

    /// The number of significant bits.
    static func bitWidth(_ a: [UInt64]) -> Int {
        guard let last = a.last else { return 0 }
        return 64 * a.count - last.leadingZeroBitCount
    }

    /// The number of decimal digits of `a > 0`, exact or one too many.
    static func decimalDigitsUpperBound(_ a: [UInt64]) -> Int {
        // a ≥ 2^(bits−1), so it has at least ⌊(bits−1)·log₁₀2⌋ + 1 digits, and a < 2^bits gives at
        // most one more. log₁₀2 is taken from below as a 64-bit binary fraction, so the floor is
        // the high word of one full-width product (it was a 128-by-64-bit division by 10^19, a
        // `__udivti3` call that took 7 % of a 40-digit product on this backend). Never too large,
        // and equal to the exact floor below 24,659,143,518 bits (about 7.4 billion digits; a
        // million digits are 3.3 million bits): the first bit count where it falls short is the
        // denominator, plus one, of the simplest fraction between this constant / 2^64 and log₁₀2.
        // `Scripts/digit-bound.py` finds it and checks every bit count to a limit by brute force.
        let bits = bitWidth(a)
        if bits <= 1 { return 1 }
        let log10Of2: UInt64 = 5_553_023_288_523_357_132  // ⌊log₁₀2 · 2^64⌋
        let whole = UInt64(bits - 1).multipliedFullWidth(by: log10Of2).high
        return Int(whole) + 2
    }

    /// `10^k`, as `5^k` shifted left by `k` bits (`5^k` has 30 % fewer limbs to multiply).
    static func powerOfTen(_ k: Int) -> [UInt64] {
        shiftedLeft(powerOfFive(k), bits: k)
    }

    /// `5^k`, by squaring `5^(k/2)`: about a third of the limb products of multiplying by one
    /// chunk at a time, and half of those again because squaring computes each cross product once.
    static func powerOfFive(_ k: Int) -> [UInt64] {
        if k <= 27 {  // 5^27 is the largest power of five in a limb
            var power: UInt64 = 1
            for _ in 0..<k { power *= 5 }
            return [power]
        }
        var result = square(powerOfFive(k / 2))
        if k % 2 == 1 { multiplyAddInPlace(&result, small: 5, adding: 0) }
        return result
    }

    /// `a²` (schoolbook, each cross product once).
    static func square(_ a: [UInt64]) -> [UInt64] {
        let n = a.count
        if n == 0 { return [] }
        if n >= karatsubaThreshold { return karatsubaMultiply(a, a) }
        var result = [UInt64](repeating: 0, count: 2 * n)
        result.withUnsafeMutableBufferPointer { r in
            a.withUnsafeBufferPointer { x in
                // The products x[i]·x[j] for i < j …
                for i in 0..<n {
                    let factor = x[i]
                    var carry: UInt64 = 0
                    var j = i + 1
                    while j < n {
                        let (high, low) = x[j].multipliedFullWidth(by: factor)
                        let (s1, o1) = low.addingReportingOverflow(r[i + j])
                        let (s2, o2) = s1.addingReportingOverflow(carry)
                        r[i + j] = s2
                        carry = high &+ bit(o1) &+ bit(o2)
                        j += 1
                    }
                    r[i + n] = carry
                }
                // … twice …
                var top: UInt64 = 0
                for i in 0..<(2 * n) {
                    let word = r[i]
                    r[i] = (word << 1) | top
                    top = word >> 63
                }
                // … plus the squares x[i]² on the diagonal.
                var carry: UInt64 = 0
                for i in 0..<n {
                    let (high, low) = x[i].multipliedFullWidth(by: x[i])
                    let (s1, o1) = r[2 * i].addingReportingOverflow(low)
                    let (s2, o2) = s1.addingReportingOverflow(carry)
                    r[2 * i] = s2
                    let (t1, p1) = r[2 * i + 1].addingReportingOverflow(high)
                    let (t2, p2) = t1.addingReportingOverflow(bit(o1) &+ bit(o2))
                    r[2 * i + 1] = t2
                    carry = bit(p1) &+ bit(p2)
                }
            }
        }
        normalize(&result)
        return result
    }

    /// `a << bits` for any `bits >= 0`, normalized.
    static func shiftedLeft(_ a: [UInt64], bits: Int) -> [UInt64] {
        if a.isEmpty { return [] }
        var result = [UInt64](repeating: 0, count: bits / 64)
        result.append(contentsOf: shiftedLeft(a, bits % 64))
        normalize(&result)
        return result
    }

    /// `a × 10^k`.
    static func multipliedByPowerOfTen(_ a: [UInt64], _ k: Int) -> [UInt64] {
        a.isEmpty ? [] : shiftedLeft(multiply(a, powerOfFive(k)), bits: k)
    }

    /// The value of ASCII decimal digits (validated by the caller).
    static func parse<S: Collection>(digits: S) -> [UInt64] where S.Element == UInt8 {
        var powers: [Int: [UInt64]] = [:]
        return parse(Array(digits)[...], powers: &powers)
    }

    /// Digits in the pieces that `parse` converts a chunk at a time.
    static let parseBaseDigits = 19 * 256

    /// Divide and conquer: high × 10^L + low, where the low part has the largest L of the form
    /// `parseBaseDigits·2^k` below the count, so that the pieces of one level share their power
    /// of ten (kept in `powers`). With Karatsuba products it beats a chunk at a time (O(n²)) on
    /// long texts: a million digits in 1.1 s against 3.5–4.6 s, 100,000 in 28 ms against 36–42
    /// (release build, this project's machine, another build running); 0.25 s and 7–9 ms since
    /// the carries of the products became branch-free (see `bit`).
    static func parse(_ digits: ArraySlice<UInt8>, powers: inout [Int: [UInt64]]) -> [UInt64] {
        if digits.count <= parseBaseDigits { return parseByChunks(digits) }
        var lowCount = parseBaseDigits
        while 2 * lowCount < digits.count { lowCount *= 2 }
        let split = digits.endIndex - lowCount
        let high = parse(digits[..<split], powers: &powers)
        let low = parse(digits[split...], powers: &powers)
        // 10^L is the square of the previous level's 10^(L/2), which the low part's own split
        // has just made (or made earlier).
        let power = powers[lowCount] ?? powers[lowCount / 2].map(square) ?? powerOfTen(lowCount)
        powers[lowCount] = power
        var result = multiply(high, power)
        addInPlace(&result, low)
        return result
    }

    /// The value of ASCII decimal digits, converted 19 digits at a time.
    static func parseByChunks(_ digits: ArraySlice<UInt8>) -> [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(digits.count / 19 + 1)
        var chunk: UInt64 = 0
        var scale: UInt64 = 1
        for byte in digits {
            chunk = chunk * 10 + UInt64(byte &- 48)
            scale *= 10
            if scale == decimalChunk {
                multiplyAddInPlace(&result, small: scale, adding: chunk)
                chunk = 0
                scale = 1
            }
        }
        if scale > 1 { multiplyAddInPlace(&result, small: scale, adding: chunk) }
        normalize(&result)
        return result
    }

    /// Magnitudes of at most this many limbs are printed a chunk at a time
    /// (`appendDigits(of:width:to:)`); longer ones by divide and conquer.
    static let printBaseLimbs = 64

    /// The width in digits of the smallest power of ten that divide and conquer splits by.
    static let printBaseDigits = 19 * 32

    /// The decimal digits of `a` (`"0"` for zero).
    ///
    /// Up to `printBaseLimbs`, `a` is divided by 10^19 until nothing is left, each remainder a
    /// chunk of 19 digits: O(n²) one-limb divisions (`divideInPlaceByDecimalChunk`). Longer
    /// values by divide and conquer: `a = high × 10^w + low` with `w` of the form
    /// `printBaseDigits·2^k`, the high part printed as it is and the low part padded to `w`
    /// digits, each split again by the next smaller power (the powers made by squaring), down
    /// to pieces printed a chunk at a time. Its long divisions (`divide`) cost about 1.5 ns per
    /// limb step against about 4 for a chunk's one-limb step, whose steps wait on each other.
    /// Release build on this project's machine, random limbs: 128 limbs 28 µs against 36 a chunk
    /// at a time, 512 limbs 0.30 against 0.55 ms, 2,000 limbs 3.4 against 8.1 ms, 10,000 limbs
    /// 79 against 199 ms, a million digits 2.1 against 5.4 s. (Tried earlier the same session
    /// while the long divisions' carries still branched, see `bit`, it lost from 512 limbs up.)
    static func decimalString(_ a: [UInt64]) -> String {
        var a = a
        normalize(&a)  // no copy unless there are high zero limbs, which magnitudes do not have
        if a.count <= printBaseLimbs { return decimalStringByChunks(a) }
        var digits: [UInt8] = []
        digits.reserveCapacity(decimalDigitsUpperBound(a))
        // powers[k] = 10^(printBaseDigits·2^k), until the square of the last one exceeds a:
        // 10^(2w) ≥ 2^(2·(bitWidth(10^w) − 1)) ≥ 2^bitWidth(a) > a.
        var powers = [powerOfTen(printBaseDigits)]
        let bits = bitWidth(a)
        while 2 * (bitWidth(powers[powers.count - 1]) - 1) < bits { powers.append(square(powers[powers.count - 1])) }
        appendDigits(of: a, level: powers.count - 1, width: nil, powers: powers, to: &digits)
        return String(decoding: digits, as: UTF8.self)
    }

    /// The decimal digits of `a`, a chunk of 19 at a time at any length: `decimalString` up to
    /// `printBaseLimbs`, and what the tests compare its divide and conquer with above.
    static func decimalStringByChunks(_ a: [UInt64]) -> String {
        var digits: [UInt8] = []
        appendDigits(of: a, width: nil, to: &digits)
        return digits.isEmpty ? "0" : String(decoding: digits, as: UTF8.self)
    }

    /// Appends the digits of `a < 10^(2·printBaseDigits·2^level)` to `out` by divide and
    /// conquer: without leading zeros when `width` is nil (the most significant piece), else
    /// padded with zeros to exactly `width` digits.
    static func appendDigits(of a: [UInt64], level: Int, width: Int?, powers: [[UInt64]], to out: inout [UInt8]) {
        if level < 0 || a.count <= printBaseLimbs / 2 {
            appendDigits(of: a, width: width, to: &out)
            return
        }
        let lowWidth = printBaseDigits << level
        let (high, low) = divide(a, powers[level])
        if width == nil && high.isEmpty {
            appendDigits(of: low, level: level - 1, width: nil, powers: powers, to: &out)
        } else {
            appendDigits(of: high, level: level - 1, width: width.map { $0 - lowWidth }, powers: powers, to: &out)
            appendDigits(of: low, level: level - 1, width: lowWidth, powers: powers, to: &out)
        }
    }

    /// Appends the digits of `a` to `out`, a chunk of 19 at a time: `a` divided by 10^19 until
    /// nothing is left, the remainders written from the right into zeros. Without leading zeros
    /// when `width` is nil (nothing for zero), else padded to exactly `width` digits.
    static func appendDigits(of a: [UInt64], width: Int?, to out: inout [UInt8]) {
        var rest = a
        var chunks: [UInt64] = []
        chunks.reserveCapacity(a.count * 64 / 63 + 1)
        while !rest.isEmpty { chunks.append(divideInPlaceByDecimalChunk(&rest)) }
        var topDigits = 0
        if var top = chunks.last {
            while top > 0 {
                topDigits += 1
                top /= 10
            }
        }
        let count = chunks.isEmpty ? 0 : topDigits + decimalChunkDigits * (chunks.count - 1)
        let padding = (width ?? count) - count
        precondition(padding >= 0, "Limbs.appendDigits: the piece has more digits than its width")
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: padding + count))
        var end = out.count
        for chunk in chunks {
            var value = chunk
            var i = end - 1
            while value > 0 {
                out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
                i -= 1
            }
            end -= decimalChunkDigits
        }
    }
}

/// A signed arbitrary-size integer: a sign and a magnitude. Zero is never negative.
struct SignedLimbs: Hashable, Sendable {
    var isNegative: Bool
    var magnitude: [UInt64]

    init(isNegative: Bool, magnitude: [UInt64]) {
        var magnitude = magnitude
        Limbs.normalize(&magnitude)
        self.isNegative = isNegative && !magnitude.isEmpty
        self.magnitude = magnitude
    }

    init(_ value: Int64) {
        self.init(isNegative: value < 0, magnitude: value == 0 ? [] : [value.magnitude])
    }

    /// The value when it fits `Int64`.
    var int64: Int64? {
        switch magnitude.count {
        case 0: return 0
        case 1:
            let m = magnitude[0]
            if !isNegative { return m <= UInt64(Int64.max) ? Int64(m) : nil }
            return m <= UInt64(Int64.max) + 1 ? Int64(bitPattern: 0 &- m) : nil
        default: return nil
        }
    }

    var signum: Int { magnitude.isEmpty ? 0 : (isNegative ? -1 : 1) }

    var negated: SignedLimbs { SignedLimbs(isNegative: !isNegative, magnitude: magnitude) }

    static func + (a: SignedLimbs, b: SignedLimbs) -> SignedLimbs {
        var sum = a
        sum.add(b)
        return sum
    }

    static func - (a: SignedLimbs, b: SignedLimbs) -> SignedLimbs {
        var difference = a
        difference.add(b, negated: true)
        return difference
    }

    /// `self += b` (`self -= b` when `negated`), in this value's own limbs when it does not share
    /// them (`+=` on a uniquely referenced large coefficient: no new array unless the sum needs
    /// more limbs). `negated` spares `-=` a negated copy of `b`.
    mutating func add(_ b: SignedLimbs, negated: Bool = false) {
        if b.magnitude.isEmpty { return }
        let bIsNegative = b.isNegative != negated
        if magnitude.isEmpty {
            self = b
            isNegative = bIsNegative  // b is not zero
        } else if isNegative == bIsNegative {
            Limbs.addInPlace(&magnitude, b.magnitude)
        } else if Limbs.compare(magnitude, b.magnitude) >= 0 {
            Limbs.subtractInPlace(&magnitude, b.magnitude)  // normalizes; zero is [] …
            if magnitude.isEmpty { isNegative = false }  // … and never negative
        } else {
            magnitude = Limbs.subtract(b.magnitude, magnitude)
            isNegative = bIsNegative
        }
    }

    static func * (a: SignedLimbs, b: SignedLimbs) -> SignedLimbs {
        SignedLimbs(isNegative: a.isNegative != b.isNegative, magnitude: Limbs.multiply(a.magnitude, b.magnitude))
    }

    /// Truncated quotient and remainder (the remainder has the sign of `self`). `d != 0`.
    func quotientAndRemainder(dividingBy d: SignedLimbs) -> (quotient: SignedLimbs, remainder: SignedLimbs) {
        let (q, r) = Limbs.divide(magnitude, d.magnitude)
        return (SignedLimbs(isNegative: isNegative != d.isNegative, magnitude: q), SignedLimbs(isNegative: isNegative, magnitude: r))
    }

    /// Three-way comparison of the values.
    static func compare(_ a: SignedLimbs, _ b: SignedLimbs) -> Int {
        if a.signum != b.signum { return a.signum < b.signum ? -1 : 1 }
        let magnitudes = Limbs.compare(a.magnitude, b.magnitude)
        return a.isNegative ? -magnitudes : magnitudes
    }

    /// Removes every factor `f > 1` from a nonzero value: the rest and how many were removed.
    ///
    /// Divides by f, f², f⁴, … while they divide (each power the square of the last), then by the
    /// same powers back down, each at most once: about 2·log₂(count) divisions. (Dividing by
    /// 10^19 at a time took 14 s to strip the zeros of 10^1,000,000; see Guides/Platforms.md.)
    func removingFactor(_ f: UInt64) -> (rest: SignedLimbs, count: Int) {
        precondition(f > 1, "SignedLimbs.removingFactor: the factor must be at least 2")
        var rest = magnitude
        var count = 0
        var powers: [[UInt64]] = [[f]]  // powers[i] = f^(2^i)
        // Up: after stopping at level k, what is left has fewer than 2^k factors (f^(2^k) does
        // not divide it, or is larger than it).
        while !rest.isEmpty {
            let power = powers[powers.count - 1]
            guard Limbs.compare(power, rest) <= 0 else { break }
            let (quotient, remainder) = Limbs.divide(rest, power)
            guard remainder.isEmpty else { break }
            rest = quotient
            count += 1 << (powers.count - 1)
            powers.append(Limbs.square(power))
        }
        // Down: the binary digits of what is left.
        var level = powers.count - 2
        while level >= 0 && !rest.isEmpty {
            let (quotient, remainder) = Limbs.divide(rest, powers[level])
            if remainder.isEmpty {
                rest = quotient
                count += 1 << level
            }
            level -= 1
        }
        return (SignedLimbs(isNegative: isNegative, magnitude: rest), count)
    }
}

/// The storage of a large coefficient in portable builds: a `SignedLimbs` in a final class, so
/// that `BigDecimal` can update one in place when `isKnownUniquelyReferenced` (as with GMP): a
/// sum in its own limbs (`SignedLimbs.add`), a product in the same object.
@usableFromInline
final class PortableInteger {
    /// `@exclusivity(unchecked)`: every access to a class's stored `var` otherwise goes through
    /// the runtime's dynamic exclusivity check (`swift_beginAccess`, a thread-local access set),
    /// which was 40 % of a 40-digit `+=` under `perf` (W5, 40.6 ns against 12.9 ns on GMP). No
    /// two accesses can overlap: every access but one is a read that copies the value out or a
    /// single assignment; the one lasting access, the in-place `add` of `largeAddInPlace`, starts
    /// after its operand has been read (even when the operand is this same object), and the limb
    /// code it runs never reaches the object. (With the check on, a review's aliasing tests —
    /// `x += x`, `x -= x`, `x *= x`, the same object on both sides of the in-place functions —
    /// never reported an overlap.)
    @exclusivity(unchecked) var value: SignedLimbs

    init(_ value: SignedLimbs) {
        self.value = value
    }
}

#if !TALLY_GMP
/// The class behind `Coefficient.large`: a portable integer (GMP is not available).
@usableFromInline
typealias LargeInteger = PortableInteger

/// Which integer library holds coefficients beyond `Int64` in this build.
let largeIntegerBackend = "portable Swift"

// MARK: - Large paths of the coefficient operations, in Swift

extension Coefficient {
    /// `c` as a signed magnitude.
    @inline(__always)
    fileprivate var limbs: SignedLimbs {
        switch self {
        case .small(let value): return SignedLimbs(value)
        case .large(let owner): return owner.value
        }
    }

    /// `value` as a coefficient: inline when it fits `Int64` (the representation stays unique).
    fileprivate static func make(_ value: SignedLimbs) -> Coefficient {
        if let small = value.int64 { return .small(small) }
        return .large(PortableInteger(value))
    }

    static func largeAdd(_ a: Coefficient, _ b: Coefficient) -> Coefficient { make(a.limbs + b.limbs) }

    static func largeSubtract(_ a: Coefficient, _ b: Coefficient) -> Coefficient { make(a.limbs - b.limbs) }

    static func largeMultiply(_ a: Coefficient, _ b: Coefficient) -> Coefficient { make(a.limbs * b.limbs) }

    /// Adds `b` into `owner` (uniquely referenced); the result when it fits `Int64`, else `nil`
    /// (it stays in `owner`). See the GMP version.
    static func largeAddInPlace(_ owner: LargeInteger, _ b: Coefficient, subtract: Bool) -> Int64? {
        owner.value.add(b.limbs, negated: subtract)
        if owner.value.magnitude.count > limbsWithinDigitLimit {
            checkResultDigits(.large(owner), subtract ? "subtraction" : "addition")
        }
        return owner.value.int64
    }

    /// Multiplies `owner` (uniquely referenced) by `b`; the result as in `largeAddInPlace`.
    static func largeMultiplyInPlace(_ owner: LargeInteger, _ b: Coefficient) -> Int64? {
        owner.value = owner.value * b.limbs
        return owner.value.int64
    }

    static func largeNegate(_ a: Coefficient) -> Coefficient { make(a.limbs.negated) }

    static func largeMagnitude(_ a: Coefficient) -> Coefficient {
        make(SignedLimbs(isNegative: false, magnitude: a.limbs.magnitude))
    }

    /// `a × 10^k`, `k >= 0`; the caller has checked the size.
    static func largeMultiplyByPowerOfTen(_ a: Coefficient, _ k: Int) -> Coefficient {
        let value = a.limbs
        return make(SignedLimbs(isNegative: value.isNegative, magnitude: Limbs.multipliedByPowerOfTen(value.magnitude, k)))
    }

    static func largePowerOfTen(_ k: Int) -> Coefficient {
        make(SignedLimbs(isNegative: false, magnitude: Limbs.powerOfTen(k)))
    }

    static func largeQuotientAndRemainder(_ n: Coefficient, _ d: Coefficient) -> (Coefficient, Coefficient) {
        let (q, r) = n.limbs.quotientAndRemainder(dividingBy: d.limbs)
        return (make(q), make(r))
    }

    static func largeDivideExactly(_ n: Coefficient, _ d: Coefficient) -> Coefficient {
        make(n.limbs.quotientAndRemainder(dividingBy: d.limbs).quotient)
    }

    static func largeRemoveFactor(_ a: Coefficient, _ f: Int64) -> (Coefficient, Int) {
        let (rest, count) = a.limbs.removingFactor(UInt64(f))
        return (make(rest), count)
    }

    static func largeCompare(_ a: Coefficient, _ b: Coefficient) -> Int { SignedLimbs.compare(a.limbs, b.limbs) }

    static func largeCompareMagnitudes(_ a: Coefficient, _ b: Coefficient) -> Int {
        Limbs.compare(a.limbs.magnitude, b.limbs.magnitude)
    }

    static func largeSignum(_ a: Coefficient) -> Int { a.limbs.signum }

    static func largeLastDigit(_ a: Coefficient) -> Int { Int(Limbs.remainder(a.limbs.magnitude, small: 10)) }

    /// Number of 64-bit limbs of `|a|`.
    static func largeLimbCount(_ a: Coefficient) -> Int { a.limbs.magnitude.count }

    static func largeDigitCountUpperBound(_ a: Coefficient) -> Int {
        let magnitude = a.limbs.magnitude
        return magnitude.isEmpty ? 1 : Limbs.decimalDigitsUpperBound(magnitude)
    }

    static func largeMagnitudeDigits(_ a: Coefficient) -> String { Limbs.decimalString(a.limbs.magnitude) }

    static func largeParse(digits: String, negative: Bool) -> Coefficient {
        make(SignedLimbs(isNegative: negative, magnitude: Limbs.parse(digits: digits.utf8)))
    }

    /// Feeds the sign and limbs of `a` to `hasher` (as the GMP version does: the same limbs).
    static func largeHash(_ a: Coefficient, into hasher: inout Hasher) {
        let value = a.limbs
        hasher.combine(Int32(value.signum))
        hasher.combine(value.magnitude.count)
        for limb in value.magnitude { hasher.combine(limb) }
    }
}
#endif
