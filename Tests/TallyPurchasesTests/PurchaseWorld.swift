import TallyDecimal
import TallyMoney
@testable import TallyPurchases  // the ledger's record index, checked against its records
import TallyTesting

/// A simulated app, store and server around a `JournaledLedger` kept in memory, with crashes
/// that can strike anywhere: before an event is recorded, in the middle of its journal write,
/// after it is recorded but before its actions are taken, or between actions. After a crash the
/// app restarts from the journal alone: the uploads in flight and the answers on their way are
/// lost, the server may or may not have processed them, and the store delivers every unfinished
/// transaction again.
///
/// The world checks after every action it performs, and `settle()` at the end:
/// - no purchased or restored transaction is finished unless the server accepted its purchase
///   or rejected its receipt; no deferred or purchasing transaction is ever finished;
/// - no purchase is credited twice (ledger credits, and `.credit` actions across restarts);
/// - nothing is credited that the server did not accept;
/// - after the world settles, every purchase the server accepted is credited, and the credited
///   totals are the exact sums of the accepted orders.
struct PurchaseWorld {
    /// How a step that hands an event to the ledger ends.
    enum Crash: Hashable, CustomStringConvertible {
        case none
        /// Before the ledger sees the event.
        case beforeRecording
        /// In the middle of the journal write: only `keptBytes` of the entry reach the disk.
        case tornWrite(keptBytes: Int)
        /// After the entry is durable, before any action is taken.
        case afterRecording
        /// After the first `actionsTaken` actions.
        case betweenActions(actionsTaken: Int)
        /// Not a crash: the journal write fails (disk full) after `keptBytes`, and the app goes on.
        case diskFull(keptBytes: Int)

        var description: String {
            switch self {
            case .none: "none"
            case .beforeRecording: "beforeRecording"
            case .tornWrite(let kept): "tornWrite(\(kept))"
            case .afterRecording: "afterRecording"
            case .betweenActions(let taken): "betweenActions(\(taken))"
            case .diskFull(let kept): "diskFull(\(kept))"
            }
        }
    }

    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    struct StoreTransaction {
        var transaction: Transaction
        var goodReceipt: Bool
        var finished = false
    }

    enum Answer { case accepted, rejected, failed }

    static let cny = Money("6.00", .cny)
    static let products = [
        Product(identifier: "coins.100", price: Money("6.00", .cny), displayName: "100 coins"),
        Product(identifier: "coins.500", price: Money("30.00", .cny), displayName: "500 coins"),
        Product(identifier: "gems.10", price: Money("0.99", .usd), displayName: "10 gems"),
    ]

    // The store.
    var store: [StoreTransaction] = []
    var deliveries: [String] = []  // transaction ids with an update to deliver
    // The server.
    var serverOrders: [Order] = []
    var acceptedKeys: Set<String> = []
    var acceptedOrders: [String: Order] = [:]  // by credit key
    var rejectedTransactions: Set<String> = []
    var requests: [ReceiptUpload] = []
    var answers: [PurchaseEvent] = []
    // The app.
    let storage = MemoryJournalStorage()
    var ledger: JournaledLedger
    var creditActions: [String: Int] = [:]
    var clock: Int64 = 1_796_032_800_000  // 2026-11-30T10:00:00Z
    var crashes = 0
    var log: [String] = []
    var coverage = Coverage()
    var settling = false

    /// What a run reached, to check that the random runs exercise the paths they claim to.
    struct Coverage: CustomStringConvertible {
        var credits = 0, restarts = 0, tornWrites = 0, creditsAfterAnInjectedCrash = 0
        var matchedByProductAndTime = 0, rejected = 0, retries = 0, restoresOfCreditedPurchases = 0
        var failedWrites = 0, replaysCompared = 0, compactions = 0

        mutating func add(_ other: Coverage) {
            credits += other.credits
            restarts += other.restarts
            tornWrites += other.tornWrites
            creditsAfterAnInjectedCrash += other.creditsAfterAnInjectedCrash
            matchedByProductAndTime += other.matchedByProductAndTime
            rejected += other.rejected
            retries += other.retries
            restoresOfCreditedPurchases += other.restoresOfCreditedPurchases
            failedWrites += other.failedWrites
            replaysCompared += other.replaysCompared
            compactions += other.compactions
        }

        var description: String {
            "\(credits) credits (\(creditsAfterAnInjectedCrash) after an injected crash), \(restarts) restarts, \(tornWrites) torn writes, "
                + "\(matchedByProductAndTime) matched by product and time, \(rejected) rejected, \(retries) retries, "
                + "\(restoresOfCreditedPurchases) restores of credited purchases, \(failedWrites) failed writes survived, "
                + "\(replaysCompared) replays compared with the live ledger, \(compactions) compactions"
        }
    }

    init() throws {
        ledger = JournaledLedger(journal: try PurchaseJournal(storage: storage))
    }

    var now: Timestamp { Timestamp(millisecondsSince1970: clock) }

    // MARK: - Steps

    /// The server creates an order for product `productIndex` and the app registers it.
    mutating func createOrder(productIndex: Int, quantity: Int, crash: Crash) throws {
        let product = Self.products[productIndex % Self.products.count]
        let order = try Order(id: "O\(serverOrders.count + 1)", product: product, quantity: quantity, createdAt: now)
        serverOrders.append(order)
        log.append("order \(order.id) \(quantity) × \(product.identifier) [crash: \(crash)]")
        try send(.orderCreated(order), crash: crash)
    }

    /// The user buys order `orderIndex`; the store may lose the order id.
    mutating func buy(orderIndex: Int, losesOrderID: Bool) {
        guard !serverOrders.isEmpty else { return }
        let order = serverOrders[orderIndex % serverOrders.count]
        let id = "T\(store.count + 1)"
        let transaction = Transaction(
            identifier: id, productIdentifier: order.product.identifier, quantity: order.quantity,
            orderID: losesOrderID ? nil : order.id, date: now, state: .purchasing)
        store.append(StoreTransaction(transaction: transaction, goodReceipt: true))
        deliveries.append(id)
        log.append("buy \(id) for \(order.id)\(losesOrderID ? " (order id lost)" : "")")
    }

    /// The store moves a purchasing or deferred transaction on: 0 purchased, 1 purchased with a
    /// forged receipt, 2 cancelled, 3 failed, 4 deferred.
    mutating func progress(transactionIndex: Int, outcome: Int) {
        let open = store.indices.filter { [.purchasing, .deferred].contains(store[$0].transaction.state) }
        guard !open.isEmpty else { return }
        let index = open[transactionIndex % open.count]
        let id = store[index].transaction.identifier
        switch outcome % 5 {
        case 0, 1:
            store[index].transaction.state = .purchased
            store[index].transaction.receipt = "receipt-\(id)"
            store[index].goodReceipt = outcome % 5 == 0
        case 2: store[index].transaction.state = .failed(.cancelled)
        case 3: store[index].transaction.state = .failed(.error("Cannot connect to iTunes Store"))
        default:
            guard store[index].transaction.state == .purchasing else { return }
            store[index].transaction.state = .deferred
        }
        deliveries.append(id)
        log.append("store: \(id) → \(store[index].transaction.state.name)")
    }

    /// The user restores purchases: the store reports a purchase that went through as restored.
    mutating func restore(transactionIndex: Int) {
        let done = store.indices.filter { store[$0].transaction.state == .purchased && store[$0].goodReceipt }
        guard !done.isEmpty else { return }
        let original = store[done[transactionIndex % done.count]].transaction
        let id = "T\(store.count + 1)"
        let restored = Transaction(
            identifier: id, productIdentifier: original.productIdentifier, quantity: original.quantity,
            orderID: original.orderID, date: now, state: .restored, receipt: "receipt-\(id)",
            originalIdentifier: original.creditKey)
        store.append(StoreTransaction(transaction: restored, goodReceipt: true))
        deliveries.append(id)
        log.append("restore \(id) of \(original.creditKey)")
    }

    /// The store delivers one pending update to the observer.
    mutating func deliver(index: Int, crash: Crash) throws {
        guard !deliveries.isEmpty else { return }
        let id = deliveries.remove(at: index % deliveries.count)
        guard let entry = store.first(where: { $0.transaction.identifier == id }), !entry.finished else { return }
        log.append("deliver \(id) \(entry.transaction.state.name) [crash: \(crash)]")
        try send(.transactionUpdated(entry.transaction), crash: crash)
    }

    /// The server processes one upload: `networkFails` loses it (the app hears `uploadFailed`);
    /// otherwise it accepts a good receipt (again, if it did before) and rejects a forged one.
    mutating func serve(index: Int, networkFails: Bool) {
        guard !requests.isEmpty else { return }
        let request = requests.remove(at: index % requests.count)
        if networkFails {
            answers.append(.uploadFailed(transactionID: request.transactionID, reason: "timed out"))
            log.append("server: upload of \(request.transactionID) failed")
            return
        }
        switch process(request) {
        case .accepted: answers.append(.receiptAccepted(transactionID: request.transactionID))
        case .rejected: answers.append(.receiptRejected(transactionID: request.transactionID, reason: "21003"))
        case .failed: answers.append(.uploadFailed(transactionID: request.transactionID, reason: "unknown order"))
        }
    }

    /// The server's verdict on an upload, recorded on the server whether or not the app hears it.
    mutating func process(_ request: ReceiptUpload) -> Answer {
        guard let entry = store.first(where: { $0.transaction.identifier == request.transactionID }),
              request.receipt == entry.transaction.receipt,
              let order = serverOrders.first(where: { $0.id == request.orderID }) else {
            log.append("server: upload of \(request.transactionID) names nothing it knows")
            return .failed
        }
        // The server reads the product and quantity from the receipt: an order for something
        // else is refused (and the world counts a good purchase refused as lost).
        guard entry.goodReceipt, order.product.identifier == entry.transaction.productIdentifier,
              order.quantity == entry.transaction.quantity else {
            rejectedTransactions.insert(request.transactionID)
            log.append("server: rejected \(request.transactionID)")
            return .rejected
        }
        let key = entry.transaction.creditKey
        if acceptedKeys.insert(key).inserted { acceptedOrders[key] = order }
        log.append("server: accepted \(request.transactionID) (purchase \(key), order \(order.id))")
        return .accepted
    }

    /// One server answer reaches the app.
    mutating func answer(index: Int, crash: Crash) throws {
        guard !answers.isEmpty else { return }
        let event = answers.remove(at: index % answers.count)
        log.append("answer \(event) [crash: \(crash)]")
        try send(event, crash: crash)
    }

    mutating func advanceClock(minutes: Int) {
        clock += Int64(minutes) * 60_000
    }

    /// The app dies and starts again. The server may have processed the uploads in flight
    /// (`processedMask` bit i for request i); their answers are lost either way.
    mutating func crashAndRestart(processedMask: Int = 0) throws {
        crashes += 1
        coverage.restarts += 1
        storage.failOnNextAppend = nil
        for (i, request) in requests.enumerated() where processedMask >> (i % 62) & 1 == 1 {
            _ = process(request)
        }
        requests = []
        answers = []
        storage.tearOnNextAppend = nil
        ledger = JournaledLedger(journal: try PurchaseJournal(storage: storage))
        log.append("— restart (\(ledger.ledger.records.count) transactions, \(ledger.ledger.credits.count) credits) —")
        // At launch the app registers its open orders again (it asks its server), resumes, and
        // the store delivers every unfinished transaction again.
        for order in serverOrders { try perform(try ledger.handle(.orderCreated(order))) }
        try perform(try ledger.resume())
        deliveries = store.filter { !$0.finished }.map(\.transaction.identifier)
    }

    // MARK: - Sending an event, with a crash

    mutating func send(_ event: PurchaseEvent, crash: Crash) throws {
        switch crash {
        case .beforeRecording:
            try crashAndRestart()
            return
        case .tornWrite(let kept):
            storage.tearOnNextAppend = kept
        case .diskFull(let kept):
            storage.failOnNextAppend = kept
        default:
            break
        }
        let actions: [PurchaseAction]
        do {
            actions = try ledger.handle(event)
        } catch {
            if case .diskFull = crash {
                // Nothing recorded, nothing to do; the app goes on with the journal cut back.
                coverage.failedWrites += 1
                log.append("  (the journal write failed: nothing recorded)")
                try checkReplay()
                return
            }
            guard case .tornWrite = crash else { throw error }
            coverage.tornWrites += 1
            try crashAndRestart()  // the write tore: no action was returned
            return
        }
        storage.tearOnNextAppend = nil  // the step wrote nothing: no tear
        storage.failOnNextAppend = nil
        switch crash {
        case .afterRecording:
            try crashAndRestart()
        case .betweenActions(let taken):
            try perform(Array(actions.prefix(taken)))
            try crashAndRestart()
        default:
            try perform(actions)
        }
    }

    mutating func perform(_ actions: [PurchaseAction]) throws {
        for action in actions {
            switch action {
            case .uploadReceipt(let request):
                requests.append(request)
            case .retryUpload(let request, _):
                coverage.retries += 1
                requests.append(request)
            case .finishTransaction(let id):
                guard let index = store.firstIndex(where: { $0.transaction.identifier == id }) else {
                    throw Violation(description: "finished \(id), which the store does not have")
                }
                let transaction = store[index].transaction
                switch transaction.state {
                case .purchasing, .deferred:
                    throw Violation(description: "finished \(id) while it is \(transaction.state.name)")
                case .purchased, .restored:
                    guard acceptedKeys.contains(transaction.creditKey) || rejectedTransactions.contains(id) else {
                        throw Violation(description: "finished \(id) (\(transaction.state.name)) without an accepted receipt")
                    }
                case .failed:
                    break
                }
                store[index].finished = true
                if transaction.state == .restored, creditActions[transaction.creditKey] != nil || ledger.ledger.credits.contains(where: { $0.key == transaction.creditKey && $0.transactionID != id }) {
                    coverage.restoresOfCreditedPurchases += 1
                }
                log.append("finish \(id)")
            case .credit(let credit):
                creditActions[credit.key, default: 0] += 1
                guard creditActions[credit.key] == 1 else {
                    throw Violation(description: "purchase \(credit.key) credited twice")
                }
                guard acceptedKeys.contains(credit.key) else {
                    throw Violation(description: "purchase \(credit.key) credited without the server's acceptance")
                }
                log.append("credit \(credit.key) \(credit.amount)")
                coverage.credits += 1
                if crashes > 0 && !settling { coverage.creditsAfterAnInjectedCrash += 1 }
            case .report(.matchedByProductAndTime):
                coverage.matchedByProductAndTime += 1
            case .report(.receiptRejected):
                coverage.rejected += 1
            case .askUser, .report:
                break
            }
        }
        try checkLedger()
        try checkReplay()
    }

    /// The app compacts its journal (and may crash right after).
    mutating func compact(thenCrash: Bool) throws {
        let before = storage.bytes.count
        try ledger.compact()
        coverage.compactions += 1
        log.append("compact: \(before) → \(storage.bytes.count) bytes")
        try checkReplay()
        if thenCrash { try crashAndRestart() }
    }

    /// The app's timer: ask the ledger for uploads whose answers were lost.
    mutating func resume() throws {
        log.append("resume")
        try perform(try ledger.resume())
    }

    /// The journal, replayed as a restart would, gives the live ledger (uploads in flight aside).
    mutating func checkReplay() throws {
        let contents = try PurchaseLog.read(String(decoding: storage.bytes, as: UTF8.self))
        let replayed = PurchaseLedger.replaying(contents.events, from: contents.snapshot)
        let live = ledger.ledger
        guard replayed.records == live.records, replayed.credits == live.credits, replayed.orders == live.orders else {
            let differ = Set(live.records.keys).union(replayed.records.keys).sorted().filter { replayed.records[$0] != live.records[$0] }
            throw Violation(description: "the journal replays to another ledger: \(differ.map { "\($0): live \(String(describing: live.records[$0]?.status)), replayed \(String(describing: replayed.records[$0]?.status))" })")
        }
        // What a step looks up is kept with the records, through every step, failure and restart.
        for (name, ledger) in [("live", live), ("replayed", replayed)] where ledger.index != RecordIndex(ledger.state.records, orders: ledger.state.orders) {
            throw Violation(description: "the \(name) ledger's record index is not its records'")
        }
        coverage.replaysCompared += 1
    }

    func checkLedger() throws {
        let keys = ledger.ledger.credits.map(\.key)
        guard Set(keys).count == keys.count else { throw Violation(description: "the ledger credits a purchase twice: \(keys)") }
        for key in keys where !acceptedKeys.contains(key) {
            throw Violation(description: "the ledger credits \(key), which the server never accepted")
        }
    }

    /// Runs the world to rest without crashes or network failures, then checks that every
    /// accepted purchase is credited once and the totals are exact.
    mutating func settle() throws {
        settling = true
        try crashAndRestart()
        var rounds = 0
        while !(deliveries.isEmpty && requests.isEmpty && answers.isEmpty) {
            rounds += 1
            guard rounds < 1000 else { throw Violation(description: "the world does not come to rest") }
            if !deliveries.isEmpty { try deliver(index: 0, crash: .none) }
            if !requests.isEmpty { serve(index: 0, networkFails: false) }
            if !answers.isEmpty { try answer(index: 0, crash: .none) }
        }
        let ledgerState = ledger.ledger
        let credited = Set(ledgerState.credits.map(\.key))
        for key in acceptedKeys where !credited.contains(key) {
            throw Violation(description: "the server accepted \(key) but it is not credited")
        }
        try checkLedger()
        // Exact totals: the credits are the accepted orders' amounts.
        var expected: [Currency: BigDecimal] = [:]
        for (_, order) in acceptedOrders { expected[order.product.price.currency, default: 0] += order.expectedAmount.amount }
        for total in ledgerState.creditedTotals where expected[total.currency] != total.amount {
            throw Violation(description: "credited \(total), the accepted orders sum to \(expected[total.currency] ?? 0)")
        }
        // A good purchase is never refused (a wrong order, say).
        for entry in store where entry.goodReceipt && rejectedTransactions.contains(entry.transaction.identifier) {
            throw Violation(description: "the server refused good purchase \(entry.transaction.identifier): it is lost")
        }
        // Every purchase that went through is finished, or kept and reported.
        for entry in store where !entry.finished {
            switch entry.transaction.state {
            case .purchased, .restored:
                guard case .held? = ledgerState.status(of: entry.transaction.identifier) else {
                    throw Violation(description: "\(entry.transaction.identifier) is left unfinished: \(String(describing: ledgerState.status(of: entry.transaction.identifier)))")
                }
            case .failed:
                throw Violation(description: "failed \(entry.transaction.identifier) is left unfinished")
            case .purchasing, .deferred:
                break
            }
        }
    }
}
