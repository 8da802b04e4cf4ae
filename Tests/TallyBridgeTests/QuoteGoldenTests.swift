import Foundation
import TallyBridge
import XCTest

/// `tally quote` on the documents in Examples/documents, compared with committed golden output
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
    ]

    static func run(_ arguments: [String]) -> String {
        let result = QuoteCommand.run(arguments) { path in
            try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
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
        XCTAssertEqual(names, ["jpy.json", "kwd.json", "seed-bridge-body.json", "seed-checkout.json", "us-tax.json"])
        for name in names {
            XCTAssertNoThrow(try CheckoutDocument.checkout(from: String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)), name)
        }
    }
}
