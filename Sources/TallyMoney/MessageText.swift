// Text of messages and text outputs kept on one line, for every layer that quotes what a document
// or a log said (the checkout's messages, the purchase log's errors, the commands' outputs).

/// `text` quoted for a message: as `String(reflecting:)` writes it, with the line separators that
/// leaves raw (U+0085, U+2028, U+2029), the other C1 controls and the bidirectional controls
/// escaped too (`oneLine`), so that
/// a message about a typed code or identifier stays on one line. (`package`: the JSON layer quotes
/// keys and values from documents the same way.)
package func quotedForMessage(_ text: String) -> String {
    oneLine(String(reflecting: text))
}

/// `text` kept on one line: line breaks (`\n`, `\r`, U+0085, U+2028, U+2029) and the other control
/// characters escaped (`\n`, `\u{2028}`), everything else as it is. The bidirectional embedding,
/// override and isolate controls (U+202A–U+202E, U+2066–U+2069) are escaped too: in a terminal or
/// a log viewer that applies the Unicode bidirectional algorithm, a label holding U+202E would
/// show the rest of its line reversed, an amount included (`01.0` for `10.0`). (`package`: the
/// commands keep each refusal on standard error to one line with it, since a refusal may quote a
/// merchant name or a shipping identifier holding any of them.)
package func oneLine(_ text: String) -> String {
    func escaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
    guard text.unicodeScalars.contains(where: escaped) else { return text }
    // Built as a `String` with `+=`: `UnicodeScalarView.append(contentsOf:)` copied everything
    // appended so far on every call with Swift 6.3.1 (a review: an id of a million escaped line
    // breaks took a minute to print).
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case _ where escaped(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
