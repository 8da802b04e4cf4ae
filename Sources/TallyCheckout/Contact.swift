import TallyDecimal

/// A field of contact information the payment request asks for (`PKContactField`).
public enum ContactField: String, Hashable, Sendable, CaseIterable {
    /// The full postal address.
    case postalAddress
    /// The email address.
    case emailAddress
    /// The phone number.
    case phoneNumber
    /// The name.
    case name
    /// The phonetic name.
    case phoneticName

    /// Whether the payment sheet returns this field in the *billing* contact. Apple Pay's billing
    /// contact carries the postal address and the name only; an email address or phone number,
    /// even when asked for as billing information, comes with the shipping contact.
    public var isBillingContactField: Bool { self == .postalAddress || self == .name || self == .phoneticName }
}

/// A person's contact information (`PKContact`): what the sheet returns for billing and shipping.
///
/// The name has the parts of PassKit's `PersonNameComponents`, so that a contact converted from
/// a `PKContact` keeps all of it (a shipping label may need the middle name or the suffix).
/// Apple Pay JS and the Payment Request API send only the given and family names (and the
/// phonetic ones).
public struct Contact: Hashable, Sendable {
    /// The given (first) name.
    public var givenName: String?
    /// The family (last) name.
    public var familyName: String?
    /// The name prefix (`Dr.`, `Ms.`): `PersonNameComponents.namePrefix`.
    public var namePrefix: String?
    /// The middle name: `PersonNameComponents.middleName`.
    public var middleName: String?
    /// The name suffix (`Jr.`, `PhD`): `PersonNameComponents.nameSuffix`.
    public var nameSuffix: String?
    /// The nickname: `PersonNameComponents.nickname`.
    public var nickname: String?
    /// The phonetic given name (`PKContact.name?.phoneticRepresentation?.givenName`; Apple Pay
    /// JS `phoneticGivenName`), asked for with `ContactField.phoneticName`.
    public var phoneticGivenName: String?
    /// The phonetic family name (Apple Pay JS `phoneticFamilyName`).
    public var phoneticFamilyName: String?
    /// The email address.
    public var emailAddress: String?
    /// The phone number.
    public var phoneNumber: String?
    /// The postal address.
    public var postalAddress: PostalAddress?

    /// Creates a contact.
    public init(
        givenName: String? = nil, familyName: String? = nil, emailAddress: String? = nil,
        phoneNumber: String? = nil, postalAddress: PostalAddress? = nil,
        phoneticGivenName: String? = nil, phoneticFamilyName: String? = nil,
        namePrefix: String? = nil, middleName: String? = nil, nameSuffix: String? = nil, nickname: String? = nil
    ) {
        self.givenName = givenName
        self.familyName = familyName
        self.namePrefix = namePrefix
        self.middleName = middleName
        self.nameSuffix = nameSuffix
        self.nickname = nickname
        self.phoneticGivenName = phoneticGivenName
        self.phoneticFamilyName = phoneticFamilyName
        self.emailAddress = emailAddress
        self.phoneNumber = phoneNumber
        self.postalAddress = postalAddress
    }

    /// Whether the contact has the data `field` asks for (a non-empty value).
    public func provides(_ field: ContactField) -> Bool {
        func present(_ text: String?) -> Bool { !(text ?? "").isEmpty }
        switch field {
        case .postalAddress: return postalAddress?.knownCountryCode != nil  // the rules' own test of a country
        case .emailAddress: return present(emailAddress)
        case .phoneNumber: return present(phoneNumber)
        // The given or family name: what Apple Pay JS and the payment response a server reads
        // carry (a middle name, prefix, suffix or nickname alone would reach it as no name).
        case .name: return present(givenName) || present(familyName)
        // The phonetic name is its own field: a review found a required phonetic name satisfied
        // by 山田太郎 alone.
        case .phoneticName: return present(phoneticGivenName) || present(phoneticFamilyName)
        }
    }
}

/// A postal address (`CNPostalAddress` as PassKit returns it). Before authorization the sheet
/// reveals only part of it (country, administrative area, city, postal code).
public struct PostalAddress: Hashable, Sendable {
    /// The street lines.
    public var street: String?
    /// The district or neighbourhood.
    public var subLocality: String?
    /// The city.
    public var city: String?
    /// The county or sub-administrative area.
    public var subAdministrativeArea: String?
    /// The state, province or region (`"CA"`, `"XZ"`).
    public var administrativeArea: String?
    /// The postal code.
    public var postalCode: String?
    /// The country name as the user wrote it.
    public var country: String?
    /// The ISO 3166-1 alpha-2 country code (`"CN"`, `"US"`): what Tally's rules match on.
    public var isoCountryCode: String?

    /// Creates an address.
    public init(
        street: String? = nil, subLocality: String? = nil, city: String? = nil,
        subAdministrativeArea: String? = nil, administrativeArea: String? = nil, postalCode: String? = nil,
        country: String? = nil, isoCountryCode: String? = nil
    ) {
        self.street = street
        self.subLocality = subLocality
        self.city = city
        self.subAdministrativeArea = subAdministrativeArea
        self.administrativeArea = administrativeArea
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
    }
}

extension Contact {
    /// The first of the contact's texts with more than 30 combining marks in a row, as the field
    /// a payment sheet error names and the property's name, or `nil`. A checkout's `==` and hash
    /// take in its contact, and Swift compares and hashes such a run in time quadratic in its
    /// length (a review's contact with an 80,000-pair city made `hashValue` take 16 s), so
    /// `changeShippingContact` refuses such a contact. One length comparison per field for every
    /// real contact (`isStreamSafe` answers text under 62 bytes from its length).
    var unsafeField: (field: ContactField, name: String)? {
        func unsafe(_ text: String?) -> Bool { !isStreamSafe(text) }
        if unsafe(givenName) { return (.name, "givenName") }
        if unsafe(familyName) { return (.name, "familyName") }
        if unsafe(namePrefix) { return (.name, "namePrefix") }
        if unsafe(middleName) { return (.name, "middleName") }
        if unsafe(nameSuffix) { return (.name, "nameSuffix") }
        if unsafe(nickname) { return (.name, "nickname") }
        if unsafe(phoneticGivenName) { return (.phoneticName, "phoneticGivenName") }
        if unsafe(phoneticFamilyName) { return (.phoneticName, "phoneticFamilyName") }
        if unsafe(emailAddress) { return (.emailAddress, "emailAddress") }
        if unsafe(phoneNumber) { return (.phoneNumber, "phoneNumber") }
        return postalAddress?.unsafeFieldName.map { (.postalAddress, $0) }
    }
}

extension PostalAddress {
    /// The name of the first of the address's texts with more than 30 combining marks in a row,
    /// or `nil` (see `Contact.unsafeField`).
    var unsafeFieldName: String? {
        func unsafe(_ text: String?) -> Bool { !isStreamSafe(text) }
        if unsafe(street) { return "street" }
        if unsafe(subLocality) { return "subLocality" }
        if unsafe(city) { return "city" }
        if unsafe(subAdministrativeArea) { return "subAdministrativeArea" }
        if unsafe(administrativeArea) { return "administrativeArea" }
        if unsafe(postalCode) { return "postalCode" }
        if unsafe(country) { return "country" }
        if unsafe(isoCountryCode) { return "isoCountryCode" }
        return nil
    }
}
