/// Writes `JSONValue`s as text: numbers as their exact text, keys in the order given. Strings keep
/// every scalar; the C0 and C1 control characters and DEL (U+0000–U+001F, U+007F–U+009F), U+FEFF,
/// U+2028, U+2029 and the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069) are written as `\u` escapes (see `escaped(_:)`), so that every reader reads
/// the text back the same and none of these controls reaches a terminal or a viewer raw.
public enum JSONWriter {
    /// The value as JSON text; `pretty` indents by two spaces, one member or element a line.
    public static func write(_ value: JSONValue, pretty: Bool = true) -> String {
        var out = ""
        write(value, into: &out, indent: pretty ? "" : nil)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: String?) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                if let indent { out += "\n" + indent + "  " }
                write(element, into: &out, indent: indent.map { $0 + "  " })
            }
            if let indent { out += "\n" + indent }
            out += "]"
        case .object(let object):
            if object.members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { out += "," }
                if let indent { out += "\n" + indent + "  " }
                writeString(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                write(member.value, into: &out, indent: indent.map { $0 + "  " })
            }
            if let indent { out += "\n" + indent }
            out += "}"
        }
    }

    /// Whether `scalar` is written as a `\u` escape (`\n`, `\r` and `\t` have shorter ones).
    ///
    /// Below U+0020, JSON requires an escape. The others are valid JSON as they are, but a reader
    /// or a screen would lose or act on them. Foundation's `JSONSerialization` (Linux, Swift 6.3)
    /// drops a U+FEFF that begins a string, as if it were a byte-order mark, and JavaScript before
    /// ES2019 ends a string literal at U+2028 or U+2029 (a document embedded in a page's script).
    /// DEL and the C1 controls (U+007F–U+009F) reach a terminal that prints the output: U+009B is
    /// a one-character CSI, which a terminal honouring C1 controls reads as the start of an escape
    /// sequence, and U+0085 ends a line for some readers. The bidirectional controls reorder what
    /// follows them in a terminal or a viewer that applies the Unicode bidirectional algorithm: a
    /// label holding U+202E shows the rest of its line reversed, an amount included (`01.0` for
    /// `10.0`); the table output escapes the same controls (`oneLine`), and the marks U+061C,
    /// U+200E and U+200F, which this writer escapes too, are the rest of Unicode's Bidi_Control
    /// characters. Escaped, every reader keeps them all and nothing acts on them.
    static func escaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    private static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where escaped(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// An object from key–value pairs, in order.
    static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(JSONObject(members.map { ($0.key, $0.value) }))
    }
}
