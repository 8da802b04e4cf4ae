import TallyMoney

/// The purchase flow as a pure state machine: events in, actions out.
///
/// The ledger knows the orders the server created, every transaction the store reported and
/// where it is, and the purchases credited. Its rules:
///
/// - a purchased transaction is finished only after the server accepted its receipt (or rejected
///   it for good); a failed one is finished at once; a deferred one is never finished: it is not
///   final;
/// - a transaction without an order id is matched to the latest open order of the same product
///   and quantity created within `PurchasePolicy.orderMatchWindow` before it, or kept and
///   reported;
/// - a purchase is credited at most once, whatever is replayed: credits are keyed by the original
///   transaction identifier;
/// - a rejected receipt is finished and reported, never retried; a failed upload is retried with
///   a delay that doubles up to `PurchasePolicy.maximumRetryDelay`.
///
/// ```swift
/// var ledger = PurchaseLedger()
/// ledger.handle(.orderCreated(order))               // []
/// ledger.handle(.transactionUpdated(purchased))     // [.uploadReceipt(…)]
/// ledger.handle(.receiptAccepted(transactionID: id))// [.credit(…), .finishTransaction(…)]
/// ```
///
/// The ledger is a value and does no input or output; `JournaledLedger` records its events in a
/// `PurchaseJournal` before the actions are taken, so that it survives a crash.
public struct PurchaseLedger: Sendable {
    /// What the ledger remembers across a restart. Events that leave it unchanged need no journal
    /// entry.
    struct State: Hashable, Sendable {
        var orders: [String: Order] = [:]
        var records: [String: PurchaseRecord] = [:]
        var credits: [Credit] = []
        var creditedKeys: Set<String> = []
    }

    var state = State()
    /// What a step looks up among the records, kept with them (see `RecordIndex`): every change
    /// of a record goes through `setRecord` (or `rollBack`), and `init(state:)` builds it.
    private(set) var index = RecordIndex()
    /// What may release a held transaction, noted since the last release (`releaseKept`).
    private(set) var marks = ReleaseMarks()
    /// Uploads asked for and not yet answered in this run (the volatile part: empty after a
    /// restart, so that `resume()` asks for them again).
    var uploadsInFlight: Set<String> = []
    /// The events that reproduce the last `handle(_:)`'s change without the policy: the event
    /// itself, with a matched order id written into the transaction, followed by the
    /// transactions a new order released. `JournaledLedger` writes them as one journal entry.
    var journalEvents: [PurchaseEvent] = []
    /// False while replaying a journal: every match was written into the journal's events.
    var matchesByProductAndTime = true
    /// What the step under way changed, while `JournaledLedger` records one (`nil` otherwise):
    /// the step is applied in place and taken back from this if its journal entry cannot be
    /// written. Trying each step on a copy and comparing the copy with the ledger made every
    /// step O(transactions), a log quadratic in its length (a review: 32,000 transactions, 120 s).
    var undo: StepUndo?
    /// The policy in force. A new one marks every order as available to the held transactions
    /// (`marks`): a wider window can match one that had no order in the old one.
    public var policy: PurchasePolicy {
        didSet { if policy != oldValue { marks.available = Set(state.orders.keys) } }
    }
    /// For tests: release, match and find another payer by the definitions, looking at every held
    /// transaction when an order is registered, at every order for a match and at every payer of
    /// an order, instead of searching `index` and `marks` (`ReleaseIndexTests` checks that both
    /// give the same steps).
    var usesDefinitions = false

    /// An empty ledger.
    public init(policy: PurchasePolicy = PurchasePolicy()) {
        self.policy = policy
    }

    /// A ledger holding `state` (a compacted journal's snapshot).
    init(state: State, policy: PurchasePolicy = PurchasePolicy()) {
        self.state = state
        self.index = RecordIndex(state.records, orders: state.orders)
        self.marks = ReleaseMarks(available: Set(state.orders.keys), creditsSeen: 0)
        self.policy = policy
    }

    /// The orders registered, by id.
    public var orders: [String: Order] { state.orders }
    /// Every transaction reported, by identifier, with where it stands.
    public var records: [String: PurchaseRecord] { state.records }
    /// The purchases credited, in the order they were credited; each key at most once.
    public var credits: [Credit] { state.credits }

    /// The status of one transaction, or `nil` if the ledger never heard of it.
    public func status(of transactionID: String) -> PurchaseStatus? {
        state.records[transactionID]?.status
    }

    /// Takes one event and says what to do.
    ///
    /// - Returns: the actions, in the order to take them; empty when there is nothing to do.
    /// - Complexity: O(1) for most events; O(log n) to match a transaction without an order id
    ///   (n: orders); to register an order, O((k + m + 1) log n) when it settles k held
    ///   transactions and m orders were registered or given up since the last release (all of
    ///   them after a restart or a new policy): amortized over a log, O(log n) per event.
    @discardableResult
    public mutating func handle(_ event: PurchaseEvent) -> [PurchaseAction] {
        journalEvents = [event]
        switch event {
        case .orderCreated(let order): return register(order)
        case .transactionUpdated(let transaction):
            let actions = update(transaction)
            if let recorded = state.records[transaction.identifier]?.transaction, recorded.orderID != transaction.orderID {
                journalEvents = [.transactionUpdated(recorded)]
            }
            return actions
        case .receiptAccepted(let id): return accept(id)
        case .receiptRejected(let id, let reason): return reject(id, reason: reason)
        case .uploadFailed(let id, _): return uploadFailed(id)
        }
    }

    /// What to do after a restart: match kept transactions to the orders known now, and upload
    /// again every receipt still waiting for the server (its upload was lost with the process).
    /// Call it once after replaying the journal.
    ///
    /// - Complexity: O(transactions log transactions).
    public mutating func resume() -> [PurchaseAction] {
        journalEvents = []
        let released = releaseKept(forNewOrder: nil)
        let waiting = state.records.values
            .filter { if case .awaitingServer = $0.status { !uploadsInFlight.contains($0.transaction.identifier) } else { false } }
            .sorted(by: PurchaseRecord.chronological)
        return released + waiting.compactMap { record in upload(record.transaction.identifier) }
    }

    /// The total credited in each currency, exact, in order of first credit.
    public var creditedTotals: [Money] {
        var totals: [Money] = []
        // Each currency's place in `totals`, found by hashing: a log may define a custom currency
        // per credit, and a search of the totals for each credit took minutes for 160,000 (a review).
        var places: [Currency: Int] = [:]
        for credit in state.credits {
            if let index = places[credit.amount.currency] {
                totals[index] += credit.amount
            } else {
                places[credit.amount.currency] = totals.count
                totals.append(credit.amount)
            }
        }
        return totals
    }

    // MARK: - Transitions

    private mutating func register(_ order: Order) -> [PurchaseAction] {
        if let known = state.orders[order.id] {
            return known == order ? [] : [.report(.conflictingOrder(orderID: order.id))]
        }
        noteOrder(order.id)
        state.orders[order.id] = order
        index.addOrder(order)
        marks.available.insert(order.id)
        return matchesByProductAndTime ? releaseKept(forNewOrder: order.id) : []
    }

    /// Transactions kept for want of an order that have one now (`newOrder`, or any order when
    /// `nil`) go to the server, the earliest first, and any kept transaction whose purchase was
    /// credited meanwhile (a restore of it accepted, say) is finished; each change is added to
    /// `journalEvents` (with the order id), so that a replay needs no matching.
    ///
    /// With `nil` (`resume()`), every kept transaction is looked at. With a new order, only those
    /// that can change are: the ones naming it, the ones whose purchase was credited since the
    /// last release, and the unmatched ones with an order available to them (see
    /// `releaseUnmatched`). The others would be decided again to the same end, as every kept
    /// transaction was before, which made a log of held transactions followed by orders cubic.
    private mutating func releaseKept(forNewOrder newOrder: String?) -> [PurchaseAction] {
        if undo != nil, undo!.marks == nil { undo!.marks = marks }
        let available = marks.available
        let credited = state.credits[Swift.min(marks.creditsSeen, state.credits.count)...].map(\.key)
        marks = ReleaseMarks(available: [], creditsSeen: state.credits.count)
        guard let newOrder, !usesDefinitions else {
            let kept = index.held.compactMap { state.records[$0] }.filter { record in
                guard case .held(let report) = record.status else { return false }
                if state.creditedKeys.contains(record.transaction.creditKey) { return true }
                if case .unmatchedTransaction = report { return true }
                if case .unknownOrder(_, let id) = report { return newOrder == nil || id == newOrder }
                return false
            }
            var actions: [PurchaseAction] = []
            for record in kept.sorted(by: PurchaseRecord.chronological) { actions += settle(record) }
            return actions
        }
        var named = index.unmatchedOthers.union(index.heldNaming[newOrder] ?? [])
        for key in credited { named.formUnion(index.heldByCreditKey[key] ?? []) }
        let kept = named.compactMap { state.records[$0] }.sorted(by: PurchaseRecord.chronological)
        return releaseUnmatched(after: kept, available: available)
    }

    /// Settles `kept` (held transactions that may change) in time order, and with them every
    /// purchased transaction held as unmatched that an order of `available` (orders registered or
    /// left unclaimed since the last release) or an order a kept transaction gives up can be
    /// matched to, as if every held transaction had been settled in time order.
    ///
    /// Why no other can change: a held unmatched transaction had no candidate order when it was
    /// last decided (with matching on: a replay, which decides without matching, starts from
    /// `init(state:)`, which marks every order, as a new policy does); under one policy, an order
    /// becomes a candidate only by being registered or by losing its last claim, and both put it
    /// in `marks.available` until the next release. A release settles the transactions in time
    /// order; one that finds no candidate at its turn keeps its status, and an order that a later
    /// one gives up is noted again for the next release.
    ///
    /// How they are found: per product and quantity, the candidate orders are kept by creation
    /// time. The transactions whose window holds an order form a contiguous run of the held ones
    /// in time order (the window's ends move with the transaction's date), and a later order's run
    /// starts no earlier; so the group's next transaction to settle is the first after the cursor
    /// whose window holds its earliest unclaimed candidate. A candidate found claimed, or before
    /// the window of every transaction still to come, is dropped (and added back if a kept
    /// transaction gives it up). One heap entry per group; a search after the cursor moves either
    /// finds the transaction to settle next or drops a candidate, so a release costs
    /// O((k + a) log n), for k transactions settled (kept ones included) and a orders marked.
    private mutating func releaseUnmatched(after kept: [PurchaseRecord], available: Set<String>) -> [PurchaseAction] {
        let skew = policy.clockSkew, earliest = policy.orderMatchWindow.negatedWholeMilliseconds
        var candidates: [ProductQuantity: SortedList<OrderKey>] = [:]
        func add(_ id: String) {
            if let order = state.orders[id] { candidates[ProductQuantity(order), default: SortedList()].insert(OrderKey(order)) }
        }
        for id in available { add(id) }
        // The first held unmatched transaction of `group` after `cursor` whose window holds one of
        // the group's unclaimed candidates, dropping the candidates no such transaction holds.
        func next(in group: ProductQuantity, after cursor: TransactionKey?) -> TransactionKey? {
            guard let run = index.unmatched[group] else { return nil }
            while let order = candidates[group]?.first {
                if index.claims[order.id] == nil {
                    let first = run.first { key in
                        (cursor.map { key > $0 } ?? true) && key.date.advanced(by: skew) >= order.createdAt
                    }
                    guard let first else { return nil }
                    if first.date.advanced(by: earliest) <= order.createdAt { return first }
                }
                candidates[group]?.remove(order)
            }
            return nil
        }
        var queue = TransactionQueue()
        var entry: [ProductQuantity: TransactionKey] = [:]  // each group's entry in `queue`
        var cursor: TransactionKey?
        func refresh(_ group: ProductQuantity) {
            let key = next(in: group, after: cursor)
            guard key != entry[group] else { return }
            entry[group] = key
            if let key { queue.push(key, group) }
        }
        for group in Array(candidates.keys) { refresh(group) }
        var actions: [PurchaseAction] = []
        var keptIndex = 0
        while true {
            let nextKept = keptIndex < kept.count ? TransactionKey(kept[keptIndex]) : nil
            // Outdated entries are dropped; a group's entry at or before the cursor is found again.
            while let (key, group) = queue.peek, entry[group] != key || (cursor.map { key <= $0 } ?? false) {
                queue.pop()
                if entry[group] == key { entry[group] = nil; refresh(group) }
            }
            if let nextKept, queue.peek.map({ nextKept <= $0.key }) ?? true {
                let record = kept[keptIndex]
                keptIndex += 1
                cursor = nextKept
                actions += settle(record)
                if let id = record.transaction.orderID, let order = state.orders[id], index.claims[id] == nil {
                    add(id)  // given up, perhaps: followed again from here
                    refresh(ProductQuantity(order))
                }
            } else if let (key, group) = queue.peek {
                queue.pop()
                entry[group] = nil
                cursor = key
                if let record = state.records[key.id] { actions += settle(record) }
                refresh(group)
            } else {
                return actions
            }
        }
    }

    /// Decides a kept transaction again; a change is journaled (a replay does not match) and
    /// acted on: to the server, to another reason to keep it, or finished because its purchase
    /// was credited meanwhile.
    private mutating func settle(_ record: PurchaseRecord) -> [PurchaseAction] {
        let (status, resolved) = resolve(record.transaction)
        guard status != record.status, let changed = state.records[record.transaction.identifier] else { return [] }
        var event = changed.transaction
        event.receipt = nil  // the journal has it already, in the entry that kept it
        journalEvents.append(.transactionUpdated(event))
        return resolved
    }

    private mutating func update(_ transaction: Transaction) -> [PurchaseAction] {
        let id = transaction.identifier
        let current = state.records[id]?.status
        switch transaction.state {
        case .purchasing:
            if current == nil { setRecord(PurchaseRecord(transaction: transaction, status: .purchasing)) }
            return []
        case .deferred:
            guard current == nil || current == .purchasing else { return [] }
            setRecord(PurchaseRecord(transaction: transaction, status: .deferred))
            return [.askUser(.awaitingApproval(productIdentifier: transaction.productIdentifier))]
        case .failed(let failure):
            switch current {
            case nil, .purchasing?, .deferred?:
                setRecord(PurchaseRecord(transaction: transaction, status: .failed(failure)))
                if case .error(let message) = failure {
                    return [.finishTransaction(transactionID: id),
                            .askUser(.paymentFailed(productIdentifier: transaction.productIdentifier, message: message))]
                }
                return [.finishTransaction(transactionID: id)]
            case .failed?:
                return [.finishTransaction(transactionID: id)]
            default:
                return []  // a failure reported after the purchase went through: stale
            }
        case .purchased, .restored:
            switch current {
            case nil, .purchasing?, .deferred?, .held?:
                var transaction = transaction
                if transaction.receipt?.isEmpty ?? true, let known = state.records[id]?.transaction.receipt {
                    transaction.receipt = known  // an update without a receipt does not erase one
                }
                // Nor one without an order id the order it named while purchasing: matching it
                // by product and time could take another buyer's order (a review).
                if transaction.orderID?.isEmpty ?? true, let known = state.records[id]?.transaction.orderID, !known.isEmpty {
                    transaction.orderID = known
                }
                return resolve(transaction).actions
            case .awaitingServer?:
                // Delivered again: at launch after a crash the upload was lost; otherwise it is
                // still on its way.
                return uploadsInFlight.contains(id) ? [] : upload(id).map { [$0] } ?? []
            case .accepted?, .rejected?:
                return [.finishTransaction(transactionID: id)]
            case .failed?:
                return []
            }
        }
    }

    /// Where a purchased or restored transaction goes: credited already, kept for a reason, or
    /// waiting for the server (with the upload to make). Records the transaction with its status.
    private mutating func resolve(_ transaction: Transaction) -> (status: PurchaseStatus, actions: [PurchaseAction]) {
        let (status, actions) = decide(transaction)
        if case .awaitingServer = status { return (status, actions) }  // recorded with its order id
        var recorded = transaction
        if case .accepted = status { recorded.receipt = nil }  // final: the receipt is not needed again
        setRecord(PurchaseRecord(transaction: recorded, status: status))
        return (status, actions)
    }

    private mutating func decide(_ transaction: Transaction) -> (PurchaseStatus, [PurchaseAction]) {
        let id = transaction.identifier
        if state.creditedKeys.contains(transaction.creditKey) {
            return (.accepted(orderID: nil), [.finishTransaction(transactionID: id)])
        }
        guard let receipt = transaction.receipt, !receipt.isEmpty else {
            let report = PurchaseReport.missingReceipt(transactionID: id)
            return (.held(report), [.report(report)])
        }
        var actions: [PurchaseAction] = []
        let order: Order
        if let orderID = transaction.orderID {
            guard let known = state.orders[orderID] else {
                let report = PurchaseReport.unknownOrder(transactionID: id, orderID: orderID)
                return (.held(report), [.report(report)])
            }
            order = known
            // The user paid for this transaction, and it names its order: it goes to the server.
            // If another transaction (one matched by product and time) already pays that order,
            // a person must reconcile the two, and the server must not reject the second receipt.
            if let other = payer(of: orderID, besides: id) {
                actions.append(.report(.orderAlreadyPaid(transactionID: id, orderID: orderID, paidBy: other)))
            }
        } else if transaction.state == .purchased, matchesByProductAndTime, let matched = match(transaction) {
            order = matched
            actions.append(.report(.matchedByProductAndTime(transactionID: id, orderID: matched.id)))
        } else {
            let report = PurchaseReport.unmatchedTransaction(transactionID: id, productIdentifier: transaction.productIdentifier)
            return (.held(report), [.report(report)])
        }
        guard order.product.identifier == transaction.productIdentifier, order.quantity == transaction.quantity else {
            let report = PurchaseReport.orderMismatch(
                transactionID: id, orderID: order.id,
                reason: "the order is for \(order.quantity) × \(order.product.identifier), the transaction for \(transaction.quantity) × \(transaction.productIdentifier)")
            return (.held(report), [.report(report)])
        }
        var bound = transaction
        bound.orderID = order.id  // a match is written into the record, and so into the journal
        setRecord(PurchaseRecord(transaction: bound, status: .awaitingServer(orderID: order.id, failures: 0)))
        if let request = upload(id) { actions.append(request) }
        return (.awaitingServer(orderID: order.id, failures: 0), actions)
    }

    /// The open order a transaction without an order id most likely paid: same product and
    /// quantity, created within the window before it, not paid by another transaction; the
    /// latest such order (ties by smaller id).
    private func match(_ transaction: Transaction) -> Order? {
        // Taken: an order another transaction claims (`RecordIndex.claim`, counted per order in
        // `index.claims`); the transaction's own record does not count. The orders nobody claims
        // are in `index.unclaimedOrders`, in the order of `OrderKey`: the last one in the window
        // is the latest (ties: the smaller id). The one the transaction's own record claims is a
        // candidate too when nobody else claims it.
        let latest = transaction.date.advanced(by: policy.clockSkew)
        let earliest = transaction.date.advanced(by: policy.orderMatchWindow.negatedWholeMilliseconds)
        let group = ProductQuantity(transaction)
        func fits(_ order: Order) -> Bool {
            ProductQuantity(order) == group && order.createdAt <= latest && order.createdAt >= earliest
        }
        if usesDefinitions {
            let own = state.records[transaction.identifier].flatMap(RecordIndex.claim)
            func claimed(_ orderID: String) -> Bool { (index.claims[orderID] ?? 0) - (own == orderID ? 1 : 0) > 0 }
            return state.orders.values
                .filter { fits($0) && !claimed($0.id) }
                .max { a, b in a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id > b.id }
        }
        var best: Order?
        if let key = index.unclaimedOrders[group]?.last(where: { $0.createdAt <= latest }), key.createdAt >= earliest {
            best = state.orders[key.id]
        }
        if let own = state.records[transaction.identifier].flatMap(RecordIndex.claim), index.claims[own] == 1,
           let order = state.orders[own], fits(order), best.map({ OrderKey($0) < OrderKey(order) }) ?? true {
            best = order
        }
        return best
    }

    /// Another transaction being paid or paid for `orderID`, if any.
    private func payer(of orderID: String, besides id: String) -> String? {
        guard let payers = index.payers[orderID], let first = payers.first else { return nil }
        if usesDefinitions { return payers.elements.filter { $0 != id }.min() }
        return first != id ? first : payers.first { $0 > id }
    }

    private mutating func upload(_ id: String) -> PurchaseAction? {
        guard let record = state.records[id], case .awaitingServer(let orderID, let failures) = record.status,
              let receipt = record.transaction.receipt else { return nil }
        setInFlight(id, true)
        let request = ReceiptUpload(transactionID: id, orderID: orderID, receipt: receipt, attempt: failures + 1)
        return .uploadReceipt(request)
    }

    private mutating func accept(_ id: String) -> [PurchaseAction] {
        guard let record = state.records[id] else { return [.report(.unexpectedAnswer(transactionID: id, answer: "receiptAccepted"))] }
        guard case .awaitingServer(let orderID, _) = record.status else {
            if case .accepted = record.status { return [] }
            return [.report(.unexpectedAnswer(transactionID: id, answer: "receiptAccepted"))]
        }
        setInFlight(id, false)
        modifyRecord(id) {
            $0.status = .accepted(orderID: orderID)
            $0.transaction.receipt = nil  // final: the receipt is not needed again
        }
        let key = record.transaction.creditKey
        guard !state.creditedKeys.contains(key), let order = state.orders[orderID] else {
            return [.finishTransaction(transactionID: id)]
        }
        let credit = Credit(
            key: key, transactionID: id, orderID: orderID, productIdentifier: order.product.identifier,
            quantity: order.quantity, amount: order.expectedAmount)
        state.creditedKeys.insert(key)
        state.credits.append(credit)
        return [.credit(credit), .finishTransaction(transactionID: id)]
    }

    private mutating func reject(_ id: String, reason: String) -> [PurchaseAction] {
        guard let record = state.records[id], case .awaitingServer(let orderID, _) = record.status else {
            if case .rejected? = state.records[id]?.status { return [] }
            return [.report(.unexpectedAnswer(transactionID: id, answer: "receiptRejected"))]
        }
        setInFlight(id, false)
        modifyRecord(id) {
            $0.status = .rejected(orderID: orderID, reason: reason)
            $0.transaction.receipt = nil
        }
        return [.finishTransaction(transactionID: id),
                .report(.receiptRejected(transactionID: id, orderID: orderID, reason: reason))]
    }

    private mutating func uploadFailed(_ id: String) -> [PurchaseAction] {
        guard let record = state.records[id], case .awaitingServer(let orderID, let failures) = record.status,
              let receipt = record.transaction.receipt else {
            return [.report(.unexpectedAnswer(transactionID: id, answer: "uploadFailed"))]
        }
        let failed = failures + 1
        modifyRecord(id) { $0.status = .awaitingServer(orderID: orderID, failures: failed) }
        setInFlight(id, true)
        let request = ReceiptUpload(transactionID: id, orderID: orderID, receipt: receipt, attempt: failed + 1)
        return [.retryUpload(request, after: policy.retryDelay(afterFailures: failed))]
    }
}

// MARK: - Taking a step back

extension PurchaseLedger {
    /// The values a step found before it changed them (each key's first), how many credits there
    /// were (a step only appends them, each with its key) and the uploads it marked or unmarked
    /// as in flight.
    struct StepUndo {
        var records: [String: PurchaseRecord?] = [:]
        var orders: [String: Order?] = [:]
        var creditCount: Int
        var inFlight: [String: Bool] = [:]
        var journalEvents: [PurchaseEvent]
        /// The marks before the step's release, if it made one.
        var marks: ReleaseMarks?
    }

    /// Starts recording what the next step changes.
    mutating func beginStep() {
        undo = StepUndo(creditCount: state.credits.count, journalEvents: journalEvents)
    }

    /// Stops recording and returns what the step changed.
    mutating func endStep() -> StepUndo {
        defer { undo = nil }
        return undo ?? StepUndo(creditCount: state.credits.count, journalEvents: journalEvents)
    }

    /// Takes `step` while recording what it changes (`beginStep`, `endStep`): its actions, and
    /// the record to take it back with (`rollBack`).
    mutating func recordingStep(_ step: (inout PurchaseLedger) -> [PurchaseAction]) -> ([PurchaseAction], StepUndo) {
        beginStep()
        let actions = step(&self)
        return (actions, endStep())
    }

    /// Whether the step recorded in `undo` changed what the ledger remembers across a restart
    /// (`state`): what the comparison of a copy with the ledger said, in the step's own keys.
    func changedState(since undo: StepUndo) -> Bool {
        state.credits.count != undo.creditCount
            || undo.records.contains { id, old in state.records[id] != old }
            || undo.orders.contains { id, old in state.orders[id] != old }
    }

    /// Takes back the step recorded in `undo`: the ledger is as it was before it.
    mutating func rollBack(_ undo: StepUndo) {
        for (id, old) in undo.records {
            if let freed = index.replace(id, state.records[id], with: old, orders: state.orders) { marks.available.insert(freed) }
            state.records[id] = old
        }
        for (id, old) in undo.orders {
            if let current = state.orders[id] { index.removeOrder(current) }
            state.orders[id] = old
            if let old { index.addOrder(old) }
        }
        if let marks = undo.marks { self.marks = marks }
        for credit in state.credits[undo.creditCount...] { state.creditedKeys.remove(credit.key) }
        state.credits.removeLast(state.credits.count - undo.creditCount)
        for (id, was) in undo.inFlight {
            if was { uploadsInFlight.insert(id) } else { uploadsInFlight.remove(id) }
        }
        journalEvents = undo.journalEvents
    }

    /// Notes the order `id` as it is before a change, when a step is being recorded.
    mutating func noteOrder(_ id: String) {
        if undo != nil, undo!.orders.index(forKey: id) == nil { undo!.orders[id] = .some(state.orders[id]) }
    }

    /// Records `record` under its transaction's identifier, noting the record it replaces when a
    /// step is being recorded.
    mutating func setRecord(_ record: PurchaseRecord) {
        let id = record.transaction.identifier
        if undo != nil, undo!.records.index(forKey: id) == nil { undo!.records[id] = .some(state.records[id]) }
        if let freed = index.replace(id, state.records[id], with: record, orders: state.orders) { marks.available.insert(freed) }
        state.records[id] = record
    }

    /// Changes the record `id`, if there is one.
    mutating func modifyRecord(_ id: String, _ change: (inout PurchaseRecord) -> Void) {
        guard var record = state.records[id] else { return }
        change(&record)
        setRecord(record)
    }

    /// Marks the upload for `id` as in flight or not.
    mutating func setInFlight(_ id: String, _ inFlight: Bool) {
        if undo != nil, undo!.inFlight.index(forKey: id) == nil { undo!.inFlight[id] = uploadsInFlight.contains(id) }
        if inFlight { uploadsInFlight.insert(id) } else { uploadsInFlight.remove(id) }
    }
}

/// What a step looks up among a ledger's records and orders, derived from them and kept up to
/// date by every change of one (`setRecord`, `register`, `rollBack`), so that no step looks
/// through every record or every order. Steps did: registering an order looked at every held
/// transaction, and matching a transaction without an order id at every order; with the step's
/// copy of the ledger, a log of 32,000 orders and their purchases took 103 s, and 1,000 held
/// transactions followed by 1,000 orders of another product 9.7 s (each order looked at every
/// held transaction, and each of those at every order).
struct RecordIndex: Equatable, Sendable {
    /// The transactions held (status `.held`).
    var held: Set<String> = []
    /// Per order id, the transactions paying it or having paid it (`PurchaseStatus.orderPaid`),
    /// in order: a transaction naming an order reports the smallest other one (a set, searched
    /// for its smallest member at each transaction, made 16,000 payments of one order take 7 s).
    var payers: [String: SortedList<String>] = [:]
    /// Per order id, how many transactions claim it (`claim(_:)`).
    var claims: [String: Int] = [:]
    /// Per order id, the transactions held because they name it and it is not registered
    /// (`PurchaseReport.unknownOrder`).
    var heldNaming: [String: Set<String>] = [:]
    /// Per credit key, the transactions held with that key (`Transaction.creditKey`).
    var heldByCreditKey: [String: Set<String>] = [:]
    /// The purchased transactions held for want of an order (`PurchaseReport.unmatchedTransaction`,
    /// no order id): the ones a new order may be matched to, by product and quantity, in time order.
    var unmatched: [ProductQuantity: SortedList<TransactionKey>] = [:]
    /// Transactions held as unmatched though they name an order, have no receipt or carry a
    /// report the ledger would not write (only a hand-made snapshot has them): a new order looks
    /// at each, as it did at every held one.
    var unmatchedOthers: Set<String> = []
    /// The registered orders no transaction claims, by product and quantity, by creation time.
    var unclaimedOrders: [ProductQuantity: SortedList<OrderKey>] = [:]

    init() {}

    init(_ records: [String: PurchaseRecord], orders: [String: Order]) {
        for (id, record) in records { add(id, record, orders: [:]) }
        for order in orders.values { addOrder(order) }
    }

    /// The order a transaction keeps from being matched to another: the one it pays or has paid,
    /// or the one it names while it is still pending or held until it can be uploaded; not one
    /// a held transaction names but does not fit (another product or quantity), which it can
    /// never pay.
    static func claim(_ record: PurchaseRecord) -> String? {
        switch record.status {
        case .held(.orderMismatch): return nil
        case .purchasing, .deferred, .held: return record.transaction.orderID
        default: return record.status.orderPaid
        }
    }

    /// Replaces what `old` (the record `id` was) added with what `new` adds, and returns the
    /// order it left unclaimed, if any: a transaction without an order id may now be matched to it.
    mutating func replace(_ id: String, _ old: PurchaseRecord?, with new: PurchaseRecord?, orders: [String: Order]) -> String? {
        var freed: String?
        if let old { freed = remove(id, old, orders: orders) }
        if let new { add(id, new, orders: orders) }
        guard let freed, claims[freed] == nil, orders[freed] != nil else { return nil }
        return freed
    }

    /// Notes a registered order (unclaimed unless a transaction names it already).
    mutating func addOrder(_ order: Order) {
        if claims[order.id] == nil { unclaimedOrders[ProductQuantity(order), default: SortedList()].insert(OrderKey(order)) }
    }

    /// Forgets a registered order (a step taken back).
    mutating func removeOrder(_ order: Order) {
        Self.remove(OrderKey(order), from: &unclaimedOrders, ProductQuantity(order))
    }

    private mutating func add(_ id: String, _ record: PurchaseRecord, orders: [String: Order]) {
        if case .held(let report) = record.status {
            held.insert(id)
            heldByCreditKey[record.transaction.creditKey, default: []].insert(id)
            switch report {
            case .unknownOrder(_, let order): heldNaming[order, default: []].insert(id)
            case .unmatchedTransaction:
                switch Unmatched(record) {
                case .matchable(let key): unmatched[ProductQuantity(record.transaction), default: SortedList()].insert(key)
                case .anomalous: unmatchedOthers.insert(id)
                case .settled: break
                }
            default: break
            }
        }
        if let order = record.status.orderPaid { payers[order, default: SortedList()].insert(id) }
        if let order = RecordIndex.claim(record) {
            claims[order, default: 0] += 1
            if claims[order] == 1, let registered = orders[order] { removeOrder(registered) }
        }
    }

    /// Returns the order whose last claim this was.
    private mutating func remove(_ id: String, _ record: PurchaseRecord, orders: [String: Order]) -> String? {
        if case .held(let report) = record.status {
            held.remove(id)
            Self.remove(id, from: &heldByCreditKey, record.transaction.creditKey)
            switch report {
            case .unknownOrder(_, let order): Self.remove(id, from: &heldNaming, order)
            case .unmatchedTransaction:
                switch Unmatched(record) {
                case .matchable(let key): Self.remove(key, from: &unmatched, ProductQuantity(record.transaction))
                case .anomalous: unmatchedOthers.remove(id)
                case .settled: break
                }
            default: break
            }
        }
        if let order = record.status.orderPaid { Self.remove(id, from: &payers, order) }
        guard let order = RecordIndex.claim(record) else { return nil }
        claims[order, default: 0] -= 1
        guard claims[order] == 0 else { return nil }
        claims[order] = nil
        if let registered = orders[order] { addOrder(registered) }
        return order
    }

    private static func remove(_ id: String, from sets: inout [String: Set<String>], _ key: String) {
        sets[key]?.remove(id)
        if sets[key]?.isEmpty == true { sets[key] = nil }
    }

    private static func remove<Key: Hashable, Element>(_ element: Element, from lists: inout [Key: SortedList<Element>], _ key: Key) {
        lists[key]?.remove(element)
        if lists[key]?.isEmpty == true { lists[key] = nil }
    }
}

/// What deciding a transaction held as unmatched again can do, its credit aside (a credit
/// releases any held transaction; see `PurchaseLedger.releaseKept`).
enum Unmatched {
    /// Purchased, with a receipt and no order id: matched once an order is available to it.
    case matchable(TransactionKey)
    /// Restored, with a receipt and no order id: stays as it is (restores are not matched).
    case settled
    /// Anything else (names an order, has no receipt, or a report the ledger would not write,
    /// which only a hand-made snapshot has): decided afresh at every release.
    case anomalous

    init(_ record: PurchaseRecord) {
        let transaction = record.transaction
        let report = PurchaseReport.unmatchedTransaction(transactionID: transaction.identifier, productIdentifier: transaction.productIdentifier)
        guard transaction.orderID == nil, let receipt = transaction.receipt, !receipt.isEmpty, record.status == .held(report) else {
            self = .anomalous
            return
        }
        self = transaction.state == .purchased ? .matchable(TransactionKey(record)) : .settled
    }
}

/// What a transaction without an order id is matched on: the product and the quantity.
struct ProductQuantity: Hashable, Sendable {
    var product: String
    var quantity: Int

    init(_ order: Order) { (product, quantity) = (order.product.identifier, order.quantity) }
    init(_ transaction: Transaction) { (product, quantity) = (transaction.productIdentifier, transaction.quantity) }
}

/// What may release a held transaction, noted since the last release: the orders registered or
/// left unclaimed (a superset: whether they still are is checked then), and how many credits had
/// been made at the last release.
struct ReleaseMarks: Hashable, Sendable {
    var available: Set<String> = []
    var creditsSeen = 0
}

/// Held transactions to settle, each with the group it was found for: a binary heap, earliest first.
struct TransactionQueue {
    private var heap: [(key: TransactionKey, group: ProductQuantity)] = []

    var peek: (key: TransactionKey, group: ProductQuantity)? { heap.first }

    mutating func push(_ key: TransactionKey, _ group: ProductQuantity) {
        heap.append((key, group))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].key < heap[parent].key else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() {
        guard !heap.isEmpty else { return }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].key < heap[smallest].key { smallest = left }
            if right < heap.count, heap[right].key < heap[smallest].key { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

/// A transaction's place in time, in the order `PurchaseRecord.chronological` gives records.
struct TransactionKey: Comparable, Hashable, Sendable {
    var date: Timestamp
    var id: String

    init(_ record: PurchaseRecord) { (date, id) = (record.transaction.date, record.transaction.identifier) }

    static func < (lhs: TransactionKey, rhs: TransactionKey) -> Bool {
        lhs.date != rhs.date ? lhs.date < rhs.date : lhs.id < rhs.id
    }
}

/// An order's place among the candidates for a match: by creation time, and at the same time the
/// smaller id after the larger, so that the last candidate is the one `match` takes.
struct OrderKey: Comparable, Hashable, Sendable {
    var createdAt: Timestamp
    var id: String

    init(_ order: Order) { (createdAt, id) = (order.createdAt, order.id) }

    static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        lhs.createdAt != rhs.createdAt ? lhs.createdAt < rhs.createdAt : lhs.id > rhs.id
    }
}

/// One transaction as the ledger knows it.
public struct PurchaseRecord: Hashable, Sendable {
    /// The transaction as last reported (its receipt included).
    public var transaction: Transaction
    /// Where it stands.
    public var status: PurchaseStatus

    static func chronological(_ a: PurchaseRecord, _ b: PurchaseRecord) -> Bool {
        a.transaction.date != b.transaction.date
            ? a.transaction.date < b.transaction.date
            : a.transaction.identifier < b.transaction.identifier
    }
}

/// Where a transaction stands in the ledger.
public enum PurchaseStatus: Hashable, Sendable {
    /// The order this transaction pays or paid: its receipt is with the server, was accepted, or
    /// was rejected for it; `nil` otherwise.
    var orderPaid: String? {
        switch self {
        case .awaitingServer(let orderID, _), .accepted(let orderID?), .rejected(let orderID, _): orderID
        case .purchasing, .deferred, .held, .accepted(nil), .failed: nil
        }
    }

    /// Being processed by the store.
    case purchasing
    /// Waiting for approval; not final, not finished.
    case deferred
    /// Paid, but kept unfinished for the reason reported (no order, no receipt, a mismatch).
    case held(PurchaseReport)
    /// Paid; the receipt is with the server for this order (`failures` uploads failed so far).
    case awaitingServer(orderID: String, failures: Int)
    /// The server accepted the receipt; the purchase is credited (`orderID` is `nil` for a restore
    /// of a purchase credited before).
    case accepted(orderID: String?)
    /// The server rejected the receipt for good.
    case rejected(orderID: String, reason: String)
    /// The payment failed or was cancelled.
    case failed(PurchaseFailure)
}
