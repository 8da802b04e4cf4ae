// JSON and other coders: encode as a string (lossless everywhere), decode a string or a number.

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
    /// Numbers are taken exactly when they are integers that fit `Int64`. Other numbers go through
    /// the coder's `Decimal` support, which in Foundation's `JSONDecoder` keeps at most 38 or 39
    /// digits and drops trailing zeros (`1.50` arrives as `1.5`, and underflow such as `1e-400`
    /// arrives as `0`); a number that arrives with 38 or more digits may have been cut, so it is
    /// rejected rather than taken as exact. Send amounts as strings, or read JSON with a reader
    /// that keeps each number's text.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the reason when the text is not a decimal,
    ///   or when a number may have lost digits.
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
        } else if let integer = try? container.decode(Int64.self) {
            self.init(integer)
        } else {
            self = try BigDecimal.decodeNumber(container, codingPath: decoder.codingPath)
        }
    }
}
