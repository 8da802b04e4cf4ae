// W1, W3 and W4: money-sized workloads, each as Tally `BigDecimal`, scaled `Int64` minor units (cents,
// the speed limit) and `Foundation.Decimal` (what apps use today). All three variants of a workload
// see the same amounts, generated from a fixed seed.
//
// Each timed function hands every round's result to `blackHole` and returns the last round's, from
// inside that round (`if round == rounds - 1 { return total }`): the other rounds drop their result
// right after `blackHole` as before, and the test takes the place of the loop's own end test.
// (Keeping the value in a variable across rounds instead cost W1's Tally loop a copy, or with
// `consume` a spill, every round: about 2 ns a re-sum.) `verify` checks every line's result in every
// variant (the same expressions on the same data), then calls each timed function itself on the
// measured data for a few rounds and compares what it returns with the total in integer cents.
import Foundation
import TallyDecimal

// MARK: - Inputs

/// SplitMix64: a tiny deterministic generator, so every run measures the same amounts.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A value in `range` (the tiny modulo bias does not matter here).
    mutating func next(in range: ClosedRange<Int64>) -> Int64 {
        range.lowerBound + Int64(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}

/// Amounts in cents (1.00 ... 999.99 for cart lines, 0.01 ... 999.99 for the ledgers).
func centAmounts(count: Int, seed: UInt64, range: ClosedRange<Int64>) -> [Int64] {
    var generator = SplitMix64(state: seed)
    return (0..<count).map { _ in generator.next(in: range) }
}

/// `cents / 100` as a `BigDecimal` with exponent −2 (built from integers; no float anywhere).
func tally(cents: Int64) -> BigDecimal {
    BigDecimal(mantissa: cents.magnitude, exponent: -2, isNegative: cents < 0)
}

/// `cents / 100` as a `Foundation.Decimal` with exponent −2.
func decimal(cents: Int64) -> Decimal {
    Decimal(sign: cents < 0 ? .minus : .plus, exponent: -2, significand: Decimal(cents.magnitude))
}

/// Whether a Tally value, a cent count and a `Decimal` are the same number.
func agree(_ t: BigDecimal, _ cents: Int64, _ d: Decimal) -> Bool {
    t == tally(cents: cents) && Decimal(exactly: t) == d
}

/// Checks what the timed functions of W1, W3, W4 or W8 returned for their last round against the
/// `expected` number of cents: each Tally value must be identical to it (so also have exponent −2),
/// each `Int64` equal to it and each `Decimal` equal to it. `verify`'s message naming the variants
/// that differ, or `nil`.
func checkTimedResults(
    _ label: String, expected: Int64, tally tallyResults: KeyValuePairs<String, BigDecimal>,
    int64 int64Results: KeyValuePairs<String, Int64>, decimal decimalResults: KeyValuePairs<String, Decimal>
) -> String? {
    let expectedTally = tally(cents: expected)
    let expectedDecimal = decimal(cents: expected)
    var wrong: [String] = []
    for (variant, result) in tallyResults where !result.isIdentical(to: expectedTally) { wrong.append("\(variant) \(result)") }
    for (variant, result) in int64Results where result != expected { wrong.append("\(variant) \(result) cents") }
    for (variant, result) in decimalResults where result != expectedDecimal { wrong.append("\(variant) \(result)") }
    return wrong.isEmpty ? nil : "\(label): the timed loop gives \(wrong.joined(separator: ", ")); expected \(expectedTally) (\(expected) cents)"
}

// MARK: - W1: cart re-sum

/// The shipping choices the sheet swaps among: 0.00, 10.00 and 3.99.
let shippingCents: [Int64] = [0, 1000, 399]

@inline(never) @discardableResult
func cartResumTally(_ lines: inout [BigDecimal], _ shipping: [BigDecimal], rounds: Int) -> BigDecimal {
    var k = 0
    for round in 0..<rounds {
        lines[7] = shipping[k]
        k = k == 2 ? 0 : k + 1
        let total = lines.reduce(0, +)
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

@inline(never) @discardableResult
func cartResumInt64(_ lines: inout [Int64], _ shipping: [Int64], rounds: Int) -> Int64 {
    var k = 0
    for round in 0..<rounds {
        lines[7] = shipping[k]
        k = k == 2 ? 0 : k + 1
        let total = lines.reduce(0, +)
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

@inline(never) @discardableResult
func cartResumDecimal(_ lines: inout [Decimal], _ shipping: [Decimal], rounds: Int) -> Decimal {
    var k = 0
    for round in 0..<rounds {
        lines[7] = shipping[k]
        k = k == 2 ? 0 : k + 1
        let total = lines.reduce(0, +)
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

func cartWorkload() -> Workload {
    let itemCents = centAmounts(count: 7, seed: 1, range: 100...99_999)
    let cents = opaque(itemCents + [0])
    var tallyLines = cents.map(tally(cents:))
    var int64Lines = cents
    var decimalLines = cents.map(decimal(cents:))
    let tallyShipping = opaque(shippingCents.map(tally(cents:)))
    let int64Shipping = opaque(shippingCents)
    let decimalShipping = opaque(shippingCents.map(decimal(cents:)))
    return Workload(
        id: "W1", title: "8-line cart re-summed after a shipping change (0.00 / 10.00 / 3.99)",
        unit: "re-sum", operationsPerRound: 1, baseline: "Int64",
        variants: [
            Variant(name: "Tally") { cartResumTally(&tallyLines, tallyShipping, rounds: $0) },
            Variant(name: "Int64") { cartResumInt64(&int64Lines, int64Shipping, rounds: $0) },
            Variant(name: "Decimal") { cartResumDecimal(&decimalLines, decimalShipping, rounds: $0) },
        ],
        verify: {
            for (k, shipping) in shippingCents.enumerated() {
                let all = itemCents + [shipping]
                var t = all.map(tally(cents:))
                t[7] = tallyShipping[k]
                let total = t.reduce(0, +)
                guard agree(total, all.reduce(0, +), all.map(decimal(cents:)).reduce(0, +)) else {
                    return "W1 totals disagree for shipping \(shipping) cents"
                }
                guard total.exponent == -2 else { return "W1 total \(total) should keep exponent -2" }
            }
            // The timed functions on the measured lines: round r puts shipping choice (r − 1) mod 3
            // in the last line, so 1 to 4 rounds end on each choice and on the wrap back to the first.
            for rounds in 1...4 {
                let shipping = shippingCents[(rounds - 1) % shippingCents.count]
                if let problem = checkTimedResults(
                    "W1 after \(rounds) round(s), shipping \(shipping) cents", expected: itemCents.reduce(shipping, +),
                    tally: ["Tally": cartResumTally(&tallyLines, tallyShipping, rounds: rounds)],
                    int64: ["Int64": cartResumInt64(&int64Lines, int64Shipping, rounds: rounds)],
                    decimal: ["Decimal": cartResumDecimal(&decimalLines, decimalShipping, rounds: rounds)])
                {
                    return problem
                }
            }
            return nil
        },
        targets: .money)
}

// MARK: - W3: ledger sum

let ledgerCount = 10_000
/// W4's lines: more than the branch predictor learns (see `lineTaxWorkload`).
let lineTaxCount = 100_000

@inline(never) @discardableResult
func sumReduceTally(_ amounts: [BigDecimal], rounds: Int) -> BigDecimal {
    for round in 0..<rounds {
        let total = amounts.reduce(0, +)
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

@inline(never) @discardableResult
func sumReduceInt64(_ amounts: [Int64], rounds: Int) -> Int64 {
    for round in 0..<rounds {
        let total = amounts.reduce(0, +)
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

@inline(never) @discardableResult
func sumReduceDecimal(_ amounts: [Decimal], rounds: Int) -> Decimal {
    for round in 0..<rounds {
        let total = amounts.reduce(0, +)
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

@inline(never) @discardableResult
func sumLoopTally(_ amounts: [BigDecimal], rounds: Int) -> BigDecimal {
    for round in 0..<rounds {
        var total: BigDecimal = 0
        for amount in amounts { total += amount }
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

@inline(never) @discardableResult
func sumLoopInt64(_ amounts: [Int64], rounds: Int) -> Int64 {
    for round in 0..<rounds {
        var total: Int64 = 0
        for amount in amounts { total += amount }
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

@inline(never) @discardableResult
func sumLoopDecimal(_ amounts: [Decimal], rounds: Int) -> Decimal {
    for round in 0..<rounds {
        var total: Decimal = 0
        for amount in amounts { total += amount }
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

/// W3 as `reduce(0, +)` (`loop == false`) or as a `+=` loop.
func ledgerWorkload(loop: Bool) -> Workload {
    let cents = opaque(centAmounts(count: ledgerCount, seed: 3, range: 1...99_999))
    let tallyAmounts = cents.map(tally(cents:))
    let decimalAmounts = cents.map(decimal(cents:))
    let variants: [Variant] =
        loop
        ? [
            Variant(name: "Tally") { sumLoopTally(tallyAmounts, rounds: $0) },
            Variant(name: "Int64") { sumLoopInt64(cents, rounds: $0) },
            Variant(name: "Decimal") { sumLoopDecimal(decimalAmounts, rounds: $0) },
        ]
        : [
            Variant(name: "Tally") { sumReduceTally(tallyAmounts, rounds: $0) },
            Variant(name: "Int64") { sumReduceInt64(cents, rounds: $0) },
            Variant(name: "Decimal") { sumReduceDecimal(decimalAmounts, rounds: $0) },
        ]
    return Workload(
        id: loop ? "W3+=" : "W3",
        title: loop
            ? "sum of 10,000 two-decimal amounts, `total += amount` loop"
            : "sum of 10,000 two-decimal amounts, `reduce(0, +)`",
        unit: "line", operationsPerRound: ledgerCount, baseline: "Int64", variants: variants,
        verify: {
            let t = loop ? tallyAmounts.reduce(into: BigDecimal(0)) { $0 += $1 } : tallyAmounts.reduce(0, +)
            let sum = cents.reduce(0, +)
            guard agree(t, sum, decimalAmounts.reduce(0, +)) else { return "W3 sums disagree" }
            // The timed functions themselves, 2 rounds (a total carried over from a round shows).
            return loop
                ? checkTimedResults(
                    "W3+=", expected: sum, tally: ["Tally": sumLoopTally(tallyAmounts, rounds: 2)],
                    int64: ["Int64": sumLoopInt64(cents, rounds: 2)],
                    decimal: ["Decimal": sumLoopDecimal(decimalAmounts, rounds: 2)])
                : checkTimedResults(
                    "W3", expected: sum, tally: ["Tally": sumReduceTally(tallyAmounts, rounds: 2)],
                    int64: ["Int64": sumReduceInt64(cents, rounds: 2)],
                    decimal: ["Decimal": sumReduceDecimal(decimalAmounts, rounds: 2)])
        },
        targets: .money)
}

// MARK: - W4: line tax

/// 8.25 % as Tally and Decimal values, and as the Int64 numerator over 10,000.
let taxRateNumerator: Int64 = 825
let taxRateDenominator: Int64 = 10_000

/// `p / taxRateDenominator` rounded half-even (ties to the even neighbour), as a careful
/// minor-units implementation writes it. The divisor is a constant, so the compiler uses a
/// multiply-by-reciprocal instead of a hardware divide: the fastest honest `Int64` code.
@inline(__always)
func roundHalfEvenPerTenThousand(_ p: Int64) -> Int64 {
    let q = p / taxRateDenominator
    let r = p % taxRateDenominator
    let twice = r.magnitude * 2
    if twice > UInt64(taxRateDenominator) || (twice == UInt64(taxRateDenominator) && q & 1 != 0) {
        return p < 0 ? q - 1 : q + 1
    }
    return q
}

@inline(never) @discardableResult
func lineTaxTally(_ amounts: [BigDecimal], _ rate: BigDecimal, rounds: Int) -> BigDecimal {
    for round in 0..<rounds {
        var taxes: BigDecimal = 0
        for amount in amounts { taxes += (amount * rate).rounded(scale: 2, .toNearestOrEven) }
        blackHole(taxes)
        if round == rounds - 1 { return taxes }
    }
    return 0
}

@inline(never) @discardableResult
func lineTaxInt64(_ cents: [Int64], _ rateNumerator: Int64, rounds: Int) -> Int64 {
    for round in 0..<rounds {
        var taxes: Int64 = 0
        for amount in cents { taxes += roundHalfEvenPerTenThousand(amount * rateNumerator) }
        blackHole(taxes)
        if round == rounds - 1 { return taxes }
    }
    return 0
}

/// The same rounding with the divisor known only at run time: a minor-units engine whose rates
/// carry their own number of decimals (0.0825 is 825 with scale 4) divides by `10^scale` from a
/// table, as Tally must (its exponents come from the data).
@inline(__always)
func roundHalfEven(_ p: Int64, dividingBy divisor: Int64) -> Int64 {
    let q = p / divisor
    let r = p % divisor
    let twice = r.magnitude * 2
    if twice > UInt64(divisor) || (twice == UInt64(divisor) && q & 1 != 0) {
        return p < 0 ? q - 1 : q + 1
    }
    return q
}

/// `p / 10,000` rounded half-even without a branch on the data: the comparisons become bits (the
/// sign of a difference), so a run of lines the branch predictor has not seen costs no
/// mispredictions. What a minor-units codebase tuned for speed writes; the `Int64` code above is
/// what a careful one writes.
@inline(__always)
func roundHalfEvenPerTenThousandBranchless(_ p: Int64) -> Int64 {
    let q = p / taxRateDenominator
    let r = p - q * taxRateDenominator
    let twice = r.magnitude &* 2
    let d = UInt64(taxRateDenominator)
    let above = (d &- twice) >> 63
    let half = ((twice ^ d) &- 1) >> 63
    let away = Int64(bitPattern: above | (half & (q.magnitude & 1)))
    let sign = p >> 63
    return q &+ ((away ^ sign) &- sign)
}

@inline(never) @discardableResult
func lineTaxInt64Branchless(_ cents: [Int64], _ rateNumerator: Int64, rounds: Int) -> Int64 {
    for round in 0..<rounds {
        var taxes: Int64 = 0
        for amount in cents { taxes += roundHalfEvenPerTenThousandBranchless(amount * rateNumerator) }
        blackHole(taxes)
        if round == rounds - 1 { return taxes }
    }
    return 0
}

@inline(never) @discardableResult
func lineTaxInt64RuntimeScale(_ cents: [Int64], _ rateNumerator: Int64, rateScale: Int, rounds: Int) -> Int64 {
    let divisor = powersOfTenTable[rateScale]
    for round in 0..<rounds {
        var taxes: Int64 = 0
        for amount in cents { taxes += roundHalfEven(amount * rateNumerator, dividingBy: divisor) }
        blackHole(taxes)
        if round == rounds - 1 { return taxes }
    }
    return 0
}

/// `10^0 ... 10^18`, passed through `opaque` so the divisor is a run-time value.
let powersOfTenTable: [Int64] = opaque((0...18).map { k in (0..<k).reduce(Int64(1)) { product, _ in product * 10 } })

@inline(never) @discardableResult
func lineTaxDecimal(_ amounts: [Decimal], _ rate: Decimal, rounds: Int) -> Decimal {
    for round in 0..<rounds {
        var taxes: Decimal = 0
        for amount in amounts {
            var product = amount * rate
            var tax = Decimal()
            NSDecimalRound(&tax, &product, 2, .bankers)
            taxes += tax
        }
        blackHole(taxes)
        if round == rounds - 1 { return taxes }
    }
    return 0
}

func lineTaxWorkload() -> Workload {
    // Includes exact ties: 0.0825 × 20.00 = 1.6500 (stays 1.65), and x.x0 amounts producing ...50 tails.
    // 100,000 lines, not 10,000: every round replays the same amounts, and this CPU's branch
    // predictor learns a 10,000-line pattern of "round up or down?" (the Int64 code then ran at
    // 1.47 ns a line and 4.5 from 40,000 lines on, and Tally's samples split into two modes), which
    // no caller taxing a new cart sees. 100,000 is past what it learns.
    var centsList = centAmounts(count: lineTaxCount - 2, seed: 4, range: 1...99_999)
    centsList += [2000, 1400]  // 1.6500 and 1.1550 → 1.16 (tie to even)
    let cents = opaque(centsList)
    let tallyAmounts = cents.map(tally(cents:))
    let decimalAmounts = cents.map(decimal(cents:))
    let tallyRate = opaque(BigDecimal(mantissa: UInt64(taxRateNumerator), exponent: -4, isNegative: false))
    let decimalRate = opaque(Decimal(sign: .plus, exponent: -4, significand: Decimal(taxRateNumerator)))
    let int64Rate = opaque(taxRateNumerator)
    let int64RateScale = opaque(4)
    return Workload(
        id: "W4", title: "line tax: (amount × 0.0825) rounded half-even to cents, summed",
        unit: "line", operationsPerRound: lineTaxCount, baseline: "Int64",
        variants: [
            Variant(name: "Tally") { lineTaxTally(tallyAmounts, tallyRate, rounds: $0) },
            Variant(name: "Int64") { lineTaxInt64(cents, int64Rate, rounds: $0) },
            Variant(name: "Int64-bl") { lineTaxInt64Branchless(cents, int64Rate, rounds: $0) },
            Variant(name: "Int64-rt") { lineTaxInt64RuntimeScale(cents, int64Rate, rateScale: int64RateScale, rounds: $0) },
            Variant(name: "Decimal") { lineTaxDecimal(decimalAmounts, decimalRate, rounds: $0) },
        ],
        verify: {
            var expected: Int64 = 0  // the taxes in cents, once every line is checked below
            for i in cents.indices {
                let t = (tallyAmounts[i] * tallyRate).rounded(scale: 2, .toNearestOrEven)
                var product = decimalAmounts[i] * decimalRate
                var d = Decimal()
                NSDecimalRound(&d, &product, 2, .bankers)
                let runtimeScale = roundHalfEven(cents[i] * int64Rate, dividingBy: powersOfTenTable[int64RateScale])
                guard t.exponent == -2, agree(t, roundHalfEvenPerTenThousand(cents[i] * int64Rate), d),
                    runtimeScale == roundHalfEvenPerTenThousand(cents[i] * int64Rate),
                    roundHalfEvenPerTenThousandBranchless(cents[i] * int64Rate) == roundHalfEvenPerTenThousand(cents[i] * int64Rate),
                    roundHalfEvenPerTenThousandBranchless(-cents[i] * int64Rate) == roundHalfEvenPerTenThousand(-cents[i] * int64Rate)
                else {
                    return "W4 taxes disagree for \(tallyAmounts[i]): Tally \(t), Decimal \(d)"
                }
                expected += roundHalfEvenPerTenThousand(cents[i] * int64Rate)
            }
            // The timed functions themselves, 2 rounds (a total carried over from a round shows).
            return checkTimedResults(
                "W4", expected: expected, tally: ["Tally": lineTaxTally(tallyAmounts, tallyRate, rounds: 2)],
                int64: [
                    "Int64": lineTaxInt64(cents, int64Rate, rounds: 2),
                    "Int64-bl": lineTaxInt64Branchless(cents, int64Rate, rounds: 2),
                    "Int64-rt": lineTaxInt64RuntimeScale(cents, int64Rate, rateScale: int64RateScale, rounds: 2),
                ],
                decimal: ["Decimal": lineTaxDecimal(decimalAmounts, decimalRate, rounds: 2)])
        },
        targets: .money)
}
