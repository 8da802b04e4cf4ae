// Fuzz target `purchases`: `tally purchases replay` and the journal on an arbitrary file.
//
// The input bytes (UTF-8; invalid sequences become U+FFFD) are an event log or a journal.
// Invariants: `PurchasesCommand.run` returns with status 0 or 1, and status 1 says why; when the
// text reads as events, running them through a `JournaledLedger` in memory credits no purchase
// twice, the journal it writes replays to the same ledger, and so does the journal compacted and
// opened again. A violation stops the process (fatalError), which libFuzzer reports as a crash.
import TallyBridge
import TallyPurchases

@inline(never)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    // fatalError, not preconditionFailure: -O builds drop a precondition's message.
    if !condition() { fatalError("invariant violated: \(message())", file: file, line: line) }
}

func same(_ a: PurchaseLedger, _ b: PurchaseLedger) -> Bool {
    a.records == b.records && a.credits == b.credits && a.orders == b.orders
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPurchases(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let result = PurchasesCommand.run(["replay", "log"]) { _ in text }
    check([0, 1].contains(result.status), "purchases replay exited \(result.status): \(result.errors)")
    if result.status == 1 { check(!result.errors.isEmpty, "purchases replay failed without saying why") }
    guard let contents = try? PurchaseLog.read(text) else {
        check(result.status == 1, "the log does not read, but the command succeeded")
        return 0
    }
    do {
        let storage = MemoryJournalStorage()
        let start = PurchaseJournal.self
        if let snapshot = contents.snapshot { try start.init(storage: storage).compact(to: snapshot) }
        let ledger = JournaledLedger(journal: try start.init(storage: storage))
        for event in contents.events { _ = try ledger.handle(event) }
        let keys = ledger.ledger.credits.map(\.key)
        check(Set(keys).count == keys.count, "a purchase credited twice: \(keys)")
        let replayed = JournaledLedger(journal: try start.init(storage: storage))
        check(same(replayed.ledger, ledger.ledger), "the journal replays to another ledger")
        try ledger.compact()
        let compacted = JournaledLedger(journal: try start.init(storage: storage))
        check(same(compacted.ledger, ledger.ledger), "the compacted journal reads back as another ledger")
    } catch {
        // An entry over the line limit is refused with a typed error; nothing else may fail.
        check("\(error)".contains("more than"), "the ledger failed on readable input: \(error)")
    }
    return 0
}
