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
/// The journal is the regular file that `path` names when the storage is opened: a symbolic link
/// is followed (its target is the journal, and the link stays a link), and a relative path is
/// resolved against the working directory of that moment. The storage keeps a descriptor of the
/// file's directory as well, so a compaction (`replaceAll(with:)`) replaces that same file in
/// that same directory even if the process changes its working directory or the link is changed
/// later. A compacted journal is a new file with the old one's permission bits: a hard link to
/// the journal keeps the old file, and the new one belongs to this process's user. A FIFO, a
/// device or anything else that is not a regular file is refused.
///
/// ```swift
/// let journal = try PurchaseJournal(storage: FileJournalStorage(path: "purchases.journal"))
/// ```
public final class FileJournalStorage: JournalStorage {
    /// The file's path, as given (for messages: see the type's description for which file it is).
    public let path: String
    private var descriptor: Int32
    /// The directory that holds the journal, opened once: compaction creates, renames and syncs
    /// through it, never through `path` again.
    private let directoryDescriptor: Int32
    /// The journal's name in that directory (the last component of the resolved path).
    private let fileName: String
    /// The journal's absolute path with every symbolic link resolved, when it was opened; its
    /// directory's path. For messages only.
    private let resolvedPath: String
    private let directoryPath: String

    /// Opens (creating if needed) the file at `path` and locks it for this process.
    ///
    /// - Throws: `PurchaseError.journalLocked` when another process holds it,
    ///   `.journalIO` when it cannot be opened or is not a regular file (a FIFO, a device).
    public init(path: String) throws(PurchaseError) {
        self.path = path
        var attempts = 0
        while true {
            // `O_NONBLOCK` so that opening a FIFO cannot wait for a writer (it is refused below),
            // `O_NOCTTY` so that opening a terminal cannot make it this process's.
            let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
            guard fd >= 0 else { throw .journalIO(operation: "open", path: path, reason: Self.lastError()) }
            var opened = stat()
            guard fstat(fd, &opened) == 0 else {
                let reason = Self.lastError()
                close(fd)
                throw .journalIO(operation: "stat", path: path, reason: reason)
            }
            // A FIFO would block an append for ever once the pipe is full; a device (`/dev/null`)
            // would open and then fail, or lose, every entry.
            guard opened.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw .journalIO(operation: "open", path: path, reason: "not a regular file (\(Self.kind(of: opened.st_mode)))")
            }
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
                let reason = Self.lastError()
                close(fd)
                throw .journalIO(operation: "open", path: path, reason: reason)
            }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let busy = errno == EWOULDBLOCK
                let reason = Self.lastError()
                close(fd)
                throw busy ? .journalLocked(path: path) : .journalIO(operation: "lock", path: path, reason: reason)
            }
            // The file's directory and name, found once: compaction must replace this file where
            // it is, not whatever `path` names later (a link's own directory, or the directory of
            // a new working directory).
            guard let resolved = realpath(path, nil) else {
                let reason = Self.lastError()
                close(fd)
                throw .journalIO(operation: "resolve", path: path, reason: reason)
            }
            let absolute = String(cString: resolved)
            free(resolved)
            let slash = absolute.lastIndex(of: "/") ?? absolute.startIndex
            let directory = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
            let name = String(absolute[absolute.index(after: slash)...])
            let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard directoryFD >= 0 else {
                let reason = Self.lastError()
                close(fd)
                throw .journalIO(operation: "open directory", path: directory, reason: reason)
            }
            // A compaction in another process may have renamed a new file over the journal between
            // the open and the lock: then this lock holds a file that is no longer the journal.
            var named = stat()
            if fstatat(directoryFD, name, &named, AT_SYMLINK_NOFOLLOW) == 0, opened.st_dev == named.st_dev, opened.st_ino == named.st_ino {
                descriptor = fd
                directoryDescriptor = directoryFD
                fileName = name
                resolvedPath = absolute
                directoryPath = directory
                break
            }
            close(directoryFD)
            close(fd)
            attempts += 1
            guard attempts < 10 else { throw .journalLocked(path: path) }
        }
        // The file's name must survive a crash too: sync the directory that holds it (always,
        // since an earlier process may have created the file and died before syncing).
        // (If this throws, the instance is fully initialized and `deinit` closes the descriptors.)
        try syncDirectory()
    }

    deinit {
        close(descriptor)  // also releases the lock
        close(directoryDescriptor)
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
    ///
    /// - Throws: `PurchaseError.journalIO` when the write or the sync fails, or, with nothing
    ///   written, when the file would pass the process's file-size limit (`RLIMIT_FSIZE`, set by
    ///   `ulimit -f` or systemd's `LimitFSIZE`), where the write would otherwise kill the process
    ///   with `SIGXFSZ`.
    public func append(_ bytes: [UInt8]) throws(PurchaseError) {
        try Self.checkFileSizeLimit(writing: bytes.count, after: { () throws(PurchaseError) in try currentByteCount() ?? 0 }, path: path)
        try Self.write(bytes, to: descriptor, path: path)
        try Self.sync(descriptor, path: path)
    }

    /// Writes `bytes` to a new file beside the journal (`NAME.compacting` in the journal's
    /// directory), with the journal's permission bits, syncs it, locks it and renames it over the
    /// journal; a crash leaves the old file or the new one, whole. The journal's directory is the
    /// one found when the storage was opened (see the type's description): a symbolic link named
    /// by `path` stays a link to the new file, and a hard link keeps the old one. If it throws
    /// after the rename (the directory could not be synced), the new file is in place but may not
    /// survive a power loss; the journal then refuses appends until it is opened again.
    ///
    /// - Throws: `PurchaseError.journalIO` when a step fails, or, before anything is written, when
    ///   the new file would pass the process's file-size limit (`RLIMIT_FSIZE`);
    ///   `.journalLocked` when another compaction holds the new file.
    public func replaceAll(with bytes: [UInt8]) throws(PurchaseError) {
        let temporaryName = fileName + ".compacting"
        let temporary = resolvedPath + ".compacting"  // for messages
        var old = stat()
        guard fstat(descriptor, &old) == 0 else { throw .journalIO(operation: "stat", path: path, reason: Self.lastError()) }
        try Self.checkFileSizeLimit(writing: bytes.count, after: { 0 }, path: temporary)
        unlinkat(directoryDescriptor, temporaryName, 0)  // a leftover of a crash during an earlier compaction
        let fd = openat(directoryDescriptor, temporaryName, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .journalIO(operation: "create", path: temporary, reason: Self.lastError()) }
        do throws(PurchaseError) {
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                // Busy: another compaction holds the new file. Anything else is an I/O error.
                throw errno == EWOULDBLOCK ? .journalLocked(path: temporary) : .journalIO(operation: "lock", path: temporary, reason: Self.lastError())
            }
            // The mode the journal had (a group allowed to read it keeps reading it), not the
            // 0600 of a new file less the umask.
            guard fchmod(fd, old.st_mode & 0o7777) == 0 else {
                throw .journalIO(operation: "set the permissions of", path: temporary, reason: Self.lastError())
            }
            try Self.write(bytes, to: fd, path: temporary)
            try Self.sync(fd, path: temporary)
            guard renameat(directoryDescriptor, temporaryName, directoryDescriptor, fileName) == 0 else {
                throw .journalIO(operation: "rename over", path: resolvedPath, reason: Self.lastError())
            }
        } catch {
            close(fd)
            unlinkat(directoryDescriptor, temporaryName, 0)
            throw error
        }
        // From here on the new file is the journal: append to it (the old descriptor's file is gone).
        close(descriptor)
        descriptor = fd
        try syncDirectory()
    }

    /// Throws, writing nothing, when `count` more bytes after the first `size` of a file would pass
    /// the process's file-size limit: the kernel would send `SIGXFSZ`, which kills the process
    /// unless it is handled, and the write would then fail with `EFBIG` or stop short. `size` is
    /// asked only when a limit is set (`currentByteCount`, the one `fstat`; none per append
    /// otherwise).
    private static func checkFileSizeLimit(
        writing count: Int, after size: () throws(PurchaseError) -> Int, path: String
    ) throws(PurchaseError) {
        var limit = rlimit()
        #if canImport(Glibc)
        let status = getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        #else
        let status = getrlimit(RLIMIT_FSIZE, &limit)
        #endif
        // It fails only for a bad argument. `RLIM_INFINITY` is all ones on Linux and 2^63 - 1 on
        // Apple platforms: no file reaches either.
        guard status == 0, limit.rlim_cur < rlim_t(Int64.max) else { return }
        let total = UInt64(max(0, try size())) + UInt64(max(0, count))
        guard total > UInt64(limit.rlim_cur) else { return }
        throw .journalIO(operation: "write to", path: path,
                         reason: "\(count) bytes more would take the file to \(total) bytes, past this process's file-size limit of \(limit.rlim_cur) bytes (RLIMIT_FSIZE); nothing was written")
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

    /// Syncs the directory that holds the journal, so that the file's name survives a crash.
    private func syncDirectory() throws(PurchaseError) {
        // As for the file: `F_FULLFSYNC` on Apple platforms, where `fsync` stops at the drive's cache.
        #if canImport(Darwin)
        if fcntl(directoryDescriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(directoryDescriptor) == 0 else {
            throw .journalIO(operation: "sync directory", path: directoryPath, reason: Self.lastError())
        }
    }

    /// What a file that is not a regular file is, for a message.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        default: "file type \(String(mode & S_IFMT, radix: 8))"
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
