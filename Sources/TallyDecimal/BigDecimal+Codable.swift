// JSON and other coders: encode as a string (lossless everywhere), decode a string or a number.
import Foundation

extension BigDecimal: Codable {
    /// Encodes `description` as a single string value: `"12.75"`, `"1E+3"`. Strings survive every
    /// JSON implementation; numbers do not (many readers go through `Double`). Decoding gives the
    /// identical value back under limits that admit it (see `parseLimitsKey`); an exponent beyond
    /// ±999,999,999, which only arithmetic in code reaches, is refused even by `.widest`.
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
    /// For the same reason a coder whose numbers cannot be read as `Decimal` (a property list)
    /// gives no number at all: Foundation's `PropertyListDecoder` hands out a `<real>` as an
    /// integer whenever its `Double` is whole, so `<real>19.999999999999999999</real>` would
    /// arrive as `20`, and nothing a `Decoder` shows tells that real from `<integer>20</integer>`.
    /// Such numbers are refused, saying to send the amount as a string (as `encode(to:)` writes
    /// it, so Tally's own values round-trip through every coder).
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the reason when the text is not a decimal,
    ///   when a number may have lost digits, or when the coder cannot read the number as
    ///   `Decimal` (`1e-400` in JSON, any number in a property list); the coder's own error for a value that is neither a string
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
            // A coder without `Decimal` numbers (a property list): its numbers come through
            // `Double`, whose integers are not the text's (a review found `<real>9007199254740993`
            // read as 9007199254740992, and `<real>19.999999999999999999` as 20). Asking for a
            // `Double` only tells a number from a `true` or a list; its value is not used.
            guard (try? container.decode(Double.self)) != nil else {
                throw DecodingError.typeMismatch(type, context)  // the coder's own reason
            }
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "a number from a decoder that cannot read it as Decimal (a property list's numbers "
                    + "come through Double, which may have changed its digits): send the amount as a string"))
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
