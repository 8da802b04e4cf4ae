import TallyDecimal

/// What the ledger is told: the app's server created an order, the store's transaction observer
/// reported a transaction, or the server answered a receipt upload.
///
/// In JSON (journals and `tally purchases replay` logs), one object with one key:
///
/// ```json
/// {"order": {"id": "A-1", "product": {"identifier": "coins.100", "price": {"amount": "6.00", "currency": "CNY"}, "displayName": "100 coins"}, "createdAt": "2026-11-30T10:00:00Z"}}
/// {"transaction": {"id": "1000000001", "product": "coins.100", "order": "A-1", "date": "2026-11-30T10:00:05Z", "state": "purchased", "receipt": "MIIT…"}}
/// {"receiptAccepted": {"transaction": "1000000001"}}
/// {"receiptRejected": {"transaction": "1000000001", "reason": "21003"}}
/// {"uploadFailed": {"transaction": "1000000001", "reason": "timed out"}}
/// ```
public enum PurchaseEvent: Hashable, Sendable {
    /// The server created an order (before the payment is added to the queue).
    case orderCreated(Order)
    /// The transaction observer reported a transaction (`paymentQueue(_:updatedTransactions:)`),
    /// including the unfinished ones the store delivers again at launch.
    case transactionUpdated(Transaction)
    /// The server verified the receipt and credited the order.
    case receiptAccepted(transactionID: String)
    /// The server refused the receipt for good (forged, or for another app; never merely because
    /// it has seen the receipt before: see Guides/Purchases.md).
    case receiptRejected(transactionID: String, reason: String)
    /// The upload did not get an answer (network, server error): try again later.
    case uploadFailed(transactionID: String, reason: String)

    /// The transaction the event is about, if any.
    public var transactionID: String? {
        switch self {
        case .orderCreated: nil
        case .transactionUpdated(let transaction): transaction.identifier
        case .receiptAccepted(let id), .receiptRejected(let id, _), .uploadFailed(let id, _): id
        }
    }
}

extension PurchaseEvent {
    /// Whether one of the event's texts (ids, product identifier and name, receipt, reasons, a
    /// custom currency's code) has more than 30 combining marks in a row, which Swift compares
    /// and hashes in time quadratic in the run (see `JournaledLedger.handle(_:)`).
    var hasUnsafeText: Bool {
        func unsafe(_ text: String?) -> Bool { !isStreamSafe(text) }
        switch self {
        case .orderCreated(let order):
            return unsafe(order.id) || unsafe(order.product.identifier) || unsafe(order.product.displayName)
                || unsafe(order.product.price.currency.code) || unsafe(order.product.price.currency.name)
        case .transactionUpdated(let t):
            if case .failed(.error(let message)) = t.state, unsafe(message) { return true }
            return unsafe(t.identifier) || unsafe(t.productIdentifier) || unsafe(t.orderID) || unsafe(t.receipt) || unsafe(t.originalIdentifier)
        case .receiptAccepted(let id): return unsafe(id)
        case .receiptRejected(let id, let reason), .uploadFailed(let id, let reason): return unsafe(id) || unsafe(reason)
        }
    }
}

extension PurchaseEvent: Codable {
    private enum Keys: String, CodingKey, CaseIterable {
        case order, transaction, receiptAccepted, receiptRejected, uploadFailed
    }

    private enum AnswerKeys: String, CodingKey { case transaction, reason }

    /// Decodes one of the single-key objects shown on the type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let present = Keys.allCases.filter { container.contains($0) }
        guard present.count == 1, let key = present.first else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "an event is an object with exactly one of the keys order, transaction, receiptAccepted, receiptRejected, uploadFailed"
                    + (present.isEmpty ? "" : "; found \(present.map(\.rawValue).joined(separator: ", "))")))
        }
        switch key {
        case .order: self = .orderCreated(try container.decode(Order.self, forKey: key))
        case .transaction: self = .transactionUpdated(try container.decode(Transaction.self, forKey: key))
        case .receiptAccepted, .receiptRejected, .uploadFailed:
            let answer = try container.nestedContainer(keyedBy: AnswerKeys.self, forKey: key)
            let id = try answer.decode(String.self, forKey: .transaction)
            let reason = try answer.decodeIfPresent(String.self, forKey: .reason) ?? ""
            switch key {
            case .receiptAccepted: self = .receiptAccepted(transactionID: id)
            case .receiptRejected: self = .receiptRejected(transactionID: id, reason: reason)
            default: self = .uploadFailed(transactionID: id, reason: reason)
            }
        }
    }

    /// Encodes the single-key object shown on the type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .orderCreated(let order): try container.encode(order, forKey: .order)
        case .transactionUpdated(let transaction): try container.encode(transaction, forKey: .transaction)
        case .receiptAccepted(let id):
            var answer = container.nestedContainer(keyedBy: AnswerKeys.self, forKey: .receiptAccepted)
            try answer.encode(id, forKey: .transaction)
        case .receiptRejected(let id, let reason), .uploadFailed(let id, let reason):
            var answer = container.nestedContainer(
                keyedBy: AnswerKeys.self, forKey: { if case .receiptRejected = self { Keys.receiptRejected } else { Keys.uploadFailed } }())
            try answer.encode(id, forKey: .transaction)
            try answer.encode(reason, forKey: .reason)
        }
    }
}
