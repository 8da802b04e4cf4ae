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
