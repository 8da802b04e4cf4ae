import TallyBridge
import TallyDecimal
import TallyTesting
import XCTest

/// The exact JSON reader: numbers keep their text, errors say where, limits hold.
final class JSONReaderTests: XCTestCase {
    func testNumbersKeepTheirExactText() throws {
        let sixty = "123456789012345678901234567890123456789012345678901234567890"
        let value = try JSONReader.read(#"{"a": 12.75, "b": -12.74, "c": 216.46, "d": \#(sixty).5, "e": 1e3, "f": 0, "g": -0.0}"#)
        guard case .object(let object) = value else { return XCTFail("\(value)") }
        XCTAssertEqual(object.keys, ["a", "b", "c", "d", "e", "f", "g"], "document order")
        XCTAssertEqual(object["a"], .number("12.75"))
        XCTAssertEqual(object["c"], .number("216.46"), "no binary float in between")
        XCTAssertEqual(object["d"], .number(sixty + ".5"))
        XCTAssertEqual(object["e"], .number("1e3"))
        guard case .number(let text)? = object["d"] else { return XCTFail() }
        // A 60-digit number sums exactly.
        XCTAssertEqual((try BigDecimal(parsing: text) + "0.5").description, sixty.dropLast() + "1.0")
    }

    func testValuesAndEscapes() throws {
        let value = try JSONReader.read(#"[true, false, null, "a\"b\\c\/d\n\u00e9\ud83d\ude00", "商品价格", [], {}]"#)
        XCTAssertEqual(value, .array([
            .bool(true), .bool(false), .null, .string("a\"b\\c/d\né😀"), .string("商品价格"), .array([]), .object(JSONObject([])),
        ]))
        XCTAssertEqual(try JSONReader.read("\u{FEFF}{}".utf8.map { $0 }), .object(JSONObject([])), "a byte-order mark is skipped")
    }

    /// Malformed JSON: each case is an error with a line, a column and a reason, never a crash.
    func testMalformedDocumentsAreTypedErrorsWithPlaces() {
        let cases: [(String, String)] = [
            ("", "line 1, column 1: expected a value, found the end of the document"),
            ("{", "line 1, column 2: expected a member name in double quotes, found the end of the document"),
            ("{\"a\" 1}", "line 1, column 6: expected ':' after the member name, found '1'"),
            ("{\"a\": 1,}", "line 1, column 9: expected a member name in double quotes, found '}'"),
            ("[1, 2", "line 1, column 6: expected ',' or ']', found the end of the document"),
            ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element, found '2'"),
            ("{\"a\": 1, \"a\": 2}", #"line 1, column 10: the key "a" appears twice"#),
            ("01", "line 1, column 1: a number may not have leading zeros"),
            ("1.", "line 1, column 3: a number needs digits after '.'"),
            ("1e", "line 1, column 3: a number needs digits in its exponent"),
            ("-", "line 1, column 2: a number needs digits after '-'"),
            ("+1", "line 1, column 1: expected a value, found '+'"),
            (".5", "line 1, column 1: expected a value, found '.'"),
            ("NaN", "line 1, column 1: expected a value, found 'N'"),
            ("tru", "line 1, column 1: expected a value, found 't'"),
            ("'a'", "line 1, column 1: expected a value, found '''"),
            ("\"abc", "line 1, column 5: a string is not closed"),
            ("\"a\tb\"", "line 1, column 3: a control character in a string must be escaped"),
            ("\"\\x\"", #"line 1, column 2: an unknown escape '\x'"#),
            ("\"\\u12\"", #"line 1, column 4: a \u escape needs four hex digits"#),
            ("\"\\ud800\"", #"line 1, column 8: a lone high surrogate in a \u escape"#),
            ("{}\n{}", "line 2, column 1: unexpected content after the JSON value"),
            ("{\n  \"items\": [\n    {\"amount\" 1}\n  ]\n}", "line 3, column 15: expected ':' after the member name, found '1'"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try JSONReader.read(text), text) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
        XCTAssertThrowsError(try JSONReader.read([0x22, 0xFF, 0x22])) { XCTAssertEqual("\($0)", "line 1, column 2: invalid UTF-8 in a string") }
    }

    /// Bombs: deep nesting, huge numbers, huge documents are refused by the limits, quickly.
    func testLimits() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONReader.read(deep)) { XCTAssertEqual("\($0)", "line 1, column 65: nesting deeper than the limit of 64") }
        let longNumber = "1" + String(repeating: "0", count: 1_000_000)
        XCTAssertThrowsError(try JSONReader.read(longNumber)) {
            XCTAssertEqual("\($0)", "line 1, column 1: a number of 1000001 characters, more than the limit of 2000")
        }
        XCTAssertThrowsError(try JSONReader.read("[" + String(repeating: "0,", count: 10) + "0]", limits: JSONLimits(maximumBytes: 10))) {
            XCTAssertEqual("\($0)", "line 1, column 1: the document has 23 bytes, more than the limit of 10")
        }
        // A long run of combining marks, raw or escaped, as a value or a key: refused where the
        // string starts (the layers above would compare and hash it in quadratic time).
        for marks in [String(repeating: "\u{301}\u{316}", count: 40_000), String(repeating: #"\u0301\u0316"#, count: 40_000)] {
            for (document, column) in [("{\n  \"code\": \"A\(marks)\"}", 11), ("{\n  \"A\(marks)\": 1}", 3)] {
                XCTAssertThrowsError(try JSONReader.read(document)) {
                    XCTAssertEqual("\($0)", "line 2, column \(column): a string that has more than 30 combining marks in a row (text that is not stream-safe, Unicode UAX #15)")
                }
            }
        }
        XCTAssertEqual(try JSONReader.read(#"["e\#(String(repeating: #"\u0301"#, count: 30))"]"#), .array([.string("e" + String(repeating: "\u{301}", count: 30))]))
        // A decimal bomb is valid JSON: the decimal parser's own limits refuse it.
        XCTAssertEqual(try JSONReader.read("1e999999999"), .number("1e999999999"))
        XCTAssertThrowsError(try BigDecimal(parsing: "1e999999999"))
    }

    /// Arbitrary bytes never crash the reader: they parse or give a typed error.
    func testArbitraryBytesNeverCrash() {
        let bytes = Gen.array(of: Gen.element(of: Array("{}[]\",:0123456789.-+eEtrufalsn \\u\n\t".utf8) + [0xFF, 0xC3]), count: 0...40)
        forAll(bytes, count: 2000) { input in
            do {
                _ = try JSONReader.read(input)
            } catch let error as JSONReadingError {
                try expect(!error.reason.isEmpty && error.line >= 1 && error.column >= 1, "a message and a place")
            }
        }
    }
}
