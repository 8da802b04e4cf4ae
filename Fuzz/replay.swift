// Fuzz target `replay`: `tally replay` end to end on an arbitrary file.
//
// The input bytes (UTF-8; invalid sequences become U+FFFD) are the file that
// `ReplayCommand.run(["doc"]) { _ in text }` reads, in each output format (json, applepay, w3c).
// Invariants: the run returns (no crash, no trap) with exit status 0 or 1 (a usage error, 2, is
// impossible with these arguments); status 0 means nothing on standard error; every line of
// standard output is one JSON value that JSONReader reads back; a run that printed lines for
// every event of the json format prints the same number of lines in the other formats.
// A violation stops the process (fatalError), which libFuzzer reports as a crash.
import TallyBridge

@inline(never)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    // fatalError, not preconditionFailure: -O builds drop a precondition's message.
    if !condition() { fatalError("invariant violated: \(message())", file: file, line: line) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var lineCounts: [String: Int] = [:]
    var statuses: [String: Int32] = [:]
    for arguments in [["doc"], ["doc", "--format", "applepay"], ["doc", "--format", "w3c"]] {
        let format = arguments.count == 1 ? "json" : arguments[2]
        let result = ReplayCommand.run(arguments) { _ in text }
        check([0, 1, 2].contains(result.status), "replay \(arguments) exited \(result.status)")
        check(result.status != 2, "replay \(arguments) reported a usage error: \(result.errors)")
        if result.status == 0 { check(result.errors.isEmpty, "replay \(arguments) succeeded but wrote errors: \(result.errors)") }
        if result.status == 1 { check(!result.errors.isEmpty, "replay \(arguments) failed without saying why") }
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        check(lines.last == "", "replay \(arguments): output does not end with a newline")
        for line in lines.dropLast() {
            check((try? JSONReader.read(String(line))) != nil, "replay \(arguments) printed a line that is not JSON: \(line)")
        }
        lineCounts[format] = lines.count - 1
        statuses[format] = result.status
    }
    // The events are read before any is applied, so when every format got through all of them
    // (status 0) they printed one line per event each.
    if statuses.values.allSatisfy({ $0 == 0 }) {
        check(Set(lineCounts.values).count == 1, "the formats printed different numbers of lines: \(lineCounts)")
    }
    return 0
}
