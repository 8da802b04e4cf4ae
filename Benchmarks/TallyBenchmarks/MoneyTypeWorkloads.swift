// W6, W7 and W8: the `Money` type of TallyMoney (allocation and rounding to minor units), each
// side by side with the scaled `Int64` minor-unit code that does the same job, and W8 also with
// `Foundation.Decimal`. As for W1–W5, every variant sees the same amounts (fixed seeds).
//
// As in MoneyWorkloads.swift, each timed function returns its last result from inside its last
// round (W6, W7: the last amount's allocation, found by counting the amounts; W8: the round's
// total), so every other result is still dropped right after `blackHole`. `verify` checks the operations part by part and amount by amount (the same
// expressions on the same data), then calls each timed function itself: W6 and W7 on each amount
// alone and on all the measured amounts, W8 on all of them, and compares what it returns with the
// checked parts or total.
import Foundation
import TallyDecimal
import TallyMoney

/// `[Money]` overload of `blackHole` (see Harness.swift: a concrete type is passed in a register).
@inline(never) @_optimize(none)
func blackHole(_ value: [Money]) {}

/// `[Int64]` overload of `blackHole`.
@inline(never) @_optimize(none)
func blackHole(_ value: [Int64]) {}

// MARK: - The Int64 largest-remainder allocation

/// Largest-remainder allocation of `total` minor units by positive integer `ratios`, the way a
/// careful minor-units codebase writes it, and the same method as `Money.allocated(byRatios:)`:
/// part i gets ⌊|total|·rᵢ / Σr⌋; the units left over go one each to the parts with the largest
/// remainders of that division, ties to the earlier part; a negative total is split as its
/// magnitude and every part negated. Overflow traps (Swift's checked arithmetic).
///
/// Heap allocations: the result (the counts, updated in place), the remainders, and, only when
/// units are left over, the sorted index array (plus the sort's scratch buffer for more than 20
/// parts). The caller's ratio array is not copied.
func allocateMinorUnits(_ total: Int64, byRatios ratios: [Int64]) -> [Int64] {
    precondition(!ratios.isEmpty, "no parts")
    var sum: Int64 = 0
    for ratio in ratios {
        precondition(ratio > 0, "ratios must be positive")
        sum += ratio
    }
    let units = total < 0 ? -total : total
    var parts: [Int64] = []
    var remainders: [Int64] = []
    parts.reserveCapacity(ratios.count)
    remainders.reserveCapacity(ratios.count)
    var allocated: Int64 = 0
    for ratio in ratios {
        let (quotient, remainder) = (units * ratio).quotientAndRemainder(dividingBy: sum)
        parts.append(quotient)
        remainders.append(remainder)
        allocated += quotient
    }
    let leftover = units - allocated  // 0 <= leftover < number of parts
    if leftover > 0 {
        let order = remainders.indices.sorted { a, b in
            remainders[a] != remainders[b] ? remainders[a] > remainders[b] : a < b
        }
        for index in order.prefix(Int(leftover)) { parts[index] += 1 }
    }
    if total < 0 {
        for index in parts.indices { parts[index] = -parts[index] }
    }
    return parts
}

/// `allocateMinorUnits` with `n` equal ratios, as `Money.split(into:)` calls the general method
/// with `n` ratios of 1 (the ratio array is built per call on both sides).
func splitMinorUnits(_ total: Int64, into n: Int) -> [Int64] {
    allocateMinorUnits(total, byRatios: [Int64](repeating: 1, count: n))
}

/// The same split in closed form: with equal ratios every remainder ties, so the leftover units go
/// to the first parts. One allocation (the result). Same results as `splitMinorUnits`.
func splitMinorUnitsClosedForm(_ total: Int64, into n: Int) -> [Int64] {
    precondition(n >= 1, "no parts")
    let units = total < 0 ? -total : total
    let (quotient, leftover) = units.quotientAndRemainder(dividingBy: Int64(n))
    let sign: Int64 = total < 0 ? -1 : 1
    return (0..<Int64(n)).map { index in sign * (index < leftover ? quotient + 1 : quotient) }
}

/// The parts of a Tally allocation as counts of minor units (verification only: not fast).
func minorUnitCounts(_ parts: [Money]) -> [Int64]? {
    var counts: [Int64] = []
    for part in parts {
        guard part.currency == .usd, part.amount.exponent == -2, let count = try? part.minorUnits else { return nil }
        counts.append(count)
    }
    return counts
}

/// Checks what the timed functions of W6 or W7 returned (the last allocation of their last round)
/// against `expected`, the parts in cents that `verify` has already checked: the Tally parts must be
/// those amounts in USD with 2 decimals, the `Int64` parts equal to them. `verify`'s message, or `nil`.
func checkTimedAllocation(
    _ label: String, expected: [Int64], tally: [Money], int64: KeyValuePairs<String, [Int64]>
) -> String? {
    guard let counts = minorUnitCounts(tally), counts == expected else {
        return "\(label): Tally gives \(tally.prefix(12)) …; expected \(expected.prefix(12)) … cents"
    }
    for (variant, parts) in int64 where parts != expected {
        return "\(label): \(variant) gives \(parts.prefix(12)) …; expected \(expected.prefix(12)) … cents"
    }
    return nil
}

/// Checks one allocation: Tally and Int64 give the same parts, which add up to the total and are
/// each within one unit of the exact share `total·rᵢ/Σr`.
func checkAllocation(_ tally: [Money], _ int64: [Int64], total: Int64, ratios: [Int64], _ label: String) -> String? {
    guard let counts = minorUnitCounts(tally), counts == int64 else {
        return "\(label): Tally \(tally.prefix(12)) … and Int64 \(int64.prefix(12)) … disagree for \(total) cents"
    }
    guard counts.count == ratios.count, counts.reduce(0, +) == total else {
        return "\(label): the parts of \(total) cents do not add up"
    }
    let sum = ratios.reduce(0, +)
    for (count, ratio) in zip(counts, ratios) {
        // |count·Σr − total·r| < Σr, i.e. the part is within one unit of its exact share.
        let exact = total * ratio
        guard (count * sum - exact).magnitude < UInt64(sum) else {
            return "\(label): part \(count) of \(total) cents is not within one unit of its share"
        }
    }
    return nil
}

// MARK: - W6: split into 1,000 parts

let splitParts = 1_000

@inline(never) @discardableResult
func splitTally(_ amounts: [BigDecimal], parts: Int, rounds: Int) -> [Money] {
    for round in 0..<rounds {
        for (index, amount) in amounts.enumerated() {
            let split = try! Money(amount, .usd).split(into: parts)
            blackHole(split)
            if round == rounds - 1, index == amounts.count - 1 { return split }
        }
    }
    return []
}

@inline(never) @discardableResult
func splitInt64(_ cents: [Int64], parts: Int, rounds: Int) -> [Int64] {
    for round in 0..<rounds {
        for (index, amount) in cents.enumerated() {
            let split = splitMinorUnits(amount, into: parts)
            blackHole(split)
            if round == rounds - 1, index == cents.count - 1 { return split }
        }
    }
    return []
}

@inline(never) @discardableResult
func splitInt64ClosedForm(_ cents: [Int64], parts: Int, rounds: Int) -> [Int64] {
    for round in 0..<rounds {
        for (index, amount) in cents.enumerated() {
            let split = splitMinorUnitsClosedForm(amount, into: parts)
            blackHole(split)
            if round == rounds - 1, index == cents.count - 1 { return split }
        }
    }
    return []
}

func splitWorkload() -> Workload {
    // 7 amounts from 1,000.00 to 99,999.99 (the units left over are the cents modulo 1,000), and
    // 12.34: 1,234 cents, so 234 parts of 0.02 and 766 of 0.01.
    var centsList = centAmounts(count: 7, seed: 6, range: 100_000...9_999_999)
    centsList.append(1_234)
    let cents = opaque(centsList)
    let tallyAmounts = opaque(cents.map(tally(cents:)))
    let parts = opaque(splitParts)
    return Workload(
        id: "W6", title: "`try Money(amount, .usd).split(into: 1000)`: largest-remainder split into 1,000 parts",
        unit: "allocation", operationsPerRound: cents.count, baseline: "Int64",
        variants: [
            Variant(name: "Tally") { splitTally(tallyAmounts, parts: parts, rounds: $0) },
            Variant(name: "Int64") { splitInt64(cents, parts: parts, rounds: $0) },
            Variant(name: "Int64-cf") { splitInt64ClosedForm(cents, parts: parts, rounds: $0) },
        ],
        verify: {
            let ones = [Int64](repeating: 1, count: splitParts)
            for (total, amount) in zip(cents, tallyAmounts) {
                guard let tallyParts = try? Money(amount, .usd).split(into: splitParts) else {
                    return "W6: Tally cannot split \(amount)"
                }
                let int64 = splitMinorUnits(total, into: splitParts)
                if let problem = checkAllocation(tallyParts, int64, total: total, ratios: ones, "W6") { return problem }
                guard splitMinorUnitsClosedForm(total, into: splitParts) == int64 else {
                    return "W6: the closed-form Int64 split of \(total) cents disagrees"
                }
                // The timed functions themselves on this amount alone, 2 rounds.
                if let problem = checkTimedAllocation(
                    "W6 (timed, \(total) cents)", expected: int64, tally: splitTally([amount], parts: parts, rounds: 2),
                    int64: ["Int64": splitInt64([total], parts: parts, rounds: 2),
                            "Int64-cf": splitInt64ClosedForm([total], parts: parts, rounds: 2)])
                {
                    return problem
                }
            }
            // And on all the measured amounts: a round ends with the last amount's split.
            return checkTimedAllocation(
                "W6 (timed, all amounts)", expected: splitMinorUnits(cents[cents.count - 1], into: splitParts),
                tally: splitTally(tallyAmounts, parts: parts, rounds: 1),
                int64: ["Int64": splitInt64(cents, parts: parts, rounds: 1),
                        "Int64-cf": splitInt64ClosedForm(cents, parts: parts, rounds: 1)])
        },
        targets: .none, partsPerOperation: splitParts)
}

// MARK: - W7: allocation by 10 ratios

/// Ten positive decimal ratios (they add up to 1.000; any positive weights would do), in thousandths.
let ratioThousandths: [Int64] = [150, 50, 200, 100, 125, 75, 80, 120, 30, 70]

/// 0.15, 0.05, 0.2, 0.1, 0.125, 0.075, 0.08, 0.12, 0.03, 0.07 as Tally values, written as an app
/// would (`"0.15"`, not `0.150`), so their exponents differ.
let ratioLiterals = ["0.15", "0.05", "0.2", "0.1", "0.125", "0.075", "0.08", "0.12", "0.03", "0.07"]

let ratioAmountCount = 1_000

@inline(never) @discardableResult
func allocateTally(_ amounts: [BigDecimal], _ ratios: [BigDecimal], rounds: Int) -> [Money] {
    for round in 0..<rounds {
        for (index, amount) in amounts.enumerated() {
            let allocation = try! Money(amount, .usd).allocated(byRatios: ratios)
            blackHole(allocation)
            if round == rounds - 1, index == amounts.count - 1 { return allocation }
        }
    }
    return []
}

@inline(never) @discardableResult
func allocateInt64(_ cents: [Int64], _ ratios: [Int64], rounds: Int) -> [Int64] {
    for round in 0..<rounds {
        for (index, amount) in cents.enumerated() {
            let allocation = allocateMinorUnits(amount, byRatios: ratios)
            blackHole(allocation)
            if round == rounds - 1, index == cents.count - 1 { return allocation }
        }
    }
    return []
}

func ratioWorkload() -> Workload {
    // 1,000 amounts from 0.01 to 99,999.99, one in eight negative (a refund is allocated too).
    var generator = SplitMix64(state: 7)
    let centsList = (0..<ratioAmountCount).map { _ in
        let magnitude = generator.next(in: 1...9_999_999)
        return generator.next() % 8 == 0 ? -magnitude : magnitude
    }
    let cents = opaque(centsList)
    let tallyAmounts = opaque(cents.map(tally(cents:)))
    let tallyRatios = opaque(ratioLiterals.map { BigDecimal($0)! })
    let int64Ratios = opaque(ratioThousandths)
    return Workload(
        id: "W7", title: "`try Money(amount, .usd).allocated(byRatios:)` by 10 decimal ratios (0.15, 0.05, 0.2, …)",
        unit: "allocation", operationsPerRound: cents.count, baseline: "Int64",
        variants: [
            Variant(name: "Tally") { allocateTally(tallyAmounts, tallyRatios, rounds: $0) },
            Variant(name: "Int64") { allocateInt64(cents, int64Ratios, rounds: $0) },
        ],
        verify: {
            guard tallyRatios.reduce(BigDecimal.zero, +) == 1,
                zip(tallyRatios, ratioThousandths).allSatisfy({ $0 * 1000 == tally(cents: $1 * 100) })
            else { return "W7: the Tally and Int64 ratios differ" }
            var leftovers = 0
            for (total, amount) in zip(cents, tallyAmounts) {
                guard let tallyParts = try? Money(amount, .usd).allocated(byRatios: tallyRatios) else {
                    return "W7: Tally cannot allocate \(amount)"
                }
                let int64 = allocateMinorUnits(total, byRatios: ratioThousandths)
                if let problem = checkAllocation(tallyParts, int64, total: total, ratios: ratioThousandths, "W7") {
                    return problem
                }
                // The timed functions themselves on this amount alone, 2 rounds.
                if let problem = checkTimedAllocation(
                    "W7 (timed, \(total) cents)", expected: int64, tally: allocateTally([amount], tallyRatios, rounds: 2),
                    int64: ["Int64": allocateInt64([total], int64Ratios, rounds: 2)])
                {
                    return problem
                }
                let units = total < 0 ? -total : total
                let floors = ratioThousandths.reduce(Int64(0)) { $0 + units * $1 / 1000 }
                if floors != units { leftovers += 1 }
            }
            // And on all the measured amounts: a round ends with the last amount's allocation.
            if let problem = checkTimedAllocation(
                "W7 (timed, all amounts)", expected: allocateMinorUnits(cents[cents.count - 1], byRatios: ratioThousandths),
                tally: allocateTally(tallyAmounts, tallyRatios, rounds: 1),
                int64: ["Int64": allocateInt64(cents, int64Ratios, rounds: 1)])
            {
                return problem
            }
            // The workload must exercise the largest-remainder step, not only exact shares.
            return leftovers > ratioAmountCount / 2 ? nil : "W7: too few amounts leave units over (\(leftovers))"
        },
        targets: .none, partsPerOperation: ratioThousandths.count)
}

// MARK: - W8: rounding to minor units

/// An amount with 4–6 decimals, `mantissa / 10^scale`: a cent amount times a rate of 2–4 decimals.
struct ScaledAmount {
    var mantissa: Int64
    var scale: Int
}

/// 10,000 amounts: cents (0.01 … 999.99, one in eight negative) × a rate `k / 10^s`, k in 1…999,
/// s in 2…4 (so 0.0001 … 9.99), plus exact ties. Built from integers only.
func scaledAmounts() -> [ScaledAmount] {
    var generator = SplitMix64(state: 8)
    var amounts = (0..<(ledgerCount - 6)).map { _ -> ScaledAmount in
        let cents = generator.next(in: 1...99_999)
        let rate = generator.next(in: 1...999)
        let rateScale = Int(generator.next(in: 2...4))
        let sign: Int64 = generator.next() % 8 == 0 ? -1 : 1
        return ScaledAmount(mantissa: sign * cents * rate, scale: 2 + rateScale)
    }
    // Ties: 1.1550 → 1.16, 1.1650 → 1.16, −0.0050 → 0.00, 0.015000 → 0.02, 2.12500 → 2.12, −2.13500 → −2.14.
    amounts += [
        ScaledAmount(mantissa: 11_550, scale: 4), ScaledAmount(mantissa: 11_650, scale: 4),
        ScaledAmount(mantissa: -50, scale: 4), ScaledAmount(mantissa: 15_000, scale: 6),
        ScaledAmount(mantissa: 212_500, scale: 5), ScaledAmount(mantissa: -213_500, scale: 5),
    ]
    return amounts
}

func tally(_ a: ScaledAmount) -> BigDecimal {
    BigDecimal(mantissa: a.mantissa.magnitude, exponent: -a.scale, isNegative: a.mantissa < 0)
}

func decimal(_ a: ScaledAmount) -> Decimal {
    Decimal(sign: a.mantissa < 0 ? .minus : .plus, exponent: -a.scale, significand: Decimal(a.mantissa.magnitude))
}

/// The amount in millionths (scale 6), how a fixed-scale minor-units engine stores it.
func micros(_ a: ScaledAmount) -> Int64 { a.mantissa * powersOfTenTable[6 - a.scale] }

@inline(never) @discardableResult
func roundMoneyTally(_ amounts: [BigDecimal], rounds: Int) -> BigDecimal {
    for round in 0..<rounds {
        var total: BigDecimal = 0
        for amount in amounts { total += Money(amount, .usd).rounded(.toNearestOrEven).amount }
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

@inline(never) @discardableResult
func roundBigDecimal(_ amounts: [BigDecimal], rounds: Int) -> BigDecimal {
    for round in 0..<rounds {
        var total: BigDecimal = 0
        for amount in amounts { total += amount.rounded(scale: 2, .toNearestOrEven) }
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

/// Millionths to cents: ÷ 10,000 (a constant divisor), half-even (`roundHalfEvenPerTenThousand`, W4's).
@inline(never) @discardableResult
func roundInt64(_ micros: [Int64], rounds: Int) -> Int64 {
    for round in 0..<rounds {
        var total: Int64 = 0
        for amount in micros { total += roundHalfEvenPerTenThousand(amount) }
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

/// Each amount with its own scale: ÷ 10^(scale − 2) from a table at run time, half-even.
@inline(never) @discardableResult
func roundInt64RuntimeScale(_ amounts: [ScaledAmount], rounds: Int) -> Int64 {
    for round in 0..<rounds {
        var total: Int64 = 0
        for amount in amounts {
            total += roundHalfEven(amount.mantissa, dividingBy: powersOfTenTable[amount.scale - 2])
        }
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

@inline(never) @discardableResult
func roundDecimal(_ amounts: [Decimal], rounds: Int) -> Decimal {
    for round in 0..<rounds {
        var total: Decimal = 0
        for amount in amounts {
            var value = amount
            var cents = Decimal()
            NSDecimalRound(&cents, &value, 2, .bankers)
            total += cents
        }
        blackHole(total)
        if round == rounds - 1 { return total }
    }
    return 0
}

func roundingWorkload() -> Workload {
    let amounts = opaque(scaledAmounts())
    let tallyAmounts = opaque(amounts.map(tally))
    let microAmounts = opaque(amounts.map(micros))
    let decimalAmounts = opaque(amounts.map(decimal))
    return Workload(
        id: "W8", title: "`Money(amount, .usd).rounded(.toNearestOrEven)`: 4–6 decimals to cents, summed",
        unit: "amount", operationsPerRound: amounts.count, baseline: "Int64",
        variants: [
            Variant(name: "Tally") { roundMoneyTally(tallyAmounts, rounds: $0) },
            Variant(name: "BigDec") { roundBigDecimal(tallyAmounts, rounds: $0) },
            Variant(name: "Int64") { roundInt64(microAmounts, rounds: $0) },
            Variant(name: "Int64-rt") { roundInt64RuntimeScale(amounts, rounds: $0) },
            Variant(name: "Decimal") { roundDecimal(decimalAmounts, rounds: $0) },
        ],
        verify: {
            var ties = 0
            var expected: Int64 = 0  // the roundings in cents, once every amount is checked below
            for i in amounts.indices {
                let money = Money(tallyAmounts[i], .usd).rounded(.toNearestOrEven)
                let big = tallyAmounts[i].rounded(scale: 2, .toNearestOrEven)
                let cents = roundHalfEvenPerTenThousand(microAmounts[i])
                let runtime = roundHalfEven(amounts[i].mantissa, dividingBy: powersOfTenTable[amounts[i].scale - 2])
                var value = decimalAmounts[i]
                var d = Decimal()
                NSDecimalRound(&d, &value, 2, .bankers)
                guard money.currency == .usd, money.amount.exponent == -2, money.amount.isIdentical(to: big),
                    agree(money.amount, cents, d), runtime == cents
                else {
                    return "W8: roundings of \(tallyAmounts[i]) disagree: Tally \(money), Int64 \(cents), Decimal \(d)"
                }
                if (microAmounts[i] % 10_000).magnitude == 5_000 { ties += 1 }
                expected += cents
            }
            // The timed functions themselves, 2 rounds (a total carried over from a round shows).
            if let problem = checkTimedResults(
                "W8", expected: expected,
                tally: ["Tally": roundMoneyTally(tallyAmounts, rounds: 2), "BigDec": roundBigDecimal(tallyAmounts, rounds: 2)],
                int64: ["Int64": roundInt64(microAmounts, rounds: 2), "Int64-rt": roundInt64RuntimeScale(amounts, rounds: 2)],
                decimal: ["Decimal": roundDecimal(decimalAmounts, rounds: 2)])
            {
                return problem
            }
            // Half-even must be tested on real ties, not only on the explicit ones.
            return ties > 20 ? nil : "W8: only \(ties) ties among the amounts"
        },
        targets: .none)
}
