import TallyDecimal

/// Limits that keep hostile JSON from costing unbounded time or memory.
public struct JSONLimits: Sendable, Hashable {
    /// The most bytes a document may have (10 MB by default).
    public var maximumBytes: Int
    /// The deepest nesting of arrays and objects (64 by default), at most `depthCeiling`: a
    /// larger value is taken as `depthCeiling`. The reader recurses once per level, so the
    /// ceiling is what keeps a deep document (60 KB of brackets for 30,000 levels) from
    /// overflowing the stack, on a thread with 512 KB of it in a debug build too.
    public var maximumDepth: Int {
        didSet { maximumDepth = Swift.min(maximumDepth, JSONLimits.depthCeiling) }
    }

    /// The most that `maximumDepth` may be: 256.
    public static let depthCeiling = 256
    /// The most characters a number may have (2,000 by default; a decimal's own limits apply after).
    public var maximumNumberLength: Int

    /// Creates limits.
    public init(maximumBytes: Int = 10_000_000, maximumDepth: Int = 64, maximumNumberLength: Int = 2_000) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = Swift.min(maximumDepth, JSONLimits.depthCeiling)
        self.maximumNumberLength = maximumNumberLength
    }

    /// 10 MB, depth 64, numbers of up to 2,000 characters.
    public static let `default` = JSONLimits()
}

/// Why a text is not JSON Tally accepts, and where (line and column, 1-based).
public struct JSONReadingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the problem.
    public let line: Int
    /// The column of the problem (in UTF-8 bytes).
    public let column: Int
    /// What is wrong.
    public let reason: String

    /// `line 3, column 15: expected ':' after the member name, found '1'` (for `{"amount" 1}` on
    /// the third line, indented four spaces).
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict RFC 8259 JSON reader that keeps numbers as text (see `JSONValue`).
///
/// ```swift
/// let value = try JSONReader.read(#"{"amount": 12.75}"#)
/// // an object whose one member is "amount": .number("12.75"), the number kept as its text
/// ```
/// - Complexity: O(n) in the length of the text; the limits bound the input size, the nesting
///   depth (so the recursion) and each number's length. Strings with more than 30 combining marks
///   in a row are refused (see `isStreamSafe`): Swift compares and hashes them in quadratic time.
public enum JSONReader {
    /// Reads `text` as one JSON value.
    ///
    /// - Throws: `JSONReadingError` with the line, column and reason: a syntax error, a limit
    ///   exceeded, a duplicate key, invalid UTF-8 or escapes, a string with more than 30
    ///   combining marks in a row, or trailing content.
    public static func read(_ text: String, limits: JSONLimits = .default) throws(JSONReadingError) -> JSONValue {
        try read(Array(text.utf8), limits: limits)
    }

    /// Reads UTF-8 `bytes` as one JSON value (see `read(_:limits:)`).
    public static func read(_ bytes: [UInt8], limits: JSONLimits = .default) throws(JSONReadingError) -> JSONValue {
        var parser = Parser(bytes: bytes, limits: limits)
        if bytes.count > limits.maximumBytes {
            throw parser.error("the document has \(bytes.count) bytes, more than the limit of \(limits.maximumBytes)", at: 0)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }  // a UTF-8 byte-order mark
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.position < bytes.count { throw parser.error("unexpected content after the JSON value") }
        return value
    }

    struct Parser {
        let bytes: [UInt8]
        let limits: JSONLimits
        var position = 0

        init(bytes: [UInt8], limits: JSONLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        func error(_ reason: String, at offset: Int? = nil) -> JSONReadingError {
            let end = Swift.min(offset ?? position, bytes.count)
            var line = 1
            var column = 1
            for byte in bytes[..<end] {
                if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            }
            return JSONReadingError(line: line, column: column, reason: reason)
        }

        mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        func describeNext() -> String {
            guard position < bytes.count else { return "the end of the document" }
            let byte = bytes[position]
            if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        mutating func value(depth: Int) throws(JSONReadingError) -> JSONValue {
            guard position < bytes.count else { throw error("expected a value, found the end of the document") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("expected a value, found \(describeNext())")
            }
        }

        mutating func literal(_ word: String) throws(JSONReadingError) {
            let expected = Array(word.utf8)
            guard bytes.count - position >= expected.count, Array(bytes[position..<(position + expected.count)]) == expected else {
                throw error("expected a value, found \(describeNext())")
            }
            position += expected.count
        }

        mutating func object(depth: Int) throws(JSONReadingError) -> JSONValue {
            if depth > limits.maximumDepth { throw error("nesting deeper than the limit of \(limits.maximumDepth)") }
            position += 1  // {
            var members: [(key: String, value: JSONValue)] = []
            // Names compare code point by code point (RFC 8259 §8.3): `"é"` and `"e\u0301"` are two
            // names, though Swift's `==` finds the strings canonically equivalent.
            var seen = Set<[UInt8]>()
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(JSONObject(members))
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw error("expected a member name in double quotes, found \(describeNext())")
                }
                let keyStart = position
                let key = try string()
                if !seen.insert(Array(key.utf8)).inserted { throw error("the key \(Node.shown(key)) appears twice", at: keyStart) }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw error("expected ':' after the member name, found \(describeNext())")
                }
                position += 1
                skipWhitespace()
                members.append((key, try value(depth: depth)))
                skipWhitespace()
                guard position < bytes.count else { throw error("expected ',' or '}', found the end of the document") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .object(JSONObject(members))
                }
                throw error("expected ',' or '}' after an object member, found \(describeNext())")
            }
        }

        mutating func array(depth: Int) throws(JSONReadingError) -> JSONValue {
            if depth > limits.maximumDepth { throw error("nesting deeper than the limit of \(limits.maximumDepth)") }
            position += 1  // [
            var elements: [JSONValue] = []
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth))
                skipWhitespace()
                guard position < bytes.count else { throw error("expected ',' or ']', found the end of the document") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(elements)
                }
                throw error("expected ',' or ']' after an array element, found \(describeNext())")
            }
        }

        /// The RFC 8259 number grammar, returned as its text.
        mutating func number() throws(JSONReadingError) -> String {
            let start = position
            func digits(_ parser: inout Parser) -> Int {
                let from = parser.position
                while parser.position < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.position]) {
                    parser.position += 1
                }
                return parser.position - from
            }
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else {
                throw error("a number needs digits after '-'")
            }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                if position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                    throw error("a number may not have leading zeros", at: start)
                }
            } else {
                _ = digits(&self)
            }
            if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
                position += 1
                if digits(&self) == 0 { throw error("a number needs digits after '.'") }
            }
            if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
                position += 1
                if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
                if digits(&self) == 0 { throw error("a number needs digits in its exponent") }
            }
            if position - start > limits.maximumNumberLength {
                throw error("a number of \(position - start) characters, more than the limit of \(limits.maximumNumberLength)", at: start)
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func string() throws(JSONReadingError) -> String {
            let start = position
            position += 1  // opening quote
            var scalars = String.UnicodeScalarView()
            var runStart = position
            func flush(_ parser: Parser, _ until: Int, into scalars: inout String.UnicodeScalarView) throws(JSONReadingError) {
                guard runStart < until else { return }
                let run = parser.bytes[runStart..<until]
                guard let text = validatedUTF8(run) else { throw parser.error("invalid UTF-8 in a string", at: runStart) }
                // One scalar at a time: `append(contentsOf:)` copied everything appended so far on
                // every call with Swift 6.3.1, so a string of many escapes read in quadratic time
                // (a review: 4 MB of `a\n` took 100 s).
                for scalar in text.unicodeScalars { scalars.append(scalar) }
            }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    try flush(self, position, into: &scalars)
                    position += 1
                    let text = String(scalars)
                    // Refused here, once, for every key and value: the layers above compare and
                    // hash what they read, which Swift does in quadratic time on long runs of marks.
                    guard isStreamSafe(text) else { throw error("a string that \(combiningRunReason)", at: start) }
                    return text
                }
                if byte < 0x20 { throw error("a control character in a string must be escaped") }
                if byte == UInt8(ascii: "\\") {
                    try flush(self, position, into: &scalars)
                    position += 1
                    guard position < bytes.count else { break }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        let first = try hex4()
                        if (0xD800...0xDBFF).contains(first) {
                            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                                throw error("a lone high surrogate in a \\u escape")
                            }
                            position += 2
                            let second = try hex4()
                            guard (0xDC00...0xDFFF).contains(second),
                                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                            else { throw error("an invalid surrogate pair in a \\u escape") }
                            scalars.append(scalar)
                        } else {
                            guard let scalar = Unicode.Scalar(first) else { throw error("a lone low surrogate in a \\u escape") }
                            scalars.append(scalar)
                        }
                    default: throw error("an unknown escape '\\\(Character(Unicode.Scalar(escape)))'", at: position - 2)
                    }
                    runStart = position
                    continue
                }
                position += 1
            }
            throw error("a string is not closed")
        }

        mutating func hex4() throws(JSONReadingError) -> UInt32 {
            guard bytes.count - position >= 4 else { throw error("a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("a \\u escape needs four hex digits")
                }
                value = value * 16 + digit
                position += 1
            }
            return value
        }
    }
}
