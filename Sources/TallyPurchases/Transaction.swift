/// A payment transaction as the store's transaction observer reports it
/// (`SKPaymentTransaction`), reduced to what the ledger decides on.
///
/// ```swift
/// let bought = Transaction(
///     identifier: "1000000001", productIdentifier: "coins.100", orderID: "A-1001",
///     date: now, state: .purchased, receipt: receiptBase64)
/// ```
public struct Transaction: Hashable, Sendable {
    /// The store's transaction identifier.
    public var identifier: String
    /// The product bought.
    public var productIdentifier: String
    /// Units bought (`SKPayment.quantity`).
    public var quantity: Int
    /// The order id the app bound to the payment (`applicationUsername`); `nil` when the store
    /// lost it, which happens: the ledger then matches the transaction to an open order of the
    /// same product created shortly before, or reports it. An empty id (StoreKit returns `""` as
    /// well as `nil`) is made `nil` when the transaction is created or decoded.
    public var orderID: String?
    /// When the store recorded the transaction.
    public var date: Timestamp
    /// Where the transaction is in its life.
    public var state: TransactionState
    /// The receipt to send to the server (base64 text), for purchased and restored transactions.
    public var receipt: String?
    /// For a restored transaction, the identifier of the purchase it restores. Credits are keyed by
    /// it, so a restore never credits a purchase a second time. Ignored for other states: a
    /// subscription renewal names its original purchase too, but is a new purchase.
    public var originalIdentifier: String?

    /// A transaction.
    public init(
        identifier: String, productIdentifier: String, quantity: Int = 1, orderID: String? = nil,
        date: Timestamp, state: TransactionState, receipt: String? = nil, originalIdentifier: String? = nil
    ) {
        self.identifier = identifier
        self.productIdentifier = productIdentifier
        self.quantity = quantity
        self.orderID = orderID?.isEmpty == true ? nil : orderID  // no order can have an empty id
        self.date = date
        self.state = state
        self.receipt = receipt
        self.originalIdentifier = originalIdentifier
    }

    /// The identifier a credit is recorded under: the original purchase's for a restore, else
    /// this transaction's (a renewal is credited under its own identifier).
    /// An empty original counts as none, as an empty order id does: it would be one key shared by
    /// every restore that has one.
    public var creditKey: String {
        guard state == .restored, let original = originalIdentifier, !original.isEmpty else { return identifier }
        return original
    }

    /// The keys this transaction's credit may be recorded under: `creditKey`, and for a restore
    /// with an empty original also `""`, the key versions before 2026-12-01 gave it (a journal
    /// compacted by one must still open).
    var acceptedCreditKeys: [String] {
        state == .restored && originalIdentifier == "" ? [creditKey, ""] : [creditKey]
    }
}

/// The states of `SKPaymentTransactionState`.
public enum TransactionState: Hashable, Sendable {
    /// The payment is being processed; nothing to do yet.
    case purchasing
    /// The store charged the user; the receipt must reach the server before the transaction is
    /// finished.
    case purchased
    /// A purchase restored from the user's history.
    case restored
    /// The payment failed or the user cancelled it; final.
    case failed(PurchaseFailure)
    /// Waiting for approval (Ask to Buy); not final: it becomes purchased or failed later, and must
    /// not be finished.
    case deferred

    /// The state's name as written in journals and logs: `purchasing`, `purchased`, `restored`,
    /// `failed`, `deferred`.
    public var name: String {
        switch self {
        case .purchasing: "purchasing"
        case .purchased: "purchased"
        case .restored: "restored"
        case .failed: "failed"
        case .deferred: "deferred"
        }
    }
}

/// Why a payment failed.
public enum PurchaseFailure: Hashable, Sendable {
    /// The user cancelled (`SKError.paymentCancelled`): finish quietly.
    case cancelled
    /// Any other error, with the store's message: finish and tell the user.
    case error(String)
}

extension Transaction: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, product, quantity, order, date, state, receipt, original, error, cancelled
    }

    /// Decodes `{"id", "product", "quantity", "order", "date", "state", "receipt", "original"}`;
    /// a failed transaction has `"cancelled": true` or `"error"` with the store's message.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stateName = try container.decode(String.self, forKey: .state)
        let state: TransactionState
        switch stateName {
        case "purchasing": state = .purchasing
        case "purchased": state = .purchased
        case "restored": state = .restored
        case "deferred": state = .deferred
        case "failed":
            if try container.decodeIfPresent(Bool.self, forKey: .cancelled) == true {
                state = .failed(.cancelled)
            } else {
                state = .failed(.error(try container.decodeIfPresent(String.self, forKey: .error) ?? "unknown error"))
            }
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .state, in: container,
                debugDescription: "unknown state \(String(reflecting: stateName)); expected purchasing, purchased, restored, failed or deferred")
        }
        let quantity = try container.decodeIfPresent(Int.self, forKey: .quantity) ?? 1
        guard (1...Order.maximumQuantity).contains(quantity) else {
            throw DecodingError.dataCorruptedError(forKey: .quantity, in: container, debugDescription: "quantity \(quantity) is not 1…\(Order.maximumQuantity)")
        }
        let identifier = try container.decode(String.self, forKey: .id)
        guard !identifier.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "the transaction id is empty")
        }
        self.init(
            identifier: identifier,
            productIdentifier: try container.decode(String.self, forKey: .product),
            quantity: quantity,
            orderID: try container.decodeIfPresent(String.self, forKey: .order),
            date: try container.decode(Timestamp.self, forKey: .date),
            state: state,
            receipt: try container.decodeIfPresent(String.self, forKey: .receipt),
            originalIdentifier: try container.decodeIfPresent(String.self, forKey: .original))
    }

    /// Encodes the fields that are set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .id)
        try container.encode(productIdentifier, forKey: .product)
        if quantity != 1 { try container.encode(quantity, forKey: .quantity) }
        try container.encodeIfPresent(orderID, forKey: .order)
        try container.encode(date, forKey: .date)
        try container.encode(state.name, forKey: .state)
        switch state {
        case .failed(.cancelled): try container.encode(true, forKey: .cancelled)
        case .failed(.error(let message)): try container.encode(message, forKey: .error)
        default: break
        }
        try container.encodeIfPresent(receipt, forKey: .receipt)
        try container.encodeIfPresent(originalIdentifier, forKey: .original)
    }
}
