// The readable table, the targets from the benchmark issue, and the JSON file.
import Foundation

// MARK: - Formatting

func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "-" }
    return String(format: "%.\(decimals)f", value)
}

/// ns with three significant figures or so: 0.412, 6.03, 48.1, 1234.
func nanoseconds(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    if value < 10 { return fixed(value, 2) }
    if value < 100 { return fixed(value, 1) }
    return fixed(value, 0)
}

func ratio(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    if value < 10 { return fixed(value, 2) + "×" }
    return fixed(value, 0) + "×"
}

/// `ratio(value)` for a figure judged against `threshold`, with as many more decimals as it takes
/// not to print the threshold itself for a value on either side of it: 19.6 against 20 is
/// `19.6×`, not a `20×` beside MISS, and 3.004 against 3 is `3.004×`, not `3.00×`.
func ratio(_ value: Double, against threshold: Double) -> String {
    var text = ratio(value)
    guard value.isFinite, value != threshold else { return text }
    var decimals = value < 10 ? 2 : 0
    while decimals < 6, Double(text.dropLast()) == threshold {
        decimals += 1
        text = fixed(value, decimals) + "×"
    }
    return text
}

/// Allocations per operation: "0" when none at all, else enough decimals to see a fraction.
func perOperation(_ value: Double) -> String {
    if value == 0 { return "0" }
    return value < 0.01 ? String(format: "%.1e", value) : fixed(value, 2)
}

func padded(_ text: String, _ width: Int, left: Bool = false) -> String {
    let count = text.count
    if count >= width { return text }
    let pad = String(repeating: " ", count: width - count)
    return left ? text + pad : pad + text
}

// MARK: - Table

struct Row {
    let measurement: Measurement
    /// median / baseline median (Int64 or GMP).
    let timesBaseline: Double
    /// Decimal median / median: how many times faster than `Foundation.Decimal` (nan when absent).
    let fasterThanDecimal: Double
}

func rows(for workload: Workload, _ measurements: [Measurement]) -> [Row] {
    let base = measurements.first { $0.variant == workload.baseline }?.median ?? .nan
    let decimal = measurements.first { $0.variant == "Decimal" }?.median ?? .nan
    return measurements.map { m in
        Row(measurement: m, timesBaseline: m.median / base, fasterThanDecimal: decimal / m.median)
    }
}

func printTable(_ workload: Workload, _ rows: [Row]) {
    print("\(workload.id): \(workload.title)  [ns per \(workload.unit)]")
    let header = [
        padded("variant", 9, left: true), padded("median", 9), padded("min", 9), padded("p25 … p75", 19),
        padded("max", 9), padded("×\(workload.baseline)", 9), padded("Decimal÷", 9), padded("heap/op", 9),
        padded("gmp/op", 9),
    ]
    print("  " + header.joined(separator: " "))
    for row in rows {
        let m = row.measurement
        let cells = [
            padded(m.variant, 9, left: true), padded(nanoseconds(m.median), 9), padded(nanoseconds(m.minimum), 9),
            padded(nanoseconds(m.lowerQuartile) + " … " + nanoseconds(m.upperQuartile), 19),
            padded(nanoseconds(m.maximum), 9), padded(ratio(row.timesBaseline), 9),
            padded(ratio(row.fasterThanDecimal), 9), padded(perOperation(m.heapPerOperation), 9),
            padded(perOperation(m.gmpPerOperation), 9),
        ]
        print("  " + cells.joined(separator: " "))
    }
    if let parts = workload.partsPerOperation { printPerPart(parts, rows) }
    print("")
}

/// For allocation workloads: the same medians divided by the number of parts, and the heap
/// allocations per part beyond the result array (one allocation per operation).
func printPerPart(_ parts: Int, _ rows: [Row]) {
    print("  per part (\(grouped(parts)) parts per allocation):")
    let header = [
        padded("variant", 9, left: true), padded("ns/part", 9), padded("heap/part", 10),
        padded("beyond the result", 18),
    ]
    print("  " + header.joined(separator: " "))
    for row in rows {
        let m = row.measurement
        let cells = [
            padded(m.variant, 9, left: true), padded(nanoseconds(m.median / Double(parts)), 9),
            padded(perPart(m.heapPerOperation / Double(parts)), 10),
            padded(perPart(beyondTheResult(m.heapPerOperation, parts: parts)), 18),
        ]
        print("  " + cells.joined(separator: " "))
    }
}

/// Heap allocations per part that are not the result array: (allocations per operation − 1) ÷ parts.
func beyondTheResult(_ heapPerOperation: Double, parts: Int) -> Double {
    Swift.max(0, heapPerOperation - 1) / Double(parts)
}

/// A per-part allocation figure: 0, or four decimals (0.0050).
func perPart(_ value: Double) -> String {
    value == 0 ? "0" : fixed(value, 4)
}

/// 1000 → "1,000".
func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return out
}

// MARK: - Targets

struct TargetResult: Encodable {
    let workload: String
    let target: String
    /// As printed (`3.09×`).
    let measured: String
    /// The figure the target is judged on, as a number (a ratio, or allocations per operation).
    let value: Double
    let met: Bool
}

/// The targets of the benchmark issue, evaluated on this run's medians. A target whose comparison
/// variant did not run (`--variant`) is left out rather than reported as missed. Workloads without
/// targets (W5*, W5*=, W6–W8) get none.
func evaluateTargets(_ workload: Workload, _ rows: [Row], heapCounting: Bool) -> [TargetResult] {
    var results: [TargetResult] = []
    func add(_ target: String, _ value: Double, measured: String, met: Bool) {
        if value.isFinite { results.append(TargetResult(workload: workload.id, target: target, measured: measured, value: value, met: met)) }
    }
    if case .checkout(let shippingSwap) = workload.targets {
        guard shippingSwap else { return [] }
        let small = median(rows, "Tally8")
        let sizeRatio = median(rows, "Tally1000") / small
        add("Tally1000 median ≤ 1.5× Tally8", sizeRatio, measured: ratio(sizeRatio, against: 1.5), met: sizeRatio <= 1.5)
        let faster = median(rows, "Decimal") / small
        add("Tally8 ≥ 20× faster than seed Decimal", faster, measured: ratio(faster, against: 20), met: faster >= 20)
        return results
    }
    guard let tally = rows.first(where: { $0.measurement.variant == "Tally" }) else { return [] }
    switch workload.targets {
    case .none, .checkout:
        break
    case .money:
        add("Tally median ≤ 3× Int64", tally.timesBaseline, measured: ratio(tally.timesBaseline, against: 3),
            met: tally.timesBaseline <= 3)
        if let runtime = rows.first(where: { $0.measurement.variant == "Int64-rt" }) {
            // Against Int64 code that, like Tally, learns the rate's scale from the data.
            let times = tally.measurement.median / runtime.measurement.median
            add("Tally median ≤ 3× Int64-rt", times, measured: ratio(times, against: 3), met: times <= 3)
        }
        if let branchless = rows.first(where: { $0.measurement.variant == "Int64-bl" }) {
            // Against the fastest Int64 code: its rounding decision has no branch on the data.
            let times = tally.measurement.median / branchless.measurement.median
            add("Tally median ≤ 3× Int64-bl", times, measured: ratio(times, against: 3), met: times <= 3)
        }
        add("Tally ≥ 100× faster than Decimal", tally.fasterThanDecimal, measured: ratio(tally.fasterThanDecimal, against: 100),
            met: tally.fasterThanDecimal >= 100)
        let heap = tally.measurement.heapPerOperation
        add("Tally 0 heap allocations per \(workload.unit)", heapCounting ? heap : .nan,
            measured: perOperation(heap), met: heap == 0)
    case .gmpAdd:
        add("Tally 40-digit += within 3× raw GMP", tally.timesBaseline, measured: ratio(tally.timesBaseline, against: 3),
            met: tally.timesBaseline <= 3)
    }
    return results
}

/// A figure printed with the targets but measured against no target (W6, W7).
struct InformationLine: Encodable {
    let workload: String
    let figure: String
    let measured: String
    let detail: String
}

/// The median of the variant named `name`, or nan when it did not run.
func median(_ rows: [Row], _ name: String) -> Double {
    rows.first { $0.measurement.variant == name }?.measurement.median ?? .nan
}

/// The heap allocations per operation of the variant named `name`, or nan when it did not run.
func heapPerOperation(_ rows: [Row], _ name: String) -> Double {
    rows.first { $0.measurement.variant == name }?.measurement.heapPerOperation ?? .nan
}

/// W9–W11: the 1,000-item/8-item ratio (W10, W11: no target), the heap allocations per update,
/// and what `Array(update.summaryItems)` adds.
func checkoutInformationLines(_ workload: Workload, _ rows: [Row], heapCounting: Bool, shippingSwap: Bool)
    -> [InformationLine]
{
    var lines: [InformationLine] = []
    let small = median(rows, "Tally8")
    let large = median(rows, "Tally1000")
    if !shippingSwap && (large / small).isFinite {
        lines.append(
            InformationLine(
                workload: workload.id, figure: "Tally1000 ÷ Tally8", measured: ratio(large / small),
                detail: "\(nanoseconds(large)) ns against \(nanoseconds(small)) ns per update"))
    }
    let objects = median(rows, "NSDecimal")
    if shippingSwap && (objects / small).isFinite {
        lines.append(
            InformationLine(
                workload: workload.id, figure: "Tally8 against seed NSDecimalNumber", measured: "\(ratio(objects / small)) faster",
                detail: "the seed's code as written, \(nanoseconds(objects)) ns; the target is judged against Decimal"))
    }
    let reads = median(rows, "Reads")
    let decimal = median(rows, "Decimal")
    if shippingSwap && (decimal / reads).isFinite {
        lines.append(
            InformationLine(
                workload: workload.id, figure: "the loop alone (Reads) against Decimal",
                measured: "\(fixed(decimal / reads, 1))× faster",
                detail: "\(nanoseconds(reads)) ns per update computed in advance: no event takes less, so none is faster than this"))
    }
    if heapCounting {
        let names = ["Tally8", "Tally1000", "SeedTally", "Decimal", "NSDecimal"].filter { heapPerOperation(rows, $0).isFinite }
        if !names.isEmpty {
            lines.append(
                InformationLine(
                    workload: workload.id, figure: "heap allocations per update",
                    measured: perOperation(heapPerOperation(rows, names[0])),
                    detail: names.map { "\($0) \(perOperation(heapPerOperation(rows, $0)))" }.joined(separator: ", ")))
        }
    }
    var times: [String] = []
    var allocations: [String] = []
    for (items, tally, withArray) in [(8, "Tally8", "Array8"), (checkoutLargeItemCount, "Tally1000", "Array1000")] {
        let extra = median(rows, withArray) - median(rows, tally)
        guard extra.isFinite else { continue }
        times.append("+\(nanoseconds(extra)) ns (\(grouped(items)) items)")
        allocations.append(perOperation(heapPerOperation(rows, withArray) - heapPerOperation(rows, tally)))
    }
    if !times.isEmpty {
        lines.append(
            InformationLine(
                workload: workload.id, figure: "Array(update.summaryItems) adds", measured: times.joined(separator: ", "),
                detail: heapCounting ? "heap allocations +\(allocations.joined(separator: " / +"))" : "heap counting off"))
    }
    return lines
}

/// W6/W7: Tally's heap allocations per part beyond the result array, when heap counting works.
/// W9–W11: see `checkoutInformationLines`.
func informationLines(_ workload: Workload, _ rows: [Row], heapCounting: Bool) -> [InformationLine] {
    if case .checkout(let shippingSwap) = workload.targets {
        return checkoutInformationLines(workload, rows, heapCounting: heapCounting, shippingSwap: shippingSwap)
    }
    guard heapCounting, let parts = workload.partsPerOperation,
        let tally = rows.first(where: { $0.measurement.variant == "Tally" })
    else { return [] }
    let heap = tally.measurement.heapPerOperation
    return [
        InformationLine(
            workload: workload.id, figure: "other allocations ÷ parts",
            measured: perPart(beyondTheResult(heap, parts: parts)),
            detail: "Tally: \(perOperation(heap)) per allocation of \(grouped(parts)) parts, the result array included; "
                + "the others are per call, spread over its parts, not made for each part")
    ]
}

func printTargets(_ targets: [TargetResult], _ information: [InformationLine]) {
    if !targets.isEmpty {
        print("Targets (information only: the benchmark exits 0 on a miss)")
        for t in targets {
            print("  \(t.met ? "PASS" : "MISS")  \(padded(t.workload, 5, left: true))  \(padded(t.target, 38, left: true))  \(t.measured)")
        }
    } else if !information.isEmpty {
        print("Targets: none for these workloads")
    }
    for line in information {
        print("  INFO  \(padded(line.workload, 5, left: true))  \(padded(line.figure, 38, left: true))  \(line.measured)  (\(line.detail))")
    }
    if !targets.isEmpty || !information.isEmpty { print("") }
}

// MARK: - JSON

struct JSONReport: Encodable {
    struct Result: Encodable {
        let workload: String
        let title: String
        let unit: String
        let variant: String
        let medianNanoseconds: Double
        let minimumNanoseconds: Double
        let lowerQuartileNanoseconds: Double
        let upperQuartileNanoseconds: Double
        let maximumNanoseconds: Double
        let samplesNanoseconds: [Double]
        let timesBaseline: Double?
        let baseline: String
        let timesFasterThanDecimal: Double?
        let heapAllocationsPerOperation: Double
        let gmpAllocationsPerOperation: Double
        let heapAllocationsTotal: UInt64
        let gmpAllocationsTotal: UInt64
        let operations: Int
        /// Parts per operation for the allocation workloads (W6, W7), else absent.
        let partsPerOperation: Int?
    }
    let date: String
    /// The command line's arguments (filters, variants, repetitions), to tie the file to its run.
    let arguments: [String]
    let processors: Int
    let operatingSystem: String
    let quick: Bool
    let repetitions: Int
    let sampleMilliseconds: Double
    let heapCounting: Bool
    let results: [Result]
    let targets: [TargetResult]
    let information: [InformationLine]
}

func jsonResult(_ workload: Workload, _ row: Row) -> JSONReport.Result {
    let m = row.measurement
    return JSONReport.Result(
        workload: workload.id, title: workload.title, unit: workload.unit, variant: m.variant,
        medianNanoseconds: m.median, minimumNanoseconds: m.minimum, lowerQuartileNanoseconds: m.lowerQuartile,
        upperQuartileNanoseconds: m.upperQuartile, maximumNanoseconds: m.maximum, samplesNanoseconds: m.samples,
        timesBaseline: row.timesBaseline.isFinite ? row.timesBaseline : nil, baseline: workload.baseline,
        timesFasterThanDecimal: row.fasterThanDecimal.isFinite ? row.fasterThanDecimal : nil,
        heapAllocationsPerOperation: m.heapPerOperation, gmpAllocationsPerOperation: m.gmpPerOperation,
        heapAllocationsTotal: m.heapTotal, gmpAllocationsTotal: m.gmpTotal, operations: m.operations,
        partsPerOperation: workload.partsPerOperation)
}
