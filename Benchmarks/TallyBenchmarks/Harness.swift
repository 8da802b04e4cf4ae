// A small benchmark harness: calibration, warm-up, interleaved repetitions, robust statistics and
// allocation counts. It uses no Double on the measured paths; statistics are computed in Double
// afterwards (the harness is not a money path).
import CAllocationCounter
import Dispatch
import Foundation
import TallyDecimal

// MARK: - Defeating the optimizer

/// Consumes a value so the optimizer cannot delete the computation that produced it.
///
/// `@inline(never)` keeps the call; `@_optimize(none)` keeps the optimizer from specializing the
/// function and then removing its (unused) argument, which would make the producer dead again.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

// Concrete overloads for the values the workloads produce: passed in registers like any ordinary
// argument. The generic version takes its argument by address, and once a local's address escapes,
// LLVM must keep it in memory across every opaque call in the loop (a store per iteration that no
// real caller would pay), which would bias the comparison.

/// `Int64` overload (see above).
@inline(never) @_optimize(none)
func blackHole(_ value: Int64) {}

/// `BigDecimal` overload (see above).
@inline(never) @_optimize(none)
func blackHole(_ value: BigDecimal) {}

/// `Decimal` overload (see above).
@inline(never) @_optimize(none)
func blackHole(_ value: Decimal) {}

/// Returns its argument through a call the optimizer cannot see into, so inputs built from
/// constants are not folded into the measured loop.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }

// MARK: - Clock and counters

/// Monotonic nanoseconds (`CLOCK_MONOTONIC` on Linux, `mach_absolute_time` on Apple platforms).
@inline(__always)
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Process-wide heap and GMP allocation counts.
struct AllocationCounts {
    var heap: UInt64
    var gmp: UInt64

    @inline(__always)
    static func current() -> AllocationCounts {
        AllocationCounts(heap: tally_bench_heap_allocations(), gmp: tally_bench_gmp_allocations())
    }
}

// MARK: - Benchmarks

/// One way of doing a workload (Tally, `Int64`, `Foundation.Decimal`, raw GMP, …).
struct Variant {
    /// Short name shown in the table: "Tally", "Int64", "Decimal", "GMP".
    let name: String
    /// Runs the workload `rounds` times; each round performs `Workload.operationsPerRound` operations.
    let run: (_ rounds: Int) -> Void
}

/// A workload and the variants that run it side by side.
struct Workload {
    /// "W3", "W5+=", …: used by `--filter` and in the JSON file.
    let id: String
    /// One line: what a single operation is.
    let title: String
    /// What the reported ns/op is divided by ("line", "re-sum", "op").
    let unit: String
    /// Operations per round (the divisor of the round time).
    let operationsPerRound: Int
    /// The name of the variant the `×base` column is relative to ("Int64", "GMP" for W5, "Tally8"
    /// for W9–W11).
    let baseline: String
    /// The variants; all are run interleaved.
    let variants: [Variant]
    /// Checks that every variant computes the same result; a message when they disagree.
    let verify: () -> String?
    /// Which targets of the benchmark or checkout issue apply (W6–W8 have none).
    let targets: Targets
    /// For allocation workloads (W6, W7): the parts one operation produces, so that the report can
    /// show time and allocations per part as well; `nil` otherwise.
    var partsPerOperation: Int? = nil

    /// The targets a workload is evaluated against (see Report.swift).
    enum Targets {
        /// W1, W3, W4: ≤ 3× `Int64`, ≥ 100× faster than `Decimal`, no heap allocation.
        case money
        /// W5+=: within 3× raw GMP.
        case gmpAdd
        /// No target (W5*, W5*=, W6–W8): the figures are information only.
        case none
        /// W9–W11, the checkout events (variants Tally8, Tally1000, Array8, Array1000 and, for W9,
        /// the seed's patch-by-index code as SeedTally, `Decimal` and `NSDecimal`, and `Reads`, the
        /// loop over updates computed in advance). With `shippingSwap` (W9):
        /// Tally1000 ≤ 1.5× Tally8 and Tally8 ≥ 20× faster than `Decimal`; W10 and W11 show the
        /// 1,000/8 ratio as information only.
        case checkout(shippingSwap: Bool)
    }
}

extension Workload {
    /// The same workload with only the variants that `include` accepts.
    func keeping(_ include: (Variant) -> Bool) -> Workload {
        Workload(
            id: id, title: title, unit: unit, operationsPerRound: operationsPerRound, baseline: baseline,
            variants: variants.filter(include), verify: verify, targets: targets, partsPerOperation: partsPerOperation)
    }
}

/// How long to measure.
struct RunConfiguration {
    /// Repetitions per variant (each repetition is one timed sample).
    var repetitions: Int
    /// Target duration of one sample, in nanoseconds (the round count is calibrated to reach it).
    var sampleNanoseconds: UInt64
    /// Warm-up time per variant before calibration, in nanoseconds.
    var warmUpNanoseconds: UInt64

    static let full = RunConfiguration(repetitions: 21, sampleNanoseconds: 20_000_000, warmUpNanoseconds: 100_000_000)
    static let quick = RunConfiguration(repetitions: 5, sampleNanoseconds: 4_000_000, warmUpNanoseconds: 10_000_000)
}

/// The measurements of one variant.
struct Measurement {
    let workload: String
    let variant: String
    /// Nanoseconds per operation, one entry per repetition, sorted.
    let samples: [Double]
    /// Heap allocations per operation: the median over the counting samples, which run after the
    /// timed ones with the counters on (so that a stray allocation made by another thread during
    /// one sample does not show), and the totals and operations over those samples.
    let heapPerOperation: Double
    let gmpPerOperation: Double
    let heapTotal: UInt64
    let gmpTotal: UInt64
    let operations: Int

    var median: Double { Statistics.quantile(samples, 0.5) }
    var minimum: Double { samples.first ?? .nan }
    var maximum: Double { samples.last ?? .nan }
    var lowerQuartile: Double { Statistics.quantile(samples, 0.25) }
    var upperQuartile: Double { Statistics.quantile(samples, 0.75) }
}

enum Statistics {
    /// Linear-interpolated quantile of sorted samples.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position)
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}

/// Runs the variants of one workload: warm-up, calibration, then `repetitions` rounds of samples in
/// round-robin order (rotated each repetition), so that machine noise hits every variant alike.
func measure(_ workload: Workload, _ configuration: RunConfiguration) -> [Measurement] {
    let variants = workload.variants

    // Warm-up and calibration: find how many rounds make one sample last about the target time.
    var rounds = [Int](repeating: 1, count: variants.count)
    for (index, variant) in variants.enumerated() {
        let warmUpEnd = now() &+ configuration.warmUpNanoseconds
        var n = 1
        var elapsed: UInt64 = 0
        repeat {
            let start = now()
            variant.run(n)
            elapsed = now() &- start
            if elapsed < configuration.sampleNanoseconds / 4 { n *= 2 }
        } while now() < warmUpEnd || elapsed < configuration.sampleNanoseconds / 4
        // In fractions of a nanosecond: whole ones made a 2.77 ns round count as 2, and its
        // samples 1.4 times as long as the target (review, 2026-12-02).
        let perRound = Swift.max(1, Double(elapsed) / Double(n))
        rounds[index] = Swift.max(1, Int(Double(configuration.sampleNanoseconds) / perRound))
    }

    var samples = [[Double]](repeating: [], count: variants.count)
    for index in variants.indices { samples[index].reserveCapacity(configuration.repetitions) }
    for repetition in 0..<configuration.repetitions {
        for offset in variants.indices {
            let index = (repetition + offset) % variants.count
            let operations = rounds[index] * workload.operationsPerRound
            let start = now()
            variants[index].run(rounds[index])
            let elapsed = now() &- start
            samples[index].append(Double(elapsed) / Double(operations))
        }
    }

    // Allocations are counted in samples of their own, after the timed ones: counting makes each
    // allocation dearer, so timed samples run with it off (see CAllocationCounter).
    let countingSamples = Swift.min(3, configuration.repetitions)
    var heapPerOp = [[Double]](repeating: [], count: variants.count)
    var gmpPerOp = [[Double]](repeating: [], count: variants.count)
    var heapTotals = [UInt64](repeating: 0, count: variants.count)
    var gmpTotals = [UInt64](repeating: 0, count: variants.count)
    var operationTotals = [Int](repeating: 0, count: variants.count)
    tally_bench_set_counting(1)
    for _ in 0..<countingSamples {
        for index in variants.indices {
            let operations = rounds[index] * workload.operationsPerRound
            let before = AllocationCounts.current()
            variants[index].run(rounds[index])
            let after = AllocationCounts.current()
            let heap = after.heap &- before.heap
            let gmp = after.gmp &- before.gmp
            heapPerOp[index].append(Double(heap) / Double(operations))
            gmpPerOp[index].append(Double(gmp) / Double(operations))
            heapTotals[index] &+= heap
            gmpTotals[index] &+= gmp
            operationTotals[index] += operations
        }
    }
    tally_bench_set_counting(0)

    return variants.indices.map { index in
        Measurement(
            workload: workload.id, variant: variants[index].name, samples: samples[index].sorted(),
            heapPerOperation: Statistics.quantile(heapPerOp[index].sorted(), 0.5),
            gmpPerOperation: Statistics.quantile(gmpPerOp[index].sorted(), 0.5),
            heapTotal: heapTotals[index], gmpTotal: gmpTotals[index], operations: operationTotals[index])
    }
}
