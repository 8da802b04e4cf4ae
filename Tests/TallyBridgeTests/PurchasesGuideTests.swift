import Foundation
import TallyBridge
import TallyPurchases
import XCTest

/// Guides/Purchases.md and the README show the output of `tally purchases replay` and a journal;
/// each block sits between `<!-- pinned: NAME -->` and `<!-- /pinned -->` and is compared here
/// with what the code prints now.
final class PurchasesGuideTests: XCTestCase {
    static let root = QuoteGoldenTests.root

    static func block(_ text: String) -> String { "```text\n" + text + "```\n" }

    static func replay(_ path: String) -> String {
        let result = PurchasesCommand.run(["replay", path]) { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
        return result.output + result.errors
    }

    /// The journal the seed flow's first nine events write (an order matched by product and time
    /// included), as the guide shows it.
    static func journal() throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent("Examples/purchases/seed-flow.jsonl"), encoding: .utf8)
        let storage = MemoryJournalStorage()
        let ledger = JournaledLedger(journal: try PurchaseJournal(storage: storage))
        for event in try PurchaseLog.events(fromJSONLines: text).prefix(9) { _ = try ledger.handle(event) }
        return String(decoding: storage.bytes, as: UTF8.self)
    }

    static func expected() throws -> [String: String] {
        [
            "purchases-seed-flow": "```sh\n$ swift run tally purchases replay Examples/purchases/seed-flow.jsonl\n" + replay("Examples/purchases/seed-flow.jsonl") + "```\n",
            "purchases-crashed-journal": block(replay("Examples/purchases/crashed.journal")),
            "purchases-journal": "```json\n" + (try journal()) + "```\n",
            "readme-purchases": "```text\n$ swift run tally purchases replay Examples/purchases/crashed.journal\n"
                + replay("Examples/purchases/crashed.journal") + "```\n",
        ]
    }

    /// After an intended change, `TALLY_UPDATE_GOLDEN=1 swift test --filter PurchasesGuideTests`
    /// rewrites the blocks in the pages; review the diff.
    func testThePagesShowWhatTheCodeDoes() throws {
        let expected = try Self.expected()
        var shown: [String: String] = [:]
        for page in ["Guides/Purchases.md", "README.md"] {
            let url = Self.root.appendingPathComponent(page)
            var text = try String(contentsOf: url, encoding: .utf8)
            if ProcessInfo.processInfo.environment["TALLY_UPDATE_GOLDEN"] == "1" {
                for (name, block) in expected {
                    guard let open = text.range(of: "<!-- pinned: \(name) -->\n"),
                          let close = text[open.upperBound...].range(of: "<!-- /pinned -->") else { continue }
                    text.replaceSubrange(open.upperBound..<close.lowerBound, with: "\n" + block + "\n")
                }
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            for (name, block) in Self.regions(of: text) where name.contains("purchases") { shown[name] = block }
        }
        XCTAssertEqual(Set(shown.keys), Set(expected.keys))
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(shown[name]?.trimmingCharacters(in: .newlines), text.trimmingCharacters(in: .newlines),
                           "block \(name) is out of date; the code now prints:\n\(text)")
        }
    }

    /// The `<!-- pinned: NAME -->` regions of a page, by name.
    static func regions(of page: String) -> [String: String] {
        var found: [String: String] = [:]
        var rest = page[...]
        while let open = rest.range(of: "<!-- pinned: ") {
            guard let nameEnd = rest[open.upperBound...].range(of: " -->\n"),
                  let close = rest[nameEnd.upperBound...].range(of: "<!-- /pinned -->") else { break }
            found[String(rest[open.upperBound..<nameEnd.lowerBound])] = String(rest[nameEnd.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
        }
        return found
    }
}

/// `tally purchases replay` on a compacted journal starts from its snapshot.
final class PurchasesCompactedReplayTests: XCTestCase {
    func testACompactedJournalReplaysFromItsSnapshot() throws {
        let text = try String(contentsOf: QuoteGoldenTests.root.appendingPathComponent("Examples/purchases/seed-flow.jsonl"), encoding: .utf8)
        let storage = MemoryJournalStorage()
        let ledger = JournaledLedger(journal: try PurchaseJournal(storage: storage))
        for event in try PurchaseLog.events(fromJSONLines: text) { _ = try ledger.handle(event) }
        try ledger.compact()
        _ = try ledger.handle(.receiptAccepted(transactionID: "1000000003"))
        let journal = String(decoding: storage.bytes, as: UTF8.self)
        let result = PurchasesCommand.run(["replay", "compacted.journal"]) { _ in journal }
        XCTAssertEqual(result.status, 0, result.errors)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "A journal of 1 event after a snapshot of 5 orders, 6 transactions and 2 credits.")
        XCTAssertTrue(lines.contains("   → credit order A-1003: 1 × coins.100 = 6.00 CNY (purchase 1000000003)"), result.output)
        XCTAssertTrue(lines.contains("Credited: 72.00 CNY (3 purchases)"), result.output)
        XCTAssertTrue(lines.contains("At the next launch: nothing to resume"), result.output)
    }
}
