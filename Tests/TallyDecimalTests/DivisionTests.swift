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
