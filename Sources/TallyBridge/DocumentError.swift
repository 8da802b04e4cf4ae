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

    /// A second place the reason names, when it names one (`shippingMethods[0]` in
    /// `"s" is used twice (also shippingMethods[0])`): `nested(under:)` moves it with `path`.
    var otherPath: String? = nil

    /// `path: reason`, or the reason alone for the whole document.
    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }

    /// The error of a document that sits under `prefix` in a larger one (`tally replay`'s
    /// `document`): its path and the other place its reason names, both under `prefix` (a
    /// review found `document.shippingMethods[1].identifier: … (also shippingMethods[0])`).
    func nested(under prefix: String) -> DocumentError {
        var reason = self.reason
        if let otherPath, let range = reason.range(of: otherPath, options: .backwards) {
            reason.replaceSubrange(range, with: Node.joined(prefix, otherPath))
        }
        var error = DocumentError(path: Node.joined(prefix, path), reason: reason)
        error.otherPath = otherPath.map { Node.joined(prefix, $0) }
        return error
    }
}
