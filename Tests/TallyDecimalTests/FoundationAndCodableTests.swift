import Foundation
import XCTest
@testable import TallyDecimal

/// Exact conversions to and from Foundation.Decimal, Codable, and Double(approximating:).
final class FoundationAndCodableTests: XCTestCase {
    func testToDecimalIsExactOrNil() {
        XCTAssertEqual(Decimal(exactly: BigDecimal("12.75")), Decimal(string: "12.75"))
        XCTAssertEqual(Decimal(exactly: BigDecimal("-0.001")), Decimal(string: "-0.001"))
        let thirtyEight = "12345678901234567890123456789012345678"
        XCTAssertEqual(Decimal(exactly: BigDecimal(stringLiteral: thirtyEight))?.description, thirtyEight)
        XCTAssertNil(Decimal(exactly: BigDecimal(stringLiteral: thirtyEight + "9")), "39 digits")
        XCTAssertEqual(Decimal(exactly: BigDecimal("1E+127"))?.description, "1" + String(repeating: "0", count: 127))
        XCTAssertEqual(Decimal(exactly: BigDecimal("1000E-130")), Decimal(exactly: BigDecimal("1E-127")))
        XCTAssertNil(Decimal(exactly: BigDecimal("1E+128")))
        XCTAssertNil(Decimal(exactly: BigDecimal("1E+170")))
        XCTAssertNil(Decimal(exactly: BigDecimal("1E-140")))
        XCTAssertEqual(Decimal(exactly: BigDecimal("1.2300000000000000000000000000000000000000000")), Decimal(string: "1.23"))
    }

    func testFromDecimalIsExact() {
        for text in ["0", "12.75", "-12.74", "0.0001", "12345678901234567890123456789012345678", "1E+100", "1.2345E-120"] {
            let decimal = Decimal(string: text)!
            let value = BigDecimal(exactly: decimal)
            XCTAssertEqual(value, BigDecimal(stringLiteral: text), text)
        }
        XCTAssertNil(BigDecimal(exactly: Decimal.nan))
    }

    func testCodableEncodesStringsAndDecodesBoth() throws {
        struct Line: Codable, Equatable { var amount: BigDecimal }
        let encoded = try JSONEncoder().encode(Line(amount: "12.750"))
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), #"{"amount":"12.750"}"#)
        let fromString = try JSONDecoder().decode(Line.self, from: Data(#"{"amount":"1234567890123456789012345678901234567890.5"}"#.utf8))
        XCTAssertEqual(fromString.amount.description, "1234567890123456789012345678901234567890.5")
        XCTAssertEqual(try JSONDecoder().decode(Line.self, from: Data(#"{"amount":12.75}"#.utf8)).amount, "12.75")
        XCTAssertEqual(try JSONDecoder().decode(Line.self, from: Data(#"{"amount":-9223372036854775808}"#.utf8)).amount, "-9223372036854775808")
        XCTAssertThrowsError(try JSONDecoder().decode(Line.self, from: Data(#"{"amount":"12.7.5"}"#.utf8))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(context.debugDescription.contains("unexpected \".\" at offset 4"), context.debugDescription)
        }
        XCTAssertThrowsError(try JSONDecoder().decode(Line.self, from: Data(#"{"amount":true}"#.utf8)))
    }

    func testDoubleApproximationIsOneWay() {
        XCTAssertEqual(Double(approximating: BigDecimal("0.1")), 0.1)
        XCTAssertEqual(Double(approximating: BigDecimal("-2.5")), -2.5)
        XCTAssertEqual(Double(approximating: BigDecimal("1E+400", )), .infinity)
    }
}

/// Edges found in review: values beyond the default limits, lossy JSON numbers, the exponent and
/// digit bounds.
final class ReviewEdgeTests: XCTestCase {
    func testValuesBeyondTheDefaultLimitsRoundTripWithWiderLimits() throws {
        let tiny = BigDecimal("1E-6144") * "0.1"
        XCTAssertEqual(tiny.description, "1E-6145")
        XCTAssertNil(BigDecimal(tiny.description), "init?(_:) keeps the default limits for text from outside")
        XCTAssertTrue(try BigDecimal(parsing: tiny.description, limits: .widest).isIdentical(to: tiny))
        let encoded = try JSONEncoder().encode([tiny])
        XCTAssertThrowsError(try JSONDecoder().decode([BigDecimal].self, from: encoded))
        let decoder = JSONDecoder()
        decoder.userInfo[BigDecimal.parseLimitsKey] = ParseLimits.widest
        XCTAssertTrue(try decoder.decode([BigDecimal].self, from: encoded)[0].isIdentical(to: tiny))
    }

    func testJSONNumbersThatMayHaveLostDigitsAreRejected() {
        for number in ["123456789012345678901234567890123456789012", "3.14159265358979323846264338327950288419716939937510"] {
            XCTAssertThrowsError(try JSONDecoder().decode([BigDecimal].self, from: Data("[\(number)]".utf8)), number) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(context.debugDescription.contains("send it as a string"), context.debugDescription)
            }
        }
        XCTAssertEqual(try JSONDecoder().decode([BigDecimal].self, from: Data("[1234567890.125]".utf8)), ["1234567890.125"])
    }

    /// Found by a differential review against Python's `decimal`: numbers near a whole number were
    /// read as `Int64` first, which Foundation's `JSONDecoder` on Linux does through `Double`
    /// (`99.99999999999999999` became `100`; 63 of 20,000 random numbers of 1–37 digits were wrong).
    func testJSONNumbersNearAWholeNumberAreReadExactly() throws {
        for number in [
            "99.99999999999999999", "4503599627370496.5", "12345678901234567.8", "2.0000000000000000001",
            "-9007199254740993", "9223372036854775807", "-9223372036854775808", "9223372036854775807.5",
            "0.99999999999999999999999999999999999",
        ] {
            let decoded = try JSONDecoder().decode([BigDecimal].self, from: Data("[\(number)]".utf8))
            XCTAssertEqual(decoded, [BigDecimal(number)!], number)
        }
        // Whole numbers keep exponent 0, as they did when read as Int64 (a second review found
        // 600 decoding as 6E+2, which Money then wrote back as "6E+2").
        for (number, expected) in [("600", "600"), ("100.0", "100"), ("10", "10"), ("-1200", "-1200"), ("0", "0"), ("1e3", "1000"), ("2.50", "2.5")] {
            let decoded = try JSONDecoder().decode([BigDecimal].self, from: Data("[\(number)]".utf8))
            XCTAssertTrue(decoded[0].isIdentical(to: BigDecimal(expected)!), "\(number) decoded as \(decoded[0])")
        }
        // Coders without `Decimal` numbers give none: a property list's numbers come through
        // `Double`, and a `<real>` whose `Double` is whole was read as that integer
        // (`19.999999999999999999` as 20, a review), indistinguishable from an `<integer>`. Each
        // is refused naming the way out; Tally's own strings round-trip through the same coder.
        func plist(_ body: String) -> Data {
            Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>\#(body)</array></plist>"#.utf8)
        }
        for body in ["<real>19.999999999999999999</real>", "<real>9007199254740993</real>", "<real>1.00000000000000001</real>",
                     "<real>3.0</real>", "<real>1.5</real>", "<integer>20</integer>", "<integer>-7</integer>",
                     "<integer>18446744073709551615</integer>"] {
            XCTAssertThrowsError(try PropertyListDecoder().decode([BigDecimal].self, from: plist(body)), body) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(body): \(error)") }
                XCTAssertTrue(context.debugDescription.contains("send the amount as a string"), "\(body): \(error)")
                XCTAssertEqual(context.codingPath.count, 1, body)
            }
        }
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            XCTAssertThrowsError(try PropertyListDecoder().decode([BigDecimal].self, from: encoder.encode([Int64.max])))
            let values: [BigDecimal] = ["19.999999999999999999", "-7", "1E+3", BigDecimal(UInt64.max) * BigDecimal(UInt64.max)]
            let decoded = try PropertyListDecoder().decode([BigDecimal].self, from: encoder.encode(values))
            XCTAssertTrue(zip(decoded, values).allSatisfy { $0.isIdentical(to: $1) } && decoded.count == values.count, "\(decoded)")
        }
        // What is not a number keeps the coder's own error.
        XCTAssertThrowsError(try PropertyListDecoder().decode([BigDecimal].self, from: plist("<true/>"))) { error in
            guard case DecodingError.typeMismatch = error else { return XCTFail("\(error)") }
        }
        // A JSON number outside `Decimal`'s range is refused, never read as 0: the integer
        // fallback went through `Double`, where `1e-400` underflows to exactly 0 (a review).
        for number in ["1e-129", "1.5e-128", "1e128", "1e-200", "1e-400", "-1e-400", "0." + String(repeating: "0", count: 400) + "1", "1e200"] {
            XCTAssertThrowsError(try JSONDecoder().decode([BigDecimal].self, from: Data("[\(number)]".utf8)), number) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(context.debugDescription.contains("send it as a string"), "\(number): \(error)")
            }
        }
        XCTAssertEqual(try JSONDecoder().decode([BigDecimal].self, from: Data("[1e-128, 9.9e127]".utf8)), ["1E-128", "9.9E+127"])
        // A JSON null is still the decoder's `valueNotFound`.
        XCTAssertThrowsError(try JSONDecoder().decode([BigDecimal].self, from: Data("[null]".utf8))) { error in
            guard case DecodingError.valueNotFound = error else { return XCTFail("\(error)") }
        }
    }

    func testReducedAndHashingAtTheLargestExponent() {
        let value = BigDecimal(mantissa: 10, exponent: Int(Int32.max), isNegative: false)
        let same = BigDecimal(mantissa: 100, exponent: Int(Int32.max) - 1, isNegative: false)
        XCTAssertEqual(value, same)
        XCTAssertEqual(value.hashValue, same.hashValue)
        XCTAssertEqual(value.reduced().exponent, Int(Int32.max))
        XCTAssertTrue(value.reduced().isIdentical(to: same.reduced()))
    }

    func testComparisonOfValuesNearTheDigitBoundDoesNotTrap() throws {
        let sevens = String(repeating: "7", count: 1_000_000)
        let a = try BigDecimal(parsing: sevens, limits: .widest)
        let b = try BigDecimal(parsing: sevens + "E1", limits: .widest)
        XCTAssertTrue(a < b)
        XCTAssertFalse(a == b)
    }
}
