import Foundation
import TallyCheckout

/// The payment response: the flat object the bridge hands back to the web view once the sheet
/// has authorized a payment (the seed's payment-response dictionary), built from a
/// `PaymentAuthorization` and the token's payment data.
///
/// Keys, in the order they are written:
///
/// - `paymentData`: the token's payment data, base64 (standard alphabet, padded; `""` when empty).
/// - `transactionIdentifier`: always present (`""` when the token had none).
/// - `paymentMethodDisplayName`, `paymentMethodNetwork` (the PassKit network string, `"Visa"`).
/// - `paymentMethodTypeCard`: always present; see `typeCardString(_:)`.
/// - For the billing contact, then the shipping contact, with the prefix `billing` or
///   `shipping`: `EmailAddress`, `PhoneNumber`, `NameFirst`, `NameLast`,
///   `SupplementarySubLocality` (the address's `subLocality`), `AddressStreet`, `AddressCity`,
///   `AddressState` (the `administrativeArea`), `PostalCode`, `Country`, `ISOCountryCode`.
///
/// **An absent value omits its key; the response never contains `null`.** The seed's dictionary
/// did so for names, email and phone; for an address it wrote all six address keys, `""` for the
/// empty parts, where Tally writes only the parts present, so a reader written for it should
/// test with `key in response` or `response.key ?? ""`. A value that is present but empty
/// is written as `""`, and values are passed through unchanged (no trimming, no case changes:
/// `ISOCountryCode` is whatever the address held). Street lines stay joined by `"\n"`.
///
/// Differences from the seed's dictionary:
/// - The shipping keys do not depend on a billing contact being present (the seed's shipping keys
///   were only written when there was one).
/// - `billingPhoneNumber` is written when the billing contact has a phone number (the seed had no
///   billing phone key; the name follows its `shippingPhoneNumber`).
/// - `billingNameMiddle` / `shippingNameMiddle` are never written: the seed's response has no
///   such key (a `Contact`'s `middleName` is not sent).
///   The address's `subAdministrativeArea` has no key either.
/// - `paymentMethodTypeCard` is never the seed's `"error"` (its value for iOS 8, which had no types).
public enum PaymentResponse {
    /// Every key a response can contain, in the order they are written.
    public static let keys: [String] =
        ["paymentData", "transactionIdentifier", "paymentMethodDisplayName", "paymentMethodNetwork", "paymentMethodTypeCard"]
        + contactKeys.map { "billing" + $0 } + contactKeys.map { "shipping" + $0 }

    /// The contact keys without their `billing` / `shipping` prefix, in order.
    static let contactKeys = [
        "EmailAddress", "PhoneNumber", "NameFirst", "NameLast", "SupplementarySubLocality", "AddressStreet",
        "AddressCity", "AddressState", "PostalCode", "Country", "ISOCountryCode",
    ]

    /// The response for `payment`, whose token carried `paymentData`, as a JSON object (write it
    /// with `JSONWriter.write(_:pretty:)`).
    ///
    /// Absent values (a `nil` display name, network, contact or contact field) omit their key.
    /// - Complexity: O(n) in the payment data and the contact fields' lengths.
    public static func make(payment: PaymentAuthorization, paymentData: [UInt8]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("paymentData", .string(Data(paymentData).base64EncodedString())),
            ("transactionIdentifier", .string(payment.transactionIdentifier)),
        ]
        func add(_ key: String, _ value: String?) {
            if let value { members.append((key, .string(value))) }
        }
        add("paymentMethodDisplayName", payment.paymentMethod.displayName)
        add("paymentMethodNetwork", payment.paymentMethod.network?.rawValue)
        add("paymentMethodTypeCard", typeCardString(payment.paymentMethod.type))
        for (prefix, contact) in [("billing", payment.billingContact), ("shipping", payment.shippingContact)] {
            guard let contact else { continue }
            let address = contact.postalAddress
            let values: [String?] = [
                contact.emailAddress, contact.phoneNumber, contact.givenName, contact.familyName, address?.subLocality,
                address?.street, address?.city, address?.administrativeArea, address?.postalCode, address?.country,
                address?.isoCountryCode,
            ]
            for (key, value) in zip(contactKeys, values) { add(prefix + key, value) }
        }
        return .object(JSONObject(members))
    }

    /// The `paymentMethodTypeCard` string for a card type: the seed's `unknown`, `debit`, `credit`,
    /// `prepaid`, `store`, and `eMoney` for the type the seed did not know (the name the checkout
    /// document's `paymentMethodSurcharges[].type` uses).
    public static func typeCardString(_ type: PaymentMethodType) -> String {
        switch type {
        case .unknown: return "unknown"
        case .debit: return "debit"
        case .credit: return "credit"
        case .prepaid: return "prepaid"
        case .store: return "store"
        case .eMoney: return "eMoney"
        }
    }
}
