import Foundation
import TallyBridge
import XCTest

/// The `tally` executable itself: the demo's output (golden, and the block the README quotes) and
/// the exit statuses. Runs the binary SwiftPM built next to this test bundle; skipped when it is
/// not there (for example in a sanitizer build that does not build executables).
final class CommandLineTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `tally` executable SwiftPM built next to the tests; skips the test when there is none.
    func binary() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent == "MacOS" {  // an .xctest bundle on Apple platforms
            directory = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }
        let binary = directory.appendingPathComponent("tally")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("no tally binary next to the tests (\(binary.path)); run swift build first")
        }
        return binary
    }

    func tally(
        _ arguments: [String], standardOutput: FileHandle? = nil, standardError: FileHandle? = nil
    ) throws -> (status: Int32, output: String, errors: String) {
        let binary = try binary()
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

    /// What `tally(bytes:standardInput:)` gives the tool as standard input.
    enum StandardInput {
        /// Closed: the tool starts without a descriptor 0.
        case closed
        /// The file or directory at the path, opened for reading.
        case path(String)
    }

    /// Runs the tool with arguments given as bytes, which `Process` cannot pass (it takes
    /// `String`s, always UTF-8), through `posix_spawn` with a C `argv` built from them; paths are
    /// best absolute (the working directory is the test's).
    func tally(
        bytes arguments: [[UInt8]], standardInput: StandardInput = .path("/dev/null")
    ) throws -> (status: Int32, output: String, errors: String) {
        let binary = try binary()
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&output), 0)
        XCTAssertEqual(pipe(&errors), 0)
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch standardInput {
        case .closed: posix_spawn_file_actions_addclose(&actions, 0)
        case .path(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
        // C strings, ending with a null pointer, as `argv` and `envp` are.
        func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
            strings.map { bytes in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
                copy[bytes.count] = 0
                return copy
            } + [nil]
        }
        let argv = cStrings([Array(binary.path.utf8)] + arguments)
        let environment = cStrings(ProcessInfo.processInfo.environment.map { Array("\($0.key)=\($0.value)".utf8) })
        defer { (argv + environment).forEach { $0?.deallocate() } }
        var child = pid_t()
        let spawned = argv.withUnsafeBufferPointer { argv in
            environment.withUnsafeBufferPointer { posix_spawn(&child, binary.path, &actions, nil, argv.baseAddress!, $0.baseAddress!) }
        }
        close(output[1])
        close(errors[1])
        let outputHandle = FileHandle(fileDescriptor: output[0], closeOnDealloc: true)
        let errorsHandle = FileHandle(fileDescriptor: errors[0], closeOnDealloc: true)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let out = outputHandle.readDataToEndOfFile(), err = errorsHandle.readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        XCTAssertTrue(status & 0x7F == 0, "tally ended by signal \(status & 0x7F)")
        return ((status >> 8) & 0xFF, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// An argument that is not UTF-8 is a usage error naming its position (review, 2026-12:
    /// `CommandLine.arguments` turned `doc\xff.json` into `doc\u{FFFD}.json`, which `tally quote`
    /// read, exit 0; and `--shipping $'\xff'` into a refusal of "\u{FFFD}").
    func testArgumentsThatAreNotUTF8AreUsageErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-argv-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = Self.root.appendingPathComponent("Examples/documents/seed-checkout.json")
        // The file the replacement character would name exists, and is read when named so.
        let replaced = folder.appendingPathComponent("doc\u{FFFD}.json")
        try FileManager.default.copyItem(at: seed, to: replaced)
        XCTAssertEqual(try tally(bytes: [Array("quote".utf8), Array(replaced.path.utf8)]).status, 0)
        XCTAssertEqual(try tally(bytes: [Array("quote".utf8), Array(seed.path.utf8), Array("--shipping".utf8), Array("expressshipping".utf8)]).status, 0)
        let file = try tally(bytes: [Array("quote".utf8), Array(folder.path.utf8) + Array("/doc".utf8) + [0xFF] + Array(".json".utf8)])
        XCTAssertEqual(file.status, 2)
        XCTAssertTrue(file.errors.hasPrefix("tally: argument 2 is not UTF-8 text\n\n"), file.errors)
        XCTAssertTrue(file.errors.contains("tally — exact decimal money"), file.errors)
        XCTAssertEqual(file.output, "")
        let option = try tally(bytes: [Array("quote".utf8), Array(seed.path.utf8), Array("--shipping".utf8), [0xFF]])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.errors.hasPrefix("tally: argument 4 is not UTF-8 text\n\n"), option.errors)
        XCTAssertEqual(option.output, "")
        // A UTF-16 surrogate encoded as UTF-8 (CESU-8) is not UTF-8 either, nor is a cut sequence.
        for bytes: [UInt8] in [[0xED, 0xA0, 0x80], [0x64, 0xC3]] {
            let result = try tally(bytes: [bytes])
            XCTAssertEqual(result.status, 2, "\(bytes)")
            XCTAssertTrue(result.errors.hasPrefix("tally: argument 1 is not UTF-8 text\n\n"), result.errors)
        }
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

    /// When standard output cannot be written, standard error still lists every refusal (review,
    /// 2026-12: the failed write exited on the spot, so `--shipping drone > /dev/full` said only
    /// "cannot write standard output"); a replay stops at its next update, and lists the
    /// refusals of the events before it.
    func testRefusalsAreListedWhenOutputCannotBeWritten() throws {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
        let failed = "tally: cannot write standard output: "
        let quote = try tally(["quote", "Examples/documents/seed-checkout.json", "--shipping", "drone"], standardOutput: full)
        XCTAssertEqual(quote.status, 1)
        let lines = quote.errors.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 3, quote.errors)
        XCTAssertTrue(lines[0].hasPrefix(failed), quote.errors)
        XCTAssertEqual(lines.dropFirst().joined(separator: "\n"), #"tally quote: --shipping: "drone" is not offered here (offered: freeshipping, expressshipping)"# + "\n")

        // 1,000 refused coupons: about 660 KB of updates, so the first 64 KB write fails mid-replay.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-full-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = try String(contentsOf: Self.root.appendingPathComponent("Examples/documents/seed-checkout.json"), encoding: .utf8)
        let events = Array(repeating: #"{"changeCouponCode": "NOPE"}"#, count: 1_000).joined(separator: ",")
        let replayFile = folder.appendingPathComponent("replay.json")
        try Data(#"{"document": \#(seed), "events": [\#(events)]}"#.utf8).write(to: replayFile)
        let replay = try tally(["replay", replayFile.path], standardOutput: full)
        XCTAssertEqual(replay.status, 1)
        let refusals = replay.errors.split(separator: "\n")
        XCTAssertTrue(refusals.first?.hasPrefix(failed) ?? false, String(replay.errors.prefix(300)))
        XCTAssertEqual(refusals.filter { $0.hasPrefix(failed) }.count, 1)
        // It stopped: some events' refusals, in order from the first, and not all 1,000.
        XCTAssertGreaterThan(refusals.count, 2)
        XCTAssertLessThan(refusals.count, 1_000)
        for (index, line) in refusals.dropFirst().enumerated() {
            XCTAssertEqual(line, #"tally replay: events[\#(index)].changeCouponCode: couponCodeInvalid: "NOPE" is not a coupon code"#)
        }
    }

    /// A replay whose `write` throws stops there, with the refusals of the events before it.
    func testAReplayStopsWhenItsWriteThrows() throws {
        struct Stop: Error {}
        let seed = try String(contentsOf: Self.root.appendingPathComponent("Examples/documents/seed-checkout.json"), encoding: .utf8)
        let events = Array(repeating: #"{"changeCouponCode": "NOPE"}"#, count: 3).joined(separator: ",")
        var written: [String] = []
        let result = ReplayCommand.run(["replay.json"], read: { _ in #"{"document": \#(seed), "events": [\#(events)]}"# }) { line in
            guard written.count < 1 else { throw Stop() }
            written.append(line)
        }
        XCTAssertEqual(written.count, 1)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.output, "")
        XCTAssertEqual(result.errors, #"tally replay: events[0].changeCouponCode: couponCodeInvalid: "NOPE" is not a coupon code"# + "\n")
    }

    /// A file or standard input that cannot be read says why (review, 2026-12: a closed standard
    /// input and a directory given as standard input said "a read failed"; the reasons for files
    /// are in `CommandInputTests`).
    func testStandardInputThatCannotBeReadSaysWhy() throws {
        let quote = Array("quote".utf8), dash = Array("-".utf8)
        let closed = try tally(bytes: [quote, dash], standardInput: .closed)
        XCTAssertEqual(closed.status, 1)
        XCTAssertEqual(closed.errors, "tally quote: cannot read -: standard input is closed\n")
        let directory = try tally(bytes: [quote, dash], standardInput: .path(Self.root.appendingPathComponent("Examples").path))
        XCTAssertEqual(directory.status, 1)
        XCTAssertEqual(directory.errors, "tally quote: cannot read -: it is a directory\n")
        // A document as standard input is read: the failures above are the input's.
        let document = try tally(bytes: [quote, dash], standardInput: .path(Self.root.appendingPathComponent("Examples/documents/seed-checkout.json").path))
        XCTAssertEqual(document.status, 0, document.errors)
        // An empty file name is shown quoted, not as "cannot read : …".
        XCTAssertEqual(try tally(["quote", ""]).errors, #"tally quote: cannot read "": no such file"# + "\n")
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
