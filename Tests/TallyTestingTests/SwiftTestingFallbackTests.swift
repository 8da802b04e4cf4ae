// This file does not import Testing: the free `forAll` must compile in a helper file that
// imports only XCTest (a review found `#_sourceLocation` defaults that expand only where Testing
// is imported: "no macro named '_sourceLocation'").
#if canImport(Testing)
import TallyDecimal
@testable import TallyTesting
import XCTest

/// Called where no Swift Testing test is current (here, from XCTest), the function records its
/// failure with `XCTFail` at the caller's line (and as an issue, which XCTest ignores).
final class SwiftTestingFallbackTests: XCTestCase {
    private var captured: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing { captured.append((description, filePath, lineNumber)) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testTheFunctionOutsideSwiftTestingFailsTheXCTestAtTheCallersLine() {
        capturing = true
        let line = #line + 1
        TallyTesting.forAll(Gen.int(in: 0...1000), seed: 3) { $0 < 10 }
        TallyTesting.forAll(Gen.int(in: 0...1000), seed: 3) { x in try expect(x < 10) }
        capturing = false
        XCTAssertEqual(captured.count, 2)
        XCTAssertEqual(captured.map(\.line), [line, line + 1])
        XCTAssertEqual(captured.map { ($0.file as NSString).lastPathComponent }, ["SwiftTestingFallbackTests.swift", "SwiftTestingFallbackTests.swift"])
        XCTAssertTrue(captured.first?.description.contains("Property failed at case") == true, "\(captured)")
        XCTAssertTrue(captured.first?.description.contains("shrunk:   10 (returned false") == true, "\(captured)")
        XCTAssertTrue(captured.first?.description.contains("replay:   TALLY_PROPERTY_SEED=3 swift test\n") == true || captured.first?.description.hasSuffix("replay:   TALLY_PROPERTY_SEED=3 swift test") == true, "no test is known: no filter: \(captured)")
    }

    /// A filter with a single quote (a raw identifier such as `` `it's` ``) stays one shell word.
    func testTheReplayFilterIsQuotedForTheShell() throws {
        let command = Property.replayCommand(seed: 1, filter: #"^M\.`it's`\(\)/"#)
        XCTAssertEqual(command, #"TALLY_PROPERTY_SEED=1 swift test --filter '^M\.`it'\''s`\(\)/'"#)
        // What the shell hands `swift test`: the filter as it was.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "printf '%s' " + command.components(separatedBy: "--filter ")[1]]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        shell.waitUntilExit()
        XCTAssertEqual(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), #"^M\.`it's`\(\)/"#)
    }
}
#endif
