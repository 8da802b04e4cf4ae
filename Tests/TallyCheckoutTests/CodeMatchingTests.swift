import Foundation
@testable import TallyCheckout
import TallyTesting
import XCTest

/// `sameCode` answers most pairs from their bytes; the answer must be the one whole strings give
/// (`sameCodeSpelledOtherwise`: trimmed, lowercased, compared as Unicode strings).
final class CodeMatchingTests: XCTestCase {
    /// Pieces that meet every branch: ASCII letters in both cases, white space inside and at the
    /// ends (ASCII and not), combining marks, precomposed letters, letters whose lowercase is
    /// ASCII (KELVIN SIGN), multi-scalar line ends and the empty string.
    static let atoms = ["", " ", "\t", "\n", "a", "A", "b", "é", "É", "e", "E", "\u{301}", "\u{A0}", "\u{3000}", "\u{212A}", "k", "K", "İ", "i", "\r\n", "\u{85}"]

    func testTheByteAnswerIsTheWholeStringAnswer() {
        // Every string of up to two pieces, against every other.
        var strings = Self.atoms
        for x in Self.atoms { for y in Self.atoms { strings.append(x + y) } }
        var compared = 0
        for a in strings {
            for b in strings {
                XCTAssertEqual(sameCode(a, b), sameCodeSpelledOtherwise(a, b), "\(String(reflecting: a)) against \(String(reflecting: b))")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 462 * 462)
        // Longer codes with a shared prefix (past a small string's 15 bytes), from a fixed seed.
        var random = SplitMix64(seed: 20261201)
        for _ in 0..<20_000 {
            let prefix = String(repeating: "Qx", count: Int(random.next() % 12))
            func code() -> String { prefix + (0..<Int(random.next() % 5)).map { _ in Self.atoms[Int(random.next() % UInt64(Self.atoms.count))] }.joined() }
            let (a, b) = (code(), code())
            XCTAssertEqual(sameCode(a, b), sameCodeSpelledOtherwise(a, b), "\(String(reflecting: a)) against \(String(reflecting: b))")
        }
    }
}

extension CodeMatchingTests {
    /// Every pair of ASCII characters, alone, after a shared prefix and before a shared suffix:
    /// the letter test's bounds (`@`/`A`, `Z`/`[`, `` ` ``/`a`, `z`/`{`) and the non-letters that
    /// differ by 0x20 (`@` and `` ` ``, `[` and `{`) are met only here (a review found four
    /// off-by-one mutants of the letter test that every other test let pass).
    func testEveryPairOfASCIICharacters() {
        let ascii = (0..<128).map { String(Character(Unicode.Scalar(UInt8($0)))) }
        for p in ascii {
            for q in ascii {
                for (a, b) in [(p, q), ("N" + p, "N" + q), (p + "Z", q + "Z")] where sameCode(a, b) != sameCodeSpelledOtherwise(a, b) {
                    XCTFail("\(String(reflecting: a)) against \(String(reflecting: b))")
                }
            }
        }
    }
}

extension CodeMatchingTests {
    /// `codeMatchingKey` trims in Swift what Foundation's `whitespacesAndNewlines` trims: every
    /// scalar is classed alike, and codes padded with each kind of blank give Foundation's key.
    func testTrimmingIsFoundations() {
        var blanks: [Unicode.Scalar] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let foundation = CharacterSet.whitespacesAndNewlines.contains(scalar)
            if isCodeTrimmed(scalar) != foundation { XCTFail("U+\(String(value, radix: 16, uppercase: true))") }
            if foundation { blanks.append(scalar) }
        }
        XCTAssertEqual(blanks.count, 26)
        for blank in blanks {
            for code in ["\(blank)CA", "CA\(blank)", "\(blank)Qu\u{E9}bec\(blank)\(blank)", "\(blank)", "C\(blank)A", "\(blank)\u{301}a"] {
                XCTAssertEqual(codeMatchingKey(code), code.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(), String(reflecting: code))
            }
        }
    }
}
