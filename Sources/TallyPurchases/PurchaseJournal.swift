import Foundation
import TallyDecimal

/// An append-only file of JSON lines that makes a `PurchaseLedger` survive a crash.
///
/// Each line is one entry: a sequence number and the events of one ledger step, with any order
/// matched by product and time already written into its transaction, so that a replay decides
/// nothing anew:
///
/// ```json
/// {"seq":1,"events":[{"order":{"createdAt":"2026-11-30T10:00:00.000Z","id":"A-1",…}}]}
/// {"seq":2,"events":[{"transaction":{"date":"2026-11-30T10:00:05.000Z","id":"1000000001",…}}]}
/// ```
///
/// An entry is appended and synced before the actions of its step are returned, so an action is
/// never taken without its record. A crash can leave only the last line torn (its append never
/// returned, so none of its actions were taken): opening the journal detects it — a last line
/// without its newline, or with zero bytes in it — ignores it and cuts it off. Any other line that
/// cannot be read, a complete last line included, is an error (`PurchaseError.corruptJournal`),
/// never skipped: dropping it could lose a credit. Every line is checked to read back before it
/// is written.
public final class PurchaseJournal {
    /// The largest journal `init(storage:sizeLimit:)` reads by default: 64 MiB.
    public static let defaultSizeLimit = 64 << 20
    /// The longest line written or read: 4 MiB (a receipt is a few kilobytes).
    public static let maximumLineLength = 4 << 20

    let storage: any JournalStorage
    /// The ledger a compacted journal starts from (its snapshot entries), or `nil` when the journal
    /// was never compacted.
    public let snapshot: PurchaseLedger?
    /// The events of the entries read at opening, in order: what `JournaledLedger` replays (on top
    /// of `snapshot`).
    public let recoveredEvents: [PurchaseEvent]
    /// How many bytes of a torn last line were cut off at opening (0 when the journal was
    /// clean).
    public let droppedTornBytes: Int
    /// How many entries the journal holds.
    public internal(set) var entryCount: Int
    /// The length of the journal's good entries: a failed append is cut back to it.
    var byteCount: Int
    /// Set when a failed append could not be cut back: every later append throws, until the
    /// journal is opened again (which cuts the torn tail off).
    var failure: String?
    /// The size limit the journal was opened with; a snapshot must fit in it.
    let sizeLimit: Int

    /// Opens the journal kept in `storage`: reads every entry, and cuts off a torn last line.
    ///
    /// - Throws: `PurchaseError.corruptJournal` naming the first bad line that is not the last,
    ///   `.journalTooLarge`, or `.journalIO`.
    /// - Complexity: O(bytes).
    public init(storage: any JournalStorage, sizeLimit: Int = PurchaseJournal.defaultSizeLimit) throws(PurchaseError) {
        self.storage = storage
        self.sizeLimit = sizeLimit
        let bytes = try storage.readAll(limit: sizeLimit)
        var events: [PurchaseEvent] = []
        var snapshot: PurchaseLedger.State?
        var sawEvents = false
        var entries = 0
        var lineStart = 0
        var validEnd = 0
        var pendingError: PurchaseError?
        let decoder = Self.entryDecoder()
        while lineStart < bytes.count {
            let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n"))
            let lineEnd = newline ?? bytes.count
            let lineNumber = entries + 1
            if let error = pendingError { throw error }  // a bad line followed by more: corrupt
            // A snapshot is written whole and renamed into place: a bad snapshot line is never a
            // torn write.
            let isSnapshot = bytes[lineStart..<lineEnd].starts(with: Array("{\"seq\":\(lineNumber),\"s".utf8))
            // Only the last append can be torn, and a torn write ends without its newline, or holds
            // zero bytes where blocks of the write never reached the disk (JSON text has none). A
            // complete line that cannot be read is something else — damage, or a newer format —
            // and is an error even at the end: cutting it off could drop a step that was acted on.
            let mayBeTorn = newline == nil || bytes[lineStart..<lineEnd].contains(0)
            if newline == nil || lineEnd - lineStart > Self.maximumLineLength {
                let problem = PurchaseError.corruptJournal(
                    line: lineNumber,
                    reason: newline == nil ? "the line has no end" : "the line is longer than \(Self.maximumLineLength) bytes")
                if isSnapshot || !mayBeTorn { throw problem }
                pendingError = problem
            } else {
                let entry: Entry
                do {
                    entry = try decoder.decode(Entry.self, from: Data(bytes[lineStart..<lineEnd]))
                } catch {
                    var reason = PurchaseLog.describe(error)
                    if reason == "not valid JSON", let sharper = Self.sequenceNumberProblem(in: bytes[lineStart..<lineEnd], decoder: decoder) {
                        reason = sharper
                    }
                    let problem = PurchaseError.corruptJournal(line: lineNumber, reason: reason)
                    if isSnapshot || !mayBeTorn { throw problem }
                    pendingError = problem
                    lineStart = lineEnd + 1
                    continue
                }
                // A whole entry out of sequence is not a torn write: a line was lost or repeated.
                guard entry.seq == lineNumber else {
                    throw .corruptJournal(line: lineNumber, reason: "sequence number \(entry.seq), expected \(lineNumber)")
                }
                switch (entry.events, entry.snapshot) {
                case (let more?, nil):
                    if !sawEvents, let state = snapshot, let problem = state.snapshotProblem() {
                        throw .corruptJournal(line: lineNumber - 1, reason: problem)
                    }
                    events += more
                    sawEvents = true
                case (nil, let item?):
                    // Snapshot entries open a compacted journal; the complete ones are whole.
                    guard !sawEvents else {
                        throw .corruptJournal(line: lineNumber, reason: "a snapshot entry after the events")
                    }
                    // Taken out of `snapshot` before the item is added, so that the state's
                    // dictionaries are not shared and grow in place: with `snapshot` still
                    // holding them, every item copied the whole state (a review: 40,000
                    // purchases took 138 s to open, and as long to compact).
                    var state = snapshot.take() ?? PurchaseLedger.State()
                    if let problem = item.apply(to: &state) { throw .corruptJournal(line: lineNumber, reason: problem) }
                    snapshot = state
                default:
                    throw .corruptJournal(line: lineNumber, reason: "an entry has either \"events\" or \"snapshot\"")
                }
                entries += 1
                validEnd = lineEnd + 1
            }
            lineStart = lineEnd + 1
        }
        if !sawEvents, let state = snapshot, let problem = state.snapshotProblem() {
            throw .corruptJournal(line: entries, reason: problem)
        }
        // A bad last line is the torn write of a step whose actions were never taken.
        droppedTornBytes = bytes.count - validEnd
        if droppedTornBytes > 0 { try storage.truncate(to: validEnd) }
        recoveredEvents = events
        self.snapshot = snapshot.map { PurchaseLedger(state: $0) }
        entryCount = entries
        byteCount = validEnd
    }

    /// Appends one entry holding `events` and returns once it is durable.
    ///
    /// - Throws: `PurchaseError.journalIO` (nothing was recorded: do not take the step's actions;
    ///   whatever part of the entry reached the file is cut off again), `.invalidEvent` when the
    ///   entry would be longer than `maximumLineLength` or would not read back, or
    ///   `.journalTooLarge` when the journal would outgrow the size limit it was opened with (it
    ///   could not be opened again; compact it).
    public func append(_ events: [PurchaseEvent]) throws(PurchaseError) {
        let line = try Self.line(seq: entryCount + 1, key: "events", events, what: "the entry")
        if let failure {
            throw .journalIO(operation: "append to", path: storage.name, reason: "an earlier write failed and could not be undone (\(failure)); open the journal again")
        }
        // A journal past its size limit could not be opened again: refuse the entry instead
        // (`JournaledLedger` compacts and tries once more).
        guard byteCount + line.count <= sizeLimit else {
            throw .journalTooLarge(bytes: byteCount + line.count, limit: sizeLimit)
        }
        try checkNoOtherWriter(operation: "append to")
        do {
            try storage.append(line)
        } catch {
            // A short write (disk full) or a failed sync may have left part or all of the entry
            // in the file. Its actions are not taken, so it must go: cut the file back, or refuse
            // every later append rather than glue an entry to a torn one.
            do {
                try storage.truncate(to: byteCount)
            } catch let undo {
                failure = undo.description
            }
            throw error
        }
        entryCount += 1
        byteCount += line.count
    }

    /// Throws when the storage no longer holds exactly what this journal wrote: another journal
    /// opened on the same storage has written since (a review found two `PurchaseJournal`s on one
    /// storage each writing entry 1, which left a journal that could not be opened). The other
    /// one's entries are kept; this journal writes nothing more until it is opened again.
    func checkNoOtherWriter(operation: String) throws(PurchaseError) {
        guard let size = try storage.currentByteCount(), size != byteCount else { return }
        throw .journalIO(
            operation: operation, path: storage.name,
            reason: "it holds \(size) bytes where this journal wrote \(byteCount): another journal on the same storage has written to it; open the journal again")
    }

    /// One journal line, `{"seq":N,"KEY":VALUE}` and a newline, with the value's keys sorted.
    ///
    /// - Throws: `.invalidEvent` naming `seq` when the value cannot be encoded or the line (without
    ///   its newline) is longer than `maximumLineLength`; `what` names the line in the message.
    static func line(seq: Int, key: String, _ value: some Encodable, what: String) throws(PurchaseError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body: Data
        do {
            body = try encoder.encode(value)
        } catch {
            throw .invalidEvent(line: seq, reason: "cannot be written as JSON: \(error)")
        }
        let line = Array("{\"seq\":\(seq),\"\(key)\":".utf8) + body + Array("}\n".utf8)
        guard line.count - 1 <= maximumLineLength else {
            throw .invalidEvent(line: seq, reason: "\(what) is \(line.count) bytes, more than \(maximumLineLength)")
        }
        // Every line written must read back: a value that encodes but does not decode (a
        // transaction of quantity 11, a price in a custom currency that reuses an ISO code) would
        // be synced, its actions taken, and then make the journal unreadable. Refuse it here,
        // before anything is written.
        do {
            guard isStreamSafeJSONText(line.dropLast()) else { throw UnsafeText() }
            _ = try Self.entryDecoder().decode(Entry.self, from: Data(line.dropLast()))
        } catch {
            throw .invalidEvent(line: seq, reason: "\(what) would not read back: \(PurchaseLog.describe(error))")
        }
        return line
    }

    /// A line holding a string with more than 30 combining marks in a row: refused before
    /// `JSONDecoder` hashes it (see `isStreamSafe`) when an entry is written. (Opening a journal
    /// does not refuse one: a journal an app wrote before the check must still open. Read as a
    /// file from outside, by `PurchaseLog.read`, it is refused.)
    struct UnsafeText: Error, CustomStringConvertible {
        var description: String { "a string \(combiningRunReason)" }
    }

    struct Entry: Decodable {
        var seq: Int
        var events: [PurchaseEvent]?
        var snapshot: SnapshotItem?
    }
}

extension PurchaseJournal {
    /// `sequence number 1e400 is not a whole number in range` for a line that the decoder called
    /// "not valid JSON" because its sequence number (`{"seq":N,` as every entry starts) is a JSON number that is
    /// not an `Int`, or `nil`. Foundation's decoder reports such a line only as "not valid JSON";
    /// the seq is taken to be the cause when the same line with `0` in its place is no longer
    /// invalid JSON (it may still be wrong in other ways, reported once this is mended).
    static func sequenceNumberProblem(in line: ArraySlice<UInt8>, decoder: JSONDecoder) -> String? {
        let marker = Array("{\"seq\":".utf8)
        guard line.starts(with: marker) else { return nil }
        let rest = line.dropFirst(marker.count)
        let token = rest.prefix { byte in
            byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte | 0x20 == UInt8(ascii: "e")
        }
        guard PurchaseLog.isJSONNumber(token), Int(String(decoding: token, as: UTF8.self)) == nil else { return nil }
        let mended = Array(marker) + [UInt8(ascii: "0")] + rest.dropFirst(token.count)
        do {
            _ = try decoder.decode(Entry.self, from: Data(mended))
        } catch {
            if PurchaseLog.describe(error) == "not valid JSON" { return nil }
        }
        let text = String(decoding: token.prefix(40), as: UTF8.self) + (token.count > 40 ? "…" : "")
        return "sequence number \(text) is not a whole number in range"
    }

    /// The decoder for the journal's lines: what was recorded is read as it was recorded (an
    /// order priced finer than its currency, accepted by an earlier version, still opens).
    static func entryDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[Order.journalKey] = true
        return decoder
    }
}
