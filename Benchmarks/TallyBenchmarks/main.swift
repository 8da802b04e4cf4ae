// TallyBenchmarks: Tally `BigDecimal` side by side with scaled `Int64` minor units, `Foundation.Decimal`
// and raw GMP. See Guides/Benchmarks.md.
//
//   swift run -c release TallyBenchmarks [--quick] [--filter SUBSTRING]... [--json FILE] [--repetitions N]
import CAllocationCounter
import Foundation

let usage = """
    usage: TallyBenchmarks [--quick] [--filter SUBSTRING]... [--json FILE] [--repetitions N] [--variant NAME]...

    Runs the Tally benchmarks (W1 cart re-sum, W3 ledger sum, W4 line tax, W5 40-digit GMP values,
    W6 Money split into 1,000 parts, W7 allocation by 10 ratios, W8 Money rounded to cents, and the
    checkout events on 8 and 1,000 items: W9 shipping swap, W10 coupon, W11 shipping contact).
    The variants of each workload run interleaved, round-robin; the table shows the median and the
    spread in ns per operation, the ratios to the baseline and to Foundation.Decimal, and heap and
    GMP allocations per operation. Targets are printed as PASS/MISS. Then a section "Hostile
    inputs" times eight hostile inputs once each (1 s and 512 MB bounds), when no filter is given
    or a filter is part of its name ("--filter hostile" runs it alone).

      --quick            a smoke run for CI: few, short repetitions (seconds, not minutes)
      --filter TEXT      run only workloads whose id or title contains TEXT (case-insensitive;
                         W1 does not select W10 or W11); may be repeated (W1, W3, W3+=, W4, W5+=,
                         W5*, W5*=, W6, W7, W8, W9, W10, W11)
      --json FILE        also write the results as JSON to FILE (checked writable before measuring)
      --repetitions N    samples per variant, 1 to 10000 (default 21, quick 5)
      --variant NAME     run only the variants named NAME (Tally, Int64, Int64-rt, Int64-bl, Int64-cf, BigDec,
                         Decimal, GMP; W9-W11: Tally8, Tally1000, Array8, Array1000, SeedTally, NSDecimal,
                         Reads (W9)), e.g. one variant alone under perf or valgrind; may be repeated;
                         ratios to a variant that did not run show as "-"; a name no selected
                         workload has is a usage error
      --help             this text

    Exit status: 0 whether targets are met or not; 1 when the variants of a workload compute
    different results, or the JSON file could not be written after the run; 2 for a bad argument
    (a --filter that selects nothing, a --variant no selected workload has, a --json path that
    cannot be written).

    Build with -c release: debug numbers mean nothing.
    """

/// The most `--repetitions` a run takes: 10,000 samples of ~20 ms per variant are already hours.
let maximumRepetitions = 10_000

struct Options {
    var quick = false
    var filters: [String] = []
    var jsonPath: String?
    var repetitions: Int?
    var variants: [String] = []
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("TallyBenchmarks: \(message)\n\n\(usage)\n".utf8))
        exit(2)
    }
    func value(for flag: String) -> String {
        guard let next = rest.popFirst() else { fail("\(flag) needs a value") }
        return next
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--quick": options.quick = true
        case "--filter":
            let text = value(for: argument)
            guard !text.isEmpty else { fail("--filter needs text (an empty one would select every workload)") }
            options.filters.append(text)
        case "--json":
            let path = value(for: argument)
            guard !path.isEmpty else { fail("--json needs a file name") }
            options.jsonPath = path
        case "--variant": options.variants.append(value(for: argument))
        case "--repetitions":
            // Bounded: the harness keeps every sample, and a run of a billion repetitions would
            // take days (at Int.max the sample array's size overflowed).
            guard let n = Int(value(for: argument)), (1...maximumRepetitions).contains(n) else {
                fail("--repetitions needs a whole number from 1 to \(maximumRepetitions)")
            }
            options.repetitions = n
        case "--help", "-h":
            print(usage)
            exit(0)
        default: fail("unknown argument \(argument)")
        }
    }
    return options
}

// Line by line even into a pipe or a file (`| tee`, a CI log): each table as soon as it is
// measured, and what was measured survives a crash or a timeout.
tally_bench_line_buffered_stdout()

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))

var configuration = options.quick ? RunConfiguration.quick : RunConfiguration.full
if let n = options.repetitions { configuration.repetitions = n }

// Count GMP's allocations from the start, before any mpz exists (process-global, benchmark only).
tally_bench_install_gmp_counter()
let heapCountingAvailable = tally_bench_counts_heap() != 0

let allWorkloads: [() -> Workload] = [
    cartWorkload, { ledgerWorkload(loop: false) }, { ledgerWorkload(loop: true) }, lineTaxWorkload,
    bigAddWorkload, bigMultiplyWorkload, bigMultiplyInPlaceWorkload, splitWorkload, ratioWorkload,
    roundingWorkload, shippingSwapWorkload, couponWorkload, contactWorkload,
]

/// Whether `id` contains `filter` (case-insensitive) not followed by a digit that would make it
/// another number: "W1" selects W1, not W10 or W11; "W5" selects W5+=, W5* and W5*=.
func idMatches(_ id: String, _ filter: String) -> Bool {
    let id = Array(id.lowercased())
    let filter = Array(filter.lowercased())
    guard !filter.isEmpty, filter.count <= id.count else { return filter.isEmpty }
    for start in 0...(id.count - filter.count) where Array(id[start..<start + filter.count]) == filter {
        let end = start + filter.count
        if end == id.count || !(filter.last!.isNumber && id[end].isNumber) { return true }
    }
    return false
}

let selected = allWorkloads.map { $0() }.filter { workload in
    options.filters.isEmpty
        || options.filters.contains { filter in
            idMatches(workload.id, filter) || workload.title.localizedCaseInsensitiveContains(filter)
        }
}
// A filter that selects nothing is a typo that would make a smoke run measure nothing and pass.
let hostileTitle = "hostile inputs"
if let unmatched = options.filters.first(where: { filter in
    !selected.contains { idMatches($0.id, filter) || $0.title.localizedCaseInsensitiveContains(filter) }
        && !hostileTitle.localizedCaseInsensitiveContains(filter)
}) {
    let ids = allWorkloads.map { $0().id }.joined(separator: ", ")
    FileHandle.standardError.write(Data("TallyBenchmarks: --filter \(unmatched) selects no workload (ids: \(ids), hostile)\n".utf8))
    exit(2)
}
// A misspelt variant (`tally` for `Tally`) would silently measure nothing.
let knownVariants = Set(selected.flatMap { $0.variants.map(\.name) })
if let unknown = options.variants.first(where: { !knownVariants.contains($0) }) {
    FileHandle.standardError.write(Data("TallyBenchmarks: no selected workload has a variant named \(unknown) (names are case-sensitive: \(knownVariants.sorted().joined(separator: ", ")))\n".utf8))
    exit(2)
}
// A JSON path that cannot be written is a usage error found now, not after minutes of measuring;
// checked without touching the file (a refused run leaves an earlier file as it was), and written
// atomically at the end (an interrupted run leaves no half file).
if let path = options.jsonPath {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    let folder = (path as NSString).deletingLastPathComponent
    let problem: String? =
        exists && isDirectory.boolValue ? "it is a directory"
        : exists ? (access(path, W_OK) == 0 ? nil : String(cString: strerror(errno)))
        : access(folder.isEmpty ? "." : folder, W_OK) == 0 ? nil : "cannot write in \(folder.isEmpty ? "." : folder): \(String(cString: strerror(errno)))"
    if let problem {
        FileHandle.standardError.write(Data("TallyBenchmarks: --json \(path): \(problem)\n".utf8))
        exit(2)
    }
}
let workloads = selected.map { workload in
    options.variants.isEmpty ? workload : workload.keeping { options.variants.contains($0.name) }
}.filter { !$0.variants.isEmpty }

let date = ISO8601DateFormatter().string(from: Date())
let processors = ProcessInfo.processInfo.activeProcessorCount
let system = ProcessInfo.processInfo.operatingSystemVersionString
print("TallyBenchmarks \(options.quick ? "(quick) " : "")\(date), \(processors) cores, \(system)")
print(
    "\(configuration.repetitions) interleaved repetitions of ~\(fixed(Double(configuration.sampleNanoseconds) / 1e6, 0)) ms per variant; "
        + "heap counting \(heapCountingAvailable ? "on" : "unavailable on this platform")")
print("×base: median / baseline median; Decimal÷: Decimal median / median (how many times faster)")
print("")

var jsonResults: [JSONReport.Result] = []
var allTargets: [TargetResult] = []
var allInformation: [InformationLine] = []
var failures: [String] = []
for workload in workloads {
    if let problem = workload.verify() { failures.append(problem) }
    let measurements = measure(workload, configuration)
    if let problem = workload.verify() { failures.append("after the run: " + problem) }
    let table = rows(for: workload, measurements)
    printTable(workload, table)
    allTargets += evaluateTargets(workload, table, heapCounting: heapCountingAvailable)
    allInformation += informationLines(workload, table, heapCounting: heapCountingAvailable)
    jsonResults += table.map { jsonResult(workload, $0) }
}
printTargets(allTargets, allInformation)
if options.filters.isEmpty || options.filters.contains(where: { hostileTitle.localizedCaseInsensitiveContains($0) }) {
    runHostileInputs()
}

for failure in failures { print("RESULT MISMATCH: \(failure)") }

if let path = options.jsonPath {
    let report = JSONReport(
        date: date, arguments: Array(CommandLine.arguments.dropFirst()), processors: processors, operatingSystem: system, quick: options.quick,
        repetitions: configuration.repetitions, sampleMilliseconds: Double(configuration.sampleNanoseconds) / 1e6,
        heapCounting: heapCountingAvailable, results: jsonResults, targets: allTargets,
        information: allInformation)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
        try encoder.encode(report).write(to: URL(fileURLWithPath: path), options: .atomic)
        print("wrote \(path)")
    } catch {
        // Checked before measuring; this is a failure while writing (a full disk).
        FileHandle.standardError.write(Data("TallyBenchmarks: --json \(path): the write failed: \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
// A result mismatch is a bug in a variant or in the library, not a missed target: fail loudly.
exit(failures.isEmpty ? 0 : 1)
