import TallyMoney

/// What the app should do next, as the ledger decides it. An event may call for several actions
/// (credit, then finish) or none.
public enum PurchaseAction: Hashable, Sendable {
    /// Send the receipt to the server now, and report its answer back to the ledger
    /// (`receiptAccepted`, `receiptRejected` or `uploadFailed`).
    case uploadReceipt(ReceiptUpload)
    /// The upload failed: send it again after the delay (which grows with each failure).
    case retryUpload(ReceiptUpload, after: Duration)
    /// Call `SKPaymentQueue.finishTransaction` for this transaction. The ledger asks for it only
    /// when nothing about the transaction is left to do: its receipt was accepted (and credited)
    /// or rejected, or the payment failed.
    case finishTransaction(transactionID: String)
    /// Deliver what was bought. Issued exactly once per purchase, whatever is replayed; the
    /// ledger's `credits` are the record of it.
    case credit(Credit)
    /// Tell the user something they need to know.
    case askUser(UserPrompt)
    /// Something a person should look at (support, logs); the ledger keeps the money safe
    /// meanwhile.
    case report(PurchaseReport)
}

/// A receipt to send to the server for an order.
public struct ReceiptUpload: Hashable, Sendable {
    /// The transaction whose receipt this is.
    public var transactionID: String
    /// The order it pays for.
    public var orderID: String
    /// The receipt, base64 text.
    public var receipt: String
    /// 1 for the first attempt, 2 for the first retry, …
    public var attempt: Int

    /// An upload request.
    public init(transactionID: String, orderID: String, receipt: String, attempt: Int) {
        self.transactionID = transactionID
        self.orderID = orderID
        self.receipt = receipt
        self.attempt = attempt
    }
}

/// A purchase the server accepted and the app credits: once per `key`.
public struct Credit: Hashable, Sendable {
    /// The purchase's identity: the original transaction's identifier (a restore shares it).
    public var key: String
    /// The transaction whose receipt was accepted.
    public var transactionID: String
    /// The order paid for.
    public var orderID: String
    /// The product bought.
    public var productIdentifier: String
    /// Units bought.
    public var quantity: Int
    /// The order's expected amount, exact.
    public var amount: Money

    /// A credit.
    public init(key: String, transactionID: String, orderID: String, productIdentifier: String, quantity: Int, amount: Money) {
        self.key = key
        self.transactionID = transactionID
        self.orderID = orderID
        self.productIdentifier = productIdentifier
        self.quantity = quantity
        self.amount = amount
    }
}

/// What to tell the user.
public enum UserPrompt: Hashable, Sendable {
    /// An Ask to Buy purchase waits for approval: the app should say so and not treat it as
    /// failed or finished.
    case awaitingApproval(productIdentifier: String)
    /// The payment failed with the store's message.
    case paymentFailed(productIdentifier: String, message: String)
}

/// What the ledger reports for a person to look at.
public enum PurchaseReport: Hashable, Sendable {
    /// A purchase with no order id and no open order of its product created shortly before it.
    /// It is kept, unfinished, until an order for it is registered.
    case unmatchedTransaction(transactionID: String, productIdentifier: String)
    /// A purchase without an order id was matched to an open order by product and time.
    case matchedByProductAndTime(transactionID: String, orderID: String)
    /// A purchase names an order the ledger does not know; kept until the order is registered.
    case unknownOrder(transactionID: String, orderID: String)
    /// A purchase names an order for another product or quantity; kept, unfinished.
    case orderMismatch(transactionID: String, orderID: String, reason: String)
    /// A purchase came without a receipt; kept, unfinished (refresh the receipt and deliver it
    /// again).
    case missingReceipt(transactionID: String)
    /// The server rejected the receipt; the transaction is finished, nothing is credited.
    case receiptRejected(transactionID: String, orderID: String, reason: String)
    /// A transaction names an order that another transaction (matched to it by product and time)
    /// already pays. Both go to the server; a person should reconcile them.
    case orderAlreadyPaid(transactionID: String, orderID: String, paidBy: String)
    /// An order id was registered twice with different contents; the first is kept.
    case conflictingOrder(orderID: String)
    /// A server answer for a transaction that was not waiting for one; ignored.
    case unexpectedAnswer(transactionID: String, answer: String)
}
