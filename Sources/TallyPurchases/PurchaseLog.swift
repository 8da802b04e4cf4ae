import Foundation
import TallyDecimal
import TallyMoney

/// A recorded event log: what `tally purchases replay` reads.
///
/// JSON lines, one event per line in the shapes of `PurchaseEvent`; blank lines are skipped.
/// Numbers are read from their text: each number with a fraction, an exponent or more than 18
/// digits is handed to the decoder as a string of its characters (`"amount": 6.00` keeps its
/// zeros; `1e-400` is not 0), so only whole numbers of up to 18 digits fill integer fields. A
/// journal written by `PurchaseJournal` (lines `{"seq": n, "events": [...]}`) is read as a
/// journal: its events in order, a torn last line ignored. A log line in which an object holds a
/// key twice is refused (`at order.id: the key "id" appears twice`), and so is one with a string
/// of more than 30 combining marks in a row (Swift compares and hashes such text in quadratic
/// time; no identifier needs it).
///
/// ```swift
/// let events = try PurchaseLog.events(fromJSONLines: text)
/// var ledger = PurchaseLedger()
/// for event in events { print(ledger.handle(event)) }
/// ```
public enum PurchaseLog {
    /// The largest log read: 64 MiB.
    public static let maximumSize = PurchaseJournal.defaultSizeLimit

    /// White space between and around lines.
    private static let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")]

    /// What a file held.
    public struct Contents: Sendable {
        /// The events, in order.
        public var events: [PurchaseEvent]
        /// Whether the file was a journal (entries with sequence numbers) rather than a log.
        public var isJournal: Bool
        /// For a journal, the bytes of a torn last line that were ignored.
        public var droppedTornBytes: Int
        /// For a compacted journal, the ledger its snapshot holds; `events` follow it.
        public var snapshot: PurchaseLedger?
    }

    /// The events of a log or a journal.
    ///
    /// - Throws: `PurchaseError.invalidEvent` naming the line (1-based) and, inside it, the JSON
    ///   path and the reason; `.corruptJournal` for a damaged journal; `.logTooLarge` (a log) or
    ///   `.journalTooLarge` (a journal) beyond `maximumSize`.
    /// - Complexity: O(characters).
    public static func events(fromJSONLines text: String) throws(PurchaseError) -> [PurchaseEvent] {
        try read(text).events
    }

    /// The events of a log or a journal, and which it was (see `events(fromJSONLines:)`).
    public static func read(_ text: String) throws(PurchaseError) -> Contents {
        try read(bytes: Array(text.utf8))
    }

    /// The events of a log or a journal given as bytes, which need not all be UTF-8: a journal
    /// torn in the middle of a character is still a journal (the torn line is cut off), while
    /// invalid UTF-8 in any line that is read is an error naming that line.
    public static func read(bytes: [UInt8]) throws(PurchaseError) -> Contents {
        guard bytes.count <= maximumSize else {
            throw isJournal(bytes) ? .journalTooLarge(bytes: bytes.count, limit: maximumSize) : .logTooLarge(bytes: bytes.count, limit: maximumSize)
        }
        if isJournal(bytes) {
            // A file from outside (`tally purchases replay`): its lines are checked as a log's are
            // before the journal is read (a journal the app opens itself is not: see
            // `PurchaseJournal.UnsafeText`).
            var lineStart = 0
            var number = 0
            while lineStart < bytes.count {
                let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                number += 1
                if !isStreamSafeJSONText(bytes[lineStart..<lineEnd]) {
                    throw .corruptJournal(line: number, reason: "a string \(combiningRunReason)")
                }
                lineStart = lineEnd + 1
            }
            let journal = try PurchaseJournal(storage: MemoryJournalStorage(bytes: bytes))
            return Contents(events: journal.recoveredEvents, isJournal: true, droppedTornBytes: journal.droppedTornBytes,
                            snapshot: journal.snapshot)
        }
        let decoder = JSONDecoder()
        var events: [PurchaseEvent] = []
        // Lines are walked in place: splitting first made a slice per line before reading any,
        // 43 times the file's size for a file of newlines (a review measured 2.17 GB for 50 MB).
        var lineStart = bytes.startIndex
        var index = -1
        while lineStart <= bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let line = bytes[lineStart..<lineEnd]
            index += 1
            lineStart = lineEnd + 1
            guard line.contains(where: { !blank.contains($0) }) else { continue }
            guard line.count <= PurchaseJournal.maximumLineLength else {
                throw .invalidEvent(line: index + 1, reason: "the line is longer than \(PurchaseJournal.maximumLineLength) bytes")
            }
            guard validatedUTF8(line) != nil else {
                throw .invalidEvent(line: index + 1, reason: "the line is not UTF-8 text")
            }
            // Before `JSONDecoder` builds and hashes its strings, and the ledger compares the ids:
            // Swift does both in quadratic time on a long run of combining marks (a review's
            // two-line log of 640 KB took 211 s).
            guard isStreamSafeJSONText(line) else {
                throw .invalidEvent(line: index + 1, reason: "a string \(combiningRunReason)")
            }
            do {
                let (quoted, rewritten) = rewritingInexactNumbers(line)
                let event = try decoder.decode(PurchaseEvent.self, from: Data(quoted))
                if rewritten {
                    // A quoted number would pass for a string wherever the events hold text (an
                    // identifier of 1000000001.5, an order of 1e3). With each such number written
                    // as `0` instead, the line must decode as well: then every one of them stands
                    // where a number may stand. (Second, so that a line refused either way is
                    // refused for what it says: `quantity 2.5`, not the `0` put in its place.)
                    _ = try decoder.decode(PurchaseEvent.self, from: Data(rewritingInexactNumbers(line, asZero: true).line))
                }
                events.append(event)
            } catch {
                throw .invalidEvent(line: index + 1, reason: describe(error))
            }
            // `JSONDecoder` keeps one of two values under the same key without a word; a line that
            // says two things is refused, as a checkout document is. (Checked once the line has
            // decoded, so a torn or malformed line is reported as such.)
            if let duplicate = duplicateKey(in: line) { throw .invalidEvent(line: index + 1, reason: duplicate) }
        }
        return Contents(events: events, isJournal: false, droppedTornBytes: 0, snapshot: nil)
    }

    /// The line with each JSON number that `JSONDecoder` could change turned into a string of its
    /// exact text, which `BigDecimal` then parses (or, `asZero`, into the number `0`), and whether
    /// there was any: every number with a fraction, an exponent or more than 18 digits.
    /// `JSONDecoder` reads numbers through `Double` or `Decimal`, so an amount of `1e-400` read as
    /// 0, one of 40 digits lost its tail, and `1e128` was not valid JSON. Plain integers of up to
    /// 18 digits (quantities, counts) stay numbers; a token that is not a JSON number at all is
    /// left as it is, for the decoder to refuse.
    static func rewritingInexactNumbers(_ line: ArraySlice<UInt8>, asZero: Bool = false) -> (line: [UInt8], rewritten: Bool) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), minus = UInt8(ascii: "-")
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        func isNumberByte(_ byte: UInt8) -> Bool {
            isDigit(byte) || byte == minus || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
        }
        var out: [UInt8] = []
        var rewritten = false
        out.reserveCapacity(line.count + 16)
        var i = line.startIndex
        while i < line.endIndex {
            let byte = line[i]
            if byte == quote {
                // A string, copied as it is (an escaped quote does not end it).
                out.append(byte)
                i += 1
                while i < line.endIndex {
                    let c = line[i]
                    out.append(c)
                    i += 1
                    if c == backslash, i < line.endIndex {
                        out.append(line[i])
                        i += 1
                    } else if c == quote {
                        break
                    }
                }
            } else if byte == minus || isDigit(byte) {
                let start = i
                while i < line.endIndex, isNumberByte(line[i]) { i += 1 }
                let token = line[start..<i]
                let digits = token.reduce(0) { $0 + (isDigit($1) ? 1 : 0) }
                let isPlainInteger = token.dropFirst().allSatisfy(isDigit) && digits <= 18
                if isPlainInteger || !isJSONNumber(token) {
                    out += token
                } else if asZero {
                    out.append(UInt8(ascii: "0"))
                    rewritten = true
                } else {
                    out.append(quote)
                    out += token
                    out.append(quote)
                    rewritten = true
                }
            } else {
                out.append(byte)
                i += 1
            }
        }
        return (out, rewritten)
    }

    /// `at order.id: the key "id" appears twice` for the first key that an object of `line` holds
    /// twice (keys compared after their escapes are read, so `"id"` and `"\u0069d"` are the same
    /// key), or `nil`. Only the structure is followed — strings, brackets, commas and colons —
    /// for a line the decoder has read (so at most its 512 levels deep: deeper ones are not
    /// looked at); keys in the path are printed on one line.
    /// - Complexity: O(n) in the line's length (each key is hashed once).
    static func duplicateKey(in line: ArraySlice<UInt8>) -> String? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        /// An open object (its keys so far, the current one, whether a key comes next) or array
        /// (its current index).
        struct Frame {
            var isObject: Bool
            var keys: Set<[UInt8]> = []
            var key: [UInt8] = []
            var expectsKey = true
            var index = 0
        }
        var frames: [Frame] = []
        var depthBeyondLimit = 0
        var unescaper: JSONDecoder?
        func path() -> String {
            let text = frames.map { $0.isObject ? "." + oneLine(String(decoding: $0.key, as: UTF8.self)) : "[\($0.index)]" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        var i = line.startIndex
        while i < line.endIndex {
            let byte = line[i]
            i += 1
            switch byte {
            case quote:
                let start = i
                var escaped = false
                while i < line.endIndex, line[i] != quote {
                    if line[i] == backslash { escaped = true; i += 1 }
                    i += 1
                }
                let raw = line[start..<Swift.min(i, line.endIndex)]
                i += 1
                // Frames are changed where they are: a copy would share, then copy, the key set
                // on every insert (quadratic in the keys; a review timed 64k keys at 19 s).
                guard depthBeyondLimit == 0, let last = frames.indices.last, frames[last].isObject, frames[last].expectsKey
                else { continue }
                var key = Array(raw)
                if escaped {
                    if unescaper == nil { unescaper = JSONDecoder() }
                    if let text = try? unescaper?.decode(String.self, from: Data([quote] + raw + [quote])) { key = Array(text.utf8) }
                }
                frames[last].key = key
                frames[last].expectsKey = false
                if !frames[last].keys.insert(key).inserted {
                    return "at \(path()): the key \(quotedForMessage(String(decoding: key, as: UTF8.self))) appears twice"
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if frames.count < 512 && depthBeyondLimit == 0 {
                    frames.append(Frame(isObject: byte == UInt8(ascii: "{")))
                } else {
                    depthBeyondLimit += 1
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depthBeyondLimit > 0 { depthBeyondLimit -= 1 } else if !frames.isEmpty { frames.removeLast() }
            case UInt8(ascii: ","):
                guard depthBeyondLimit == 0, let last = frames.indices.last else { break }
                if frames[last].isObject { frames[last].expectsKey = true } else { frames[last].index += 1 }
            default: break
            }
        }
        return nil
    }

    /// Whether `token` is a number in RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ token: ArraySlice<UInt8>) -> Bool {
        var rest = token[...]
        func digits() -> Int {
            let run = rest.prefix { $0 &- UInt8(ascii: "0") < 10 }
            rest = rest.dropFirst(run.count)
            return run.count
        }
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        if rest.first == UInt8(ascii: "0") {
            rest = rest.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            guard digits() > 0 else { return false }
        }
        if let e = rest.first, e | 0x20 == UInt8(ascii: "e") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }

    /// Whether the text starts (after white space) as `PurchaseJournal` writes every entry:
    /// `{"seq":`. A journal torn in its first entry still counts: also a lone unfinished line that
    /// is the start of `{"seq":` (`{"se`) or starts with zero bytes (what a crash can leave).
    private static func isJournal(_ bytes: [UInt8]) -> Bool {
        let marker = Array("{\"seq\":".utf8)
        let start = bytes.drop { blank.contains($0) }
        if start.starts(with: marker) { return true }
        guard !start.isEmpty, !start.contains(UInt8(ascii: "\n")) else { return false }
        return marker.starts(with: start) || start.first == 0
    }

    /// A decoding error as one line: the JSON path and the reason.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "" : "at \(text.hasPrefix(".") ? String(text.dropFirst()) : text): "
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, context.debugDescription.contains("not valid JSON") { return "not valid JSON" }
            return path(context.codingPath) + context.debugDescription
        case .keyNotFound(let key, let context):
            return path(context.codingPath) + "missing \"\(key.stringValue)\""
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let name = switch "\(type)" {
            case "String": "a string"
            case "Int": "an integer"
            case "Bool": "true or false"
            case let other where other.hasPrefix("Dictionary"): "an object"
            case let other where other.hasPrefix("Array"): "an array"
            case let other: other
            }
            return path(context.codingPath) + "expected \(name)"
        @unknown default:
            return "\(error)"
        }
    }
}
