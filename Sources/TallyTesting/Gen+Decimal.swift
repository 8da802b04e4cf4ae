// Generators for the decimal core, biased toward the values that break money code.
import TallyDecimal

/// The kinds of decimal that `Gen.decimal` mixes; each is also available alone.
public enum DecimalShape: String, CaseIterable, Sendable {
    /// Up to nine digits with 0–4 decimals (`12.75`, `-0.0825`, `3`, `0.00`): most money. The simplest shape.
    case moneySized
    /// Any `Int64` count of cents (`-92233720368547758.08` … `92233720368547758.07`), one in 16
    /// at an edge: 0, ±0.01, or within a cent of the ends, where inline arithmetic overflows.
    case cents
    /// Zero with an exponent (`0.00`, `0E+3`): zeros that still carry a scale.
    case zero
    /// Within three of `Int64.min` or `Int64.max`, with a small exponent: where inline arithmetic overflows.
    case nearInt64Limits
    /// 19 to 38 digits: mostly beyond `Int64` (a 19-digit coefficient up to 9223372036854775807
    /// still fits it, so a few values stay inline), still within `Foundation.Decimal`.
    case beyondInt64
    /// 39 to 200 digits: beyond `Foundation.Decimal`'s 38, on the GMP path.
    case manyDigits
}

extension Gen where Value == BigDecimal {
    /// Decimals of the given shapes (all of them by default), positive and negative.
    ///
    /// Shrinks toward 0, toward fewer digits and toward exponents nearer 0: a failing
    /// `1234567890123456789012345678901234567890E-25` typically shrinks to something like `1E-1`.
    /// One limit: a counterexample can stay in the shape it was drawn in (`9223372036854775807`
    /// from `nearInt64Limits`, `1000000000000000000` from `beyondInt64`, where `11` would do).
    /// Shrinking lowers the choice that picked the shape, but the choices after it then mean
    /// what the simpler shape reads them as (a sign, a length, digits), which rarely still fails;
    /// and it never raises a choice to find one that does. Pass the shapes you care about
    /// (`Gen.decimal(.moneySized)`) when the smallest example matters.
    ///
    /// ```swift
    /// forAll(Gen.zip(Gen.decimal(), Gen.decimal())) { a, b in a + b == b + a }
    /// forAll(Gen.decimal(.cents)) { amount in try amount.rescaled(exactlyTo: 2) == amount }
    /// ```
    public static func decimal(_ shapes: DecimalShape...) -> Gen<BigDecimal> {
        decimal(shapes: shapes.isEmpty ? DecimalShape.allCases : shapes)
    }

    /// Decimals of the given shapes; money-sized values are drawn most often.
    /// - Precondition: `shapes` is not empty.
    public static func decimal(shapes: [DecimalShape]) -> Gen<BigDecimal> {
        precondition(!shapes.isEmpty, "Gen.decimal needs at least one shape")
        // Keep the declaration order (simplest first) so that shrinking moves toward money-sized.
        let ordered = DecimalShape.allCases.filter(shapes.contains)
        return .frequency(ordered.map { ($0 == .moneySized ? 4 : 1, generator(for: $0)) })
    }

    static func generator(for shape: DecimalShape) -> Gen<BigDecimal> {
        switch shape {
        case .moneySized:
            // Length 0 is zero: the simplest value in the fewest choices (sign, length, exponent), so
            // a counterexample from any other shape can shrink into this one.
            return digitString(count: 0...9, exponent: -4...0)
        case .cents:
            return Gen<Int64>.int64(in: .min ... .max).map { BigDecimal(mantissa: $0.magnitude, exponent: -2, isNegative: $0 < 0) }
        case .zero:
            return Gen<Int>.int(in: -12...12).map { BigDecimal(mantissa: 0, exponent: $0, isNegative: false) }
        case .nearInt64Limits:
            return Gen<(Bool, Int64, Int)>.zip(.bool, .int64(in: 0...3), .int(in: -4...2)).map { negative, offset, exponent in
                let coefficient = negative ? Int64.min + offset : Int64.max - offset
                return BigDecimal(mantissa: coefficient.magnitude, exponent: exponent, isNegative: negative)
            }
        case .beyondInt64:
            return digitString(count: 19...38, exponent: -20...5, leadingNonzero: true)
        case .manyDigits:
            return digitString(count: 39...200, exponent: -60...60, leadingNonzero: true)
        }
    }

    /// A sign, `count` digits (each shrinking toward 0; the first toward 1 when `leadingNonzero`,
    /// so the value really has that many digits) and an exponent (shrinking toward 0).
    static func digitString(count: ClosedRange<Int>, exponent: ClosedRange<Int>, leadingNonzero: Bool = false) -> Gen<BigDecimal> {
        Gen { choices in
            let negative = try Gen<Bool>.bool.generate(&choices)
            let length = try Gen<Int>.int(in: count).generate(&choices)
            var text = negative ? "-" : ""
            text.reserveCapacity(length + 8)
            for position in 0..<length {
                let digit = leadingNonzero && position == 0 ? 1 + (try choices.draw(upTo: 8)) : try choices.draw(upTo: 9)
                text.append(Character(Unicode.Scalar(UInt8(48 + digit))))
            }
            if length == 0 { text.append("0") }
            text += "E\(try Gen<Int>.int(in: exponent).generate(&choices))"
            // The text is well-formed by construction and within the widest limits.
            guard let value = try? BigDecimal(parsing: text, limits: .widest) else {
                preconditionFailure("Gen.decimal built an invalid decimal \(text)")
            }
            return value
        }
    }
}

extension Gen where Value == RoundingRule {
    /// Every rounding rule, uniformly; shrinks toward `.up` (the first case).
    public static var roundingRule: Gen<RoundingRule> {
        .element(of: RoundingRule.allCases)
    }
}
