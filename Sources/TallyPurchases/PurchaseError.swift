/// What went wrong building purchase values or keeping the journal.
public enum PurchaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An order that cannot be: empty id, quantity out of range.
    case invalidOrder(id: String, reason: String)
    /// A journal line, 1-based, that cannot be read and is not the torn last line.
    case corruptJournal(line: Int, reason: String)
    /// The journal is larger than the limit the reader was given.
    case journalTooLarge(bytes: Int, limit: Int)
    /// An event log (not a journal) given to `PurchaseLog` is larger than `PurchaseLog.maximumSize`.
    case logTooLarge(bytes: Int, limit: Int)
    /// Writing, syncing or reading the journal failed; nothing was recorded and no action was
    /// returned.
    case journalIO(operation: String, path: String, reason: String)
    /// The journal's lock is held: by another process, or by another `FileJournalStorage` of the
    /// same file in this process (release it first).
    case journalLocked(path: String)
    /// An event log line, 1-based, that is not an event.
    case invalidEvent(line: Int, reason: String)

    /// What went wrong, naming the place: `journal line 3: sequence number 4, expected 3`.
    public var description: String {
        switch self {
        case .invalidOrder(let id, let reason): "order \(String(reflecting: id)): \(reason)"
        case .corruptJournal(let line, let reason): "journal line \(line): \(reason)"
        case .journalTooLarge(let bytes, let limit): "the journal has \(bytes) bytes, more than the limit of \(limit)"
        case .logTooLarge(let bytes, let limit): "the log has \(bytes) bytes, more than the limit of \(limit)"
        case .journalIO(let operation, let path, let reason): "\(operation) \(path): \(reason)"
        case .journalLocked(let path): "\(path) is locked by another journal (another process, or another open in this one)"
        case .invalidEvent(let line, let reason): "line \(line): \(reason)"
        }
    }
}
