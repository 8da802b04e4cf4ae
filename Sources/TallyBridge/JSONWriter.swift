/// Writes `JSONValue`s as text: numbers as their exact text, keys in the order given. Strings keep
/// every scalar; control characters, U+FEFF, U+2028 and U+2029 are written as `\u` escapes.
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

    private static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Below U+0020, JSON requires an escape. U+FEFF, U+2028 and U+2029 are valid JSON
            // as they are, but readers lose them: Foundation's `JSONSerialization` (Linux, Swift
            // 6.3) drops a U+FEFF that begins a string, as if it were a byte-order mark, and
            // JavaScript before ES2019 ends a string literal at U+2028 or U+2029 (a document
            // embedded in a page's script). Escaped, every reader keeps them.
            case _ where scalar.value < 0x20 || scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}":
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
