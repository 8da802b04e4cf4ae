// Hostile inputs, timed once each with the process's peak memory: every one must be answered (a
// typed error, or a bounded exact result) within generous bounds. The answers themselves are
// pinned by HostileInputTests; this measures that they come fast and small.
import Foundation
import TallyBridge
import TallyDecimal

/// (name, work) — the work returns a short description of the answer.
let hostileInputs: [(String, @Sendable () -> String)] = [
    ("1E999999999", { (try? BigDecimal(parsing: "1E999999999")).map { _ in "parsed" } ?? "error" }),
    ("1E-999999999", { (try? BigDecimal(parsing: "1E-999999999")).map { _ in "parsed" } ?? "error" }),
    ("100,000 digits", { (try? BigDecimal(parsing: String(repeating: "7", count: 100_000))).map { _ in "parsed" } ?? "error" }),
    ("10 MB of zeros", { (try? BigDecimal(parsing: String(repeating: "0", count: 10_000_000))).map { "\($0)" } ?? "error" }),
    ("1E6144 + 1E-6144", { "\((BigDecimal("1E6144") + BigDecimal("1E-6144")).digitCount) digits" }),
    ("1,000,000 nested [", { (try? JSONReader.read(String(repeating: "[", count: 1_000_000))).map { _ in "parsed" } ?? "error" }),
    ("10 MB JSON document", { (try? JSONReader.read("[" + String(repeating: "0,", count: 5_000_000) + "0]")).map { _ in "parsed" } ?? "error" }),
    ("JSON number of 1,000,000 digits", { (try? JSONReader.read(String(repeating: "9", count: 1_000_000))).map { _ in "parsed" } ?? "error" }),
]

/// Peak resident memory of the process so far, in MB (`getrusage`: kilobytes on Linux).
func peakMemoryMegabytes() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    #if os(Linux)
    return Double(usage.ru_maxrss) / 1024
    #else
    return Double(usage.ru_maxrss) / 1_048_576
    #endif
}

/// Runs every hostile input once; prints the time, the answer and the peak memory, and PASS/MISS
/// against generous bounds (1 s and 512 MB each). Returns whether all passed (information only).
@discardableResult
func runHostileInputs() -> Bool {
    print("Hostile inputs (bounds: 1 s each, peak memory 512 MB)")
    var all = true
    for (name, work) in hostileInputs {
        let start = DispatchTime.now().uptimeNanoseconds
        let answer = work()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let memory = peakMemoryMegabytes()
        let pass = seconds < 1 && memory < 512
        all = all && pass
        print("  \(pass ? "PASS" : "MISS")  \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%8.3f s", seconds))  peak \(String(format: "%6.1f", memory)) MB  \(answer)")
    }
    print("")
    return all
}
