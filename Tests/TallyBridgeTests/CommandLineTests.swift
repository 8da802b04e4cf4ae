import Foundation
import TallyBridge
import XCTest

/// The `tally` executable itself: the demo's output (golden, and the block the README quotes) and
/// the exit statuses. Runs the binary SwiftPM built next to this test bundle; skipped when it is
/// not there (for example in a sanitizer build that does not build executables).
final class CommandLineTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func tally(
        _ arguments: [String], standardOutput: FileHandle? = nil, standardError: FileHandle? = nil
    ) throws -> (status: Int32, output: String, errors: String) {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent == "MacOS" {  // an .xctest bundle on Apple platforms
            directory = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }
        let binary = directory.appendingPathComponent("tally")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("no tally binary next to the tests (\(binary.path)); run swift build first")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let output = Pipe(), errors = Pipe()
        process.standardOutput = standardOutput ?? output
        process.standardError = standardError ?? errors
        try process.run()
        if standardOutput != nil { try output.fileHandleForWriting.close() }
        if standardError != nil { try errors.fileHandleForWriting.close() }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    func testDemoMatchesItsGoldenOutputAndTheReadme() throws {
        let result = try tally(["demo"])
        XCTAssertEqual(result.status, 0)
        let golden = try String(contentsOf: Self.root.appendingPathComponent("Tests/TallyBridgeTests/Golden/demo.txt"), encoding: .utf8)
        XCTAssertEqual(result.output, golden, "regenerate with: swift run tally demo > Tests/TallyBridgeTests/Golden/demo.txt")
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains(golden), "the README's quick start shows the demo's output verbatim")
    }

    /// Output that cannot be written is an error, not a silent success, and a standard error
    /// that cannot be written is no crash (review, 2026-12-01: `> /dev/full` exited 0, and
    /// `2> /dev/full` stopped the process in Foundation's `FileHandle.write`).
    func testWriteErrorsAreReportedNotIgnoredNorFatal() throws {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
        let quote = try tally(["quote", "Examples/documents/seed-checkout.json"], standardOutput: full)
        XCTAssertEqual(quote.status, 1)
        XCTAssertTrue(quote.errors.hasPrefix("tally: cannot write standard output: "), quote.errors)
        let demo = try tally(["demo"], standardOutput: full)
        XCTAssertEqual(demo.status, 1)
        XCTAssertEqual(try tally(["quote", "Examples/documents/does-not-exist.json"], standardError: full).status, 1)
        XCTAssertEqual(try tally(["bogus"], standardError: full).status, 2)
    }

    func testExitStatuses() throws {
        XCTAssertEqual(try tally(["help"]).status, 0)
        for command in ["demo", "quote", "verify", "replay"] {
            let help = try tally([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.output.contains("USAGE: tally \(command)") && help.output.contains("EXAMPLE"), command)
        }
        XCTAssertEqual(try tally(["bogus"]).status, 2)
        // Extra arguments are usage errors for help as for every command, named as given.
        XCTAssertEqual(try tally(["help", "extra"]).status, 2)
        let demo = try tally(["demo", "--help", "x"])
        XCTAssertEqual(demo.status, 2)
        XCTAssertTrue(demo.errors.contains(#"unexpected argument "x""#), demo.errors)
        let missing = try tally(["quote", "Examples/documents/does-not-exist.json"])
        XCTAssertEqual(missing.errors, "tally quote: cannot read Examples/documents/does-not-exist.json: no such file\n")
        XCTAssertEqual(try tally([]).status, 2)
        XCTAssertEqual(try tally(["quote"]).status, 2)
        XCTAssertEqual(try tally(["quote", "Examples/documents/does-not-exist.json"]).status, 1)
        let quote = try tally(["quote", "Examples/documents/seed-checkout.json", "--shipping", "expressshipping", "--format", "json"])
        XCTAssertEqual(quote.status, 0)
        XCTAssertTrue(quote.output.contains(#""amount": "10.01""#), quote.output)
        XCTAssertEqual(try tally(["verify", "Examples/documents/seed-checkout.json", "--amount", "0.01"]).status, 0)
        XCTAssertEqual(try tally(["verify", "Examples/documents/seed-checkout.json", "--amount", "0.02"]).status, 1)
    }

    /// An argument with more than 30 combining marks in a row is a usage error before it is
    /// compared with anything, and is not echoed (a review's 128 KB argument kept `tally` busy
    /// for up to 10 s comparing it with command and option names).
    func testArgumentsWithLongRunsOfMarksAreUsageErrors() throws {
        let marks = "x" + String(repeating: "\u{301}\u{316}", count: 30_000)
        let reason = "has more than 30 combining marks in a row (text that is not stream-safe, Unicode UAX #15)"
        let tool = try tally([marks])
        XCTAssertEqual(tool.status, 2)
        XCTAssertTrue(tool.errors.hasPrefix("tally: argument 1 \(reason)\n\n"), String(tool.errors.prefix(200)))
        let quote = try tally(["quote", "Examples/documents/seed-checkout.json", "--payment-type", marks])
        XCTAssertEqual(quote.status, 2)
        XCTAssertTrue(quote.errors.hasPrefix("tally: argument 4 \(reason)\n\n"), String(quote.errors.prefix(200)))
        XCTAssertLessThan(quote.errors.utf8.count, 10_000)
        // Each command's entry point checks its own arguments too (they are public API).
        let read: (String) throws -> String = { _ in XCTFail("nothing is read"); return "" }
        for (command, result) in [
            ("quote", QuoteCommand.run(["Examples/documents/seed-checkout.json", "--payment-type", marks], read: read)),
            ("verify", VerifyCommand.run(["Examples/documents/seed-checkout.json", "--amount", "0.01", "--shipping", marks], read: read)),
            ("replay", ReplayCommand.run([marks], read: read)), ("purchases", PurchasesCommand.run(["replay", marks], read: read)),
        ] {
            XCTAssertEqual(result.status, 2, command)
            XCTAssertTrue(result.errors.hasPrefix("tally \(command): argument "), String(result.errors.prefix(200)))
            XCTAssertTrue(result.errors.contains(reason), command)
            XCTAssertLessThan(result.errors.utf8.count, 10_000, command)
        }
    }

    /// What a command line says back stays on one line and in its order: a file name, an option
    /// or a command holding a line break or a bidirectional override is escaped (a review found
    /// them written raw by quote, verify and replay, while purchases replay escaped them).
    func testRefusalsQuoteArgumentsOnOneLine() throws {
        for command in ["quote", "verify", "replay"] {
            let file = try tally([command, "no\u{202E}thing\n.json"] + (command == "verify" ? ["--amount", "1"] : []))
            XCTAssertEqual(file.errors, "tally \(command): cannot read no\\u{202E}thing\\n.json: no such file\n", command)
        }
        let option = try tally(["quote", "Examples/documents/us-tax.json", "--sh\u{202E}ipping"])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.errors.hasPrefix("tally quote: unknown option --sh\\u{202E}ipping\n\n"), option.errors)
        let unknown = try tally(["quo\u{2066}te"])
        XCTAssertTrue(unknown.errors.hasPrefix(#"tally: unknown command "quo\u{2066}te""# + "\n"), unknown.errors)
        XCTAssertEqual(try tally(["demo", "x\u{202E}y"]).errors, #"tally demo: unexpected argument "x\u{202E}y""# + "\n")
        XCTAssertTrue(try tally(["help", "x\u{202E}y"]).errors.hasPrefix(#"tally help: unexpected argument "x\u{202E}y""# + "\n\n"))
    }

    /// A document error names its file escaped too (the file is read, then refused), in every
    /// command that reads a document.
    func testDocumentErrorsNameTheFileOnOneLine() {
        let file = "no\u{202E}thing\n.json"
        let read: (String) throws -> String = { _ in "[]" }
        let results = [
            ("quote", QuoteCommand.run([file], read: read)),
            ("verify", VerifyCommand.run([file, "--amount", "1"], read: read)),
            ("replay", ReplayCommand.run([file], read: read)),
        ]
        for (command, result) in results {
            XCTAssertEqual(result.status, 1, command)
            XCTAssertTrue(result.errors.hasPrefix("tally \(command): no\\u{202E}thing\\n.json: "), result.errors)
            XCTAssertEqual(result.errors.filter { $0 == "\n" }.count, 1, result.errors)
        }
    }

    /// A purchase log or journal line that is not JSON is refused with its column and reason (the
    /// log's own reader, Foundation's `JSONDecoder`, says only "not valid JSON" on Linux). A line
    /// that the stricter reader finds fine keeps the first message.
    func testPurchaseLinesThatAreNotJSONSayWhereAndWhy() {
        func errors(_ text: String) -> String { PurchasesCommand.run(["replay", "log.jsonl"]) { _ in text }.errors }
        XCTAssertEqual(
            errors("\n\n{\"order\": tru}\n"),
            "tally purchases replay: log.jsonl: line 3: not valid JSON: column 11: expected a value, found 't'\n")
        XCTAssertEqual(
            errors(#"{"order" 1}"#), "tally purchases replay: log.jsonl: line 1: not valid JSON: column 10: expected ':' after the member name, found '1'\n")
        XCTAssertEqual(
            errors("{\"seq\":1,\"events\":[\n{\"seq\":2}\n"),
            "tally purchases replay: log.jsonl: journal line 1: not valid JSON: column 20: expected a value, found the end of the document\n")
        // Other refusals are as they were.
        XCTAssertEqual(errors(#"{"order": 1}"#), "tally purchases replay: log.jsonl: line 1: at order: expected an object\n")
    }
}
