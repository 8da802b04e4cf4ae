import Foundation
import TallyDecimal
import TallyTesting
import XCTest

/// `isStreamSafe` and `isStreamSafeJSONText`: text with more than 30 combining marks in a row is
/// refused everywhere Tally compares or hashes text from outside (a review made `tally replay`,
/// `quote` and `purchases replay` run for minutes on such strings: Swift orders each run of marks
/// canonically, in time quadratic in its length).
final class StreamSafeTextTests: XCTestCase {
    static let acute = "\u{301}"  // COMBINING ACUTE ACCENT, class 230, two bytes of UTF-8

    func testThirtyMarksInARowPassAndThirtyOneDoNot() {
        XCTAssertEqual(maximumCombiningRun, 30)
        for base in ["", "e", "abc"] {
            XCTAssertTrue(isStreamSafe(base + String(repeating: Self.acute, count: 30)))
            XCTAssertFalse(isStreamSafe(base + String(repeating: Self.acute, count: 31)))
        }
        // 31 two-byte marks are 62 bytes: the length shortcut (under 62 bytes) must not answer it.
        XCTAssertEqual(String(repeating: Self.acute, count: 31).utf8.count, 62)
        // Runs separated by a starter, however many: each run is short.
        let separated = String(repeating: String(repeating: Self.acute, count: 30) + "a", count: 1_000)
        XCTAssertTrue(isStreamSafe(separated))
        XCTAssertTrue(isStreamSafe(String(repeating: String(repeating: "\u{301}\u{316}", count: 15) + "\u{34F}", count: 100)))
        XCTAssertFalse(isStreamSafe(separated + String(repeating: Self.acute, count: 31)))
        // Other non-starters count alike (class 220, a class-216 mark beyond the BMP), and so do
        // the three Tibetan vowel signs of class 0 that decompose into marks.
        XCTAssertFalse(isStreamSafe("x" + String(repeating: "\u{316}\u{1D165}", count: 16)))
        XCTAssertFalse(isStreamSafe(String(repeating: "\u{F73}", count: 31)))
        XCTAssertTrue(isStreamSafe(String(repeating: "\u{F73}", count: 30) + "a" + String(repeating: "\u{F73}", count: 30)))
        // Precomposed letters, CJK and emoji are starters.
        XCTAssertTrue(isStreamSafe(String(repeating: "é", count: 10_000)))
        XCTAssertTrue(isStreamSafe(String(repeating: "中👍🏽", count: 10_000)))
    }

    /// The JSON reader of purchase logs reads escapes as the scalars they stand for: on every
    /// string of pieces, written raw and with every scalar escaped, its answer is `isStreamSafe`'s.
    func testJSONTextAgreesWithTheDecodedString() {
        let pieces = ["a", "\u{301}", "\u{316}", "\u{1D165}", "\u{F73}", "é", "\\", "\"", "\n", "中", "\u{34F}"]
        var random = SplitMix64(seed: 20261201)
        func escaped(_ text: String) -> String {
            text.unicodeScalars.map { scalar -> String in
                if scalar.value > 0xFFFF {
                    let v = scalar.value - 0x10000
                    return String(format: "\\u%04X\\u%04x", 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF))
                }
                return String(format: "\\u%04x", scalar.value)
            }.joined()
        }
        func raw(_ text: String) -> String {
            // Scalar by scalar: a quote followed by a mark is one `Character`, which a search for
            // the quote as a string does not find.
            text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\\": return "\\\\"
                case "\"": return "\\\""
                case "\n": return "\\n"
                default: return String(scalar)
                }
            }.joined()
        }
        var refused = 0
        for _ in 0..<2_000 {
            let count = Int(random.next() % 100)
            let text = (0..<count).map { _ in
                // Mostly marks, so that runs around 30 are common.
                random.next() % 12 == 0 ? pieces[Int(random.next() % UInt64(pieces.count))] : (random.next() % 2 == 0 ? "\u{301}" : "\u{316}")
            }.joined()
            let expected = isStreamSafe(text)
            if !expected { refused += 1 }
            for line in [#"{"id": ""# + raw(text) + #""}"#, #"{"id": ""# + escaped(text) + #""}"#] {
                XCTAssertEqual(isStreamSafeJSONText(Array(line.utf8)[...]), expected, line)
                // And what JSONDecoder makes of the line is the same text.
                XCTAssertEqual(try JSONDecoder().decode([String: String].self, from: Data(line.utf8))["id"], text, line)
            }
        }
        XCTAssertGreaterThan(refused, 300, "runs past 30 must be common")
        XCTAssertLessThan(refused, 1_700, "and so must runs within it")
        // An escaped backslash followed by "u0301" is text, not a mark; a lone high surrogate
        // escape is no mark either.
        XCTAssertTrue(isStreamSafeJSONText(Array(("\"" + String(repeating: #"\\u0301"#, count: 40) + "\"").utf8)[...]))
        XCTAssertTrue(isStreamSafeJSONText(Array(("\"" + String(repeating: #"\uD834"#, count: 40) + "\"").utf8)[...]))
    }
}
