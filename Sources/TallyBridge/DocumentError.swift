/// `text` kept on one line for standard error: line breaks (`\n`, `\r`, U+0085, U+2028, U+2029)
/// and the other control characters escaped (`\n`, `\u{2028}`), everything else as it is. The
/// messages of refused events quote the document's own text (a merchant name, a shipping
/// identifier), which may hold any of them; one message must stay one line.
func oneLine(_ text: String) -> String {
    func escaped(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
    guard text.unicodeScalars.contains(where: escaped) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out.append(contentsOf: "\\n".unicodeScalars)
        case "\r": out.append(contentsOf: "\\r".unicodeScalars)
        case _ where escaped(scalar): out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        default: out.append(scalar)
        }
    }
    return String(out)
}

/// Why a checkout document is not valid: the JSON path and the reason.
///
/// `items[1].amount: "12.7.5" is not a decimal number`
public struct DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where, as a JSON path (`items[1].amount`); empty for the document itself.
    public let path: String
    /// What is wrong.
    public let reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`, or the reason alone for the whole document.
    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}
