import XCTest
import TallyDecimal

/// `isWellFormedUTF8` against the definition it replaced: bytes are well-formed exactly when
/// decoding them (ill-formed parts become U+FFFD) gives a text whose UTF-8 is the same bytes.
final class UTF8ValidationTests: XCTestCase {
    static func byDecoding(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
    }

    func check(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = Self.byDecoding(bytes)
        let answer = bytes.withUnsafeBufferPointer { isWellFormedUTF8($0) }
        if answer != expected {
            XCTFail("\(bytes.map { String($0, radix: 16) }): \(answer), decoding says \(expected)", file: file, line: line)
        }
        XCTAssertEqual(validatedUTF8(bytes) != nil, expected, file: file, line: line)
        XCTAssertEqual(validatedUTF8(bytes[...]) != nil, expected, file: file, line: line)  // a slice
    }

    /// Every sequence of one and two bytes.
    func testEveryShortSequence() {
        for a in 0...255 {
            check([UInt8(a)])
            for b in 0...255 { check([UInt8(a), UInt8(b)]) }
        }
    }

    /// Every sequence of three and four bytes drawn from the boundaries of table 3-7 (ASCII,
    /// each continuation range's ends, each lead byte's class and the bytes never used).
    func testSequencesOfBoundaryBytes() {
        let edges: [UInt8] = [
            0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
            0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for a in edges {
            for b in edges {
                for c in edges {
                    check([a, b, c])
                    for d in edges { check([a, b, c, d]) }
                }
            }
        }
    }

    /// Random texts with a mix of scalars, cut and spliced.
    func testRandomSequences() {
        var generator = SystemRandomNumberGenerator()
        let scalars = ["a", "é", "€", "😀", "\u{10FFFF}", "\u{FEFF}", "\u{D7FF}", "\u{E000}"]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                bytes += Array(scalars.randomElement(using: &generator)!.utf8)
            }
            if !bytes.isEmpty, Bool.random(using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if !bytes.isEmpty, Bool.random(using: &generator) { bytes.removeLast() }
            check(bytes)
        }
        XCTAssertEqual(validatedUTF8([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]), "\u{FEFF}{}")  // a byte-order mark is kept
    }
}
