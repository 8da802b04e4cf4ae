import Foundation
import TallyDecimal

/// The `tally` commands' input: a file, or standard input for `-`, read with a bound on its size
/// and checked to be UTF-8, so that no input can make the process allocate without bound.
public enum CommandInput {
    /// The most bytes a command reads (100 MB): far above every document and log limit (a
    /// checkout document may have 10 MB), far below what would exhaust memory.
    public static let maximumBytes = 100_000_000

    /// Why an input cannot be read.
    public struct ReadError: Error, CustomStringConvertible, Equatable {
        /// The reason, for the message after "cannot read FILE: ".
        public let description: String
    }

    /// The text of `path` (`-` for standard input): at most `limit` bytes of UTF-8, every byte kept
    /// (a leading byte-order mark too: the JSON reader skips one, and only one).
    ///
    /// - Throws: `ReadError` for a missing or unreadable file, a directory, more than `limit`
    ///   bytes (found by reading at most `limit + 1`), or bytes that are not UTF-8.
    public static func read(_ path: String, limit: Int = maximumBytes) throws(ReadError) -> String {
        let data = try readBytes(path, limit: limit)
        // Not Foundation's `String(bytes:encoding:)`, which drops a leading byte-order mark: with
        // the JSON reader's own skip, a file starting with two marks was read as if it had none.
        guard let text = validatedUTF8(data) else { throw ReadError(description: "it is not UTF-8 text") }
        return text
    }

    /// The bytes of `path` (`-` for standard input), at most `limit`, as they are: for a purchase
    /// journal, whose torn last line may end inside a UTF-8 character.
    ///
    /// - Throws: `ReadError`, as `read(_:limit:)` but for the UTF-8 check. The reason is that of
    ///   the system call that failed (`open(2)`, `fstat(2)`, `read(2)`): "no such file",
    ///   "permission denied", "too many levels of symbolic links", "it is a socket", "it is a
    ///   directory", "standard input is closed", …
    public static func readBytes(_ path: String, limit: Int = maximumBytes) throws(ReadError) -> [UInt8] {
        if path == "-" {
            try checkReadable(descriptor: 0, standardInput: true)
            return try readBytes(descriptor: 0, limit: limit)
        }
        // Opened, not first asked about (`FileManager.fileExists` said "no such file" for a path
        // that could not be searched or looped): the reason is the `errno` of the call that failed.
        let descriptor = retryingOpen(path)
        guard descriptor >= 0 else {
            let error = errno
            var status = stat()
            // Linux says ENXIO for a socket, Darwin (as POSIX) EOPNOTSUPP: ask the file itself.
            if error == ENXIO || error == EOPNOTSUPP, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK {
                throw ReadError(description: "it is a socket")
            }
            throw ReadError(description: reason(error))
        }
        defer { close(descriptor) }
        try checkReadable(descriptor: descriptor, standardInput: false)
        return try readBytes(descriptor: descriptor, limit: limit)
    }

    /// Throws for a descriptor that is not open (standard input closed: `tally quote - <&-`) or
    /// is a directory (`tally quote - < Examples`), which `read(2)` reports less clearly.
    private static func checkReadable(descriptor: Int32, standardInput: Bool) throws(ReadError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = errno
            throw ReadError(description: standardInput && error == EBADF ? "standard input is closed" : reason(error))
        }
        if status.st_mode & S_IFMT == S_IFDIR { throw ReadError(description: "it is a directory") }
    }

    /// The reason for `error`, an `errno`, as the message after "cannot read FILE: " says it: the
    /// C library's description, lowercase, or the file's own words where they say it better.
    static func reason(_ error: Int32) -> String {
        switch error {
        case ENOENT: return "no such file"
        case EISDIR: return "it is a directory"
        case EACCES: return "permission denied"
        case ENOTDIR: return "a component of the path is not a directory"
        default:
            let text = String(cString: strerror(error))
            guard let first = text.first else { return "error \(error)" }
            return first.lowercased() + text.dropFirst()
        }
    }

    /// The bytes of an open file descriptor (a file, or standard input), at most `limit`: read
    /// again after an interruption, and after waiting for data when the descriptor is
    /// non-blocking. A parent process may have set `O_NONBLOCK` on a standard input it shares, and
    /// `FileHandle` gave up on the first `EAGAIN` ("a read failed" before the input arrived; a
    /// review).
    static func readBytes(descriptor: Int32, limit: Int) throws(ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            // One byte past the limit shows that there is more (`limit` may be `Int.max`).
            let room = limit - bytes.count
            let wanted = room >= chunk.count ? chunk.count : room + 1
            let count = retryingIO(on: descriptor, waitingFor: POLLIN) {
                chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, wanted) }
            }
            if count == 0 { break }
            if count < 0 { throw ReadError(description: reason(errno)) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if bytes.count > limit { throw ReadError(description: "more than \(limit) bytes") }
        return bytes
    }

    /// "cannot read FILE", with the reason when `error` says one.
    /// An empty name is shown as `""`.
    static func cannotRead(_ file: String, _ error: any Error) -> String {
        let file = file.isEmpty ? "\"\"" : file
        if let error = error as? ReadError { return "cannot read \(file): \(error)" }
        return "cannot read \(file)"
    }
}

/// A `read(2)` or `write(2)` on `descriptor`, made again after an interruption (`EINTR`) and,
/// when the descriptor is non-blocking (`EAGAIN`), once `poll` says it is ready for `events`
/// (`POLLIN`, `POLLOUT`): the call's count, or -1 with `errno` set for any other failure. Shared
/// by the commands' input and the executable's output.
package func retryingIO(on descriptor: Int32, waitingFor events: Int32, _ call: () -> Int) -> Int {
    while true {
        let count = call()
        if count >= 0 { return count }
        let error = errno
        if error == EINTR { continue }
        guard error == EAGAIN || error == EWOULDBLOCK else { return count }
        var waiting = pollfd(fd: descriptor, events: Int16(events), revents: 0)
        _ = poll(&waiting, 1, -1)
    }
}

/// `open(2)` for reading, made again after an interruption (opening a named pipe waits for a
/// writer, and a signal may come first): the descriptor, or -1 with `errno` set.
private func retryingOpen(_ path: String) -> Int32 {
    while true {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 || errno != EINTR { return descriptor }
    }
}

/// The C library's `read(2)`, which `CommandInput.read(_:limit:)` hides inside the enum.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
