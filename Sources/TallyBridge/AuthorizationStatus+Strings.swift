import TallyCheckout

/// The bridge's authorization-status strings: what a web view sends to complete the payment sheet
/// (the seed's `completeLastTransaction` body, `{"paymentAuthorizationStatus": "success"}`).
///
/// | string | status |
/// |---|---|
/// | `success` | `.success` |
/// | `failure` | `.failure` |
/// | `invalid-billing-address` | `.invalidBillingPostalAddress` |
/// | `invalid-shipping-address` | `.invalidShippingPostalAddress` |
/// | `invalid-shipping-contact` | `.invalidShippingContact` |
/// | `require-pin` | `.pinRequired` |
/// | `incorrect-pin` | `.pinIncorrect` |
/// | `locked-pin` | `.pinLockout` |
///
/// Matching is exact: case, spaces and empty strings are not forgiven. The seed service completed
/// the sheet with `.failure` for any string it did not know (so a typo turned a paid order into a
/// failed one without a word); Tally refuses it with an error naming the string.
extension AuthorizationStatus {
    /// The key of the status string in the bridge's completion body, `paymentAuthorizationStatus`:
    /// the default JSON path of the errors `init(bridgeString:path:)` throws.
    public static let bridgeKey = "paymentAuthorizationStatus"

    /// Every status string, in the order of `allCases` (PassKit's raw values).
    public static var bridgeStrings: [String] { allCases.map(\.bridgeString) }

    /// The status's bridge string (`"success"`, `"invalid-shipping-address"`, `"locked-pin"`).
    public var bridgeString: String {
        switch self {
        case .success: return "success"
        case .failure: return "failure"
        case .invalidBillingPostalAddress: return "invalid-billing-address"
        case .invalidShippingPostalAddress: return "invalid-shipping-address"
        case .invalidShippingContact: return "invalid-shipping-contact"
        case .pinRequired: return "require-pin"
        case .pinIncorrect: return "incorrect-pin"
        case .pinLockout: return "locked-pin"
        }
    }

    /// The status whose bridge string is `bridgeString`, matched exactly.
    ///
    /// - Parameters:
    ///   - bridgeString: one of `bridgeStrings`.
    ///   - path: the JSON path the string was read from, for the error; `paymentAuthorizationStatus`
    ///     (the completion body's key) unless given.
    /// - Throws: `DocumentError` at `path` for any other string, naming it and listing the valid
    ///   ones: `paymentAuthorizationStatus: "Success" is not one of success, failure, …, locked-pin`.
    public init(bridgeString: String, path: String = AuthorizationStatus.bridgeKey) throws(DocumentError) {
        guard let status = AuthorizationStatus.allCases.first(where: { $0.bridgeString == bridgeString }) else {
            throw DocumentError(
                path: path,
                reason: "\(Node.shown(bridgeString)) is not one of \(AuthorizationStatus.bridgeStrings.joined(separator: ", "))")
        }
        self = status
    }
}
