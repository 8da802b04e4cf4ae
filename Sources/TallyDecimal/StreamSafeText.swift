// Text that Swift can compare and hash in linear time, for every layer that compares or hashes
// strings from outside (the JSON reader, the purchase log, the checkout's codes and identifiers,
// custom currency codes).
//
// Swift's `==`, `<` and hashing of `String` follow canonical equivalence: they put each run of
// combining marks (scalars with a non-zero canonical combining class, such as U+0301) in
// canonical order first, and that ordering takes time quadratic in the run's length. A review
// measured `==` on a string of 40,000 pairs of marks with no base character between them at
// 4.3 s, 160,000 pairs at 71 s, and made `tally replay`, `tally quote` and `tally purchases
// replay` run for minutes on documents and logs of a few hundred kilobytes. No language needs
// more than a few marks on one character; Unicode's own stream-safe text format (UAX #15) caps a
// run at 30, the bound used here.

/// The most scalars in a row that may be non-starters (a non-zero canonical combining class, or a
/// canonical decomposition that begins with one) in text Tally compares or hashes: 30, the
/// stream-safe text format of Unicode Standard Annex #15.
package let maximumCombiningRun = 30

/// Why text with a longer run is refused, for the messages of every layer.
package let combiningRunReason =
    "has more than \(maximumCombiningRun) combining marks in a row (text that is not stream-safe, Unicode UAX #15)"

/// Whether `text` has no run of more than `maximumCombiningRun` non-starters: whether Swift
/// compares and hashes it in time linear in its length.
///
/// Every scalar below U+0300 is a starter, and so is every byte below `0xCC` in UTF-8, so text
/// without such a byte (ASCII, Latin-1 letters, precomposed accents) is answered from its bytes
/// alone; other text is read scalar by scalar.
/// Text of fewer than 62 bytes is answered from its length: each non-starter takes at least two
/// bytes, so a run of 31 needs 62. (Inlinable so that the checkout's events pay one length
/// comparison for a typed code or identifier.)
/// - Complexity: O(n).
@inlinable
package func isStreamSafe(_ text: String) -> Bool {
    text.utf8.count < 62 || isStreamSafeReadingScalars(text)
}

/// `isStreamSafe` for an optional text, a missing one being safe (for the optional fields of
/// contacts, transactions and payment methods).
@inlinable
package func isStreamSafe(_ text: String?) -> Bool {
    text.map { isStreamSafe($0) } ?? true
}

/// `isStreamSafe` for text of 62 bytes or more.
@usableFromInline
package func isStreamSafeReadingScalars(_ text: String) -> Bool {
    let onlyLowScalars = text.utf8.withContiguousStorageIfAvailable { bytes in
        !bytes.contains { $0 >= 0xCC }
    }
    if onlyLowScalars == true { return true }
    var run = 0
    for scalar in text.unicodeScalars {
        if isNonStarter(scalar) {
            run += 1
            if run > maximumCombiningRun { return false }
        } else {
            run = 0
        }
    }
    return true
}

/// Whether `scalar` is a non-starter for the stream-safe format: a non-zero canonical combining
/// class, or one of the three Tibetan vowel signs (U+0F73, U+0F75, U+0F81) whose class is zero
/// but whose canonical decompositions consist of non-starters (a run of them decomposes into one
/// long run of marks).
@inline(__always)
func isNonStarter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x300 { return false }
    if scalar.value == 0xF73 || scalar.value == 0xF75 || scalar.value == 0xF81 { return true }
    return scalar.properties.canonicalCombiningClass != .notReordered
}

/// Whether the strings of the JSON text `line` (well-formed UTF-8) are stream-safe
/// (`isStreamSafe`), their `\u` escapes read as the scalars they stand for: for readers that hand
/// the text to `JSONDecoder`, which would otherwise build and hash the strings first. Runs are
/// counted over the whole text; JSON's own syntax is ASCII, so a run never crosses from one
/// string into another.
/// - Complexity: O(n).
package func isStreamSafeJSONText(_ line: ArraySlice<UInt8>) -> Bool {
    let backslash = UInt8(ascii: "\\")
    func hex4(_ start: Int) -> UInt32? {
        guard start + 4 <= line.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in line[start..<start + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
    var run = 0
    var index = line.startIndex
    while index < line.endIndex {
        let byte = line[index]
        let value: UInt32
        if byte == backslash, index + 1 < line.endIndex, line[index + 1] == UInt8(ascii: "u"), let unit = hex4(index + 2) {
            index += 6
            if (0xD800...0xDBFF).contains(unit), index + 1 < line.endIndex, line[index] == backslash,
                line[index + 1] == UInt8(ascii: "u"), let low = hex4(index + 2), (0xDC00...0xDFFF).contains(low)
            {
                index += 6
                value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else {
                value = unit
            }
        } else if byte == backslash {
            index += 2  // another escape: an ASCII character, a starter
            value = 0
        } else if byte < 0x80 {
            index += 1
            value = UInt32(byte)
        } else {
            // A multi-byte sequence of well-formed UTF-8: its length from the leading byte.
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var scalar = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for continuation in line[(index + 1)..<Swift.min(index + length, line.endIndex)] {
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            index += length
            value = scalar
        }
        if let scalar = Unicode.Scalar(value), isNonStarter(scalar) {
            run += 1
            if run > maximumCombiningRun { return false }
        } else {
            run = 0
        }
    }
    return true
}
