/// An exact decimal number: an arbitrary-size integer coefficient times a power of ten.
///
/// `BigDecimal` follows the General Decimal Arithmetic specification wherever it speaks of exact
/// results: `+`, `-` and `*` never round, and their result keeps the spec's *ideal exponent*, so
/// trailing zeros carry meaning.
///
/// ```swift
/// let price: BigDecimal = "1.50"
/// print(price + "1.5")        // 3.00
/// print(price * 3)            // 4.50
/// print(try BigDecimal("1").divided(by: 8)) // 0.125
/// ```
///
/// There is no NaN, no infinity and no negative zero. There is deliberately no float literal and no
/// initializer from `Double`: binary floating point is how money goes wrong.
///
/// Representation: a coefficient that fits `Int64` lives inline, so money-sized arithmetic allocates
/// nothing; larger ones live in a GMP integer owned by a final class, copy-on-write. A value is
/// 16 bytes either way.
public struct BigDecimal: Sendable {
    /// The coefficient (signed).
    @usableFromInline
    var coefficient: Coefficient
    /// The exponent; the value is `coefficient × 10^storedExponent`.
    @usableFromInline
    var storedExponent: Int32

    @inlinable
    init(coefficient: Coefficient, storedExponent: Int32) {
        self.coefficient = coefficient
        self.storedExponent = storedExponent
    }

    /// Creates a value, stopping with a clear message when the exponent leaves the supported range.
    init(coefficient: Coefficient, exponent: Int) {
        self.init(coefficient: coefficient, storedExponent: BigDecimal.checkedExponent(exponent))
    }

    /// The exponent `-scale` of a result rounded to `scale` places, with the same clear stop as
    /// `checkedExponent` (also for `scale == Int.min`, whose negation overflows `Int`).
    static func targetExponent(forScale scale: Int) -> Int32 {
        guard scale != .min else {
            preconditionFailure("BigDecimal: scale \(scale) is outside the supported range ±\(Int32.max)")
        }
        return checkedExponent(-scale)
    }

    /// `exponent` as stored. The largest exponent magnitude a value may have is ±2,147,483,647
    /// (`Int32`); values parsed within `ParseLimits` start far inside it, and exceeding it in
    /// arithmetic is a precondition failure, like integer overflow.
    static func checkedExponent(_ exponent: Int) -> Int32 {
        guard let narrow = Int32(exactly: exponent) else {
            preconditionFailure("BigDecimal: exponent \(exponent) is outside the supported range ±\(Int32.max)")
        }
        return narrow
    }
}

extension BigDecimal {
    /// Zero, with exponent 0.
    public static let zero = BigDecimal(coefficient: .small(0), storedExponent: 0)

    /// The power of ten the coefficient is scaled by: `12.75` has exponent `-2`, `1E+3` has `3`.
    public var exponent: Int { Int(storedExponent) }

    /// The number of decimal places shown by `plainString` (`-exponent`, or 0 for positive exponents).
    ///
    /// `12.750` has scale 3; `1E+3` has scale 0.
    public var scale: Int { Swift.max(0, -exponent) }

    /// Whether the value is zero (whatever its exponent).
    @inlinable
    public var isZero: Bool { coefficient.isZero }

    /// `-1` for negative values, `0` for zero, `1` for positive values.
    public func signum() -> Int { coefficient.signum }

    /// The absolute value, with the same exponent (spec *abs*).
    ///
    /// ```swift
    /// BigDecimal("-2.00").magnitude  // 2.00
    /// ```
    public var magnitude: BigDecimal {
        BigDecimal(coefficient: coefficient.magnitude, storedExponent: storedExponent)
    }

    /// The negation, with the same exponent (spec *minus*; zero stays zero, there is no −0).
    public static prefix func - (operand: BigDecimal) -> BigDecimal {
        BigDecimal(coefficient: operand.coefficient.negated, storedExponent: operand.storedExponent)
    }

    /// Negates in place, as prefix `-` does: the same exponent (`1E+3` becomes `-1E+3`).
    ///
    /// `SignedNumeric`'s default would compute `0 - self`, which aligns the operands to exponent
    /// 0 and so writes `1E+3` as `-1000` (and `1E+999999999`, a value `-` negates at once, as a
    /// coefficient of a billion digits: a stop, not a result).
    public mutating func negate() {
        self = -self
    }

    /// The number of decimal digits in the coefficient (the spec's *precision* of the value).
    ///
    /// `12.750` has 5 digits; `0.00` has 1.
    /// - Complexity: O(1) for money-sized values; for a large coefficient, GMP's size in base 10
    ///   and one comparison with a power of ten (it wrote the whole coefficient out as text: a
    ///   review measured 9 s to refuse a million 1,000-digit allocation ratios).
    public var digitCount: Int { coefficient.exactDigitCount }

    /// Whether the two values have the same coefficient and the same exponent.
    ///
    /// `==` compares numerically (`1.0 == 1.00`); this also compares the representation
    /// (`1.0` is not identical to `1.00`).
    public func isIdentical(to other: BigDecimal) -> Bool {
        storedExponent == other.storedExponent && Coefficient.compare(coefficient, other.coefficient) == 0
    }

    /// Whether the coefficient is stored inline, without heap allocation (for tests and benchmarks).
    public var isStoredInline: Bool { coefficient.isInline }
}

// MARK: - Integers

extension BigDecimal: ExpressibleByIntegerLiteral {
    /// Creates an integer value with exponent 0: `let count: BigDecimal = 3`.
    @inlinable
    public init(integerLiteral value: Int64) {
        self.init(coefficient: .small(value), storedExponent: 0)
    }

    /// Creates the exact value of any integer, with exponent 0.
    ///
    /// ```swift
    /// BigDecimal(UInt64.max)  // 18446744073709551615
    /// ```
    /// - Complexity: O(1) when the value fits `Int64`, else O(n) in its number of digits.
    public init<T: BinaryInteger>(_ value: T) {
        if let small = Int64(exactly: value) {
            self.init(coefficient: .small(small), storedExponent: 0)
        } else {
            let digits = String(value.magnitude)
            self.init(coefficient: .parse(digits: Substring(digits), negative: value < 0), storedExponent: 0)
        }
    }

    /// Creates the exact value of any integer; never fails (required by `Numeric`).
    public init?<T: BinaryInteger>(exactly source: T) {
        self.init(source)
    }

    /// Creates `mantissa × 10^exponent`, negated when `isNegative` (the shape of `NSDecimalNumber`'s
    /// initializer).
    ///
    /// ```swift
    /// BigDecimal(mantissa: 1275, exponent: -2, isNegative: false)  // 12.75
    /// ```
    /// - Precondition: `exponent` fits `Int32`.
    public init(mantissa: UInt64, exponent: Int, isNegative: Bool) {
        let magnitude = BigDecimal(mantissa)
        let coefficient = isNegative ? magnitude.coefficient.negated : magnitude.coefficient
        self.init(coefficient: coefficient, exponent: exponent)
    }
}

extension BigDecimal {
    /// The coefficient when it is stored inline (it fits `Int64`); with `exponent`, the value.
    /// For other Tally modules that keep several amounts compactly (a payment summary).
    @inlinable
    package var inlineCoefficient: Int64? {
        if case .small(let value) = coefficient { return value }
        return nil
    }

    /// `coefficient × 10^exponent`, from an inline coefficient (see `inlineCoefficient`).
    @inlinable
    package init(inlineCoefficient coefficient: Int64, storedExponent exponent: Int32) {
        self.init(coefficient: .small(coefficient), storedExponent: exponent)
    }
}
