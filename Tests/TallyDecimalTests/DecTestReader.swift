// A reader for the `.decTest` format of the General Decimal Arithmetic testcases
// (speleotrove.com/decimal/dectest.html), used by ConformanceTests.swift.
//
// The format, as far as these files use it:
//
//     -- a comment, to the end of the line (never inside a quoted token)
//     precision:   9                  a directive: `keyword: value`, keyword case-insensitive
//     rounding:    half_up
//     addx001 add 1 '1.00' -> 2.00 Inexact Rounded    -- id operation operands -> result conditions
//
// Tokens are separated by blanks. A token may be quoted with `'` or `"`; inside it, the quote
// character is written twice (`'1E''1'` is the text `1E'1`). An unquoted `#` is a null operand;
// `#hex…` and `64#…` (a value in a decimal interchange format) are encoded values.

/// One token of a test line, with whether it was quoted (only unquoted `->` and `#` are special).
struct DecTestToken: Equatable {
    var text: String
    var wasQuoted: Bool
}

/// An operand or result of a test case.
enum DecTestValue: Equatable, CustomStringConvertible {
    /// A numeric string, unquoted (it may still be a syntax error or a special such as `NaN`).
    case text(String)
    /// `#`: a null operand (an operand that is absent).
    case null
    /// A value in an interchange encoding rather than a numeric string: `#` followed by hexadecimal
    /// digits (`#2208000000000000`), or a numeric string to be converted to a format first
    /// (`64#8.666E+384` is decimal64, `128#1E+6144` decimal128, clamping and rounding on the way).
    case encoded(String)

    var description: String {
        switch self {
        case .text(let text): return text
        case .null: return "#"
        case .encoded(let text): return text
        }
    }
}

/// The context in force for a test case: the directives read so far in its file.
struct DecTestContext: Equatable {
    var precision: Int?
    /// The spec's rounding name as written, lowercased (`half_up`, `05up`, …).
    var rounding: String?
    var maxExponent: Int?
    var minExponent: Int?
    /// `extended: 1` is the full arithmetic (the default); `0` is the old subset arithmetic.
    var extended = true
    var clamp = false
}

/// One test case: `id operation operands -> result conditions`.
struct DecTestCase {
    /// The file name (without folder) and the 1-based line number, for messages.
    var file: String
    var line: Int
    var id: String
    /// The operation, lowercased (`tosci` and `toSci` both occur).
    var operation: String
    var operands: [DecTestValue]
    var result: DecTestValue
    /// The conditions after the result, lowercased (`inexact`, `rounded`, `division_by_zero`, …).
    var conditions: Set<String>
    var context: DecTestContext
}

/// A line that is neither blank, a comment, a known directive nor a well-formed test case.
struct DecTestFormatError: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var message: String
    var description: String { "\(file):\(line): \(message)" }
}

enum DecTestReader {
    /// The conditions the testcase format defines; any other word after a result is a format error.
    static let knownConditions: Set<String> = [
        "clamped", "conversion_syntax", "division_by_zero", "division_impossible", "division_undefined",
        "inexact", "insufficient_storage", "invalid_context", "invalid_operation", "lost_digits",
        "overflow", "rounded", "subnormal", "underflow",
    ]

    /// Reads all test cases of one file. Directives apply to the lines after them; every file starts
    /// from an empty context (the files set what they use).
    ///
    /// - Returns: the cases, and the lines that could not be understood (reported, never skipped
    ///   silently).
    static func read(_ text: String, file: String) -> (cases: [DecTestCase], errors: [DecTestFormatError]) {
        var cases: [DecTestCase] = []
        var errors: [DecTestFormatError] = []
        var context = DecTestContext()
        var lineNumber = 0
        // Split on "\n" only, keeping empty lines so that line numbers stay right; drop a "\r".
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            func fail(_ message: String) {
                errors.append(DecTestFormatError(file: file, line: lineNumber, message: message))
            }
            let tokens: [DecTestToken]
            switch tokenize(line) {
            case .success(let t): tokens = t
            case .failure(let error): fail(error.message); continue
            }
            if tokens.isEmpty { continue }
            guard let arrow = tokens.firstIndex(of: DecTestToken(text: "->", wasQuoted: false)) else {
                if let message = apply(directive: tokens, to: &context) { fail(message) }
                continue
            }
            // id operation operand... -> result condition...
            guard arrow >= 2, arrow + 1 < tokens.count else {
                fail("a test line needs `id operation [operands] -> result`")
                continue
            }
            let conditions = Set(tokens[(arrow + 2)...].map { $0.text.lowercased() })
            let unknown = conditions.subtracting(knownConditions)
            if !unknown.isEmpty {
                fail("unknown condition(s) \(unknown.sorted())")
                continue
            }
            cases.append(DecTestCase(
                file: file, line: lineNumber, id: tokens[0].text, operation: tokens[1].text.lowercased(),
                operands: tokens[2..<arrow].map(value), result: value(tokens[arrow + 1]),
                conditions: conditions, context: context))
        }
        return (cases, errors)
    }

    private static func value(_ token: DecTestToken) -> DecTestValue {
        if !token.wasQuoted && token.text == "#" { return .null }
        if !token.wasQuoted && token.text.contains("#") { return .encoded(token.text) }
        return .text(token.text)
    }

    struct TokenizeError: Error { var message: String }

    /// Splits a line into tokens, honouring quotes and dropping a `--` comment that starts outside
    /// quotes.
    static func tokenize(_ line: Substring) -> Result<[DecTestToken], TokenizeError> {
        var tokens: [DecTestToken] = []
        var i = line.startIndex
        func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }
        while i < line.endIndex {
            let c = line[i]
            if isBlank(c) { i = line.index(after: i); continue }
            if line[i...].hasPrefix("--") { break }  // comment to the end of the line
            if c == "'" || c == "\"" {
                // Quoted: runs to the next lone quote; a doubled quote stands for one quote.
                var text = ""
                var j = line.index(after: i)
                var closed = false
                while j < line.endIndex {
                    if line[j] == c {
                        let next = line.index(after: j)
                        if next < line.endIndex && line[next] == c {
                            text.append(c)
                            j = line.index(after: next)
                            continue
                        }
                        closed = true
                        j = next
                        break
                    }
                    text.append(line[j])
                    j = line.index(after: j)
                }
                guard closed else { return .failure(TokenizeError(message: "unterminated quote")) }
                guard j == line.endIndex || isBlank(line[j]) else {
                    return .failure(TokenizeError(message: "text right after a closing quote"))
                }
                tokens.append(DecTestToken(text: text, wasQuoted: true))
                i = j
                continue
            }
            // Unquoted: runs to the next blank or comment.
            var j = i
            while j < line.endIndex && !isBlank(line[j]) && !line[j...].hasPrefix("--") {
                j = line.index(after: j)
            }
            tokens.append(DecTestToken(text: String(line[i..<j]), wasQuoted: false))
            i = j
        }
        return .success(tokens)
    }

    /// Applies a directive line (`keyword: value`) to `context`; returns a message when the line is
    /// not a directive this reader knows.
    static func apply(directive tokens: [DecTestToken], to context: inout DecTestContext) -> String? {
        // Accept `keyword: value` and `keyword:value`.
        let joined = tokens.map(\.text).joined(separator: " ")
        guard let colon = joined.firstIndex(of: ":") else { return "neither a directive nor a test: \(joined)" }
        let keyword = joined[..<colon].trimmingBlanks().lowercased()
        let value = joined[joined.index(after: colon)...].trimmingBlanks()
        func integer() -> Int? { Int(value.hasPrefix("+") ? String(value.dropFirst()) : value) }
        switch keyword {
        case "version":
            return nil
        case "dectest":
            // An include of another file. This reader is handed every file of the folder anyway.
            return nil
        case "precision":
            guard let n = integer() else { return "bad precision \(value)" }
            context.precision = n
        case "rounding":
            let name = value.lowercased()
            guard ["ceiling", "floor", "down", "up", "half_even", "half_up", "half_down", "05up"].contains(name)
            else { return "unknown rounding \(value)" }
            context.rounding = name
        case "maxexponent":
            guard let n = integer() else { return "bad maxexponent \(value)" }
            context.maxExponent = n
        case "minexponent":
            guard let n = integer() else { return "bad minexponent \(value)" }
            context.minExponent = n
        case "extended":
            guard let n = integer(), n == 0 || n == 1 else { return "bad extended \(value)" }
            context.extended = n == 1
        case "clamp":
            guard let n = integer(), n == 0 || n == 1 else { return "bad clamp \(value)" }
            context.clamp = n == 1
        default:
            return "unknown directive \(keyword)"
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate func trimmingBlanks() -> String {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
