/// Limits that protect parsing against decimal bombs (`"1E999999999"`, a million digits).
///
/// Breaking a limit is a typed error (`DecimalParsingError`), never a huge allocation. The defaults
/// are generous for money (decimal128's exponent range and 1,000 significant digits).
///
/// ```swift
/// try BigDecimal(parsing: "1E7000")  // throws: "1E7000" is not a decimal number: exponent out of range (limit ±6144)
/// try BigDecimal(parsing: "1E7000", limits: ParseLimits(maximumExponentMagnitude: 10_000))  // 1E+7000
/// ```
public struct ParseLimits: Sendable, Hashable {
    /// The most significant digits (leading zeros do not count, trailing zeros do). Set to a
    /// value outside 1…`significantDigitsCeiling`, it is clamped to that range (`init` stops on
    /// one instead): a parse must never build a coefficient beyond the decimal's bound.
    public var maximumSignificantDigits: Int {
        didSet { maximumSignificantDigits = Swift.min(Swift.max(1, maximumSignificantDigits), ParseLimits.significantDigitsCeiling) }
    }
    /// The largest magnitude of the value's exponent (of its coefficient, after the point is taken
    /// into account: `0.001` has exponent −3). Set to a value outside
    /// 0…`exponentMagnitudeCeiling`, it is clamped to that range (`Int.max` means "as wide as
    /// supported"; a review found `"1E3000000000"` then stopping the process in the parser).
    public var maximumExponentMagnitude: Int {
        didSet { maximumExponentMagnitude = Swift.min(Swift.max(0, maximumExponentMagnitude), ParseLimits.exponentMagnitudeCeiling) }
    }

    /// The most that `maximumSignificantDigits` may be set to (the coefficient bound of `BigDecimal`).
    public static let significantDigitsCeiling = 1_000_000
    /// The most that `maximumExponentMagnitude` may be set to: 999,999,999. Note that this bounds
    /// the coefficient's exponent, not the spec's adjusted exponent, so `9.99E-999999999`
    /// (exponent −1,000,000,001) is out of range; the bound keeps sums of two exponents inside the
    /// stored `Int32`.
    public static let exponentMagnitudeCeiling = 999_999_999

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maximumSignificantDigits: 1,000 by default; at most `significantDigitsCeiling`.
    ///   - maximumExponentMagnitude: 6,144 by default; at most `exponentMagnitudeCeiling`.
    /// - Precondition: `maximumSignificantDigits` is positive, `maximumExponentMagnitude` is not
    ///   negative (0 allows only exponent 0), and both are within their ceilings.
    public init(maximumSignificantDigits: Int = 1_000, maximumExponentMagnitude: Int = 6_144) {
        precondition(
            (1...ParseLimits.significantDigitsCeiling).contains(maximumSignificantDigits),
            "ParseLimits: maximumSignificantDigits must be in 1...\(ParseLimits.significantDigitsCeiling)")
        precondition(
            (0...ParseLimits.exponentMagnitudeCeiling).contains(maximumExponentMagnitude),
            "ParseLimits: maximumExponentMagnitude must be in 0...\(ParseLimits.exponentMagnitudeCeiling)")
        self.maximumSignificantDigits = maximumSignificantDigits
        self.maximumExponentMagnitude = maximumExponentMagnitude
    }

    /// 1,000 significant digits and exponents within ±6,144.
    public static let `default` = ParseLimits()

    /// Whether `value` is within these limits: at most `maximumSignificantDigits` digits in its
    /// coefficient and an exponent within ±`maximumExponentMagnitude`, as a value parsed with
    /// them is. For checking values made in code before long arithmetic on them.
    ///
    /// ```swift
    /// ParseLimits.default.admits("12.75")                                               // true
    /// ParseLimits.default.admits(BigDecimal(mantissa: 1, exponent: 7_000, isNegative: false)) // false
    /// ```
    public func admits(_ value: BigDecimal) -> Bool {
        abs(value.exponent) <= maximumExponentMagnitude
            && (value.isStoredInline && maximumSignificantDigits >= 19 || value.digitCount <= maximumSignificantDigits)
    }

    /// The widest limits `BigDecimal` supports (for conformance suites and trusted input).
    public static let widest = ParseLimits(
        maximumSignificantDigits: significantDigitsCeiling, maximumExponentMagnitude: exponentMagnitudeCeiling)
}
