import TallyBridge
import TallyCheckout
import XCTest

/// The bridge's authorization-status strings (both ways, exact) and the payment response
/// (golden JSON for a full and a minimal payment).
final class AuthorizationAndResponseTests: XCTestCase {
    // MARK: Authorization-status strings

    static let statusStrings: [(String, AuthorizationStatus)] = [
        ("success", .success),
        ("failure", .failure),
        ("invalid-billing-address", .invalidBillingPostalAddress),
        ("invalid-shipping-address", .invalidShippingPostalAddress),
        ("invalid-shipping-contact", .invalidShippingContact),
        ("require-pin", .pinRequired),
        ("incorrect-pin", .pinIncorrect),
        ("locked-pin", .pinLockout),
    ]

    static let validList =
        "success, failure, invalid-billing-address, invalid-shipping-address, invalid-shipping-contact, require-pin, incorrect-pin, locked-pin"

    func testEveryStatusStringMapsBothWays() throws {
        XCTAssertEqual(Self.statusStrings.count, AuthorizationStatus.allCases.count)
        for (string, status) in Self.statusStrings {
            XCTAssertEqual(try AuthorizationStatus(bridgeString: string), status, string)
            XCTAssertEqual(status.bridgeString, string)
        }
    }

    func testEveryCaseRoundTrips() throws {
        for status in AuthorizationStatus.allCases {
            XCTAssertEqual(try AuthorizationStatus(bridgeString: status.bridgeString), status)
        }
        XCTAssertEqual(Set(AuthorizationStatus.bridgeStrings).count, AuthorizationStatus.allCases.count, "strings are distinct")
        XCTAssertEqual(AuthorizationStatus.bridgeStrings, Self.statusStrings.map(\.0), "in allCases order")
    }

    func testOtherStringsAreErrorsNamingThemAndTheValidOnes() {
        let cases: [(String, String)] = [
            ("", #"paymentAuthorizationStatus: "" is not one of "# + Self.validList),
            ("Success", #"paymentAuthorizationStatus: "Success" is not one of "# + Self.validList),
            ("LOCKED-PIN", #"paymentAuthorizationStatus: "LOCKED-PIN" is not one of "# + Self.validList),
            (" success", #"paymentAuthorizationStatus: " success" is not one of "# + Self.validList),
            ("pinRequired", #"paymentAuthorizationStatus: "pinRequired" is not one of "# + Self.validList),
            ("invalid_billing_address", #"paymentAuthorizationStatus: "invalid_billing_address" is not one of "# + Self.validList),
            ("say \"ok\"", #"paymentAuthorizationStatus: "say \"ok\"" is not one of "# + Self.validList),
        ]
        for (string, message) in cases {
            XCTAssertThrowsError(try AuthorizationStatus(bridgeString: string), String(reflecting: string)) { error in
                XCTAssertEqual((error as? DocumentError)?.description, message)
                XCTAssertEqual((error as? DocumentError)?.path, "paymentAuthorizationStatus")
            }
        }
    }

    func testTheErrorPathCanBeGiven() {
        do {
            _ = try AuthorizationStatus(bridgeString: "ok", path: "events[3].status")
            XCTFail("accepted \"ok\"")
        } catch {
            XCTAssertEqual(error, DocumentError(path: "events[3].status", reason: #""ok" is not one of "# + Self.validList))
        }
        do {
            _ = try AuthorizationStatus(bridgeString: "ok", path: "")
            XCTFail("accepted \"ok\"")
        } catch {
            XCTAssertEqual(error.description, #""ok" is not one of "# + Self.validList)
        }
    }

    // MARK: Payment response

    /// `{"version":"EC_v1","data":"3+f4oOTwPa6f1UZ6tG"}` as UTF-8.
    static let token = Array(#"{"version":"EC_v1","data":"3+f4oOTwPa6f1UZ6tG"}"#.utf8)

    static let fullPayment = PaymentAuthorization(
        paymentMethod: PaymentMethod(displayName: "MasterCard 1234", network: .masterCard, type: .credit),
        billingContact: Contact(
            givenName: "First", familyName: "NAME", emailAddress: "first@example.com", phoneNumber: "+44 20 7946 0000",
            postalAddress: PostalAddress(
                street: "Street 1\n", subLocality: "Soho", city: "London", subAdministrativeArea: "Greater London",
                administrativeArea: "London", postalCode: "W1D 3QF", country: "United Kingdom", isoCountryCode: "gb")),
        shippingContact: Contact(
            givenName: "First", familyName: "Name", emailAddress: "", phoneNumber: "020 7946 0001",
            postalAddress: PostalAddress(
                street: "Street Line 1\nStreet Line 2", subLocality: "", city: "London", administrativeArea: "London",
                postalCode: "EC1A 1BB", country: "United Kingdom", isoCountryCode: "GB")),
        transactionIdentifier: "Simulated Identifier")

    func testFullPaymentGolden() {
        let response = PaymentResponse.make(payment: Self.fullPayment, paymentData: Self.token)
        XCTAssertEqual(
            JSONWriter.write(response),
            #"""
            {
              "paymentData": "eyJ2ZXJzaW9uIjoiRUNfdjEiLCJkYXRhIjoiMytmNG9PVHdQYTZmMVVaNnRHIn0=",
              "transactionIdentifier": "Simulated Identifier",
              "paymentMethodDisplayName": "MasterCard 1234",
              "paymentMethodNetwork": "MasterCard",
              "paymentMethodTypeCard": "credit",
              "billingEmailAddress": "first@example.com",
              "billingPhoneNumber": "+44 20 7946 0000",
              "billingNameFirst": "First",
              "billingNameLast": "NAME",
              "billingSupplementarySubLocality": "Soho",
              "billingAddressStreet": "Street 1\n",
              "billingAddressCity": "London",
              "billingAddressState": "London",
              "billingPostalCode": "W1D 3QF",
              "billingCountry": "United Kingdom",
              "billingISOCountryCode": "gb",
              "shippingEmailAddress": "",
              "shippingPhoneNumber": "020 7946 0001",
              "shippingNameFirst": "First",
              "shippingNameLast": "Name",
              "shippingSupplementarySubLocality": "",
              "shippingAddressStreet": "Street Line 1\nStreet Line 2",
              "shippingAddressCity": "London",
              "shippingAddressState": "London",
              "shippingPostalCode": "EC1A 1BB",
              "shippingCountry": "United Kingdom",
              "shippingISOCountryCode": "GB"
            }
            """#)
        guard case .object(let object) = response else { return XCTFail("not an object") }
        XCTAssertEqual(object.keys, PaymentResponse.keys, "a full payment writes every key, in the documented order")
    }

    func testMinimalPaymentGolden() {
        let minimal = PaymentAuthorization(paymentMethod: PaymentMethod(type: .unknown))
        let response = PaymentResponse.make(payment: minimal, paymentData: [])
        XCTAssertEqual(
            JSONWriter.write(response),
            #"""
            {
              "paymentData": "",
              "transactionIdentifier": "",
              "paymentMethodTypeCard": "unknown"
            }
            """#)
        XCTAssertEqual(
            JSONWriter.write(response, pretty: false), #"{"paymentData":"","transactionIdentifier":"","paymentMethodTypeCard":"unknown"}"#)
    }

    /// Shipping keys without a billing contact (the seed wrote them only when there was one), and
    /// nil fields of a present contact omitted rather than null.
    func testShippingWithoutBillingAndPartialContacts() {
        let payment = PaymentAuthorization(
            paymentMethod: PaymentMethod(network: .visa, type: .debit),
            shippingContact: Contact(givenName: "李", postalAddress: PostalAddress(city: "拉萨", administrativeArea: "XZ", isoCountryCode: "CN")),
            transactionIdentifier: "T-1")
        XCTAssertEqual(
            JSONWriter.write(PaymentResponse.make(payment: payment, paymentData: [0xFB, 0xFF])),
            #"""
            {
              "paymentData": "+/8=",
              "transactionIdentifier": "T-1",
              "paymentMethodNetwork": "Visa",
              "paymentMethodTypeCard": "debit",
              "shippingNameFirst": "李",
              "shippingAddressCity": "拉萨",
              "shippingAddressState": "XZ",
              "shippingISOCountryCode": "CN"
            }
            """#)
    }

    func testTypeCardStrings() {
        XCTAssertEqual(
            PaymentMethodType.allCases.map(PaymentResponse.typeCardString),
            ["unknown", "debit", "credit", "prepaid", "store", "eMoney"])
    }

    func testKeysAreTheSeedsSpellings() {
        XCTAssertEqual(PaymentResponse.keys.count, 27)
        XCTAssertEqual(Set(PaymentResponse.keys).count, 27)
        XCTAssertFalse(PaymentResponse.keys.contains { $0.hasSuffix("NameMiddle") }, "Contact has no middle name")
        for key in ["billingISOCountryCode", "shippingSupplementarySubLocality", "billingAddressStreet", "shippingPostalCode"] {
            XCTAssertTrue(PaymentResponse.keys.contains(key), key)
        }
    }
}
