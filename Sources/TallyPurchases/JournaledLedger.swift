import TallyDecimal

/// A `PurchaseLedger` whose every change is written to a `PurchaseJournal` before its actions are
/// returned, and which is rebuilt from the journal at start-up.
///
/// ```swift
/// let ledger = try JournaledLedger(journal: PurchaseJournal(storage: FileJournalStorage(path: path)))
/// for action in try ledger.resume() { perform(action) }      // uploads lost in a crash
/// // in paymentQueue(_:updatedTransactions:):
/// for action in try ledger.handle(.transactionUpdated(transaction)) { perform(action) }
/// ```
///
/// If `handle(_:)` throws, no action must be taken: the ledger is as it was, and the entry was cut
/// off again (or, if even that failed, it may be on record as if the app had crashed right after
/// writing it, which the next launch handles; appends are refused until then). The store delivers an
/// unfinished transaction again at the next launch; a lost server answer is asked for again by
/// the next `resume()`, which an app may call on a timer as well as at launch.
public final class JournaledLedger {
    /// The ledger as of the last recorded step.
    public private(set) var ledger: PurchaseLedger
    private let journal: PurchaseJournal
    /// Set when a compaction made for lack of room left too little for the step that asked for
    /// it, until a step is recorded: a compaction before then would write the same snapshot
    /// again (every step since was refused and taken back), so it is skipped. A full ledger
    /// compacted for every later event, each refused anyway (a review: 38 s an event at 64 MiB).
    private var compactedWithoutRoom = false

    /// Rebuilds the ledger from `journal`'s entries.
    ///
    /// Give each `PurchaseJournal` one ledger, made right after opening it: the ledger replays the
    /// entries read at opening, so a second ledger on the same journal object starts from a stale
    /// state and both would append to one file. To start again (after a failed write), release
    /// the old journal and its storage, open the file anew, and make a ledger on that.
    ///
    /// - Complexity: O(entries × the cost of one step).
    public init(journal: PurchaseJournal, policy: PurchasePolicy = PurchasePolicy()) {
        self.journal = journal
        ledger = PurchaseLedger.replaying(journal.recoveredEvents, from: journal.snapshot, policy: policy)
    }

    /// Takes one event: records it if it changes the ledger, then returns the actions.
    ///
    /// - Throws: `PurchaseError.journalIO` when the journal cannot be written, `.invalidEvent`
    ///   when the step's entry would be longer than `PurchaseJournal.maximumLineLength` or would
    ///   not read back (among them a text with more than 30 combining marks in a row, refused
    ///   before the step), `.journalTooLarge` when even a compacted journal would pass its size
    ///   limit; in every case the ledger is unchanged and none of the step's actions may be taken.
    /// - Complexity: the step's own (`PurchaseLedger.handle(_:)`) plus O(what it changed): it is
    ///   applied in place with a record of the values it changed, kept once its entry is durable
    ///   (one sync per step that changes something) and taken back otherwise. (Each step used to
    ///   be tried on a copy of the ledger and compared with it: O(transactions) a step.)
    public func handle(_ event: PurchaseEvent) throws(PurchaseError) -> [PurchaseAction] {
        // Refused before the step, which would hash the ids (a journal line with such text would
        // not read back either): Swift compares and hashes a long run of combining marks in
        // quadratic time (a review's 80,000 pairs in an order id took over a minute).
        if event.hasUnsafeText {
            throw .invalidEvent(line: journal.entryCount + 1, reason: "the entry would not read back: a string \(combiningRunReason)")
        }
        do {
            return try recorded { $0.handle(event) }
        } catch {
            // A server answer that could not be recorded is lost: the upload is no longer on
            // its way, so the next `resume()` or delivery asks for it again.
            switch event {
            case .receiptAccepted(let id), .receiptRejected(let id, _), .uploadFailed(let id, _):
                ledger.uploadsInFlight.remove(id)
            case .orderCreated, .transactionUpdated:
                break
            }
            throw error
        }
    }

    /// The ledger's `resume()`, recorded like a step: call it once after start-up.
    ///
    /// - Throws: as `handle(_:)`: `PurchaseError.journalIO`, `.invalidEvent` or `.journalTooLarge`,
    ///   with the ledger unchanged and none of the actions to be taken.
    public func resume() throws(PurchaseError) -> [PurchaseAction] {
        try recorded { $0.resume() }
    }

    /// Takes `step` on the ledger in place and records it; when it cannot be recorded, takes it
    /// back and throws.
    private func recorded(_ step: (inout PurchaseLedger) -> [PurchaseAction]) throws(PurchaseError) -> [PurchaseAction] {
        let (actions, undo) = ledger.recordingStep(step)
        do {
            try commit(undo)
        } catch {
            ledger.rollBack(undo)
            throw error
        }
        return actions
    }

    /// Rewrites the journal as a snapshot of the ledger: one entry per order, transaction and
    /// credit, with no history and no receipt of a finished transaction. The new journal replaces
    /// the old one atomically (written, synced, then renamed over it), so a crash leaves one or the
    /// other, whole. Call it when the app is idle, for instance at launch after `resume()`.
    ///
    /// - Throws: as `PurchaseJournal.compact(to:)`: after a failed replacement, open the journal
    ///   again (a new `JournaledLedger`) before the next step.
    /// - Complexity: O(transactions + orders + credits).
    public func compact() throws(PurchaseError) {
        try journal.compact(to: ledger)
    }

    /// Records the step `undo` describes, which `ledger` has taken; throws, with the step still
    /// in `ledger`, when it cannot be recorded.
    private func commit(_ undo: PurchaseLedger.StepUndo) throws(PurchaseError) {
        guard ledger.changedState(since: undo) else { return }
        assert(!ledger.journalEvents.isEmpty, "a change of the ledger with no journal events to record it")
        do {
            try journal.append(ledger.journalEvents)
            compactedWithoutRoom = false
        } catch {
            // The journal reached its size limit (64 MiB by default), past which it could not
            // be opened again: rewrite it as a snapshot of the ledger before this step, then
            // record the step (a ledger too large even then is refused, `.journalTooLarge`).
            guard case .journalTooLarge = error, !compactedWithoutRoom else { throw error }
            var before = ledger
            before.rollBack(undo)
            try journal.compact(to: before)
            do {
                try journal.append(ledger.journalEvents)
                compactedWithoutRoom = false
            } catch {
                if case .journalTooLarge = error { compactedWithoutRoom = true }
                throw error
            }
        }
    }
}

extension PurchaseLedger {
    /// The ledger a journal's events rebuild, on top of `start` (a compacted journal's snapshot)
    /// or an empty ledger: each step as recorded (matches included), with no upload in flight.
    ///
    /// - Complexity: O(events × the cost of one step).
    public static func replaying(
        _ events: [PurchaseEvent], from start: PurchaseLedger? = nil, policy: PurchasePolicy = PurchasePolicy()
    ) -> PurchaseLedger {
        var ledger = PurchaseLedger(state: start?.state ?? State(), policy: policy)
        ledger.matchesByProductAndTime = false
        for event in events { ledger.handle(event) }
        ledger.matchesByProductAndTime = true
        ledger.uploadsInFlight = []
        ledger.journalEvents = []
        return ledger
    }
}
