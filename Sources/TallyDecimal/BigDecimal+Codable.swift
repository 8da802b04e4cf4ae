// JSON and other coders: encode as a string (lossless everywhere), decode a string or a number.
import Foundation

extension BigDecimal: Codable {
    /// Encodes `description` as a single string value: `"12.75"`, `"1E+3"`. Strings survive every
    /// JSON implementation; numbers do not (many readers go through `Double`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The `userInfo` key for the `ParseLimits` that decoding uses (a `ParseLimits` value; the
    /// default limits when absent). Set it to decode values that arithmetic took beyond the
    /// defaults, for instance `.widest` for data you wrote yourself:
    ///
    /// ```swift
    /// let decoder = JSONDecoder()
    /// decoder.userInfo[BigDecimal.parseLimitsKey] = ParseLimits.widest
    /// ```
    public static let parseLimitsKey = CodingUserInfoKey(rawValue: "Tally.BigDecimal.parseLimits")!

    /// Decodes a string (parsed exactly, with the default `ParseLimits` or those under
    /// `parseLimitsKey`) or a number.
    ///
    /// Numbers go through the coder's `Decimal` support, which in Foundation's `JSONDecoder` reads
    /// the number's digits and is exact up to 37 significant digits, except that trailing zeros
    /// after the point are dropped (`1.50` arrives as `1.5`; a whole number keeps exponent 0, so
    /// `600` stays `600`), and a number `Decimal` cannot hold — its digits taken as an integer
    /// need an exponent outside −128…127, as in `1e128`, `1e-129` or `1e-400` — is refused,
    /// never read as `0`. A number
    /// that arrives with 38 or more digits may have been cut, so it is rejected rather than taken as
    /// exact; but a longer number whose cut leaves fewer digits cannot be told from a short one
    /// (`19.990000000000000000000000000000000000001` arrives as `19.99`), since a `Decoder` never
    /// shows the number's text. Send amounts as strings, as `encode(to:)` writes them, or read JSON
    /// with a reader that keeps each number's text (the checkout document in TallyBridge does).
    ///
    /// Integers are not read as `Int64` first: Foundation's `JSONDecoder` on Linux converts a
    /// number through `Double` for that and accepts `99.99999999999999999` as the integer `100`.
    /// `Int64` (and `UInt64` above it) is the fallback only for coders whose numbers cannot be
    /// read as `Decimal`, such as a property list's integers; a property list's real is taken
    /// only when it is a whole number in those ranges (`3.0` as `3`), others (`1.5`, a binary
    /// float that no decimal names exactly) are refused.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the reason when the text is not a decimal,
    ///   when a number may have lost digits, or when the coder cannot read the number as
    ///   `Decimal` (`1e-400` in JSON); the coder's own error for a value that is neither a string
    ///   nor a number (a `null`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            let limits = decoder.userInfo[BigDecimal.parseLimitsKey] as? ParseLimits ?? .default
            do {
                self = try BigDecimal(parsing: text, limits: limits)
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
            }
            return
        }
        let decimal: Decimal
        do {
            decimal = try container.decode(Decimal.self)
        } catch DecodingError.typeMismatch(let type, let context) {
            // A coder without `Decimal` numbers (a property list's integer): take an exact
            // integer, as `Int64` or, above `Int64.max`, as `UInt64`.
            if let integer = try? container.decode(Int64.self) {
                self.init(integer)
                return
            }
            if let integer = try? container.decode(UInt64.self) {
                self.init(integer)
                return
            }
            throw DecodingError.typeMismatch(type, context)  // the coder's own reason
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context): throw BigDecimal.unreadableNumber(context.debugDescription, error, codingPath: decoder.codingPath)
            default: throw error  // the coder's own reason (a null, …)
            }
        } catch {
            // A number the coder cannot hold as `Decimal`: Foundation's `JSONDecoder` refuses
            // those whose digits need an exponent outside −128…127 with an error of its own, which it reports as
            // "not valid JSON". Not read as an integer instead: that goes through `Double`, where
            // `1e-400` underflows to exactly 0 (a review).
            throw BigDecimal.unreadableNumber("\(error)", error, codingPath: decoder.codingPath)
        }
        self = try BigDecimal.decodeNumber(decimal, codingPath: decoder.codingPath)
    }

    /// The error for a number the coder could not read as `Decimal`.
    private static func unreadableNumber(_ reason: String, _ error: any Error, codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "a number the decoder cannot read exactly (\(reason)); JSON numbers Foundation's Decimal "
                + "cannot hold (an exponent outside -128...127 for their digits, as in 1e128 or 1e-129) are refused: send it as a string",
            underlyingError: error))
    }
}
