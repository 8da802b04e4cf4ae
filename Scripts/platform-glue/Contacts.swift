// Stub of Apple's Contacts framework, reduced to the symbols the PassKit glue in
// Guides/Checkout.md uses, so that CI can type-check that glue on Linux. Never run: it is compiled
// with `swiftc -emit-module -module-name Contacts` only. Every declaration mirrors the Swift
// declaration shown on the Apple documentation page named in the comment above it.
//
// Linux has no Objective-C runtime: these are plain Swift classes deriving from Foundation's
// NSObject, without @objc. Apple's Contacts classes are not documented as Sendable, so none is
// marked Sendable here.

import Foundation

// https://developer.apple.com/documentation/contacts/cnpostaladdress
// `class CNPostalAddress` (NSObject subclass; NSCopying, NSMutableCopying, NSSecureCoding omitted).
open class CNPostalAddress: NSObject {
    public override init() { super.init() }

    // https://developer.apple.com/documentation/contacts/cnpostaladdress/street
    open var street: String { "" }

    // Listed on https://developer.apple.com/documentation/contacts/cnpostaladdress ("subLocality");
    // its own page was not in the docs corpus. Shape from the class page and from
    // https://developer.apple.com/documentation/contacts/cnmutablepostaladdress/sublocality
    // (`var subLocality: String { get set }` on the mutable subclass, so `{ get }` here).
    open var subLocality: String { "" }

    // Listed on https://developer.apple.com/documentation/contacts/cnpostaladdress ("city");
    // its own page was not in the docs corpus. Shape from
    // https://developer.apple.com/documentation/contacts/cnmutablepostaladdress/city
    // (`var city: String { get set }` on the mutable subclass, so `{ get }` here).
    open var city: String { "" }

    // Listed on https://developer.apple.com/documentation/contacts/cnpostaladdress
    // ("subAdministrativeArea"); its own page was not in the docs corpus. Shape from
    // https://developer.apple.com/documentation/contacts/cnmutablepostaladdress/subadministrativearea
    // (`var subAdministrativeArea: String { get set }` on the mutable subclass, so `{ get }` here).
    open var subAdministrativeArea: String { "" }

    // Listed on https://developer.apple.com/documentation/contacts/cnpostaladdress ("state");
    // its own page was not in the docs corpus. Same `String { get }` shape as its siblings.
    open var state: String { "" }

    // https://developer.apple.com/documentation/contacts/cnpostaladdress/postalcode
    open var postalCode: String { "" }

    // https://developer.apple.com/documentation/contacts/cnpostaladdress/country
    open var country: String { "" }

    // Listed on https://developer.apple.com/documentation/contacts/cnpostaladdress
    // ("isoCountryCode", ObjC `ISOCountryCode`); its own page was not in the docs corpus. Shape from
    // https://developer.apple.com/documentation/contacts/cnmutablepostaladdress/isocountrycode
    // (`var isoCountryCode: String { get set }` on the mutable subclass, so `{ get }` here).
    open var isoCountryCode: String { "" }
}

// https://developer.apple.com/documentation/contacts/cnphonenumber
// `class CNPhoneNumber` (NSObject subclass; NSCopying, NSSecureCoding omitted).
open class CNPhoneNumber: NSObject {
    private let _stringValue: String

    // https://developer.apple.com/documentation/contacts/cnphonenumber/init(stringvalue:)
    public init(stringValue string: String) {
        _stringValue = string
        super.init()
    }

    // https://developer.apple.com/documentation/contacts/cnphonenumber/stringvalue
    open var stringValue: String { _stringValue }
}

// CNPostalAddressStreetKey: its own page was not in the docs corpus. Shape copied from its
// documented siblings, e.g. https://developer.apple.com/documentation/contacts/cnpostaladdresscitykey
// (`let CNPostalAddressCityKey: String`), and it is named as a CNPostalAddress key on
// https://developer.apple.com/documentation/passkit/pkpaymenterrorkey/postaladdressuserinfokey.
// The string value is a placeholder (Apple does not document it).
// `nonisolated`: `swiftc -emit-module` on a single file parses it in script mode, where Swift 6
// makes top-level variables @MainActor; a library global (Apple's) is nonisolated.
nonisolated public let CNPostalAddressStreetKey: String = "street"
