// One-line English descriptions for logs and for `tally purchases replay`.

extension PurchaseEvent: CustomStringConvertible {
    /// `order A-1: 2 × coins.100 = 12.00 CNY at 2026-11-30T10:00:00.000Z`,
    /// `transaction 1000000001 purchased: coins.100 for order A-1`, `receipt of 1000000001 accepted`, …
    public var description: String {
        switch self {
        case .orderCreated(let order):
            "order \(order.id): \(order.quantity) × \(order.product.identifier) = \(order.expectedAmount) at \(order.createdAt)"
        case .transactionUpdated(let t):
            "transaction \(t.identifier) \(t.state.name): "
                + (t.quantity == 1 ? "" : "\(t.quantity) × ") + t.productIdentifier
                + (t.orderID.map { " for order \($0)" } ?? " (no order id)")
                + (t.state == .restored ? t.originalIdentifier.map { ", restoring \($0)" } ?? "" : "")
                + { if case .failed(let failure) = t.state { failure == .cancelled ? ", cancelled" : ", error" } else { "" } }()
        case .receiptAccepted(let id): "receipt of \(id) accepted"
        case .receiptRejected(let id, let reason): "receipt of \(id) rejected: \(reason)"
        case .uploadFailed(let id, let reason): "upload of \(id) failed: \(reason)"
        }
    }
}

extension PurchaseAction: CustomStringConvertible {
    /// `upload the receipt of 1000000001 for order A-1 (attempt 1)`, `finish 1000000001`, …
    public var description: String {
        switch self {
        case .uploadReceipt(let upload):
            "upload the receipt of \(upload.transactionID) for order \(upload.orderID) (attempt \(upload.attempt))"
        case .retryUpload(let upload, let delay):
            "retry the upload of \(upload.transactionID) for order \(upload.orderID) in \(Self.seconds(delay)) (attempt \(upload.attempt))"
        case .finishTransaction(let id):
            "finish \(id)"
        case .credit(let credit):
            "credit order \(credit.orderID): \(credit.quantity) × \(credit.productIdentifier) = \(credit.amount) (purchase \(credit.key))"
        case .askUser(.awaitingApproval(let product)):
            "tell the user \(product) is waiting for approval"
        case .askUser(.paymentFailed(let product, let message)):
            "tell the user the payment for \(product) failed: \(message)"
        case .report(let report):
            "report: \(report)"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        // `components` traps when the seconds do not fit `Int64`, and a policy's maximum retry
        // delay may be that long (a review: `maximumRetryDelay: .seconds(1e20)` stopped the
        // process when an action was printed). Retry delays are never negative.
        if duration >= .seconds(Int64.max) { return "at least \(Int64.max) s" }
        if duration <= .seconds(Int64.min) { return "at most \(Int64.min) s" }
        let (seconds, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        return milliseconds == 0 ? "\(seconds) s" : "\(seconds).\(String(milliseconds + 1000).dropFirst()) s"
    }
}

extension PurchaseReport: CustomStringConvertible {
    /// What happened, naming the transaction and order.
    public var description: String {
        switch self {
        case .unmatchedTransaction(let id, let product):
            "\(id) has no order id and no open order of \(product) was matched to it; kept unfinished"
        case .matchedByProductAndTime(let id, let order):
            "\(id) had no order id; matched to order \(order) by product and time"
        case .unknownOrder(let id, let order):
            "\(id) names order \(order), which is not registered; kept unfinished"
        case .orderMismatch(let id, let order, let reason):
            "\(id) does not fit order \(order): \(reason); kept unfinished"
        case .missingReceipt(let id):
            "\(id) came without a receipt; kept unfinished"
        case .receiptRejected(let id, let order, let reason):
            "the receipt of \(id) for order \(order) was rejected (\(reason)); finished, nothing credited"
        case .orderAlreadyPaid(let id, let order, let other):
            "\(id) names order \(order), which \(other) already pays; both go to the server, reconcile them"
        case .conflictingOrder(let order):
            "order \(order) was registered again with other contents; the first is kept"
        case .unexpectedAnswer(let id, let answer):
            "\(answer) for \(id), which was not waiting for an answer; ignored"
        }
    }
}

extension PurchaseStatus: CustomStringConvertible {
    /// `awaiting the server (order A-1, 2 failed uploads)`, `credited (order A-1)`, …
    public var description: String {
        switch self {
        case .purchasing: "purchasing"
        case .deferred: "deferred (waiting for approval)"
        case .held(let report): "kept: \(report)"
        case .awaitingServer(let order, let failures):
            "awaiting the server (order \(order)" + (failures == 0 ? ")" : ", \(failures) failed upload\(failures == 1 ? "" : "s"))")
        case .accepted(let order?): "credited (order \(order))"
        case .accepted(nil): "finished (credited before)"
        case .rejected(let order, let reason): "rejected (order \(order): \(reason))"
        case .failed(.cancelled): "cancelled"
        case .failed(.error(let message)): "failed: \(message)"
        }
    }
}
