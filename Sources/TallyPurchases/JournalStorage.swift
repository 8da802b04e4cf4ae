/// Where a `PurchaseJournal` keeps its bytes: an append-only byte sequence that is durable when
/// `append` returns.
///
/// `FileJournalStorage` is the real one (a file, `fsync`ed); `MemoryJournalStorage` keeps the
/// bytes in memory and can simulate a crash in the middle of a write, for tests.
public protocol JournalStorage: AnyObject {
    /// A name for messages (the file's path).
    var name: String { get }
    /// All bytes written so far.
    ///
    /// - Throws: `PurchaseError.journalTooLarge` when there are more than `limit` bytes (nothing is
    ///   read), `PurchaseError.journalIO` when reading fails.
    func readAll(limit: Int) throws(PurchaseError) -> [UInt8]
    /// Appends `bytes` and returns only when they are durable (written and synced).
    func append(_ bytes: [UInt8]) throws(PurchaseError)
    /// Cuts the bytes to the first `count` (to drop a torn last line) and makes that durable.
    func truncate(to count: Int) throws(PurchaseError)
    /// Replaces all bytes with `bytes` atomically: after a crash, either all old bytes or all new
    /// ones are there. Used to compact the journal.
    func replaceAll(with bytes: [UInt8]) throws(PurchaseError)
    /// How many bytes the storage holds now — the length `readAll` would return — or `nil` when
    /// it cannot tell cheaply (the default). A journal compares it with what it wrote itself
    /// before each write, so that a second journal opened on the same storage cannot interleave
    /// its entries with the first's; a storage that reported any other length (a lagging cache,
    /// framing bytes) would have every write refused.
    func currentByteCount() throws(PurchaseError) -> Int?
}

extension JournalStorage {
    /// `nil`: the size is not known, and a journal writes without comparing it.
    public func currentByteCount() throws(PurchaseError) -> Int? { nil }
}

/// A journal storage in memory, for tests and previews. It can fail the next append as a full
/// disk would, or tear it as a crash would.
///
/// ```swift
/// let storage = MemoryJournalStorage()
/// storage.tearOnNextAppend = 10   // the next append keeps 10 bytes, then the "process" dies
/// ```
public final class MemoryJournalStorage: JournalStorage {
    /// The bytes that survived: what a restarted process would read.
    public private(set) var bytes: [UInt8]
    /// When set, the next `append` keeps only this many of its bytes and fails, and the storage
    /// then refuses every call until `readAll` (a restarted process opening the journal): a crash
    /// in the middle of the write. Cleared by that append.
    public var tearOnNextAppend: Int?
    /// When set, the next `append` keeps only this many of its bytes and fails, but the storage
    /// stays usable: a full disk. Cleared by that append.
    public var failOnNextAppend: Int?
    private var crashed = false

    /// Storage holding `bytes` (empty by default).
    public init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// `"memory"`.
    public var name: String { "memory" }

    /// The number of bytes held.
    public func currentByteCount() throws(PurchaseError) -> Int? { bytes.count }

    /// The bytes, unless there are more than `limit`. Revives a storage torn by a simulated crash.
    public func readAll(limit: Int) throws(PurchaseError) -> [UInt8] {
        crashed = false
        guard bytes.count <= limit else { throw .journalTooLarge(bytes: bytes.count, limit: limit) }
        return bytes
    }

    /// Appends, or keeps only a prefix and throws when a tear or a failure was asked for.
    public func append(_ newBytes: [UInt8]) throws(PurchaseError) {
        if crashed { throw .journalIO(operation: "append to", path: name, reason: "the process has crashed") }
        if let keep = tearOnNextAppend.map({ max(0, $0) }) {
            tearOnNextAppend = nil
            crashed = true
            bytes += newBytes.prefix(keep)
            throw .journalIO(operation: "append to", path: name, reason: "simulated crash after \(min(keep, newBytes.count)) of \(newBytes.count) bytes")
        }
        if let keep = failOnNextAppend.map({ max(0, $0) }) {
            failOnNextAppend = nil
            bytes += newBytes.prefix(keep)
            throw .journalIO(operation: "append to", path: name, reason: "no space left (simulated) after \(min(keep, newBytes.count)) of \(newBytes.count) bytes")
        }
        bytes += newBytes
    }

    /// Drops the bytes after `count`.
    public func truncate(to count: Int) throws(PurchaseError) {
        if crashed { throw .journalIO(operation: "truncate", path: name, reason: "the process has crashed") }
        bytes.removeLast(max(0, bytes.count - max(0, count)))  // a negative count empties the journal
    }

    /// Replaces the bytes.
    public func replaceAll(with newBytes: [UInt8]) throws(PurchaseError) {
        if crashed { throw .journalIO(operation: "replace", path: name, reason: "the process has crashed") }
        bytes = newBytes
    }
}
