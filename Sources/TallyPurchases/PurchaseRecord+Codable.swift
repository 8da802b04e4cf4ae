import TallyMoney

// JSON for what the ledger remembers: the records, their statuses and reports, and the credits.
// `PurchaseJournal` writes them in a compacted journal's snapshot; apps may send them to a server.

extension PurchaseRecord: Codable {
    private enum CodingKeys: String, CodingKey { case transaction, status }

    /// Decodes `{"transaction": {…}, "status": {…}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(transaction: try container.decode(Transaction.self, forKey: .transaction),
                  status: try container.decode(PurchaseStatus.self, forKey: .status))
    }

    /// Encodes `{"transaction": {…}, "status": {…}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(transaction, forKey: .transaction)
        try container.encode(status, forKey: .status)
    }
}

extension PurchaseStatus: Codable {
    private enum CodingKeys: String, CodingKey { case state, order, failures, reason, report, cancelled, error }

    /// Decodes `{"state": "purchasing" | "deferred" | "held" | "awaitingServer" | "accepted" |
    /// "rejected" | "failed", …}` with the fields of the state (`order`, `failures`, `reason`,
    /// `report`, `cancelled`, `error`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let state = try container.decode(String.self, forKey: .state)
        switch state {
        case "purchasing": self = .purchasing
        case "deferred": self = .deferred
        case "held": self = .held(try container.decode(PurchaseReport.self, forKey: .report))
        case "awaitingServer":
            let failures = try container.decode(Int.self, forKey: .failures)
            guard (0...1_000_000_000).contains(failures) else {
                throw DecodingError.dataCorruptedError(forKey: .failures, in: container, debugDescription: "failures \(failures) is not 0…1000000000")
            }
            self = .awaitingServer(orderID: try container.decode(String.self, forKey: .order), failures: failures)
        case "accepted": self = .accepted(orderID: try container.decodeIfPresent(String.self, forKey: .order))
        case "rejected":
            self = .rejected(orderID: try container.decode(String.self, forKey: .order),
                             reason: try container.decode(String.self, forKey: .reason))
        case "failed":
            self = try container.decodeIfPresent(Bool.self, forKey: .cancelled) == true
                ? .failed(.cancelled) : .failed(.error(try container.decode(String.self, forKey: .error)))
        default:
            throw DecodingError.dataCorruptedError(forKey: .state, in: container, debugDescription: "unknown status \(String(reflecting: state))")
        }
    }

    /// Encodes the state's name and its fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .purchasing: try container.encode("purchasing", forKey: .state)
        case .deferred: try container.encode("deferred", forKey: .state)
        case .held(let report):
            try container.encode("held", forKey: .state)
            try container.encode(report, forKey: .report)
        case .awaitingServer(let order, let failures):
            try container.encode("awaitingServer", forKey: .state)
            try container.encode(order, forKey: .order)
            try container.encode(failures, forKey: .failures)
        case .accepted(let order):
            try container.encode("accepted", forKey: .state)
            try container.encodeIfPresent(order, forKey: .order)
        case .rejected(let order, let reason):
            try container.encode("rejected", forKey: .state)
            try container.encode(order, forKey: .order)
            try container.encode(reason, forKey: .reason)
        case .failed(.cancelled):
            try container.encode("failed", forKey: .state)
            try container.encode(true, forKey: .cancelled)
        case .failed(.error(let message)):
            try container.encode("failed", forKey: .state)
            try container.encode(message, forKey: .error)
        }
    }
}

extension PurchaseReport: Codable {
    private enum CodingKeys: String, CodingKey { case kind, transaction, order, product, reason, paidBy, answer }

    /// The report's name in JSON: `unmatchedTransaction`, `matchedByProductAndTime`, ….
    var kind: String {
        switch self {
        case .unmatchedTransaction: "unmatchedTransaction"
        case .matchedByProductAndTime: "matchedByProductAndTime"
        case .unknownOrder: "unknownOrder"
        case .orderMismatch: "orderMismatch"
        case .missingReceipt: "missingReceipt"
        case .receiptRejected: "receiptRejected"
        case .orderAlreadyPaid: "orderAlreadyPaid"
        case .conflictingOrder: "conflictingOrder"
        case .unexpectedAnswer: "unexpectedAnswer"
        }
    }

    /// Decodes `{"kind": …, …}` with the fields of the kind.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        func string(_ key: CodingKeys) throws -> String { try c.decode(String.self, forKey: key) }
        switch kind {
        case "unmatchedTransaction": self = .unmatchedTransaction(transactionID: try string(.transaction), productIdentifier: try string(.product))
        case "matchedByProductAndTime": self = .matchedByProductAndTime(transactionID: try string(.transaction), orderID: try string(.order))
        case "unknownOrder": self = .unknownOrder(transactionID: try string(.transaction), orderID: try string(.order))
        case "orderMismatch": self = .orderMismatch(transactionID: try string(.transaction), orderID: try string(.order), reason: try string(.reason))
        case "missingReceipt": self = .missingReceipt(transactionID: try string(.transaction))
        case "receiptRejected": self = .receiptRejected(transactionID: try string(.transaction), orderID: try string(.order), reason: try string(.reason))
        case "orderAlreadyPaid": self = .orderAlreadyPaid(transactionID: try string(.transaction), orderID: try string(.order), paidBy: try string(.paidBy))
        case "conflictingOrder": self = .conflictingOrder(orderID: try string(.order))
        case "unexpectedAnswer": self = .unexpectedAnswer(transactionID: try string(.transaction), answer: try string(.answer))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown report \(String(reflecting: kind))")
        }
    }

    /// Encodes the kind and its fields.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        switch self {
        case .unmatchedTransaction(let id, let product):
            try c.encode(id, forKey: .transaction)
            try c.encode(product, forKey: .product)
        case .matchedByProductAndTime(let id, let order), .unknownOrder(let id, let order):
            try c.encode(id, forKey: .transaction)
            try c.encode(order, forKey: .order)
        case .orderMismatch(let id, let order, let reason), .receiptRejected(let id, let order, let reason):
            try c.encode(id, forKey: .transaction)
            try c.encode(order, forKey: .order)
            try c.encode(reason, forKey: .reason)
        case .missingReceipt(let id):
            try c.encode(id, forKey: .transaction)
        case .orderAlreadyPaid(let id, let order, let other):
            try c.encode(id, forKey: .transaction)
            try c.encode(order, forKey: .order)
            try c.encode(other, forKey: .paidBy)
        case .conflictingOrder(let order):
            try c.encode(order, forKey: .order)
        case .unexpectedAnswer(let id, let answer):
            try c.encode(id, forKey: .transaction)
            try c.encode(answer, forKey: .answer)
        }
    }
}

extension Credit: Codable {
    private enum CodingKeys: String, CodingKey { case key, transaction, order, product, quantity, amount }

    /// Decodes `{"key", "transaction", "order", "product", "quantity", "amount": {"amount", "currency"}}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            key: try c.decode(String.self, forKey: .key), transactionID: try c.decode(String.self, forKey: .transaction),
            orderID: try c.decode(String.self, forKey: .order), productIdentifier: try c.decode(String.self, forKey: .product),
            quantity: try c.decode(Int.self, forKey: .quantity), amount: try c.decode(Money.self, forKey: .amount))
    }

    /// Encodes the credit, its amount as exact text.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(transactionID, forKey: .transaction)
        try c.encode(orderID, forKey: .order)
        try c.encode(productIdentifier, forKey: .product)
        try c.encode(quantity, forKey: .quantity)
        try c.encode(amount, forKey: .amount)
    }
}
