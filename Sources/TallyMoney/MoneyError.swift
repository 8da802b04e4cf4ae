import TallyDecimal

/// A data-dependent failure of a currency or money operation, naming what and why.
public enum MoneyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ISO 4217 has no such alphabetic code (codes are upper case: `"USD"`, not `"usd"`).
    case unknownCurrencyCode(String)
    /// ISO 4217 has no such numeric code.
    case unknownNumericCurrencyCode(Int)
    /// ISO 4217 lists the code's minor units as "N.A." (gold, SDR, testing codes): amounts in it
    /// cannot be validated or rounded; define a custom currency with the precision you need.
    case currencyWithoutMinorUnits(code: String, name: String)
    /// An operation combined amounts in two different currencies.
    case currencyMismatch(Currency, Currency)
    /// The amount has more decimals than the currency's minor units.
    case tooManyDecimals(amount: BigDecimal, currency: Currency, allowed: Int)
    /// The amount in minor units does not fit `Int64`.
    case minorUnitsOutOfRange(amount: BigDecimal, currency: Currency)
    /// Division by zero.
    case divisionByZero
    /// An allocation ratio is zero or negative (ratios must be positive).
    case invalidRatio(index: Int, ratio: BigDecimal)
    /// An allocation needs at least one part.
    case noParts
    /// More parts than `Money.maximumParts`, or than `Money.maximumAllocationDigits` allows for
    /// an amount this long: the result alone would take memory without bound.
    case tooManyParts(count: Int, limit: Int)
    /// An allocation ratio is outside the default parse limits (more than 1,000 significant digits
    /// or an exponent beyond ±6,144): summing `1E+2000000` and `1E-2000000` needs four million digits.
    case ratioOutOfRange(index: Int, ratio: BigDecimal)
    /// A custom currency needs a non-empty code with at most 30 combining marks in a row and minor
    /// units in `0...Currency.maximumMinorUnits`.
    case invalidCurrency(code: String, minorUnits: Int)
    /// A custom currency's name has more than 30 combining marks in a row (see
    /// `Currency.init(validatingCode:minorUnits:name:numericCode:)`).
    case unsafeCurrencyName(code: String)
    /// The amount, as a count of the units an operation works in (minor units or cash
    /// increments), would have more than `Money.maximumUnitDigits` digits: `1E+2000000` USD
    /// cannot be split or cash-rounded to the cent.
    case amountTooLarge(amount: BigDecimal, currency: Currency)
    /// A cash increment must be positive, have at most the currency's minor units, and be a count
    /// of minor units that fits `Int64`.
    case invalidCashIncrement(increment: BigDecimal, currency: Currency)
    /// The amount is not a whole number of cash increments, so it cannot be allocated in them.
    case notAMultipleOfIncrement(amount: BigDecimal, increment: BigDecimal)

    /// A currency code as messages quote it: anything but printable ASCII escaped, so that a
    /// look-alike such as `"\u{212A}WD"` (KELVIN SIGN) does not read as `"KWD"`; cut after 40
    /// scalars.
    static func shown(_ code: String) -> String {
        let scalars = code.unicodeScalars
        let cut = scalars.count > 40 ? "…" : ""
        return "\"" + scalars.prefix(40).map { $0.escaped(asASCII: true) }.joined() + "\"" + cut
    }

    /// A currency as messages name it: its code as it is when that is printable ASCII (`USD`,
    /// `POINTS`), else quoted and escaped as `shown(_:)` does (`"US\u{200B}D"`), so that a
    /// look-alike or a line break in a custom code cannot pass for another currency or split the
    /// message.
    static func label(_ currency: Currency) -> String {
        let code = currency.code
        let plain = !code.isEmpty && code.unicodeScalars.count <= 40 && code.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
        return plain ? code : shown(code)
    }

    /// A currency told apart from another with the same code: ISO or custom, its name (quoted
    /// and escaped as codes are), minor units and numeric code.
    static func detailed(_ currency: Currency) -> String {
        let numeric = currency.numericCode.map { ", numeric \($0)" } ?? ""
        return "\(currency.isISO ? "ISO 4217" : "custom") \(label(currency)) (\(shown(currency.name)), \(currency.minorUnits) minor units\(numeric))"
    }

    /// An amount as messages show it: plain (`12.75`) unless its exponent is far from zero, then
    /// in scientific notation (`1E+2000000`), so a message never spells out millions of zeros;
    /// and cut after 40 characters when longer than 60, with the number of digits it has as
    /// written from the first nonzero one (`1E+90` plain is `1000…` and 91 digits, however its
    /// coefficient is stored), and
    /// in scientific notation its exponent kept (`1.2345…E+5000 (1000 significant digits)`).
    /// (`package`: the checkout's errors show amounts the same way.)
    package static func shown(_ amount: BigDecimal) -> String {
        // Plain only when short: a million-digit coefficient would pass `plainString`'s bound.
        let text = abs(amount.exponent) <= 100 && amount.digitCount <= 1_000 ? amount.plainString : amount.description
        guard text.utf8.count > 60 else { return text }
        guard let e = text.firstIndex(of: "E") else {
            // From the first nonzero digit on, as written: `1E+90` is 91, however it is stored.
            let digits = text.utf8.drop { !(UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }.filter { $0 != UInt8(ascii: ".") }.count
            return "\(text.prefix(40))… (\(digits) digit\(digits == 1 ? "" : "s"))"
        }
        return "\(text.prefix(40))…\(text[e...]) (\(amount.digitCount) significant digits)"
    }

    /// What went wrong, with the values involved.
    public var description: String {
        switch self {
        case .unknownCurrencyCode(let code):
            return "\(MoneyError.shown(code)) is not an ISO 4217 code"
        case .unknownNumericCurrencyCode(let number):
            return "\(number) is not an ISO 4217 numeric code"
        case .currencyWithoutMinorUnits(let code, let name):
            return "\(code) (\(name)) has no minor units in ISO 4217; use Currency(code:minorUnits:) with the precision you need"
        case .currencyMismatch(let a, let b) where a.code == b.code:
            // Two currencies, one code: an ISO one and a custom one, or two custom ones.
            return "cannot combine \(MoneyError.detailed(a)) and \(MoneyError.detailed(b)) amounts: two currencies with one code"
        case .currencyMismatch(let a, let b):
            return "cannot combine \(MoneyError.label(a)) and \(MoneyError.label(b)) amounts"
        case .tooManyDecimals(let amount, let currency, let allowed):
            return "\(MoneyError.shown(amount)) has more decimals than \(MoneyError.label(currency)) allows (\(allowed))"
        case .minorUnitsOutOfRange(let amount, let currency):
            return "\(MoneyError.shown(amount)) \(MoneyError.label(currency)) in minor units does not fit a 64-bit integer"
        case .divisionByZero:
            return "division by zero"
        case .invalidRatio(let index, let ratio):
            return "ratio \(index) is \(MoneyError.shown(ratio)); allocation ratios must be positive"
        case .noParts:
            return "an allocation needs at least one part"
        case .tooManyParts(let count, let limit):
            return "\(count) parts is more than the \(limit) an allocation may have"
        case .invalidCashIncrement(let increment, let currency):
            return "\(MoneyError.shown(increment)) is not a cash increment of \(MoneyError.label(currency)): it must be positive, with at most \(currency.minorUnits) decimals and at most \(Int64.max) minor units"
        case .notAMultipleOfIncrement(let amount, let increment):
            return "\(MoneyError.shown(amount)) is not a whole number of \(MoneyError.shown(increment)) increments"
        case .ratioOutOfRange(let index, let ratio):
            return "ratio \(index) is \(MoneyError.shown(ratio)); allocation ratios must have at most \(ParseLimits.default.maximumSignificantDigits) digits and an exponent within ±\(ParseLimits.default.maximumExponentMagnitude)"
        case .amountTooLarge(let amount, let currency):
            return "\(MoneyError.shown(amount)) \(MoneyError.label(currency)) would be more than \(Money.maximumUnitDigits) digits as a count of units"
        case .unsafeCurrencyName(let code):
            return "the name of the custom currency \(MoneyError.shown(code)) \(combiningRunReason)"
        case .invalidCurrency(let code, _) where !isStreamSafe(code):
            return "a custom currency code \(combiningRunReason)"
        case .invalidCurrency(let code, let minorUnits):
            return "a custom currency needs a code and 0...\(Currency.maximumMinorUnits) minor units, not \(MoneyError.shown(code)) with \(minorUnits)"
        }
    }
}
