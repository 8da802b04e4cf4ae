/// Why a text is not a decimal number, and where it went wrong.
///
/// ```swift
/// do { _ = try BigDecimal(parsing: "12.7.5") } catch { print(error) }
/// // "12.7.5" is not a decimal number: unexpected "." at offset 4
/// ```
public struct DecimalParsingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Hashable, Sendable {
        /// The text is empty.
        case empty
        /// A character that the numeric-string syntax does not allow here (a character of more
        /// than 16 Unicode scalars, a letter under a million combining marks, is cut to its first
        /// 16, or to its first scalar when those would not make one character).
        case unexpectedCharacter(Character)
        /// No digits in the significand (`"-"`, `"."`, `"E5"`).
        case missingDigits
        /// An exponent marker without digits after it (`"1E"`, `"1E+"`).
        case missingExponentDigits
        /// More significant digits than the limit allows.
        case tooManyDigits(count: Int, limit: Int)
        /// The value's exponent is beyond the limit (a decimal bomb such as `"1E999999999"`).
        case exponentOutOfRange(limit: Int)
    }

    /// The text, shortened to its first 40 characters and "…" when longer, and to its first 160
    /// Unicode scalars when those 40 characters hold more (one character can hold a million
    /// combining marks: a review's 2 MB excerpt).
    public let excerpt: String
    /// Zero-based character offset of the problem in the text.
    public let offset: Int
    /// What was wrong.
    public let reason: Reason

    /// Creates an error.
    public init(excerpt: String, offset: Int, reason: Reason) {
        self.excerpt = excerpt
        self.offset = offset
        self.reason = reason
    }

    /// `"12.7.5" is not a decimal number: unexpected "." at offset 4`.
    public var description: String {
        let why: String
        switch reason {
        case .empty: why = "the text is empty"
        case .unexpectedCharacter(let c): why = "unexpected \(String(reflecting: String(c))) at offset \(offset)"
        case .missingDigits: why = "no digits"
        case .missingExponentDigits: why = "the exponent has no digits (offset \(offset))"
        case .tooManyDigits(let count, let limit):
            why = "\(count) significant digits, more than the limit of \(limit)"
        case .exponentOutOfRange(let limit): why = "exponent out of range (limit ±\(limit))"
        }
        return "\(String(reflecting: excerpt)) is not a decimal number: \(why)"
    }
}
