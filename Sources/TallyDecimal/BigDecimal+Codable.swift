// JSON and other coders: encode as a string (lossless everywhere), decode a string or a number.

extension BigDecimal: Codable {
    /// Encodes `description` as a single string value: `"12.75"`, `"1E+3"`. Strings survive every
    /// JSON implementation; numbers do not (many readers go through `Double`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes a string (parsed exactly with the default `ParseLimits`) or a number.
    ///
    /// Numbers are taken exactly when they are integers that fit `Int64`; other numbers go through
    /// the coder's `Decimal` support, which Foundation's `JSONDecoder` limits to 38 digits. Send
    /// amounts as strings, or read JSON with TallyBridge, which reads every number from its text.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the reason when the text is not a decimal.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            do {
                self = try BigDecimal(parsing: text)
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
