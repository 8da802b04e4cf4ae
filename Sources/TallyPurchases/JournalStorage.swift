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
}

/// A journal storage in memory, for tests and previews. It can tear the next append to simulate a
/// crash while writing.
///
/// ```swift
/// let storage = MemoryJournalStorage()
/// storage.tearOnNextAppend = 10   // the next append keeps 10 bytes, then fails
/// ```
public final class MemoryJournalStorage: JournalStorage {
    /// The bytes that survived: what a restarted process would read.
    public private(set) var bytes: [UInt8]
    /// When set, the next `append` keeps only this many of its bytes and then fails, as a crash in
    /// the middle of the write would; it is cleared by that append.
    public var tearOnNextAppend: Int?

    /// Storage holding `bytes` (empty by default).
    public init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// `"memory"`.
    public var name: String { "memory" }

    /// The bytes, unless there are more than `limit`.
    public func readAll(limit: Int) throws(PurchaseError) -> [UInt8] {
        guard bytes.count <= limit else { throw .journalTooLarge(bytes: bytes.count, limit: limit) }
        return bytes
    }

    /// Appends, or, when a tear was asked for, keeps only a prefix and throws as a crash would
    /// leave it.
    public func append(_ newBytes: [UInt8]) throws(PurchaseError) {
        if let keep = tearOnNextAppend.map({ max(0, $0) }) {
            tearOnNextAppend = nil
            bytes += newBytes.prefix(keep)
            throw .journalIO(operation: "append to", path: name, reason: "simulated crash after \(min(keep, newBytes.count)) of \(newBytes.count) bytes")
        }
        bytes += newBytes
    }

    /// Drops the bytes after `count`.
    public func truncate(to count: Int) throws(PurchaseError) {
        bytes.removeLast(max(0, bytes.count - count))
    }
}
