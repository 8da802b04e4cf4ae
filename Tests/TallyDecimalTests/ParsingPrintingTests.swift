import XCTest
@testable import TallyDecimal

/// Parsing (numeric-string syntax, limits, typed errors) and printing (to-sci-string, plain).
final class ParsingPrintingTests: XCTestCase {
    func testScientificStringExamples() {
        // (input, description, plainString)
        let cases: [(String, String, String)] = [
            ("0", "0", "0"),
            ("0.00", "0.00", "0.00"),
            ("123", "123", "123"),
            ("-123", "-123", "-123"),
            ("1.23E+3", "1.23E+3", "1230"),
            ("1.23E+5", "1.23E+5", "123000"),
            ("12.3E-10", "1.23E-9", "0.00000000123"),
            ("-0.00000123", "-0.00000123", "-0.00000123"),
            ("1E+3", "1E+3", "1000"),
            ("0.000001", "0.000001", "0.000001"),
            ("0.0000001", "1E-7", "0.0000001"),
            ("5E-7", "5E-7", "0.0000005"),
            ("0E+2", "0E+2", "0"),
            ("0E-8", "0E-8", "0.00000000"),
            ("+12.75", "12.75", "12.75"),
            (".5", "0.5", "0.5"),
            ("5.", "5", "5"),
            ("00012.50", "12.50", "12.50"),
            ("1e2", "1E+2", "100"),
            ("12345678901234567890123456789012345678901234567890.5",
             "12345678901234567890123456789012345678901234567890.5",
             "12345678901234567890123456789012345678901234567890.5"),
            ("-98765432109876543210987654321E-40", "-9.8765432109876543210987654321E-12",
             "-0.0000000000098765432109876543210987654321"),
        ]
        for (input, description, plain) in cases {
            let value: BigDecimal
            do { value = try BigDecimal(parsing: input) } catch {
                XCTFail("\(input): \(error)")
                continue
            }
            XCTAssertEqual(value.description, description, input)
            XCTAssertEqual(value.plainString, plain, input)
            XCTAssertIdentical(BigDecimal(value.description)!, value, input)
        }
    }

    /// `plainString` is refused by the length it would write, sign included: a zero with a far
    /// exponent is "0" (review, 2026-12-01: refused as two million characters), and a string of
    /// exactly a million characters, negative or not, is written.
    func testPlainStringLengthIsWhatItWrites() throws {
        XCTAssertEqual(BigDecimal(mantissa: 0, exponent: 2_000_000, isNegative: false).plainString, "0")
        XCTAssertEqual(BigDecimal(mantissa: 0, exponent: -999_998, isNegative: false).plainString.utf8.count, 1_000_000)
        XCTAssertEqual(BigDecimal(mantissa: 1, exponent: -999_997, isNegative: true).plainString.utf8.count, 1_000_000)
        XCTAssertEqual(BigDecimal(mantissa: 1, exponent: 999_999, isNegative: false).plainString.utf8.count, 1_000_000)
    }

    func testInvalidTextIsATypedErrorWithItsPlace() {
        let cases: [(String, DecimalParsingError.Reason, Int)] = [
            ("", .empty, 0),
            ("12.7.5", .unexpectedCharacter("."), 4),
            ("12,75", .unexpectedCharacter(","), 2),
            (" 1", .unexpectedCharacter(" "), 0),
            ("1 ", .unexpectedCharacter(" "), 1),
            ("NaN", .unexpectedCharacter("N"), 0),
            ("Infinity", .unexpectedCharacter("I"), 0),
            ("-", .missingDigits, 1),
            (".", .missingDigits, 1),
            ("E5", .missingDigits, 0),
            ("1E", .missingExponentDigits, 2),
            ("1E+", .missingExponentDigits, 3),
            ("1E+5x", .unexpectedCharacter("x"), 4),
            ("--1", .unexpectedCharacter("-"), 1),
            ("1.5€", .unexpectedCharacter("€"), 3),
            ("价格1", .unexpectedCharacter("价"), 0),
            // A combining mark makes one character with the digit before it: the error names that
            // character and its offset, not the mark alone one place further.
            ("1\u{301}", .unexpectedCharacter("1\u{301}"), 0),
            ("12.5\u{301}0", .unexpectedCharacter("5\u{301}"), 3),
            ("7\u{FE0F}\u{20E3}", .unexpectedCharacter("7\u{FE0F}\u{20E3}"), 0),
            ("1E999999999", .exponentOutOfRange(limit: 6144), 1),
            ("1E-999999999999999999999999", .exponentOutOfRange(limit: 6144), 1),
        ]
        for (input, reason, offset) in cases {
            XCTAssertThrowsError(try BigDecimal(parsing: input), input) { error in
                guard let error = error as? DecimalParsingError else { return XCTFail("untyped error for \(input)") }
                XCTAssertEqual(error.reason, reason, input)
                XCTAssertEqual(error.offset, offset, input)
            }
            XCTAssertNil(BigDecimal(input), input)
        }
    }

    func testErrorMessageNamesTextPlaceAndReason() {
        XCTAssertThrowsError(try BigDecimal(parsing: "12.7.5")) { error in
            XCTAssertEqual("\(error)", #""12.7.5" is not a decimal number: unexpected "." at offset 4"#)
        }
    }

    /// An error's text stays small however long one character is (review, 2026-12-02: a digit
    /// under a million combining marks gave a 2 MB excerpt and a 2 MB character in the reason).
    func testErrorTextIsBoundedInScalars() {
        let marks = String(repeating: "\u{301}", count: 1_000_000)
        XCTAssertThrowsError(try BigDecimal(parsing: "1" + marks)) { error in
            guard let error = error as? DecimalParsingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.excerpt.unicodeScalars.count, 161)  // 160 and the "…"
            XCTAssertEqual(error.offset, 0)
            XCTAssertEqual(error.reason, .unexpectedCharacter(Character("1" + String(repeating: "\u{301}", count: 15))))
            XCTAssertLessThan("\(error)".utf8.count, 1_000)
        }
        // Ordinary text is cut at 40 characters as before, and a short one is whole.
        XCTAssertThrowsError(try BigDecimal(parsing: String(repeating: "x", count: 50))) {
            XCTAssertEqual(($0 as? DecimalParsingError)?.excerpt, String(repeating: "x", count: 40) + "…")
        }
        XCTAssertThrowsError(try BigDecimal(parsing: "é1")) {
            XCTAssertEqual(($0 as? DecimalParsingError)?.excerpt, "é1")
            XCTAssertEqual(($0 as? DecimalParsingError)?.reason, .unexpectedCharacter("é"))
        }
    }

    /// What `description` documents: its text parses back under limits that admit the value, and
    /// an exponent beyond ±999,999,999 (reachable only by arithmetic) is refused even by `.widest`.
    func testDescriptionRoundTripsWithinTheWidestLimits() throws {
        let edge = try BigDecimal(parsing: "1E-999999999", limits: .widest)
        XCTAssertTrue(try BigDecimal(parsing: edge.description, limits: .widest).isIdentical(to: edge))
        let beyond = edge * "0.1"
        XCTAssertEqual(beyond.description, "1E-1000000000")
        XCTAssertThrowsError(try BigDecimal(parsing: beyond.description, limits: .widest)) {
            XCTAssertEqual(($0 as? DecimalParsingError)?.reason, .exponentOutOfRange(limit: 999_999_999))
        }
    }

    /// `admits` agrees with parsing: a value is admitted exactly when its text parses within the limits.
    func testAdmitsAgreesWithParsing() throws {
        let limits = ParseLimits(maximumSignificantDigits: 20, maximumExponentMagnitude: 30)
        let texts = ["12.75", "1E+30", "1E+31", "1E-30", "1E-31", "0E+30", String(repeating: "9", count: 20), String(repeating: "9", count: 21),
                     "9223372036854775807", "-" + String(repeating: "1", count: 20) + "E-10", "12345678901234567890123E-5"]
        for text in texts {
            let value = try BigDecimal(parsing: text, limits: .widest)
            let parses = (try? BigDecimal(parsing: value.description, limits: limits)) != nil
            XCTAssertEqual(limits.admits(value), parses, text)
        }
        let small = ParseLimits(maximumSignificantDigits: 3)
        XCTAssertTrue(small.admits(999))
        XCTAssertFalse(small.admits(1000), "an inline value is still counted against fewer than 19 digits")
        XCTAssertTrue(ParseLimits.default.admits("1E+6144"))
        XCTAssertFalse(ParseLimits.default.admits(BigDecimal(mantissa: 1, exponent: 7_000, isNegative: false)))
    }

    func testLimits() throws {
        let thousand = "1" + String(repeating: "0", count: 999)
        XCTAssertNoThrow(try BigDecimal(parsing: thousand))
        XCTAssertThrowsError(try BigDecimal(parsing: thousand + "0")) { error in
            XCTAssertEqual((error as? DecimalParsingError)?.reason, .tooManyDigits(count: 1001, limit: 1000))
        }
        // Leading zeros are not significant, however many.
        let zeros = String(repeating: "0", count: 100_000) + "1.5"
        XCTAssertEqual(try BigDecimal(parsing: zeros).description, "1.5")
        XCTAssertEqual(try BigDecimal(parsing: "1E6144").description, "1E+6144")
        XCTAssertThrowsError(try BigDecimal(parsing: "1E6145"))
        XCTAssertThrowsError(try BigDecimal(parsing: "1E-6145"))
        let wide = ParseLimits(maximumSignificantDigits: 2000, maximumExponentMagnitude: 10_000)
        XCTAssertEqual(try BigDecimal(parsing: "1E7000", limits: wide).description, "1E+7000")
        XCTAssertEqual(try BigDecimal(parsing: thousand + "0", limits: wide).digitCount, 1001)
    }

    func testStringLiteralAndLosslessConversion() {
        let price: BigDecimal = "12.75"
        XCTAssertEqual(price.exponent, -2)
        XCTAssertEqual(price.scale, 2)
        XCTAssertEqual(BigDecimal("1E+3").scale, 0)
        XCTAssertEqual(String(describing: price), "12.75")
        XCTAssertEqual(BigDecimal("12.750").digitCount, 5)
    }
}
