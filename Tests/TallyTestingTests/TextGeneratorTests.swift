import Foundation
import TallyDecimal
@testable import TallyTesting
import XCTest

/// `Gen.character`, `Gen.string` and `Gen.optional`: what they reach and what they shrink to.
final class TextGeneratorTests: XCTestCase {
    func testCharactersReachEveryKindOfText() {
        let drawn = Gen.character.sample(count: 3_000, seed: 1)
        let kinds: [(String, (Character) -> Bool)] = [
            ("an ASCII letter", { $0.isASCII && $0.isLetter }),
            ("an ASCII digit", { $0.isASCII && $0.isNumber }),
            ("an accented letter", { !$0.isASCII && $0.isLetter && $0.unicodeScalars.first!.value < 0x180 }),
            ("a right-to-left letter", { (0x0590...0x06FF).contains($0.unicodeScalars.first!.value) && $0.isLetter }),
            ("a digit that is not ASCII", { !$0.isASCII && $0.isWholeNumber }),
            ("a minus sign that is not a hyphen", { $0 == "−" }),
            ("a lone combining mark", { $0 == "\u{301}" }),
            ("an emoji of several scalars", { $0.unicodeScalars.count > 2 && $0.unicodeScalars.first!.properties.isEmoji }),
            ("a control character", { $0.unicodeScalars.first!.properties.generalCategory == .control }),
            ("a format character", { $0.unicodeScalars.first!.properties.generalCategory == .format }),
            ("CR LF", { $0 == "\r\n" }),
        ]
        for (name, isKind) in kinds { XCTAssertTrue(drawn.contains(where: isKind), "\(name): none in 3,000 characters") }
        XCTAssertGreaterThan(drawn.filter(\.isASCII).count, 1_500, "printable ASCII most often")
        XCTAssertEqual(Gen.character.sample(count: 50, seed: 7), Gen.character.sample(count: 50, seed: 7), "a seed replays")
    }

    func testCharactersInARangeSkipTheSurrogates() throws {
        XCTAssertEqual(Set(Gen.character(in: "a"..."e").sample(count: 200, seed: 2)), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(Set(Gen.character(in: "\u{D7FF}"..."\u{E000}").sample(count: 100, seed: 3)), ["\u{D7FF}", "\u{E000}"])
        let any = Gen.character(in: "\u{0}"..."\u{10FFFF}").sample(count: 500, seed: 4)
        XCTAssertTrue(any.contains { $0.unicodeScalars.first!.value > 0xFFFF }, "beyond the basic plane")
        XCTAssertEqual(try XCTUnwrap(Property.check(Gen.character(in: "a"..."z"), seed: 1) { $0 < "q" }.failure).shrunk, "q")
    }

    func testStringsRespectTheirCountAndShrinkTowardShortAndSimple() throws {
        for text in Gen.string(count: 2...5).sample(count: 300, seed: 5) {
            XCTAssertTrue((1...5).contains(text.count), "\(text.debugDescription): drawn characters may join, never multiply")
        }
        XCTAssertEqual(Gen.string(count: 0...0).sample(count: 3, seed: 1), ["", "", ""])
        // The documented rate at which drawn characters join or pair differently: about 3 %.
        let differing = Gen.string(count: 3...3).sample(count: 10_000, seed: 10).filter { $0.count != 3 }.count
        XCTAssertTrue((200...400).contains(differing), "\(differing) of 10,000 three-character strings do not count 3")
        // A law about amounts' text that fails on any character other than an ASCII digit: the
        // counterexample is one simple character.
        let digitsOnly = Property.check(Gen.string(count: 0...20), seed: 6) { text in text.allSatisfy { $0.isASCII && $0.isNumber } }
        XCTAssertEqual(try XCTUnwrap(digitsOnly.failure).shrunk, "a")
        // One that fails only on text that is not ASCII shrinks to a single character from the
        // first pool beyond ASCII.
        let asciiOnly = Property.check(Gen.string(count: 0...20), count: 500, seed: 6) { text in text.allSatisfy(\.isASCII) }
        XCTAssertEqual(try XCTUnwrap(asciiOnly.failure).shrunk, "é")
        let codes = Gen.string(of: .character(in: "A"..."Z"), count: 3...3).sample(count: 50, seed: 8)
        XCTAssertTrue(codes.allSatisfy { $0.count == 3 && $0.allSatisfy { ("A"..."Z").contains($0) } })
    }

    /// Text that is not a number must be refused by the parser with an error, never a crash, and
    /// text that parses must print back to a value equal to it.
    func testDecimalParsingOnArbitraryText() {
        forAll(Gen.string(count: 0...24)) { text in
            guard let value = try? BigDecimal(parsing: text) else { return true }
            return BigDecimal(value.description)?.isIdentical(to: value) == true
        }
    }

    /// A counterexample of invisible text is shown as a literal that can be seen and pasted back:
    /// a byte-order mark alone printed as nothing (`shrunk:    (…)`), and so did `""`.
    func testReportsShowTextAsLiteralsWithInvisibleScalarsEscaped() throws {
        let bom = try XCTUnwrap(Property.check(Gen.string(count: 0...20), count: 2_000, seed: 1) { !$0.contains("\u{FEFF}") }.failure)
        XCTAssertEqual(bom.shrunk, "\u{FEFF}")
        let report = Property.check(Gen.string(count: 0...20), count: 2_000, seed: 1) { !$0.contains("\u{FEFF}") }.report(filter: nil)
        XCTAssertTrue(report.contains(#"  shrunk:   "\u{FEFF}" (returned false;"#), report)
        let empty = Property.check(Gen.string(count: 0...3), seed: 1) { _ in false }.report(filter: nil)
        XCTAssertTrue(empty.contains(#"  shrunk:   "" (returned false;"#), empty)
        XCTAssertEqual(ShownValue.text("a\"b\\\n\u{202E}\u{A0} é\u{301}"), #""a\"b\\\n\u{202E}\u{A0} é\#u{301}""#)
        XCTAssertEqual(ShownValue.text(Character("\r\n")), #""\r\n""#)
        XCTAssertEqual(ShownValue.text(["x\u{200B}", "\t"]), #"["x\u{200B}", "\t"]"#, "inside other values too")
        XCTAssertEqual(ShownValue.text(Optional("x")), #"Optional("x")"#, "only a String itself is quoted")
        XCTAssertEqual(ShownValue.text(42), "42")
        // A combining mark that would join the opening quote or an escape is escaped itself (a
        // lone U+0301 showed as `"́"`); a substring is quoted like a string (`""` showed as nothing).
        XCTAssertEqual(ShownValue.text("\u{301}"), #""\u{301}""#)
        XCTAssertEqual(ShownValue.text("\t\u{301}e\u{301}"), #""\t\u{301}e\#u{301}""#)
        XCTAssertEqual(ShownValue.text(Character("\u{20DD}")), #""\u{20DD}""#)
        XCTAssertEqual(ShownValue.text(Substring("")), #""""#)
        XCTAssertEqual(ShownValue.text(Substring("a\tb")), #""a\tb""#)
        let substring = Property.check(Gen.string(count: 0...3).map { Substring($0) }, seed: 1) { _ in false }.report(filter: nil)
        XCTAssertTrue(substring.contains(#"  original: "#) && substring.contains(#"  shrunk:   "" (returned false;"#), substring)
        XCTAssertEqual(ShownValue.text(TwoLines()), #"first\nsecond\tend"#, "a description that spans lines is shown on one")
    }

    func testOptionalsShrinkTowardNil() throws {
        let drawn = Gen.optional(Gen.int(in: 0...100)).sample(count: 400, seed: 9)
        let nils = drawn.filter { $0 == nil }.count
        XCTAssertTrue((60...140).contains(nils), "about one in four is nil: \(nils) of 400")
        let present = try XCTUnwrap(Property.check(Gen.optional(Gen.int(in: 0...100)), seed: 1) { $0 != nil }.failure)
        XCTAssertNil(present.shrunk)
        let small = try XCTUnwrap(Property.check(Gen.optional(Gen.int(in: 0...100)), seed: 1) { $0 == nil || $0! < 5 }.failure)
        XCTAssertEqual(small.shrunk, 5)
    }
}

/// A value whose description spans two lines.
private struct TwoLines: CustomStringConvertible {
    var description: String { "first\nsecond\tend" }
}
