import XCTest
import TallyTesting
@testable import TallyDecimal

/// Every rounding rule on the ties −2.5 … 2.5, at scale 2, on the GMP path, and the conversions.
final class RoundingTests: XCTestCase {
    let ties: [BigDecimal] = ["-2.5", "-1.5", "-0.5", "0.5", "1.5", "2.5"]

    /// The table in RoundingRule's documentation and Guides/Rounding.md, pinned.
    func testTiesUnderEveryRule() {
        let expected: [RoundingRule: [Int64]] = [
            .up: [-2, -1, 0, 1, 2, 3],
            .down: [-3, -2, -1, 0, 1, 2],
            .towardZero: [-2, -1, 0, 0, 1, 2],
            .awayFromZero: [-3, -2, -1, 1, 2, 3],
            .toNearestOrEven: [-2, -2, 0, 0, 2, 2],
            .toNearestOrAwayFromZero: [-3, -2, -1, 1, 2, 3],
            .toNearestOrTowardZero: [-2, -1, 0, 0, 1, 2],
            .zeroFiveUp: [-2, -1, -1, 1, 1, 2],
        ]
        XCTAssertEqual(expected.count, RoundingRule.allCases.count)
        for rule in RoundingRule.allCases {
            let results = ties.map { $0.rounded(scale: 0, rule) }
            XCTAssertEqual(results, expected[rule]!.map { BigDecimal($0) }, "\(rule)")
            for r in results { XCTAssertEqual(r.exponent, 0) }
        }
    }

    func testNonTiesAndScales() {
        let cases: [(BigDecimal, Int, RoundingRule, String)] = [
            ("2.345", 2, .toNearestOrAwayFromZero, "2.35"),
            ("2.345", 2, .toNearestOrEven, "2.34"),
            ("2.355", 2, .toNearestOrEven, "2.36"),
            ("2.3451", 2, .toNearestOrEven, "2.35"),
            ("-2.345", 2, .toNearestOrAwayFromZero, "-2.35"),
            ("-2.341", 2, .down, "-2.35"),
            ("-2.341", 2, .up, "-2.34"),
            ("2.341", 2, .awayFromZero, "2.35"),
            ("2.349", 2, .towardZero, "2.34"),
            ("2.301", 2, .zeroFiveUp, "2.31"),
            ("2.351", 2, .zeroFiveUp, "2.36"),
            ("2.341", 2, .zeroFiveUp, "2.34"),
            ("7", 2, .toNearestOrAwayFromZero, "7.00"),
            ("1234", -2, .toNearestOrAwayFromZero, "1.2E+3"),
            ("1250", -2, .toNearestOrEven, "1.2E+3"),
            ("0.001", 0, .up, "1"),
            ("-0.001", 0, .up, "0"),
            ("-0.001", 0, .down, "-1"),
            ("0.4", 0, .toNearestOrAwayFromZero, "0"),
            ("0E+3", 2, .up, "0.00"),
            ("1E-900", 2, .awayFromZero, "0.01"),
            ("1E-900", 2, .toNearestOrAwayFromZero, "0.00"),
            ("-1E-900", 2, .down, "-0.01"),
            ("9.999", 2, .toNearestOrAwayFromZero, "10.00"),
            ("9223372036854775807", -1, .awayFromZero, "9.22337203685477581E+18"),
            ("123456789012345678901234567890.125", 2, .toNearestOrEven, "123456789012345678901234567890.12"),
            ("123456789012345678901234567890.135", 2, .toNearestOrEven, "123456789012345678901234567890.14"),
            ("-123456789012345678901234567890.125", 2, .toNearestOrAwayFromZero, "-123456789012345678901234567890.13"),
            ("99999999999999999999999999999999999999.5", 0, .toNearestOrAwayFromZero, "100000000000000000000000000000000000000"),
        ]
        for (value, scale, rule, expected) in cases {
            let result = value.rounded(scale: scale, rule)
            XCTAssertEqual(result.description, expected, "\(value) to \(scale) \(rule)")
            XCTAssertEqual(result.exponent, -scale)
        }
        XCTAssertEqual(BigDecimal("2.345").rounded(scale: 2).description, "2.35", "default rule")
    }

    func testRescaledExactly() throws {
        XCTAssertEqual(try BigDecimal("12.5").rescaled(exactlyTo: 2).description, "12.50")
        XCTAssertEqual(try BigDecimal("12.500").rescaled(exactlyTo: 1).description, "12.5")
        XCTAssertEqual(try BigDecimal("1200").rescaled(exactlyTo: -2).description, "1.2E+3")
        XCTAssertThrowsError(try BigDecimal("12.345").rescaled(exactlyTo: 2)) { error in
            XCTAssertEqual(error as? ArithmeticError, .inexactRescale(value: "12.345", scale: 2))
        }
    }

    func testReduced() {
        let cases: [(BigDecimal, String)] = [
            ("1.200", "1.2"), ("1200", "1.2E+3"), ("0.00", "0"), ("0E+5", "0"), ("-1.0", "-1"),
            ("12300000000000000000000000000000000000000", "1.23E+40"),
            ("1.000000000000000000000000000000000000000", "1"),
        ]
        for (value, expected) in cases { XCTAssertEqual(value.reduced().description, expected, "\(value)") }
    }

    func testConversionsFromSwiftAndFoundationRules() {
        XCTAssertEqual(RoundingRule(FloatingPointRoundingRule.up), .up)
        XCTAssertEqual(RoundingRule(FloatingPointRoundingRule.down), .down)
        XCTAssertEqual(RoundingRule(FloatingPointRoundingRule.towardZero), .towardZero)
        XCTAssertEqual(RoundingRule(FloatingPointRoundingRule.awayFromZero), .awayFromZero)
        XCTAssertEqual(RoundingRule(FloatingPointRoundingRule.toNearestOrEven), .toNearestOrEven)
        XCTAssertEqual(RoundingRule(FloatingPointRoundingRule.toNearestOrAwayFromZero), .toNearestOrAwayFromZero)
        XCTAssertEqual(RoundingRule(NSDecimalNumber.RoundingMode.plain), .toNearestOrAwayFromZero)
        XCTAssertEqual(RoundingRule(NSDecimalNumber.RoundingMode.down), .down)
        XCTAssertEqual(RoundingRule(NSDecimalNumber.RoundingMode.up), .up)
        XCTAssertEqual(RoundingRule(NSDecimalNumber.RoundingMode.bankers), .toNearestOrEven)
        // Swift's own Double rounding agrees with ours on the ties, rule by rule.
        let swiftRules: [FloatingPointRoundingRule] = [.up, .down, .towardZero, .awayFromZero, .toNearestOrEven, .toNearestOrAwayFromZero]
        for rule in swiftRules {
            for (tie, double) in zip(ties, [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5] as [Double]) {
                XCTAssertEqual(Double(approximating: tie.rounded(scale: 0, RoundingRule(rule))), double.rounded(rule), "\(tie) \(rule)")
            }
        }
    }

    /// The branchless decision of the fast path against the branching one it replaced, for every
    /// rule, sign, quotient digit and remainder around each divisor's half.
    func testBranchlessDecisionMatchesTheRule() {
        for rule in RoundingRule.allCases {
            for divisor: UInt64 in [10, 100, 10_000, 1_000_000_000_000_000_000] {
                let remainders: [UInt64] = [0, 1, 2, divisor / 2 - 1, divisor / 2, divisor / 2 + 1, divisor - 1]
                for remainder in remainders where remainder < divisor {
                    for quotient: Int64 in [0, 1, 4, 5, 9, 10, 15, 123_456_789] {
                        for negative in [false, true] {
                            let twice = remainder * 2
                            let expected = remainder != 0 && rule.roundsAwayFromZero(
                                isNegative: negative, lastDigit: Int(quotient % 10),
                                halfComparison: twice < divisor ? -1 : (twice == divisor ? 0 : 1))
                            let bit = rule.awayFromZeroBit(
                                negative: negative ? 1 : 0, twice: twice, divisor: divisor, quotient: negative ? -quotient : quotient)
                            XCTAssertEqual(bit, expected ? 1 : 0, "\(rule) r=\(remainder)/\(divisor) q=\(quotient) negative=\(negative)")
                        }
                    }
                }
            }
        }
    }

    /// The inline fast path of `rounded(scale:_:)` gives exactly what the general path gives.
    func testInlineFastPathMatchesTheGeneralPath() {
        let inline = Gen.decimal(.moneySized, .cents, .nearInt64Limits, .zero)
        forAll(Gen.zip(inline, .int(in: -4...22), .roundingRule), count: 3000) { x, scale, rule in
            x.rounded(scale: scale, rule).isIdentical(to: x.roundedGeneral(scale: scale, rule))
        }
    }
}
