import TallyMoney
import TallyPurchases
import XCTest

/// Every (status, event) pair of one transaction, as a table: what the ledger does and where the
/// transaction ends up. The setups bring transaction T1 to each status; the columns are the
/// events that can arrive.
final class LedgerTransitionTests: XCTestCase {
    static let t0 = Timestamp(millisecondsSince1970: 1_796_032_800_000)  // 2026-11-30T10:00:00Z
    static let coins = Product(identifier: "coins.100", price: Money("6.00", .cny), displayName: "100 coins")
    static let o1 = try! Order(id: "O1", product: coins, createdAt: t0)
    static let o2 = try! Order(id: "O2", product: coins, createdAt: t0.advanced(by: .seconds(1)))

    static func t1(_ state: TransactionState, order: String? = "O1", receipt: String? = nil) -> PurchaseEvent {
        .transactionUpdated(Transaction(
            identifier: "T1", productIdentifier: "coins.100", orderID: order,
            date: t0.advanced(by: .seconds(5)), state: state, receipt: receipt))
    }

    static let events: [(String, PurchaseEvent)] = [
        ("purchasing", t1(.purchasing)),
        ("deferred", t1(.deferred)),
        ("purchased", t1(.purchased, receipt: "R1")),
        ("restored", t1(.restored, receipt: "R1")),
        ("cancelled", t1(.failed(.cancelled))),
        ("error", t1(.failed(.error("declined")))),
        ("accepted", .receiptAccepted(transactionID: "T1")),
        ("rejected", .receiptRejected(transactionID: "T1", reason: "21003")),
        ("uploadFailed", .uploadFailed(transactionID: "T1", reason: "timed out")),
        ("order", .orderCreated(o2)),
    ]

    /// The setups: the events that bring T1 to a status, and whether the ledger then restarts
    /// (replayed: no upload in flight).
    static let setups: [(String, [PurchaseEvent], Bool)] = [
        ("new", [.orderCreated(o1)], false),
        ("purchasing", [.orderCreated(o1), t1(.purchasing)], false),
        ("deferred", [.orderCreated(o1), t1(.purchasing), t1(.deferred)], false),
        ("unmatched", [t1(.purchased, order: nil, receipt: "R1")], false),
        ("noReceipt", [.orderCreated(o1), t1(.purchased)], false),
        ("uploading", [.orderCreated(o1), t1(.purchased, receipt: "R1")], false),
        ("restarted", [.orderCreated(o1), t1(.purchased, receipt: "R1")], true),
        ("accepted", [.orderCreated(o1), t1(.purchased, receipt: "R1"), .receiptAccepted(transactionID: "T1")], false),
        ("rejected", [.orderCreated(o1), t1(.purchased, receipt: "R1"), .receiptRejected(transactionID: "T1", reason: "21003")], false),
        ("failed", [.orderCreated(o1), t1(.failed(.cancelled))], false),
    ]

    // Actions, then "→" and T1's status afterwards. One row per setup, one cell per event, in the
    // order of `events`.
    static let expected: [String: [String]] = [
        "new": [
            "→ purchasing", "ask(approval coins.100) → deferred", "upload(T1 O1 #1) → awaiting(O1, 0)",
            "upload(T1 O1 #1) → awaiting(O1, 0)", "finish(T1) → failed(cancelled)",
            "finish(T1) ask(failed coins.100: declined) → failed(declined)",
            "report(unexpected receiptAccepted) → none", "report(unexpected receiptRejected) → none",
            "report(unexpected uploadFailed) → none", "→ none",
        ],
        "purchasing": [
            "→ purchasing", "ask(approval coins.100) → deferred", "upload(T1 O1 #1) → awaiting(O1, 0)",
            "upload(T1 O1 #1) → awaiting(O1, 0)", "finish(T1) → failed(cancelled)",
            "finish(T1) ask(failed coins.100: declined) → failed(declined)",
            "report(unexpected receiptAccepted) → purchasing", "report(unexpected receiptRejected) → purchasing",
            "report(unexpected uploadFailed) → purchasing", "→ purchasing",
        ],
        "deferred": [
            "→ deferred", "→ deferred", "upload(T1 O1 #1) → awaiting(O1, 0)", "upload(T1 O1 #1) → awaiting(O1, 0)",
            "finish(T1) → failed(cancelled)", "finish(T1) ask(failed coins.100: declined) → failed(declined)",
            "report(unexpected receiptAccepted) → deferred", "report(unexpected receiptRejected) → deferred",
            "report(unexpected uploadFailed) → deferred", "→ deferred",
        ],
        "unmatched": [
            "→ held(unmatched)", "→ held(unmatched)", "report(unknownOrder O1) → held(unknownOrder O1)",
            "report(unknownOrder O1) → held(unknownOrder O1)", "→ held(unmatched)", "→ held(unmatched)",
            "report(unexpected receiptAccepted) → held(unmatched)", "report(unexpected receiptRejected) → held(unmatched)",
            "report(unexpected uploadFailed) → held(unmatched)",
            "report(matched T1 O2) upload(T1 O2 #1) → awaiting(O2, 0)",
        ],
        "noReceipt": [
            "→ held(noReceipt)", "→ held(noReceipt)", "upload(T1 O1 #1) → awaiting(O1, 0)",
            "upload(T1 O1 #1) → awaiting(O1, 0)", "→ held(noReceipt)", "→ held(noReceipt)",
            "report(unexpected receiptAccepted) → held(noReceipt)", "report(unexpected receiptRejected) → held(noReceipt)",
            "report(unexpected uploadFailed) → held(noReceipt)", "→ held(noReceipt)",
        ],
        "uploading": [
            "→ awaiting(O1, 0)", "→ awaiting(O1, 0)", "→ awaiting(O1, 0)", "→ awaiting(O1, 0)",
            "→ awaiting(O1, 0)", "→ awaiting(O1, 0)", "credit(T1 6.00 CNY) finish(T1) → accepted(O1)",
            "finish(T1) report(rejected T1 O1: 21003) → rejected(O1: 21003)",
            "retry(T1 O1 #2 after 2.0 seconds) → awaiting(O1, 1)", "→ awaiting(O1, 0)",
        ],
        "restarted": [
            "→ awaiting(O1, 0)", "→ awaiting(O1, 0)", "upload(T1 O1 #1) → awaiting(O1, 0)",
            "upload(T1 O1 #1) → awaiting(O1, 0)", "→ awaiting(O1, 0)", "→ awaiting(O1, 0)",
            "credit(T1 6.00 CNY) finish(T1) → accepted(O1)",
            "finish(T1) report(rejected T1 O1: 21003) → rejected(O1: 21003)",
            "retry(T1 O1 #2 after 2.0 seconds) → awaiting(O1, 1)", "→ awaiting(O1, 0)",
        ],
        "accepted": [
            "→ accepted(O1)", "→ accepted(O1)", "finish(T1) → accepted(O1)", "finish(T1) → accepted(O1)",
            "→ accepted(O1)", "→ accepted(O1)", "→ accepted(O1)",
            "report(unexpected receiptRejected) → accepted(O1)", "report(unexpected uploadFailed) → accepted(O1)",
            "→ accepted(O1)",
        ],
        "rejected": [
            "→ rejected(O1: 21003)", "→ rejected(O1: 21003)", "finish(T1) → rejected(O1: 21003)",
            "finish(T1) → rejected(O1: 21003)", "→ rejected(O1: 21003)", "→ rejected(O1: 21003)",
            "report(unexpected receiptAccepted) → rejected(O1: 21003)", "→ rejected(O1: 21003)",
            "report(unexpected uploadFailed) → rejected(O1: 21003)", "→ rejected(O1: 21003)",
        ],
        "failed": [
            "→ failed(cancelled)", "→ failed(cancelled)", "→ failed(cancelled)", "→ failed(cancelled)",
            "finish(T1) → failed(cancelled)", "finish(T1) → failed(cancelled)",
            "report(unexpected receiptAccepted) → failed(cancelled)", "report(unexpected receiptRejected) → failed(cancelled)",
            "report(unexpected uploadFailed) → failed(cancelled)", "→ failed(cancelled)",
        ],
    ]

    func testEveryStatusTakesEveryEvent() {
        var cells = 0
        for (setupName, setup, restarts) in Self.setups {
            guard let row = Self.expected[setupName], row.count == Self.events.count else {
                XCTFail("no full row for \(setupName)")
                continue
            }
            for ((eventName, event), expectation) in zip(Self.events, row) {
                var ledger = PurchaseLedger()
                for step in setup { ledger.handle(step) }
                if restarts { ledger = PurchaseLedger.replaying(setup) }
                let actions = ledger.handle(event)
                let cell = (actions.map(Self.describe) + ["→ " + Self.describe(ledger.status(of: "T1"))]).joined(separator: " ")
                XCTAssertEqual(cell, expectation, "\(setupName) + \(eventName)")
                cells += 1
            }
        }
        XCTAssertEqual(cells, 100)
    }


    static func describe(_ action: PurchaseAction) -> String {
        switch action {
        case .uploadReceipt(let u): "upload(\(u.transactionID) \(u.orderID) #\(u.attempt))"
        case .retryUpload(let u, let delay): "retry(\(u.transactionID) \(u.orderID) #\(u.attempt) after \(delay))"
        case .finishTransaction(let id): "finish(\(id))"
        case .credit(let c): "credit(\(c.transactionID) \(c.amount))"
        case .askUser(.awaitingApproval(let product)): "ask(approval \(product))"
        case .askUser(.paymentFailed(let product, let message)): "ask(failed \(product): \(message))"
        case .report(.unexpectedAnswer(_, let answer)): "report(unexpected \(answer))"
        case .report(.unknownOrder(_, let order)): "report(unknownOrder \(order))"
        case .report(.matchedByProductAndTime(let id, let order)): "report(matched \(id) \(order))"
        case .report(.receiptRejected(let id, let order, let reason)): "report(rejected \(id) \(order): \(reason))"
        case .report(let other): "report(\(other))"
        }
    }

    static func describe(_ status: PurchaseStatus?) -> String {
        switch status {
        case nil: "none"
        case .purchasing?: "purchasing"
        case .deferred?: "deferred"
        case .held(.unmatchedTransaction)?: "held(unmatched)"
        case .held(.unknownOrder(_, let order))?: "held(unknownOrder \(order))"
        case .held(.missingReceipt)?: "held(noReceipt)"
        case .held(let report)?: "held(\(report))"
        case .awaitingServer(let order, let failures)?: "awaiting(\(order), \(failures))"
        case .accepted(let order)?: "accepted(\(order ?? "-"))"
        case .rejected(let order, let reason)?: "rejected(\(order): \(reason))"
        case .failed(.cancelled)?: "failed(cancelled)"
        case .failed(.error(let message))?: "failed(\(message))"
        }
    }
}
