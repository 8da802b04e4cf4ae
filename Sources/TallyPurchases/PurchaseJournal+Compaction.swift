import Foundation

// Compaction: a journal rewritten as a snapshot of the ledger, one item per line:
//
//   {"seq":1,"snapshot":{"order":{…}}}
//   {"seq":2,"snapshot":{"record":{"status":{…},"transaction":{…}}}}
//   {"seq":3,"snapshot":{"credit":{…}}}
//
// followed, as the app goes on, by ordinary `{"seq":n,"events":[…]}` entries.

/// One item of a compacted journal's snapshot.
enum SnapshotItem: Codable {
    case order(Order)
    case record(PurchaseRecord)
    case credit(Credit)

    private enum CodingKeys: String, CodingKey { case order, record, credit }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let order = try container.decodeIfPresent(Order.self, forKey: .order) {
            self = .order(order)
        } else if let record = try container.decodeIfPresent(PurchaseRecord.self, forKey: .record) {
            self = .record(record)
        } else if let credit = try container.decodeIfPresent(Credit.self, forKey: .credit) {
            self = .credit(credit)
        } else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "a snapshot item is an order, a record or a credit"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .order(let order): try container.encode(order, forKey: .order)
        case .record(let record): try container.encode(record, forKey: .record)
        case .credit(let credit): try container.encode(credit, forKey: .credit)
        }
    }

    /// Adds the item to `state`; says what is wrong if it contradicts what is there.
    func apply(to state: inout PurchaseLedger.State) -> String? {
        switch self {
        case .order(let order):
            guard state.orders.updateValue(order, forKey: order.id) == nil else { return "order \(order.id) twice in the snapshot" }
        case .record(let record):
            let id = record.transaction.identifier
            guard state.records.updateValue(record, forKey: id) == nil else { return "transaction \(id) twice in the snapshot" }
        case .credit(let credit):
            guard state.creditedKeys.insert(credit.key).inserted else { return "purchase \(credit.key) credited twice in the snapshot" }
            state.credits.append(credit)
        }
        return nil
    }
}

extension PurchaseLedger.State {
    /// What is wrong with a snapshot read from a file, if anything: every record must fit its
    /// order and its credit, so that a crafted or damaged journal cannot lead the ledger to finish
    /// what it must not, or lose a credit.
    func snapshotProblem() -> String? {
        for credit in credits {
            guard (1...Order.maximumQuantity).contains(credit.quantity), credit.amount.amount.signum() >= 0 else {
                return "credit \(credit.key) has quantity \(credit.quantity) and amount \(credit.amount)"
            }
            guard let order = orders[credit.orderID], order.expectedAmount == credit.amount,
                  order.product.identifier == credit.productIdentifier, order.quantity == credit.quantity else {
                return "credit \(credit.key) does not match order \(credit.orderID)"
            }
            guard let record = records[credit.transactionID], record.status == .accepted(orderID: credit.orderID),
                  record.transaction.acceptedCreditKeys.contains(credit.key) else {
                return "credit \(credit.key) has no accepted transaction \(credit.transactionID) for order \(credit.orderID)"
            }
        }
        for (id, record) in records {
            let transaction = record.transaction
            let paid = transaction.state == .purchased || transaction.state == .restored
            switch record.status {
            case .purchasing:
                guard transaction.state == .purchasing else { return "transaction \(id) is \(transaction.state.name) but purchasing" }
            case .deferred:
                guard transaction.state == .deferred else { return "transaction \(id) is \(transaction.state.name) but deferred" }
            case .failed(let failure):
                guard transaction.state == .failed(failure) else { return "transaction \(id) is \(transaction.state.name) but failed" }
            case .held:
                guard paid else { return "transaction \(id) is \(transaction.state.name) but kept" }
            case .awaitingServer(let orderID, _), .rejected(let orderID, _), .accepted(let orderID?):
                guard paid, transaction.orderID == orderID, let order = orders[orderID],
                      order.product.identifier == transaction.productIdentifier, order.quantity == transaction.quantity else {
                    return "transaction \(id) does not fit order \(orderID)"
                }
                if case .awaitingServer = record.status, transaction.receipt?.isEmpty ?? true {
                    return "transaction \(id) awaits the server without a receipt"
                }
                if case .accepted = record.status, !transaction.acceptedCreditKeys.contains(where: creditedKeys.contains) {
                    return "transaction \(id) is accepted but not credited"
                }
            case .accepted(nil):
                guard paid, transaction.acceptedCreditKeys.contains(where: creditedKeys.contains) else {
                    return "transaction \(id) is finished as credited before, but \(transaction.creditKey) is not credited"
                }
            }
        }
        return nil
    }
}

extension PurchaseJournal {
    /// Replaces the journal's entries with a snapshot of `ledger`: one entry per order,
    /// transaction and credit. `JournaledLedger.compact()` calls it with its own ledger; tools may
    /// call it to write a journal that starts from a given ledger (open the journal again to read
    /// it back).
    ///
    /// - Throws: `PurchaseError.journalIO` when the replacement failed (the old journal or the new
    ///   one is in place, whole; appends are refused until the journal is opened again),
    ///   `.journalTooLarge` when the snapshot would exceed the size limit the journal was opened
    ///   with, or `.invalidEvent` when one item is longer than `maximumLineLength` (in both cases
    ///   nothing is changed).
    /// - Complexity: O(orders + transactions + credits).
    public func compact(to ledger: PurchaseLedger) throws(PurchaseError) {
        let state = ledger.state
        let items: [SnapshotItem] =
            state.orders.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map(SnapshotItem.order)
            + state.records.values.sorted(by: PurchaseRecord.chronological).map(SnapshotItem.record)
            + state.credits.map(SnapshotItem.credit)
        var bytes: [UInt8] = []
        for (index, item) in items.enumerated() {
            bytes += try Self.line(seq: index + 1, key: "snapshot", item, what: "the snapshot item")
        }
        guard bytes.count <= sizeLimit else { throw .journalTooLarge(bytes: bytes.count, limit: sizeLimit) }
        // The snapshot must read back as this very ledger before it replaces anything.
        let check = try PurchaseJournal(storage: MemoryJournalStorage(bytes: bytes), sizeLimit: sizeLimit)
        guard (check.snapshot?.state ?? PurchaseLedger.State()) == state, check.recoveredEvents.isEmpty else {
            throw .journalIO(operation: "compact", path: storage.name, reason: "the snapshot does not read back as the ledger; the journal is kept")
        }
        if let failure {
            throw .journalIO(operation: "compact", path: storage.name, reason: "an earlier write failed and could not be undone (\(failure)); open the journal again")
        }
        try checkNoOtherWriter(operation: "compact")
        do {
            try storage.replaceAll(with: bytes)
        } catch {
            // The old file or the new one is in place, whole, and both hold this ledger; which one
            // a power loss would leave is unknown, so nothing more is appended until the journal
            // is opened again.
            failure = "a compaction failed: \(error)"
            throw error
        }
        entryCount = items.count
        byteCount = bytes.count
    }
}
