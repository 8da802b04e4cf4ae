import TallyDecimal

/// An exact amount of money: a `BigDecimal` in a `Currency`.
///
/// ```swift
/// let price = Money("12.75", .cny)
/// let shipping = Money("10.00", .cny)
/// print(price + shipping)                   // 22.75 CNY
/// print(Money(minorUnits: 1001, currency: .usd))      // 10.01 USD
/// print(try price.minorUnits)               // 1275
/// ```
///
/// An amount may carry more decimals than its currency while you compute (a tax before rounding,
/// `1.051875 CNY`); `rounded(_:)` brings it to the currency's minor units, and `minorUnits` and the
/// allocation methods refuse amounts that are not whole minor units.
///
/// Arithmetic between two currencies is never a silent mix: the operators `+` and `-` stop with a
/// precondition failure when the currencies differ (like integer overflow: a programmer error), and
/// `adding(_:)`/`subtracting(_:)` throw `MoneyError.currencyMismatch` for data you do not control.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The amount, exact.
    public let amount: BigDecimal
    /// The currency.
    public let currency: Currency

    /// An amount in a currency; the amount is kept exactly as given (`12.750` keeps its scale).
    public init(_ amount: BigDecimal, _ currency: Currency) {
        self.amount = amount
        self.currency = currency
    }

    /// An amount given as a count of minor units, the form Apple Pay tokens and processors use:
    /// `Money(minorUnits: 1001, currency: .usd)` is 10.01 USD, `Money(minorUnits: 1001, currency: .jpy)`
    /// is 1001 JPY.
    public init(minorUnits: Int64, currency: Currency) {
        self.init(
            BigDecimal(mantissa: minorUnits.magnitude, exponent: -currency.minorUnits, isNegative: minorUnits < 0),
            currency)
    }

    /// Zero in `currency`, with the currency's scale (`0.00` USD, `0` JPY).
    public static func zero(_ currency: Currency) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    /// The amount as a count of minor units: 12.75 USD is 1275, 1001 JPY is 1001.
    ///
    /// - Throws: `MoneyError.minorUnitsOutOfRange` when the count does not fit `Int64`, rounded
    ///   or not (checked first: a count of more than 19 digits is out of range before it is
    ///   whole); `.tooManyDecimals` when the amount is not a whole number of minor units (round
    ///   it first).
    public var minorUnits: Int64 {
        get throws(MoneyError) {
            // The count has `digitCount + exponent + minorUnits` digits (rescaling pads zeros or
            // drops them exactly), and one of 20 or more does not fit. Checked before rescaling,
            // which would otherwise spell out `1E+2000000`, or a million nines at exponent 0, to
            // the last zero (and stop past a million digits).
            if !amount.isZero && amount.digitCount + amount.exponent + currency.minorUnits > 19 {
                throw .minorUnitsOutOfRange(amount: amount, currency: currency)
            }
            let scaled: BigDecimal
            do {
                scaled = try amount.rescaled(exactlyTo: currency.minorUnits)
            } catch {
                throw .tooManyDecimals(amount: amount, currency: currency, allowed: currency.minorUnits)
            }
            // The coefficient of `scaled` is the count; its plain digits without the point.
            let digits = scaled.plainString.filter { $0 != "." }
            guard let count = Int64(digits) else { throw .minorUnitsOutOfRange(amount: amount, currency: currency) }
            return count
        }
    }

    /// Whether the amount is a whole number of the currency's minor units.
    ///
    /// Decided without spelling the amount out: an exponent at or above `-minorUnits` is whole as
    /// it is (`1E+2000000`), and only a smaller one is rescaled, which shortens the coefficient.
    public var isWholeMinorUnits: Bool {
        amount.exponent >= -currency.minorUnits || (try? amount.rescaled(exactlyTo: currency.minorUnits)) != nil
    }

    /// `12.75 CNY`: the plain amount and the code. For display to people use `formatted(locale:)`.
    /// An amount of more than `Money.maximumUnitDigits` digits at the currency's scale, or with
    /// more than that many decimals or coefficient digits, is written as the decimal's
    /// `description`, in scientific notation for far exponents (`1E+2000000 USD`,
    /// `1E-2000000 USD`): spelled out plainly it would pass the decimal's million-digit bound
    /// (reviews found `print` of each stopping the process).
    public var description: String {
        if isBeyondSpellingAtScale || -amount.exponent > Money.maximumUnitDigits || amount.digitCount > Money.maximumUnitDigits {
            return "\(amount.description) \(currency.code)"
        }
        return "\(amount.plainString) \(currency.code)"
    }
}
