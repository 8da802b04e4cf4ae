import XCTest
@testable import TallyDecimal

/// Exact division, rounded division and integer division with remainder.
final class DivisionTests: XCTestCase {
    func testExactQuotientsAndIdealExponents() throws {
        let cases: [(BigDecimal, BigDecimal, String)] = [
            ("1", "8", "0.125"),
            ("12.00", "4", "3.00"),
            ("1", "4", "0.25"),
            ("100", "4", "25"),
            ("1", "0.5", "2"),
            ("2.40", "2", "1.20"),
            ("2.4", "-1", "-2.4"),
            ("0", "2.0", "0E+1"),
            ("0.00", "1", "0.00"),
            ("1000", "1E+2", "10.00"),
            ("1E+6", "2", "5E+5"),
            ("-7.5", "2.5", "-3"),
            ("1", "1024", "0.0009765625"),
            ("123456789012345678901234567890", "5", "24691357802469135780246913578"),
            ("1", "0.0078125", "128"),
        ]
        for (a, b, expected) in cases {
            let q = try a.divided(by: b)
            XCTAssertEqual(q.description, expected, "\(a) / \(b)")
            XCTAssertEqual(q * b, a, "\(a) / \(b) times \(b)")
        }
    }

    func testInexactAndZeroDivisors() {
        XCTAssertThrowsError(try BigDecimal(1).divided(by: 3)) { error in
            XCTAssertEqual(error as? ArithmeticError, .inexactQuotient(dividend: "1", divisor: "3"))
        }
        XCTAssertThrowsError(try BigDecimal("10").divided(by: "0.7"))
        XCTAssertThrowsError(try BigDecimal(1).divided(by: 0)) { XCTAssertEqual($0 as? ArithmeticError, .divisionByZero) }
        XCTAssertThrowsError(try BigDecimal(1).divided(by: "0.00", scale: 2)) { XCTAssertEqual($0 as? ArithmeticError, .divisionByZero) }
        XCTAssertThrowsError(try BigDecimal(1).quotientAndRemainder(dividingBy: 0)) { XCTAssertEqual($0 as? ArithmeticError, .divisionByZero) }
    }

    /// Exactness decided without a GCD (review, 2026-12-02): the divisor's part prime to 10 must
    /// divide the dividend, and the dividend's own 2s and 5s lower the power of ten needed. Large
    /// coefficients on both sides, so the GMP or portable path decides.
    func testExactnessOfLargeCoefficients() throws {
        let x: BigDecimal = "1000000000000000000000000000057"  // prime to 10
        let twoTo80: BigDecimal = "1208925819614629174706176"
        let cases: [(BigDecimal, BigDecimal, String?)] = [
            (x * 64, x * 2000, "0.032"),  // m = x divides; 2^6 in the dividend against 2^4 · 5^3
            (x * 3, x * 7, nil),  // 7 is left over
            (x * 7 * 7, x * 7, "7"),
            (twoTo80 * 3, twoTo80 * 32, "0.09375"),  // the dividend's 2s are not needed: 3/2^5
            (twoTo80 * 125, twoTo80 * 8, "15.625"),
            (x * twoTo80, twoTo80 * 5, "200000000000000000000000000011.4"),
            (twoTo80, x, nil),
            ("1E-500" * x, x * 4, "2.5E-501"),
        ]
        for (a, b, expected) in cases {
            if let expected {
                XCTAssertEqual(try a.divided(by: b).description, expected, "\(a) / \(b)")
            } else {
                XCTAssertThrowsError(try a.divided(by: b), "\(a) / \(b)") { XCTAssertEqual($0 as? ArithmeticError, .inexactQuotient(dividend: a.description, divisor: b.description)) }
            }
        }
    }

    func testRoundedDivision() throws {
        let cases: [(BigDecimal, BigDecimal, Int, RoundingRule, String)] = [
            ("1", "3", 4, .toNearestOrEven, "0.3333"),
            ("2", "3", 2, .toNearestOrAwayFromZero, "0.67"),
            ("-2", "3", 2, .toNearestOrAwayFromZero, "-0.67"),
            ("-10", "4", 0, .toNearestOrEven, "-2"),
            ("10", "4", 0, .toNearestOrAwayFromZero, "3"),
            ("10", "-4", 0, .down, "-3"),
            ("10", "-4", 0, .up, "-2"),
            ("100", "3", -1, .toNearestOrAwayFromZero, "3E+1"),
            ("1", "7", 30, .towardZero, "0.142857142857142857142857142857"),
            ("1E-900", "3", 2, .up, "0.01"),
            ("1E-900", "-3", 2, .up, "0.00"),
            ("0", "3", 2, .up, "0.00"),
            ("123456789012345678901234567890", "7", 5, .toNearestOrEven, "17636684144620811271604938270.00000"),
        ]
        for (a, b, scale, rule, expected) in cases {
            let q = try a.divided(by: b, scale: scale, rounding: rule)
            XCTAssertEqual(q.description, expected, "\(a) / \(b) to \(scale) \(rule)")
            XCTAssertEqual(q.exponent, -scale)
        }
    }

    func testQuotientAndRemainder() throws {
        let cases: [(BigDecimal, BigDecimal, String, String)] = [
            ("7.5", "2", "3", "1.5"),
            ("-7", "2", "-3", "-1"),
            ("7", "-2", "-3", "1"),
            ("1", "0.3", "3", "0.1"),
            ("10", "0.3", "33", "0.1"),
            ("2.4", "1", "2", "0.4"),
            ("0.5", "1", "0", "0.5"),
            ("1E+3", "7", "142", "6"),
            ("123456789012345678901234567890", "1000000007", "123456788148148161864", "197434842"),
        ]
        for (a, b, q, r) in cases {
            let result = try a.quotientAndRemainder(dividingBy: b)
            XCTAssertEqual(result.quotient.description, q, "\(a) divideint \(b)")
            XCTAssertEqual(result.remainder.description, r, "\(a) remainder \(b)")
            XCTAssertEqual(result.quotient * b + result.remainder, a)
        }
    }
}
