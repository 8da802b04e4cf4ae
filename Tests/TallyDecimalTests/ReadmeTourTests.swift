import XCTest
import TallyDecimal

/// The API tour in README.md and the examples in Guides/Rounding.md and Guides/Division.md, line by
/// line, so the documentation shows what the code does today.
final class ReadmeTourTests: XCTestCase {
    func testTour() throws {
        let subtotal: BigDecimal = "12.75"
        let discount: BigDecimal = "-12.74"
        let express: BigDecimal = "10.00"
        let total = subtotal + discount + express
        XCTAssertEqual("\(total)", "10.01")
        let exactTax = total * "0.0825"
        XCTAssertEqual("\(exactTax)", "0.825825")
        XCTAssertEqual("\(exactTax.rounded(scale: 2, .toNearestOrEven))", "0.83")
        XCTAssertEqual("\(BigDecimal("1.50") + "1.5")", "3.00")
        XCTAssertEqual("\(BigDecimal("1.5") * "1.50")", "2.250")
        XCTAssertEqual("\(BigDecimal("1E+3")) \(BigDecimal("1E+3").plainString)", "1E+3 1000")
        XCTAssertEqual("\(try BigDecimal(1).divided(by: 8))", "0.125")
        XCTAssertEqual("\(try BigDecimal(1).divided(by: 3, scale: 4, rounding: .toNearestOrEven))", "0.3333")
        XCTAssertThrowsError(try BigDecimal(1).divided(by: 3)) { error in
            XCTAssertEqual("\(error)", "1 / 3 has no exact decimal quotient; give a scale and a rounding rule")
        }
        XCTAssertThrowsError(try BigDecimal(parsing: "12.7.5")) { error in
            XCTAssertEqual("\(error)", #""12.7.5" is not a decimal number: unexpected "." at offset 4"#)
        }
        XCTAssertThrowsError(try BigDecimal(parsing: "1E999999999")) { error in
            XCTAssertEqual("\(error)", #""1E999999999" is not a decimal number: exponent out of range (limit ±6144)"#)
        }
        XCTAssertTrue(BigDecimal("1.0") == BigDecimal("1.00"))
        XCTAssertFalse(BigDecimal("1.0").isIdentical(to: "1.00"))
        let big: BigDecimal = "1234567890123456789012345678901234567.891"
        XCTAssertEqual("\(big + "0.109")", "1234567890123456789012345678901234568.000")
    }

    func testRoundingGuideExamples() throws {
        XCTAssertEqual("\(BigDecimal("2.345").rounded(scale: 2))", "2.35")
        XCTAssertEqual("\(BigDecimal("2.345").rounded(scale: 2, .toNearestOrEven))", "2.34")
        XCTAssertEqual("\(BigDecimal("-2.5").rounded(scale: 0, .down))", "-3")
        XCTAssertEqual("\(BigDecimal("7").rounded(scale: 2))", "7.00")
        XCTAssertEqual("\(BigDecimal("1234").rounded(scale: -2))", "1.2E+3")
        XCTAssertEqual("\(try BigDecimal("12.5").rescaled(exactlyTo: 2))", "12.50")
        XCTAssertThrowsError(try BigDecimal("12.345").rescaled(exactlyTo: 2)) { error in
            XCTAssertEqual("\(error)", "12.345 has nonzero digits beyond 2 decimal places")
        }
        XCTAssertEqual("\(BigDecimal("1.200").reduced()) \(BigDecimal("1200").reduced())", "1.2 1.2E+3")
    }

    func testDivisionGuideExamples() throws {
        XCTAssertEqual("\(try BigDecimal("12.00").divided(by: 4))", "3.00")
        XCTAssertEqual("\(try BigDecimal("1").divided(by: "0.5"))", "2")
        XCTAssertEqual("\(try BigDecimal("1000").divided(by: "1E+2"))", "10.00")
        XCTAssertEqual("\(try BigDecimal(2).divided(by: 3, scale: 2))", "0.67")
        XCTAssertEqual("\(try BigDecimal(-10).divided(by: 4, scale: 0, rounding: .toNearestOrEven))", "-2")
        let (q, r) = try BigDecimal("7.5").quotientAndRemainder(dividingBy: 2)
        XCTAssertEqual("\(q) \(r)", "3 1.5")
        let (q2, r2) = try BigDecimal("-7").quotientAndRemainder(dividingBy: 2)
        XCTAssertEqual("\(q2) \(r2)", "-3 -1")
        // Splitting 100.00 three ways: a rounded share, and the remainder that must go somewhere.
        let share = try BigDecimal("100.00").divided(by: 3, scale: 2, rounding: .towardZero)
        XCTAssertEqual("\(share) \(BigDecimal("100.00") - share * 3)", "33.33 0.01")
    }
}
