#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `write`, under a name that a method called `write` does not hide.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// A journal kept in a file: appended with `write` and made durable with `fsync` (`F_FULLFSYNC`
/// on Apple platforms, where `fsync` does not reach the disk), and locked with `flock` so that
/// two processes never append to it at once.
///
/// ```swift
/// let journal = try PurchaseJournal(storage: FileJournalStorage(path: "purchases.journal"))
/// ```
public final class FileJournalStorage: JournalStorage {
    /// The file's path.
    public let path: String
    private var descriptor: Int32

    /// Opens (creating if needed) the file at `path` and locks it for this process.
    ///
    /// - Throws: `PurchaseError.journalLocked` when another process holds it,
    ///   `.journalIO` when it cannot be opened.
    public init(path: String) throws(PurchaseError) {
        self.path = path
        var attempts = 0
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw .journalIO(operation: "open", path: path, reason: Self.lastError()) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let busy = errno == EWOULDBLOCK
                let reason = Self.lastError()
                close(fd)
                throw busy ? .journalLocked(path: path) : .journalIO(operation: "lock", path: path, reason: reason)
            }
            // A compaction in another process may have renamed a new file over the path between
            // the open and the lock: then this lock holds a file that is no longer the journal.
            var opened = stat(), named = stat()
            if fstat(fd, &opened) == 0, stat(path, &named) == 0, opened.st_dev == named.st_dev, opened.st_ino == named.st_ino {
                descriptor = fd
                break
            }
            close(fd)
            attempts += 1
            guard attempts < 10 else { throw .journalLocked(path: path) }
        }
        // The file's name must survive a crash too: sync the directory that holds it (always,
        // since an earlier process may have created the file and died before syncing).
        // (If this throws, the instance is fully initialized and `deinit` closes the descriptor.)
        try Self.syncDirectory(of: path)
    }

    deinit {
        close(descriptor)  // also releases the lock
    }

    /// The path.
    public var name: String { path }

    /// Reads the whole file, unless it is larger than `limit`.
    public func readAll(limit: Int) throws(PurchaseError) -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .journalIO(operation: "stat", path: path, reason: Self.lastError()) }
        let size = Int(status.st_size)
        guard size <= limit else { throw .journalTooLarge(bytes: size, limit: limit) }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + offset, size - offset, off_t(offset))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw .journalIO(operation: "read", path: path, reason: count < 0 ? Self.lastError() : "the file shrank while it was read")
            }
            offset += count
        }
        return bytes
    }

    /// The file's size.
    public func currentByteCount() throws(PurchaseError) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .journalIO(operation: "stat", path: path, reason: Self.lastError()) }
        return Int(status.st_size)
    }

    /// Writes all of `bytes` at the end of the file, then syncs it.
    public func append(_ bytes: [UInt8]) throws(PurchaseError) {
        try Self.write(bytes, to: descriptor, path: path)
        try Self.sync(descriptor, path: path)
    }

    /// Writes `bytes` to a new file beside the journal, syncs it, locks it and renames it over the
    /// journal; a crash leaves the old file or the new one, whole. If it throws after the rename
    /// (the directory could not be synced), the new file is in place but may not survive a power
    /// loss; the journal then refuses appends until it is opened again.
    public func replaceAll(with bytes: [UInt8]) throws(PurchaseError) {
        let temporary = path + ".compacting"
        unlink(temporary)  // a leftover of a crash during an earlier compaction
        let fd = open(temporary, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .journalIO(operation: "create", path: temporary, reason: Self.lastError()) }
        do throws(PurchaseError) {
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                // Busy: another compaction holds the new file. Anything else is an I/O error.
                throw errno == EWOULDBLOCK ? .journalLocked(path: temporary) : .journalIO(operation: "lock", path: temporary, reason: Self.lastError())
            }
            try Self.write(bytes, to: fd, path: temporary)
            try Self.sync(fd, path: temporary)
            guard rename(temporary, path) == 0 else {
                throw .journalIO(operation: "rename over", path: path, reason: Self.lastError())
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        // From here on the new file is the journal: append to it (the old descriptor's file is gone).
        close(descriptor)
        descriptor = fd
        try Self.syncDirectory(of: path)
    }

    private static func write(_ bytes: [UInt8], to fd: Int32, path: String) throws(PurchaseError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(fd, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .journalIO(operation: "write to", path: path, reason: lastError()) }
            offset += count
        }
    }

    /// Cuts the file to `count` bytes and syncs it.
    public func truncate(to count: Int) throws(PurchaseError) {
        guard ftruncate(descriptor, off_t(count)) == 0 else {
            throw .journalIO(operation: "truncate", path: path, reason: Self.lastError())
        }
        try Self.sync(descriptor, path: path)
    }

    private static func sync(_ fd: Int32, path: String) throws(PurchaseError) {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(fd) == 0 else { throw .journalIO(operation: "sync", path: path, reason: lastError()) }
    }

    private static func syncDirectory(of path: String) throws(PurchaseError) {
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .journalIO(operation: "open directory", path: directory, reason: lastError()) }
        defer { close(fd) }
        // As for the file: `F_FULLFSYNC` on Apple platforms, where `fsync` stops at the drive's cache.
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(fd) == 0 else { throw .journalIO(operation: "sync directory", path: directory, reason: lastError()) }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
