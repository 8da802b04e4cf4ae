import Foundation
import TallyBridge
import XCTest

/// The command lines and outputs that Guides/CLI.md, Guides/Bridge.md and README.md show, run again and
/// compared with what the commands print now, so that an edit of the code or of a page cannot
/// leave a page showing output the code no longer prints:
/// - a block of `$ swift run tally …` lines, each followed by its output (standard output, then
///   standard error) and optionally `$ echo $?` with the exit status;
/// - a block right after a line that names a command in backticks and ends with `:` or `):`
///   (`… of \`tally replay FILE --format applepay\`:`): the command's output, or its first lines
///   when the line says "The first lines".
final class CommandGuideTests: XCTestCase {
    struct Shown {
        let page: String
        let line: Int
        let command: [String]
        let output: [String]
        let status: Int32?
        let prefixOnly: Bool
    }

    static func result(_ command: [String]) -> QuoteCommand.Result {
        let read: (String) throws -> String = { path in
            try String(contentsOf: QuoteGoldenTests.root.appendingPathComponent(path), encoding: .utf8)
        }
        let arguments = Array(command.dropFirst())
        switch command.first {
        case "verify": return VerifyCommand.run(arguments, read: read)
        case "replay": return ReplayCommand.run(arguments, read: read)
        case "purchases": return PurchasesCommand.run(arguments, read: read)
        default: return QuoteCommand.run(arguments, read: read)
        }
    }

    /// The command words after `tally` (the pages quote no argument with spaces).
    static func words(_ text: Substring) -> [String] { text.split(separator: " ").map(String.init) }

    /// Every command and output a page shows, in the two forms above.
    static func shown(in page: String) throws -> [Shown] {
        let lines = try String(contentsOf: QuoteGoldenTests.root.appendingPathComponent(page), encoding: .utf8)
            .components(separatedBy: "\n")
        var found: [Shown] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else {
                index += 1
                continue
            }
            let opening = index
            var body: [String] = []
            index += 1
            while index < lines.count && !lines[index].hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            index += 1
            if body.first?.hasPrefix("$ swift run tally ") == true {
                var at = 0
                while at < body.count {
                    let command = words(body[at].dropFirst("$ swift run tally ".count))
                    var output: [String] = []
                    at += 1
                    while at < body.count && !body[at].hasPrefix("$ ") {
                        output.append(body[at])
                        at += 1
                    }
                    var status: Int32?
                    if at < body.count && body[at] == "$ echo $?" && at + 1 < body.count {
                        status = Int32(body[at + 1])
                        at += 2
                    }
                    found.append(Shown(page: page, line: opening + 1, command: command, output: output, status: status, prefixOnly: false))
                }
            } else if let before = lines[..<opening].lastIndex(where: { !$0.isEmpty }),
                let named = lines[before].range(of: "`tally ", options: .backwards),
                lines[before].hasSuffix("`:") || lines[before].hasSuffix("`):"),
                let end = lines[before][named.upperBound...].firstIndex(of: "`")
            {
                let command = words(lines[before][named.upperBound..<end])
                found.append(Shown(
                    page: page, line: opening + 1, command: command, output: body, status: nil,
                    prefixOnly: lines[before].contains("The first lines")))
            }
        }
        return found
    }

    func testThePagesShowWhatTheCommandsPrint() throws {
        var checked = 0
        for page in ["Guides/CLI.md", "Guides/Bridge.md", "README.md"] {
            for shown in try Self.shown(in: page) {
                let result = Self.result(shown.command)
                var printed = (result.output + result.errors).components(separatedBy: "\n")
                if printed.last == "" { printed.removeLast() }
                if shown.prefixOnly { printed = Array(printed.prefix(shown.output.count)) }
                XCTAssertEqual(
                    printed, shown.output,
                    "\(shown.page):\(shown.line): `tally \(shown.command.joined(separator: " "))` now prints:\n\(printed.joined(separator: "\n"))")
                if let status = shown.status { XCTAssertEqual(result.status, status, "\(shown.page):\(shown.line): exit status") }
                checked += 1
            }
        }
        // CLI.md: two quotes, two verifies, the replay's first lines, one purchases replay;
        // Bridge.md: the W3C example; README.md: a quote and a purchases replay. A page edit that
        // hides a block from this test fails here.
        XCTAssertEqual(checked, 9)
    }
}
