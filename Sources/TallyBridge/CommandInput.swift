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
    /// - Throws: `ReadError`, as `read(_:limit:)` but for the UTF-8 check.
    public static func readBytes(_ path: String, limit: Int = maximumBytes) throws(ReadError) -> [UInt8] {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ReadError(description: "no such file")
            }
            if isDirectory.boolValue { throw ReadError(description: "it is a directory") }
            guard let opened = FileHandle(forReadingAtPath: path) else { throw ReadError(description: "permission denied or not readable") }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        var data = Data()
        while data.count <= limit {
            let chunk: Data?
            do {
                // One byte past the limit shows that there is more; `limit` may be `Int.max` ("no
                // limit"), where `limit + 1` would trap.
                let room = limit - data.count
                chunk = try handle.read(upToCount: room >= 1 << 20 ? 1 << 20 : room + 1)
            } catch {
                throw ReadError(description: "a read failed")
            }
            guard let chunk, !chunk.isEmpty else { break }
            data.append(chunk)
        }
        if data.count > limit { throw ReadError(description: "more than \(limit) bytes") }
        return [UInt8](data)
    }

    /// "cannot read FILE", with the reason when `error` says one.
    static func cannotRead(_ file: String, _ error: any Error) -> String {
        if let error = error as? ReadError { return "cannot read \(file): \(error)" }
        return "cannot read \(file)"
    }
}
