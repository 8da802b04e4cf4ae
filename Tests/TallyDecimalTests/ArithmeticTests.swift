import XCTest
@testable import TallyDecimal

/// Table tests of exact `+ - *` and their ideal exponents (GDA examples and money cases).
final class ArithmeticTests: XCTestCase {
    func testAdditionKeepsIdealExponent() {
        let cases: [(BigDecimal, BigDecimal, String)] = [
            ("1.50", "1.5", "3.00"),
            ("12", "7.00", "19.00"),
            ("1E+2", "1E+4", "1.01E+4"),
            ("1.3", "-1.07", "0.23"),
            ("1.3", "-1.30", "0.00"),
            ("1.3", "-2.07", "-0.77"),
            ("12.75", "-12.74", "0.01"),
            ("0E+5", "1E-5", "0.00001"),
            ("9223372036854775807", "1", "9223372036854775808"),
            ("-9223372036854775808", "-1", "-9223372036854775809"),
        ]
        for (a, b, expected) in cases {
            XCTAssertEqual((a + b).description, expected, "\(a) + \(b)")
            var c = a
            c += b
            XCTAssertEqual(c.description, expected, "\(a) += \(b)")
        }
    }

    func testSubtraction() {
        let cases: [(BigDecimal, BigDecimal, String)] = [
            ("1.3", "1.07", "0.23"),
            ("1.3", "1.30", "0.00"),
            ("1.3", "2.07", "-0.77"),
            ("-9223372036854775808", "1", "-9223372036854775809"),
            ("0", "0.00", "0.00"),
        ]
        for (a, b, expected) in cases {
            XCTAssertEqual((a - b).description, expected, "\(a) - \(b)")
            var c = a
            c -= b
            XCTAssertEqual(c.description, expected, "\(a) -= \(b)")
        }
    }

    func testMultiplicationAddsExponents() {
        let cases: [(BigDecimal, BigDecimal, String)] = [
            ("1.20", "3", "3.60"),
            ("7", "3", "21"),
            ("0.9", "0.8", "0.72"),
            ("0.9", "-0", "0.0"),
            ("654321", "654321", "428135971041"),
            ("1.5", "1.50", "2.250"),
            ("12.75", "0.0825", "1.051875"),
            ("9223372036854775807", "2", "18446744073709551614"),
            ("-9223372036854775808", "-1", "9223372036854775808"),
            ("123456789012345678901234567890", "1E+10", "1.23456789012345678901234567890E+39"),
        ]
        for (a, b, expected) in cases {
            XCTAssertEqual((a * b).description, expected, "\(a) * \(b)")
            var c = a
            c *= b
            XCTAssertEqual(c.description, expected, "\(a) *= \(b)")
        }
    }

    func testNegationMagnitudeSignum() {
        XCTAssertEqual((-BigDecimal("1.50")).description, "-1.50")
        XCTAssertEqual((-BigDecimal("0.00")).description, "0.00")  // no negative zero
        XCTAssertEqual((-BigDecimal("-9223372036854775808")).description, "9223372036854775808")
        XCTAssertEqual(BigDecimal("-2.00").magnitude.description, "2.00")
        XCTAssertEqual(BigDecimal("-12345678901234567890123").magnitude.description, "12345678901234567890123")
        XCTAssertEqual(BigDecimal("-0.1").signum(), -1)
        XCTAssertEqual(BigDecimal("0E+9").signum(), 0)
        XCTAssertEqual(BigDecimal("123456789012345678901234567890").signum(), 1)
        XCTAssertTrue(BigDecimal("0.000").isZero)
    }

    /// `negate()` is prefix `-` in place, exponent kept (review, 2026-12-01: `SignedNumeric`'s
    /// default `0 - self` wrote `1E+3` as `-1000`, and stopped on `1E+999999999`).
    func testNegateKeepsTheExponentAsPrefixMinusDoes() throws {
        for text in ["1E+3", "2.5E+7", "-1.50", "0E+5", "12345678901234567890123E+40", "-9223372036854775808"] {
            var value = BigDecimal(text)!
            value.negate()
            XCTAssertTrue(value.isIdentical(to: -BigDecimal(text)!), "\(text): negate() gave \(value)")
        }
        var wide = try BigDecimal(parsing: "1E+999999999", limits: .widest)
        wide.negate()
        XCTAssertEqual(wide.description, "-1E+999999999")
        func negatedGenerically<T: SignedNumeric>(_ x: T) -> T {
            var y = x
            y.negate()
            return y
        }
        XCTAssertEqual(negatedGenerically(BigDecimal("1E+3") as BigDecimal).description, "-1E+3")
    }

    func testInitializers() {
        XCTAssertEqual(BigDecimal(mantissa: 1275, exponent: -2, isNegative: false).description, "12.75")
        XCTAssertEqual(BigDecimal(mantissa: UInt64.max, exponent: 0, isNegative: true).description, "-18446744073709551615")
        XCTAssertEqual(BigDecimal(UInt64.max).description, "18446744073709551615")
        XCTAssertEqual(BigDecimal(Int8(-5)).description, "-5")
        let literal: BigDecimal = 42
        XCTAssertIdentical(literal, BigDecimal("42"))
        XCTAssertTrue(BigDecimal("12.75").isStoredInline)
        XCTAssertFalse(BigDecimal("123456789012345678901234567890").isStoredInline)
    }

    /// Results that come back into Int64 range are stored inline again (one representation per value).
    func testLargeResultsAreDemoted() {
        let big: BigDecimal = "9223372036854775808"  // Int64.max + 1
        XCTAssertFalse(big.isStoredInline)
        let back = big - 1
        XCTAssertTrue(back.isStoredInline)
        XCTAssertEqual(back.description, "9223372036854775807")
    }

    /// In-place `+=` on a shared large value must not change the other copy (copy-on-write).
    func testCopyOnWriteOfLargeValues() {
        let original: BigDecimal = "1234567890123456789012345678901234567890"
        var copy = original
        copy += 1
        XCTAssertEqual(original.description, "1234567890123456789012345678901234567890")
        XCTAssertEqual(copy.description, "1234567890123456789012345678901234567891")
        var unique: BigDecimal = "1234567890123456789012345678901234567890"
        unique += BigDecimal("1234567890123456789012345678901234567890")
        XCTAssertEqual(unique.description, "2469135780246913578024691357802469135780")
        var product = original
        product *= 10
        XCTAssertEqual(original.description, "1234567890123456789012345678901234567890")
        XCTAssertEqual(product.description, "12345678901234567890123456789012345678900")
    }

    /// Results with exactly `Coefficient.maximumDigits` digits are made, however the operands' digit
    /// counts are estimated: a product was refused when its operands' upper bounds (GMP's
    /// `sizeinbase`, the portable integers' bit-length estimate, each one too many at times) added
    /// up to more, and which products were refused differed between the two builds (review,
    /// 2026-12-01). Values are built from a power of ten, not parsed, and compared with
    /// `isIdentical(to:)`: near the limit the portable integers take seconds per operation in a
    /// debug build.
    func testResultsAtTheDigitLimitAreMade() throws {
        let limit = Coefficient.maximumDigits
        let power = BigDecimal(coefficient: Coefficient.powerOfTen(limit - 1), storedExponent: 0)  // the limit's digits
        let nines = power - 1  // 999,999 nines: a difference above `limbsWithinDigitLimit`, checked digit by digit
        XCTAssertEqual(nines.coefficient.exactDigitCount, limit - 1)
        XCTAssertGreaterThan(Coefficient.largeLimbCount(nines.coefficient), Coefficient.limbsWithinDigitLimit)

        XCTAssertTrue((nines * 1).isIdentical(to: nines))  // upper bounds 1,000,000 + 1: was refused
        XCTAssertTrue((power * 1).isIdentical(to: power))  // the limit itself (1,000,001 + 1 on GMP)
        var inPlace = nines
        inPlace *= BigDecimal("1.0")  // 1,000,000 digits, exponent −1
        XCTAssertTrue(inPlace.isIdentical(to: try nines.rescaled(exactlyTo: 1)))  // a rescale onto the limit too
        XCTAssertEqual(inPlace.exponent, -1)

        // A rounded division by a divisor of the limit's digits: the half-way comparison no longer
        // doubles the remainder (which has as many digits), so it no longer stops the process.
        let millionNines = BigDecimal(coefficient: Coefficient.largePowerOfTen(limit) - .small(1), storedExponent: 0)
        XCTAssertTrue(try (millionNines - 1).divided(by: millionNines, scale: 0).isIdentical(to: 1))  // 0.99… rounds to 1
        XCTAssertTrue(try (millionNines - 1).divided(by: millionNines, scale: 0, rounding: .down).isIdentical(to: 0))

        // Sums that reach the limit, in place and not.
        XCTAssertTrue((nines + 1).isIdentical(to: power))
        var sum = nines
        sum += 1
        XCTAssertTrue(sum.isIdentical(to: power))

        // (10^500,000 − 1)² has exactly 1,000,000 digits (a 500,000-digit product takes the
        // portable integers several seconds in a debug build, so GMP only).
        if largeIntegerBackend == "GMP" {
            let half = BigDecimal(coefficient: Coefficient.powerOfTen(limit / 2) - .small(1), storedExponent: 0)
            let expectedCoefficient =  // 10^1,000,000 − 2 × 10^500,000 + 1
                (Coefficient.powerOfTen(limit / 2) - .small(2)).multipliedByPowerOfTen(limit / 2) + .small(1)
            let expected = BigDecimal(coefficient: expectedCoefficient, storedExponent: 0)
            XCTAssertTrue((half * half).isIdentical(to: expected))
            var square = half
            square *= half
            XCTAssertTrue(square.isIdentical(to: expected))
        }
    }

    /// `limbsWithinDigitLimit` is the largest limb count whose every value is within the limit:
    /// the smallest value with one limb more, `2^(64 × 51,905)`, still has fewer digits than the
    /// limit, and `10^1,000,000` (one digit over) needs more limbs.
    func testLimbBoundOfTheDigitLimit() {
        XCTAssertLessThan(Coefficient.limbsWithinDigitLimit * 64, 3_321_929)  // log2(10^1,000,000) = 3,321,928.09…
        XCTAssertGreaterThan((Coefficient.limbsWithinDigitLimit + 1) * 64, 3_321_928)
    }

    func testSumOfManyLinesIsExact() {
        var total: BigDecimal = 0
        for _ in 0..<1000 { total += "0.10" }
        XCTAssertEqual(total.description, "100.00")
        XCTAssertEqual(total, 100)
    }
}
