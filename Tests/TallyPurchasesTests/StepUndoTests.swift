import XCTest
@testable import TallyPurchases

/// A `JournaledLedger` step is applied in place and taken back when its entry cannot be written
/// (it used to be tried on a copy of the ledger, which made every step O(transactions)). Against
/// that old definition, on every cell of the transition table: a step that is written leaves the
/// ledger the plain ledger's step leaves, with the same actions; a step that is not leaves it as it
/// was (what it remembers, the uploads in flight, the journal events), but for the upload a lost
/// server answer was about.
final class StepUndoTests: XCTestCase {
    func testAStepIsKeptOrTakenBackExactly() throws {
        for (setupName, setup, restarts) in LedgerTransitionTests.setups {
            for (eventName, event) in LedgerTransitionTests.events {
                for fails in [false, true] {
                    let storage = MemoryJournalStorage()
                    var journaled = JournaledLedger(journal: try PurchaseJournal(storage: storage))
                    for step in setup { _ = try journaled.handle(step) }
                    if restarts { journaled = JournaledLedger(journal: try PurchaseJournal(storage: storage)) }
                    let before = journaled.ledger
                    var plain = before
                    let plainActions = plain.handle(event)
                    let cell = "\(setupName) × \(eventName), \(fails ? "failing" : "written")"
                    storage.failOnNextAppend = fails ? 0 : nil
                    do {
                        let actions = try journaled.handle(event)
                        XCTAssertEqual(actions, plainActions, cell)
                        XCTAssertEqual(journaled.ledger.state, plain.state, cell)
                        XCTAssertEqual(journaled.ledger.uploadsInFlight, plain.uploadsInFlight, cell)
                        if fails { XCTAssertEqual(plain.state, before.state, "\(cell): only a step that changes nothing is not written") }
                    } catch {
                        XCTAssertTrue(fails, "\(cell): \(error)")
                        XCTAssertNotEqual(plain.state, before.state, cell)
                        XCTAssertEqual(journaled.ledger.state, before.state, cell)
                        XCTAssertEqual(journaled.ledger.journalEvents, before.journalEvents, cell)
                        var inFlight = before.uploadsInFlight
                        switch event {
                        case .receiptAccepted(let id), .receiptRejected(let id, _), .uploadFailed(let id, _): inFlight.remove(id)
                        case .orderCreated, .transactionUpdated: break
                        }
                        XCTAssertEqual(journaled.ledger.uploadsInFlight, inFlight, cell)
                        XCTAssertNil(journaled.ledger.undo, cell)
                    }
                    XCTAssertEqual(journaled.ledger.index, RecordIndex(journaled.ledger.state.records, orders: journaled.ledger.state.orders), cell)
                    storage.failOnNextAppend = nil
                }
            }
        }
    }
}
