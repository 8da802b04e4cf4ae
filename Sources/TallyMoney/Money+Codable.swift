import Foundation
import TallyDecimal

// JSON shape: {"amount": "12.75", "currency": "CNY"}. A custom currency also writes its minor
// units, name and numeric code, so that it decodes back to an equal currency:
// {"amount": "1.5", "currency": "TOK", "minorUnits": 8, "currencyName": "Token"}.

extension Money: Codable {
    private enum CodingKeys: String, CodingKey {
        case amount, currency, minorUnits, currencyName, numericCode
    }

    /// Encodes the amount as a string (exact) and the currency as its code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount, forKey: .amount)
        try container.encode(currency.code, forKey: .currency)
        if !currency.isISO {
            try container.encode(currency.minorUnits, forKey: .minorUnits)
            try container.encode(currency.name, forKey: .currencyName)
            try container.encodeIfPresent(currency.numericCode, forKey: .numericCode)
        }
    }

    /// Decodes `{"amount": "12.75", "currency": "CNY"}` (the amount may also be a JSON number).
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the key when the code is not ISO 4217 (and no
    ///   `minorUnits` defines a custom currency), when `minorUnits` would redefine an ISO 4217
    ///   currency (see `Currency.init(from:)`), or the amount is not a decimal number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let amount = try container.decode(BigDecimal.self, forKey: .amount)
        let code = try container.decode(String.self, forKey: .currency)
        if let minorUnits = try container.decodeWholeNumberIfPresent(forKey: .minorUnits) {
            let name = try container.decodeIfPresent(String.self, forKey: .currencyName)
            let numericCode = try container.decodeWholeNumberIfPresent(forKey: .numericCode)
            let currency: Currency
            do {
                currency = try Currency(validatingCode: code, minorUnits: minorUnits, name: name, numericCode: numericCode)
            } catch .unsafeCurrencyName {
                throw DecodingError.dataCorruptedError(forKey: .currencyName, in: container, debugDescription: MoneyError.unsafeCurrencyName(code: code).description)
            } catch {
                // At the field at fault: an empty or unsafe code, else the minor units.
                throw DecodingError.dataCorruptedError(forKey: code.isEmpty || !isStreamSafe(code) ? .currency : .minorUnits, in: container, debugDescription: error.description)
            }
            if let message = Currency.isoCodeRedefined(code) {
                throw DecodingError.dataCorruptedError(forKey: .currency, in: container, debugDescription: message)
            }
            self.init(amount, currency)
        } else {
            do {
                self.init(amount, try Currency(code))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .currency, in: container, debugDescription: error.description)
            }
        }
    }
}

extension Currency: Codable {
    /// Encodes an ISO currency as its code (`"CNY"`); a custom one as `{"code": …, "minorUnits": …}`.
    public func encode(to encoder: any Encoder) throws {
        if isISO {
            var container = encoder.singleValueContainer()
            try container.encode(code)
        } else {
            var container = encoder.container(keyedBy: CustomKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(minorUnits, forKey: .minorUnits)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(numericCode, forKey: .numericCode)
        }
    }

    /// Decodes `"CNY"` (looked up in ISO 4217) or `{"code": "TOK", "minorUnits": 8}`.
    ///
    /// A custom currency may not take the code of an ISO 4217 currency that has minor units:
    /// `{"code": "USD", "minorUnits": 0}` is refused, because data from outside must not define a
    /// second "USD" (it would not equal `.usd`, and `+` with a real USD amount would trap). Codes
    /// of ISO entries without minor units (`XAU`, gold) can be defined. A custom currency made in
    /// code with the code of an ISO currency that has minor units encodes, but does not decode.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let code = try? single.decode(String.self) {
            do {
                self = try Currency(code)
            } catch {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: error.description)
            }
            return
        }
        let container = try decoder.container(keyedBy: CustomKeys.self)
        let code = try container.decode(String.self, forKey: .code)
        guard let minorUnits = try container.decodeWholeNumberIfPresent(forKey: .minorUnits) else {
            // `{"code": "USD"}` hears that USD is ISO's, not that it lacks minor units (a short,
            // stream-safe code only: hashing an 80 KB one for the lookup took a review 20 s).
            if code.utf8.count <= 32, isStreamSafe(code), let message = Currency.isoCodeRedefined(code) {
                throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: message)
            }
            let context = DecodingError.Context(
                codingPath: container.codingPath + [CustomKeys.minorUnits], debugDescription: "a custom currency needs minorUnits, a whole number")
            // `null` is a value that is not there; no key, a key that is not there.
            throw container.contains(.minorUnits)
                ? DecodingError.valueNotFound(Int.self, context) : DecodingError.keyNotFound(CustomKeys.minorUnits, context)
        }
        let name = try container.decodeIfPresent(String.self, forKey: .name)
        let numericCode = try container.decodeWholeNumberIfPresent(forKey: .numericCode)
        do {
            try self.init(validatingCode: code, minorUnits: minorUnits, name: name, numericCode: numericCode)
        } catch .unsafeCurrencyName {
            throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: MoneyError.unsafeCurrencyName(code: code).description)
        } catch {
            // At the field at fault: an empty or unsafe code, else the minor units.
            throw DecodingError.dataCorruptedError(forKey: code.isEmpty || !isStreamSafe(code) ? .code : .minorUnits, in: container, debugDescription: error.description)
        }
        if let message = Currency.isoCodeRedefined(code) {
            throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: message)
        }
    }

    private enum CustomKeys: String, CodingKey {
        case code, minorUnits, name, numericCode
    }

    /// Why decoded data may not define a custom currency with `code`, or `nil` when it may.
    static func isoCodeRedefined(_ code: String) -> String? {
        // Also a spelling that equals an ISO code as a Swift string ("\u{212A}WD", with a KELVIN
        // SIGN, prints as KWD): it would be a second currency that looks like the ISO one.
        guard let index = isoIndexByCode[code], let iso = try? Currency(isoIndex: index) else { return nil }
        return "\(MoneyError.shown(code)) is the ISO 4217 code of \(iso.name) (\(iso.minorUnits) minor units); "
            + "a custom currency needs a code of its own (the ISO currency is written as its code alone: \"\(iso.code)\")"
    }
}

extension KeyedDecodingContainer {
    /// An optional integer field, with a number that is not one (`2.5`, `1e30`) refused at the
    /// field: Foundation's `JSONDecoder` on Linux throws an error of its own there, which its
    /// `decode` reports as "not valid JSON" with no coding path (a review).
    ///
    /// A number the coder reads as `Decimal` (every JSON number `Decimal` can hold) is taken
    /// exactly, as `BigDecimal` decodes it: asked for an `Int`, that `JSONDecoder` goes through
    /// `Double` and took `1.99999999999999999` as 2 (a review). Anything else (a string, a number
    /// `Decimal` cannot hold, the integers of a property list, whose coder has no `Decimal`
    /// numbers) is asked for as an `Int`, with the coder's own reason when it is not one; a
    /// property list's `<real>` whose `Double` is whole still arrives as that integer (nothing a
    /// `Decoder` shows tells it from an `<integer>`).
    fileprivate func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        guard (try? decode(Decimal.self, forKey: key)) != nil else { return try decodeIntegerIfPresent(forKey: key) }
        let number: BigDecimal
        do {
            number = try decode(BigDecimal.self, forKey: key)
        } catch DecodingError.dataCorrupted(let context) {
            throw notWhole(key, context.debugDescription)  // 38 digits or more: perhaps cut
        }
        if number.isZero { return 0 }
        // At most 19 digits before the point (so the rescale pads few zeros), whole, and in `Int`.
        guard number.digitCount + number.exponent <= 19, let whole = try? number.rescaled(exactlyTo: 0),
              let value = Int(whole.plainString)
        else {
            throw notWhole(key, "\(number) is not")
        }
        return value
    }

    /// `decodeIfPresent(Int.self, forKey:)`, with a number that is not an `Int` refused at the field.
    private func decodeIntegerIfPresent(forKey key: Key) throws -> Int? {
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else { throw error }  // a string: the coder's own path and reason
            throw notWhole(key, context.debugDescription)
        } catch {
            throw notWhole(key, "\(error)")
        }
    }

    private func notWhole(_ key: Key, _ reason: String) -> DecodingError {
        DecodingError.dataCorruptedError(
            forKey: key, in: self,
            debugDescription: "\(key.stringValue) must be a whole number within \(Int.min)...\(Int.max) (\(reason))")
    }
}
