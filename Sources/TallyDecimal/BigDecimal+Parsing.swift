// Strict parsing of the General Decimal Arithmetic numeric-string syntax (without NaN/Infinity):
//
//   sign?  ( digits ( "." digits? )?  |  "." digits )  ( ("E" | "e") sign? digits )?
//
// No spaces, no locale separators, no "NaN"/"Inf". Limits are checked before any allocation: the
// scan is one pass over the UTF-8 bytes, and only the significant digits (bounded by the limit) are
// ever copied.

extension BigDecimal: LosslessStringConvertible, ExpressibleByStringLiteral {
    /// Parses `text` exactly, with limits against decimal bombs.
    ///
    /// ```swift
    /// try BigDecimal(parsing: "-12.750")  // -12.750 (exponent -3)
    /// try BigDecimal(parsing: "1e+3")     // 1E+3
    /// try BigDecimal(parsing: "12,75")    // throws: unexpected "," at offset 2
    /// ```
    /// - Parameters:
    ///   - text: the numeric string.
    ///   - limits: significant-digit and exponent limits; `.default` allows 1,000 digits and ±6,144.
    /// - Throws: `DecimalParsingError` naming the offset and the reason.
    /// - Complexity: O(n) in the length of the text.
    public init(parsing text: some StringProtocol, limits: ParseLimits = .default) throws(DecimalParsingError) {
        var utf8 = String(text)
        let result = utf8.withUTF8 { bytes in BigDecimal.parse(bytes, limits: limits) }
        switch result {
        case .success(let value): self = value
        case .failure(let failure): throw failure.error(in: utf8)
        }
    }

    /// Parses `description` with the default limits; `nil` when it is not a decimal number.
    ///
    /// The default limits keep text from outside safe (no decimal bombs), so a value that
    /// arithmetic took beyond them (`1E-6144 * 0.1`, or a 1,200-digit product) prints a
    /// `description` that this initializer refuses; read those back with
    /// `init(parsing:limits: .widest)`.
    ///
    /// Only for a `String` value: written with a literal argument, `BigDecimal("1.50")` is the
    /// string-literal initializer (Swift's rule for `T(literal)` when `T` takes that literal), so
    /// `BigDecimal("abc")` stops the program instead of returning `nil`, and `BigDecimal("1E+7000")`
    /// is read with `.widest` limits.
    public init?(_ description: String) {
        guard let value = try? BigDecimal(parsing: description) else { return nil }
        self = value
    }

    /// Creates a value from a string literal: `let price: BigDecimal = "12.75"`, and also
    /// `BigDecimal("12.75")` written with a literal argument (Swift calls this initializer for
    /// `T(literal)` when `T` takes that kind of literal, not `init?(_:)`).
    ///
    /// The literal is read with `ParseLimits.widest`: it is the program's own text, not input.
    ///
    /// - Precondition: the literal is a valid decimal number (like a malformed `URL` literal, a bad
    ///   literal is a programmer error). Use `init(parsing:)` for text from outside.
    public init(stringLiteral value: String) {
        do {
            try self.init(parsing: value, limits: .widest)
        } catch {
            preconditionFailure("BigDecimal literal: \(error)")
        }
    }

    /// A failure found by the byte scanner: the byte offset and the reason.
    struct ScanFailure: Error {
        let byteOffset: Int
        let reason: DecimalParsingError.Reason

        func error(in text: String) -> DecimalParsingError {
            let utf8 = text.utf8
            let end = utf8.index(utf8.startIndex, offsetBy: Swift.min(byteOffset, utf8.count))
            // Bytes to characters: the offset of the character that holds the failing byte, and that
            // whole character. The scanner sees bytes, so a combining mark after a digit
            // (`"1\u{301}"`) fails at the mark's first byte, inside the character `1\u{301}`.
            var offset = 0
            var start = text.startIndex
            while start < text.endIndex {
                let next = text.index(after: start)
                if next > end { break }
                offset += 1
                start = next
            }
            var reason = reason
            if case .unexpectedCharacter = reason, start < text.endIndex { reason = .unexpectedCharacter(Self.bounded(text[start])) }
            return DecimalParsingError(excerpt: Self.excerpt(of: text), offset: offset, reason: reason)
        }

        /// The first 40 characters of `text` and "…" when it is longer, cut to 160 Unicode scalars.
        static func excerpt(of text: String) -> String {
            let head = text.prefix(40)
            let scalars = head.unicodeScalars
            if scalars.count > 160 { return String(String.UnicodeScalarView(scalars.prefix(160))) + "…" }
            return head.endIndex < text.endIndex ? String(head) + "…" : text
        }

        /// `character`, or its first 16 Unicode scalars when it has more (its first scalar alone
        /// when those would not make one character).
        static func bounded(_ character: Character) -> Character {
            let scalars = character.unicodeScalars
            guard scalars.count > 16 else { return character }
            let head = String(String.UnicodeScalarView(scalars.prefix(16)))
            return head.count == 1 ? Character(head) : Character(scalars[scalars.startIndex])
        }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: ParseLimits) -> Result<BigDecimal, ScanFailure> {
        let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9"), point = UInt8(ascii: ".")
        let count = bytes.count
        if count == 0 { return .failure(ScanFailure(byteOffset: 0, reason: .empty)) }
        var i = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            i = 1
        }
        // Significand: digits with at most one point. Track the first nonzero digit, the number of
        // digits after the point, and (for up to 18 significant digits) the value itself.
        var digitCount = 0
        var fractionDigits = 0
        var sawPoint = false
        var firstSignificant = -1  // byte index of the first nonzero digit
        var significant = 0
        var small: Int64 = 0
        while i < count {
            let byte = bytes[i]
            if byte >= zero && byte <= nine {
                digitCount += 1
                if sawPoint { fractionDigits += 1 }
                if firstSignificant < 0 && byte != zero { firstSignificant = i }
                if firstSignificant >= 0 {
                    significant += 1
                    if significant <= 18 { small = small &* 10 &+ Int64(byte &- zero) }
                }
            } else if byte == point && !sawPoint {
                sawPoint = true
            } else {
                break
            }
            i += 1
        }
        let significandEnd = i
        if digitCount == 0 {
            if i < count && !(bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
                return .failure(unexpected(bytes, at: i))
            }
            return .failure(ScanFailure(byteOffset: i, reason: .missingDigits))
        }
        // Exponent, saturated so that absurd exponents cannot overflow while we finish validating.
        var writtenExponent = 0
        if i < count {
            guard bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") else {
                return .failure(unexpected(bytes, at: i))
            }
            i += 1
            var exponentNegative = false
            if i < count && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            if i == count { return .failure(ScanFailure(byteOffset: i, reason: .missingExponentDigits)) }
            while i < count {
                let byte = bytes[i]
                guard byte >= zero && byte <= nine else { return .failure(unexpected(bytes, at: i)) }
                if writtenExponent < 10_000_000_000 { writtenExponent = writtenExponent * 10 + Int(byte - zero) }
                i += 1
            }
            if exponentNegative { writtenExponent = -writtenExponent }
        }
        if significant > limits.maximumSignificantDigits {
            return .failure(ScanFailure(
                byteOffset: firstSignificant,
                reason: .tooManyDigits(count: significant, limit: limits.maximumSignificantDigits)))
        }
        let exponent = writtenExponent - fractionDigits
        if Swift.abs(exponent) > limits.maximumExponentMagnitude {
            return .failure(ScanFailure(
                byteOffset: significandEnd, reason: .exponentOutOfRange(limit: limits.maximumExponentMagnitude)))
        }
        let coefficient: Coefficient
        if significant <= 18 {
            coefficient = .small(negative ? -small : small)
        } else {
            var digits = ""
            digits.reserveCapacity(significant)
            for j in firstSignificant..<significandEnd where bytes[j] != point {
                digits.unicodeScalars.append(Unicode.Scalar(bytes[j]))
            }
            coefficient = .parse(digits: Substring(digits), negative: negative)
        }
        return .success(BigDecimal(coefficient: coefficient, storedExponent: Int32(exponent)))
    }

    private static func unexpected(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> ScanFailure {
        // Decode the whole character starting at byte i (it may be multi-byte UTF-8).
        var end = i + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self)
        return ScanFailure(byteOffset: i, reason: .unexpectedCharacter(text.first ?? "?"))
    }
}
