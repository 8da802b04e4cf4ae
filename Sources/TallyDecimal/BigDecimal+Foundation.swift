// Exact conversions to and from Foundation.Decimal, the Foundation rounding modes, and Double.
import Foundation

/// The one type `BigDecimal.init(exactly:)` converts from: `Foundation.Decimal`. An implementation
/// detail of that initializer, public only because its signature names it.
///
/// `Decimal` is `ExpressibleByFloatLiteral`, and its float literals pass through `Double`:
/// `Decimal` made from `19.99` is 19.98999999999999488 (swift-foundation on Linux). Declared as
/// `init?(exactly: Decimal)`, the initializer took such a literal without a word
/// (`BigDecimal(exactly: 19.99)` gave that value). A float literal does not make a generic argument of this protocol, so
/// `BigDecimal(exactly: 19.99)` now meets the unavailable `init?(exactly: Double)` and does not
/// compile, while a `Decimal` value converts as before.
public protocol _ExactDecimalSource {
    /// The `Decimal` to convert.
    var _exactDecimal: Decimal { get }
}

extension Decimal: _ExactDecimalSource {
    /// `self`.
    public var _exactDecimal: Decimal { self }
}

// No `extension _ExactDecimalSource where Self == Decimal` with `Decimal`'s constants (`zero`,
// `pi`, …) so that `BigDecimal(exactly: .zero)` compiles: such members are members of `Decimal`
// itself, and overload resolution chose them over Foundation's, so `Decimal.zero` in any file that
// imported Tally called the copy, which called itself until the stack overflowed (found on
// 2026-12-02 by a release build's "infinite recursion" warning; `DecimalConstantTests` pins it).
// Write `BigDecimal(exactly: Decimal.zero)`, or `BigDecimal.zero`.

extension BigDecimal {
    /// The exact value of a `Foundation.Decimal`; `nil` for NaN.
    ///
    /// Every finite `Decimal` (a coefficient below 2^128, exponent −128...127) is represented exactly.
    /// The argument must be a `Decimal` value: a float literal does not compile here (it would
    /// reach `Decimal` through `Double`; write `BigDecimal("19.99")`). A `Decimal` that was itself
    /// made from a float literal (`19.99 as Decimal`) already holds the binary approximation, and
    /// this converts that approximation exactly.
    ///
    /// ```swift
    /// BigDecimal(exactly: Decimal(string: "19.99")!)   // 19.99
    /// BigDecimal(exactly: 19.99)                        // error: 'init(exactly:)' is unavailable
    /// ```
    public init?<Source: _ExactDecimalSource>(exactly source: Source) {
        let value = source._exactDecimal
        guard value.isFinite else { return nil }
        // `significand` is the integer coefficient (exponent 0); its description is its digits.
        let digits = value.significand.magnitude.description
        guard var parsed = try? BigDecimal(parsing: digits, limits: .widest) else { return nil }
        if value.sign == .minus { parsed = -parsed }
        self.init(coefficient: parsed.coefficient, exponent: parsed.exponent + value.exponent)
    }

    /// Not available: a `Double` (or a float literal, which is one) cannot hold most decimal
    /// amounts, so there is no conversion from it. Write the amount as text, `BigDecimal("19.99")`,
    /// or build it from integers with `init(mantissa:exponent:isNegative:)`.
    @available(*, unavailable, message: "a Double or float literal is binary (19.99 is 19.98999999999999…): write BigDecimal(\"19.99\") or use init(mantissa:exponent:isNegative:); for a Decimal constant, name the type (Decimal.zero, not .zero)")
    public init?(exactly value: Double) {
        fatalError("unavailable")
    }

    /// Not available, for the reason `init?(exactly: Double)` gives.
    @available(*, unavailable, message: "a Double or float literal is binary (19.99 is 19.98999999999999…): write BigDecimal(\"19.99\") or use init(mantissa:exponent:isNegative:)")
    public init(_ value: Double) {
        fatalError("unavailable")
    }

    static func decodeNumber(_ decimal: Decimal, codingPath: [any CodingKey]) throws -> BigDecimal {
        guard let value = BigDecimal(exactly: decimal) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "\(decimal) is not a finite decimal"))
        }
        // Foundation keeps the first 38 or 39 digits of a longer number and drops the rest without
        // telling: a result that long may not be the number that was written.
        guard value.digitCount < 38 else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "the number \(decimal) has 38 or more digits and may have been cut by the JSON reader; send it as a string"))
        }
        // `Decimal` keeps no trailing zeros: the integer 600 arrives as 6E+2. A whole number gets
        // exponent 0, as `Int64` decoding gave it (at most 38 + 127 digits: `Decimal`'s range).
        return value.exponent > 0 ? value.rounded(scale: 0) : value
    }
}

extension Decimal {
    /// The exact `Decimal` for `value`, or `nil` when it does not fit: more than 38 significant
    /// digits, or an exponent outside −128...127 once trailing zeros are removed.
    ///
    /// `Decimal` can hold some 39-digit coefficients (up to 2^128 − 1, about 3.4 × 10^38), but its
    /// arithmetic works to 38 digits, so this conversion stops at 38: `Decimal.greatestFiniteMagnitude`
    /// converts to `BigDecimal` exactly but not back. Likewise a value such as `1E+130`, which a
    /// `Decimal` could hold as `1000 × 10^127`, gives `nil`: Foundation's own `Decimal(string:)`
    /// returns `nil` for it, and `Decimal(sign:exponent:significand:)` and `1E+127 * 1000` make it NaN
    /// (swift-foundation on Linux).
    ///
    /// ```swift
    /// Decimal(exactly: BigDecimal("12.75"))                      // 12.75
    /// Decimal(exactly: BigDecimal("1234567890123456789012345678901234567890"))  // nil (40 digits)
    /// ```
    public init?(exactly value: BigDecimal) {
        // Decimal keeps its coefficient without trailing zeros (it compacts `1000` to `1E+3`), so the
        // reduced form is the one that must fit: at most 38 digits, exponent within −128...127.
        let reduced = value.reduced()
        guard reduced.exponent >= -128, reduced.exponent <= 127, reduced.digitCount <= 38 else { return nil }
        // Build the coefficient from at most two 19-digit halves; Decimal arithmetic is exact below 38 digits.
        let digits = reduced.coefficient.magnitudeDigits
        let splitAt = Swift.max(0, digits.count - 19)
        let high = UInt64(digits.prefix(splitAt)) ?? 0
        let low = UInt64(digits.suffix(digits.count - splitAt)) ?? 0
        let tenToThe19 = Decimal(sign: .plus, exponent: 19, significand: 1)
        let magnitude = Decimal(high) * tenToThe19 + Decimal(low)
        self.init(sign: reduced.signum() < 0 ? .minus : .plus, exponent: reduced.exponent, significand: magnitude)
    }
}

extension RoundingRule {
    /// The rule that matches Foundation's `NSDecimalNumber.RoundingMode`.
    ///
    /// | Foundation | RoundingRule |
    /// |---|---|
    /// | `.plain` | `.toNearestOrAwayFromZero` |
    /// | `.down` | `.down` (toward −∞) |
    /// | `.up` | `.up` (toward +∞) |
    /// | `.bankers` | `.toNearestOrEven` |
    public init(_ mode: NSDecimalNumber.RoundingMode) {
        switch mode {
        case .plain: self = .toNearestOrAwayFromZero
        case .down: self = .down
        case .up: self = .up
        case .bankers: self = .toNearestOrEven
        @unknown default: self = .toNearestOrAwayFromZero
        }
    }
}

extension Double {
    /// The `Double` nearest to `value` (correctly rounded from its decimal text).
    ///
    /// One way only, and never on a money path: there is no way back from `Double` to `BigDecimal`.
    public init(approximating value: BigDecimal) {
        self = Double(value.description) ?? (value.signum() < 0 ? -.infinity : .infinity)
    }
}
