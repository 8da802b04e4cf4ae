import XCTest
import TallyDecimal
import TallyTesting

/// Asserts that two decimals are identical (same coefficient and exponent).
func XCTAssertIdentical(
    _ actual: BigDecimal, _ expected: BigDecimal, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertTrue(
        actual.isIdentical(to: expected), "\(actual) is not identical to \(expected) \(message)", file: file, line: line)
}

/// Whether two decimals are identical, for properties.
func identical(_ a: BigDecimal, _ b: BigDecimal) -> Bool { a.isIdentical(to: b) }

/// Nonzero decimals of every shape.
var nonzeroDecimal: Gen<BigDecimal> { Gen.decimal().filter("nonzero") { !$0.isZero } }

/// `1 × 10^-scale`: one unit in the last place at `scale`.
func unit(scale: Int) -> BigDecimal { BigDecimal(mantissa: 1, exponent: -scale, isNegative: false) }
