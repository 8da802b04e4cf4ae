import Foundation
import TallyBridge
import XCTest

/// `tally quote`, `verify`, `replay` and `purchases replay` on the files in Examples, compared with committed golden output
/// (status, standard output and standard error). After an intended change, regenerate with
/// `TALLY_UPDATE_GOLDEN=1 swift test --filter QuoteGoldenTests` and review the diff.
final class QuoteGoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// (golden file name, arguments after `quote`)
    static let cases: [(String, [String])] = [
        ("seed-table", ["Examples/documents/seed-checkout.json"]),
        ("seed-express-json", ["Examples/documents/seed-checkout.json", "--shipping", "expressshipping", "--format", "json"]),
        ("seed-express-applepay", ["Examples/documents/seed-checkout.json", "--shipping", "expressshipping", "--format", "applepay"]),
        ("seed-express-w3c", ["Examples/documents/seed-checkout.json", "--shipping", "expressshipping", "--format", "w3c"]),
        ("bridge-body-table", ["Examples/documents/seed-bridge-body.json"]),
        ("bridge-body-refusals", ["Examples/documents/seed-bridge-body.json", "--contact-country", "US", "--coupon", "NOPE", "--shipping", "drone"]),
        ("bridge-body-remote", ["Examples/documents/seed-bridge-body.json", "--contact-country", "CN", "--contact-region", "XZ", "--coupon", "SAVE10", "--format", "json"]),
        ("jpy-table", ["Examples/documents/jpy.json", "--coupon", "TEN"]),
        ("jpy-applepay", ["Examples/documents/jpy.json", "--format", "applepay"]),
        ("kwd-table", ["Examples/documents/kwd.json", "--payment-type", "credit"]),
        ("kwd-applepay-refused", ["Examples/documents/kwd.json", "--format", "applepay"]),
        ("us-tax-ca", ["Examples/documents/us-tax.json", "--contact-country", "US", "--contact-region", "CA", "--coupon", "TEA15", "--payment-type", "credit"]),
        ("us-tax-ny-w3c", ["Examples/documents/us-tax.json", "--contact-country", "US", "--contact-region", "NY", "--shipping", "express", "--format", "w3c"]),
        ("us-tax-ak-json", ["Examples/documents/us-tax.json", "--contact-country", "us", "--contact-region", "ak", "--format", "json"]),
        ("usage-missing-file", []),
        ("usage-bad-format", ["Examples/documents/jpy.json", "--format", "xml"]),
        ("missing-file", ["Examples/documents/does-not-exist.json"]),
        ("verify-match", ["verify", "Examples/documents/seed-checkout.json", "--shipping", "expressshipping", "--amount", "10.01"]),
        ("verify-token-mismatch", ["verify", "Examples/documents/seed-checkout.json", "--shipping", "expressshipping", "--minor-units", "1000", "--numeric-currency", "156"]),
        ("verify-wrong-currency", ["verify", "Examples/documents/seed-checkout.json", "--minor-units", "1", "--numeric-currency", "840"]),
        ("verify-usage", ["verify", "Examples/documents/seed-checkout.json", "--amount", "1", "--minor-units", "1"]),
        ("replay-json", ["replay", "Examples/documents/replay-seed.json"]),
        ("replay-applepay", ["replay", "Examples/documents/replay-seed.json", "--format", "applepay"]),
        ("replay-w3c", ["replay", "Examples/documents/replay-seed.json", "--format", "w3c"]),
        ("replay-bad-event", ["replay", "Examples/documents/replay-bad-event.json"]),
        ("purchases-seed-flow", ["purchases", "replay", "Examples/purchases/seed-flow.jsonl"]),
        ("purchases-crashed-journal", ["purchases", "replay", "Examples/purchases/crashed.journal"]),
        ("purchases-bad-line", ["purchases", "replay", "Examples/purchases/bad-line.jsonl"]),
        ("purchases-usage", ["purchases"]),
        ("purchases-missing-file", ["purchases", "replay", "Examples/purchases/nope.jsonl"]),
    ]

    /// Runs `quote` (or `verify`/`replay` when the first argument says so).
    static func run(_ arguments: [String]) -> String {
        let read: (String) throws -> String = { path in try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
        let result: QuoteCommand.Result
        switch arguments.first {
        case "verify": result = VerifyCommand.run(Array(arguments.dropFirst()), read: read)
        case "replay": result = ReplayCommand.run(Array(arguments.dropFirst()), read: read)
        case "purchases": result = PurchasesCommand.run(Array(arguments.dropFirst()), read: read)
        default: result = QuoteCommand.run(arguments, read: read)
        }
        return "status: \(result.status)\n--- stdout\n\(result.output)--- stderr\n\(result.errors)"
    }

    func testGoldenOutputs() throws {
        let update = ProcessInfo.processInfo.environment["TALLY_UPDATE_GOLDEN"] == "1"
        for (name, arguments) in Self.cases {
            let file = Self.root.appendingPathComponent("Tests/TallyBridgeTests/Golden/\(name).txt")
            let actual = Self.run(arguments)
            if update {
                try actual.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(actual, expected, "golden \(name) differs; see the message, or regenerate with TALLY_UPDATE_GOLDEN=1")
        }
    }

    /// Every example document is read without error.
    func testEveryExampleDocumentReads() throws {
        let folder = Self.root.appendingPathComponent("Examples/documents")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names, ["jpy.json", "kwd.json", "replay-bad-event.json", "replay-seed.json", "seed-bridge-body.json", "seed-checkout.json", "us-tax.json"])
        for name in names where !name.hasPrefix("replay-") {
            XCTAssertNoThrow(try CheckoutDocument.checkout(from: String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)), name)
        }
    }
}
