// W5: 40-digit values, Tally `BigDecimal` (GMP-backed) against raw GMP through CGMP's `tally_mpz_*`
// wrappers with reused `mpz_t`s, which is the speed limit for big values.
import CGMP
import TallyDecimal

/// 40-digit coefficients (exponent −2 on the Tally side: 38 integer digits and 2 decimals).
let fortyDigitsA = "1234567890123456789012345678901234567890"
let fortyDigitsB = "9876543210987654321098765432109876543210"
let fortyDigitsX = "5555555555444444444433333333332222222222"

/// Clears and frees an `mpz` from `makeMPZ`.
func freeMPZ(_ z: UnsafeMutablePointer<__mpz_struct>) {
    tally_mpz_clear(z)
    z.deallocate()
}

/// A heap-allocated, initialized `mpz_t` holding `digits`: the workloads' own live for the whole
/// process; `verify`'s temporaries are freed with `freeMPZ`.
func makeMPZ(_ digits: String) -> UnsafeMutablePointer<__mpz_struct> {
    let z = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)
    tally_mpz_init(z)
    let status = digits.withCString { tally_mpz_set_str(z, $0, 10) }
    precondition(status == 0, "bad digits \(digits)")
    return z
}

/// The decimal digits of an mpz (with a leading "-" when negative).
func digits(of z: UnsafePointer<__mpz_struct>) -> String {
    let capacity = Int(tally_mpz_sizeinbase(z, 10)) + 2
    var buffer = [CChar](repeating: 0, count: capacity)
    _ = tally_mpz_get_str(&buffer, 10, z)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The Tally value `digits × 10^-2`.
func tally(digits: String) -> BigDecimal {
    guard let value = BigDecimal(digits + "E-2") else { preconditionFailure("bad digits \(digits)") }
    return value
}

/// Whether a Tally value equals an mpz read with exponent −2 (or `exponent`).
func agree(_ t: BigDecimal, _ z: UnsafePointer<__mpz_struct>, exponent: Int = -2) -> Bool {
    BigDecimal(digits(of: z) + "E\(exponent)") == t && t.exponent == exponent
}

// MARK: - W5 +=

@inline(never)
func addInPlaceTally(_ a: inout BigDecimal, _ x: BigDecimal, rounds: Int) {
    for _ in 0..<rounds {
        a += x
        a -= x
    }
}

@inline(never)
func addInPlaceGMP(_ a: UnsafeMutablePointer<__mpz_struct>, _ x: UnsafePointer<__mpz_struct>, rounds: Int) {
    for _ in 0..<rounds {
        tally_mpz_add(a, a, x)
        tally_mpz_sub(a, a, x)
    }
}

func bigAddWorkload() -> Workload {
    var tallyA = opaque(tally(digits: fortyDigitsA))
    let tallyX = opaque(tally(digits: fortyDigitsX))
    let gmpA = makeMPZ(fortyDigitsA)
    let gmpX = makeMPZ(fortyDigitsX)
    return Workload(
        id: "W5+=", title: "40-digit `a += x` then `a -= x` in place (mpz_add / mpz_sub into a)",
        unit: "op", operationsPerRound: 2, baseline: "GMP",
        variants: [
            Variant(name: "Tally") { addInPlaceTally(&tallyA, tallyX, rounds: $0) },
            Variant(name: "GMP") { addInPlaceGMP(gmpA, gmpX, rounds: $0) },
        ],
        verify: {
            var t = tallyA
            t += tallyX
            let sum = makeMPZ(fortyDigitsA)
            tally_mpz_add(sum, sum, gmpX)
            guard agree(t, sum), agree(tallyA, gmpA), digits(of: gmpA) == fortyDigitsA, !t.isStoredInline else {
                return "W5+= results disagree"
            }
            return nil
        },
        targets: .gmpAdd)
}

// MARK: - W5 * (a new product each time)

/// Returns its last round's product, for `verify` (as the W1–W4 loops do).
@inline(never) @discardableResult
func multiplyTally(_ a: BigDecimal, _ b: BigDecimal, rounds: Int) -> BigDecimal {
    for round in 0..<rounds {
        let product = a * b
        blackHole(product)
        if round == rounds - 1 { return product }
    }
    return 0
}

@inline(never)
func multiplyGMP(
    _ r: UnsafeMutablePointer<__mpz_struct>, _ a: UnsafePointer<__mpz_struct>, _ b: UnsafePointer<__mpz_struct>,
    rounds: Int
) {
    for _ in 0..<rounds { tally_mpz_mul(r, a, b) }
}

func bigMultiplyWorkload() -> Workload {
    let tallyA = opaque(tally(digits: fortyDigitsA))
    let tallyB = opaque(tally(digits: fortyDigitsB))
    let gmpA = makeMPZ(fortyDigitsA)
    let gmpB = makeMPZ(fortyDigitsB)
    let gmpR = makeMPZ("0")
    return Workload(
        id: "W5*", title: "40-digit × 40-digit: Tally `a * b` (a new value) vs mpz_mul into a reused result",
        unit: "op", operationsPerRound: 1, baseline: "GMP",
        variants: [
            Variant(name: "Tally") { multiplyTally(tallyA, tallyB, rounds: $0) },
            Variant(name: "GMP") { multiplyGMP(gmpR, gmpA, gmpB, rounds: $0) },
        ],
        verify: {
            // The timed functions themselves, a round each (the per-line check ran `*` beside them).
            multiplyGMP(gmpR, gmpA, gmpB, rounds: 1)
            return agree(multiplyTally(tallyA, tallyB, rounds: 2), gmpR, exponent: -4) ? nil : "W5* products disagree"
        },
        targets: .none)
}

// MARK: - W5 *= (in place, then subtracted back so the value does not grow)

@inline(never)
func multiplyInPlaceTally(_ a: inout BigDecimal, _ b: BigDecimal, _ back: BigDecimal, rounds: Int) {
    for _ in 0..<rounds {
        a *= b  // a0 × b, exponent −2 − 0
        a -= back  // a0 × b − (a0 × b − a0) = a0
    }
}

@inline(never)
func multiplyInPlaceGMP(
    _ a: UnsafeMutablePointer<__mpz_struct>, _ b: UnsafePointer<__mpz_struct>, _ back: UnsafePointer<__mpz_struct>,
    rounds: Int
) {
    for _ in 0..<rounds {
        tally_mpz_mul(a, a, b)
        tally_mpz_sub(a, a, back)
    }
}

func bigMultiplyInPlaceWorkload() -> Workload {
    // b is an integer (exponent 0) so that `a *= b` keeps a's exponent and `a -= back` stays in place.
    var tallyA = opaque(tally(digits: fortyDigitsA))
    let tallyB = opaque(BigDecimal(fortyDigitsB)!)
    let gmpA = makeMPZ(fortyDigitsA)
    let gmpB = makeMPZ(fortyDigitsB)
    let gmpBack = makeMPZ("0")
    tally_mpz_mul(gmpBack, gmpA, gmpB)
    tally_mpz_sub(gmpBack, gmpBack, gmpA)  // a0 × b − a0
    let tallyBack = opaque(tally(digits: digits(of: gmpBack)))
    return Workload(
        id: "W5*=", title: "40-digit `a *= b` then `a -= (a0·b − a0)` in place (mpz_mul / mpz_sub into a)",
        unit: "pair", operationsPerRound: 1, baseline: "GMP",
        variants: [
            Variant(name: "Tally") { multiplyInPlaceTally(&tallyA, tallyB, tallyBack, rounds: $0) },
            Variant(name: "GMP") { multiplyInPlaceGMP(gmpA, gmpB, gmpBack, rounds: $0) },
        ],
        verify: {
            var t = tallyA
            t *= tallyB
            let product = makeMPZ(fortyDigitsA)
            defer { freeMPZ(product) }
            tally_mpz_mul(product, product, gmpB)
            guard agree(t, product), agree(tallyA, gmpA), digits(of: gmpA) == fortyDigitsA else {
                return "W5*= results disagree"
            }
            // The timed loops on copies. With nothing to subtract, a round leaves a0 × b (a loop
            // that skipped the multiplication would leave a0); with the measured `back`, two
            // rounds leave a0 (a loop that skipped the subtraction would not).
            let zero = makeMPZ("0")
            let timedGMP = makeMPZ(fortyDigitsA)
            defer {
                freeMPZ(zero)
                freeMPZ(timedGMP)
            }
            var timed = tallyA
            multiplyInPlaceTally(&timed, tallyB, 0, rounds: 1)
            multiplyInPlaceGMP(timedGMP, gmpB, zero, rounds: 1)
            guard agree(timed, product), digits(of: timedGMP) == digits(of: product) else {
                return "W5*= the timed loops do not multiply: Tally \(timed), GMP \(digits(of: timedGMP))"
            }
            timed = tallyA
            tally_mpz_set(timedGMP, gmpA)
            multiplyInPlaceTally(&timed, tallyB, tallyBack, rounds: 2)
            multiplyInPlaceGMP(timedGMP, gmpB, gmpBack, rounds: 2)
            guard timed.isIdentical(to: tallyA), digits(of: timedGMP) == fortyDigitsA else {
                return "W5*= the timed loops do not come back to a: Tally \(timed), GMP \(digits(of: timedGMP))"
            }
            return nil
        },
        targets: .none)
}
