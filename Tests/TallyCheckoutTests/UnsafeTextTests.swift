import TallyCheckout
import TallyDecimal
import TallyMoney
import XCTest

/// Text with more than 30 combining marks in a row, which Swift compares and hashes in time
/// quadratic in the run: a review's coupon code of 80,000 pairs of marks took 24.5 s against
/// three coupons, and a 320 KB shipping identifier 42 s to validate. The checkout refuses such
/// text in its terms and in every event, before comparing it with anything. (The strings here
/// are long enough that the quadratic paths would take minutes.)
final class UnsafeTextTests: XCTestCase {
    static let acute = "\u{301}"
    static let marks = String(repeating: "\u{301}\u{316}", count: 80_000)

    func make(methods: [ShippingMethod]? = nil, coupons: [Coupon] = [], taxRules: [TaxRule] = [],
              shippingRules: [ShippingRule] = [], selected: String? = nil) throws -> Checkout {
        try Checkout(
            currency: .usd, countryCode: "US", merchantName: "Shop", items: [SummaryItem(label: "Tea", amount: "40.00")],
            shippingMethods: methods ?? [ShippingMethod(identifier: "std", label: "Standard", amount: "5.00"),
                                         ShippingMethod(identifier: "exp", label: "Express", amount: "15.00")],
            selectedShippingMethod: selected, coupons: coupons, taxRules: taxRules, shippingRules: shippingRules,
            requiredShippingContactFields: [.postalAddress])
    }

    func testTermsWithALongRunOfMarksAreRefusedNamingThePlace() throws {
        func refusal(_ build: () throws -> Checkout) -> CheckoutError? {
            do { _ = try build(); return nil } catch let error as CheckoutError { return error } catch { return nil }
        }
        let m = Self.marks
        let std = ShippingMethod(identifier: "std", label: "Standard", amount: "5.00")
        XCTAssertEqual(refusal { try self.make(methods: [std, ShippingMethod(identifier: m, label: "X", amount: "1.00")]) },
                       .unsafeText(place: "shippingMethods[1].identifier"))
        XCTAssertEqual(refusal { try self.make(methods: [ShippingMethod(identifier: "a", label: "x" + m, amount: "1.00")]) },
                       .unsafeText(place: "shippingMethods[0].label"))
        XCTAssertEqual(refusal { try self.make(selected: m) }, .unsafeText(place: "selectedShippingMethod"))
        XCTAssertEqual(refusal { try self.make(coupons: [Coupon(code: "OK", benefit: .freeShipping), Coupon(code: "A" + m, benefit: .freeShipping)]) },
                       .unsafeText(place: "coupons[1].code"))
        // Codes have a length bound first (`codeTooLong`): a short run of marks is refused as such.
        let marksCode = "e" + String(repeating: Self.acute, count: 40)
        XCTAssertEqual(refusal { try self.make(taxRules: [TaxRule(country: "US", region: marksCode, rate: "0.05")]) },
                       .unsafeText(place: "taxRules[0].region"))
        XCTAssertEqual(refusal { try self.make(shippingRules: [ShippingRule(country: "US", regions: ["CA", marksCode], methods: ["std"])]) },
                       .unsafeText(place: "shippingRules[0].regions[1]"))
        XCTAssertEqual(refusal { try self.make(shippingRules: [ShippingRule(country: "US", methods: ["std", m])]) },
                       .unsafeText(place: "shippingRules[0].methods[1]"))
        XCTAssertEqual(
            CheckoutError.unsafeText(place: "coupons[1].code").description,
            "coupons[1].code: has more than 30 combining marks in a row (text that is not stream-safe, Unicode UAX #15)")
        // Thirty marks on a letter are text like any other.
        let thirty = "e" + String(repeating: "\u{301}", count: 30)
        XCTAssertNoThrow(try make(coupons: [Coupon(code: thirty, benefit: .freeShipping)]))
        // A change is checked too, and leaves the checkout as it was.
        var checkout = try make()
        XCTAssertThrowsError(try checkout.setMerchantName("Shop" + m)) { XCTAssertEqual($0 as? CheckoutError, .unsafeText(place: "merchantName")) }
        XCTAssertThrowsError(try checkout.setItems([SummaryItem(label: m, amount: "1.00")])) {
            XCTAssertEqual($0 as? CheckoutError, .unsafeText(place: "items[0].label"))
        }
        XCTAssertEqual(checkout.merchantName, "Shop")
        // The two request fields that were settable properties, which could not refuse (a review:
        // an identifier of 40,000 pairs of marks made `hashValue` take 1.5 s).
        XCTAssertThrowsError(try checkout.setMerchantIdentifier("merchant" + m)) {
            XCTAssertEqual($0 as? CheckoutError, .unsafeText(place: "merchantIdentifier"))
        }
        XCTAssertThrowsError(try checkout.setSupportedNetworks([.visa, PaymentNetwork(rawValue: "V" + m)])) {
            XCTAssertEqual($0 as? CheckoutError, .unsafeText(place: "supportedNetworks[1]"))
        }
        XCTAssertEqual(checkout.merchantIdentifier, "")
        XCTAssertEqual(checkout.supportedNetworks, [.amex, .masterCard, .visa, .chinaUnionPay])
        try checkout.setMerchantIdentifier("merchant.com.example")
        try checkout.setSupportedNetworks([.visa, .girocard])
        XCTAssertEqual(checkout.merchantIdentifier, "merchant.com.example")
        XCTAssertEqual(checkout.supportedNetworks, [.visa, .girocard])
    }

    func testEventsWithALongRunOfMarksAreRefusedAndChangeNothing() throws {
        var checkout = try make(
            coupons: [Coupon(code: "TEN", benefit: .percentOff(10)), Coupon(code: "e\u{301}", benefit: .freeShipping)],
            taxRules: [TaxRule(country: "US", region: "CA", rate: "0.05")],
            shippingRules: [ShippingRule(country: "US", methods: ["std", "exp"])])
        _ = checkout.changeCouponCode("TEN")
        let before = checkout
        let coupon = checkout.changeCouponCode(Self.marks)
        XCTAssertEqual(coupon.errors, [PaymentError(.couponCodeInvalid, message: "the code has more than 30 combining marks in a row (text that is not stream-safe, Unicode UAX #15)")])
        XCTAssertEqual(checkout, before)
        // A typed code that differs only in its spelling still finds its coupon.
        XCTAssertEqual(checkout.changeCouponCode("\u{E9}").errors, [])
        _ = checkout.changeCouponCode("TEN")

        XCTAssertEqual(checkout.selectShippingMethod("std" + Self.marks).status, .failure)
        XCTAssertEqual(checkout, before)

        for address in [PostalAddress(administrativeArea: "CA" + Self.marks, isoCountryCode: "US"), PostalAddress(isoCountryCode: Self.marks)] {
            let update = checkout.changeShippingContact(Contact(postalAddress: address))
            XCTAssertEqual(update.errors.map(\.code), [.shippingContactInvalid])
            XCTAssertEqual(update.errors.first?.contactField, .postalAddress)
            XCTAssertEqual(checkout, before)
            XCTAssertNil(checkout.offeredShippingMethods(for: Contact(postalAddress: address)))
            let result = checkout.authorize(PaymentAuthorization(paymentMethod: PaymentMethod(type: .credit), shippingContact: Contact(postalAddress: address)))
            XCTAssertEqual(result.status, .invalidShippingPostalAddress)
            XCTAssertEqual(result.errors.map(\.code), [.shippingContactInvalid])
        }
        XCTAssertEqual(
            checkout.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: "CA" + String(repeating: Self.acute, count: 31), isoCountryCode: "US")))
                .errors.first?.message,
            "the contact's administrativeArea has more than 30 combining marks in a row (text that is not stream-safe, Unicode UAX #15)")
        // Any other text of the contact, and a payment method's name or network: a checkout's
        // `==` and hash take them in (a review hashed a checkout for 16 s after such a city).
        for (contact, field) in [
            (Contact(givenName: "x" + Self.marks), ContactField.name),
            (Contact(namePrefix: "x" + Self.marks), .name),
            (Contact(middleName: "x" + Self.marks), .name),
            (Contact(nameSuffix: "x" + Self.marks), .name),
            (Contact(nickname: "x" + Self.marks), .name),
            (Contact(emailAddress: "a" + Self.marks), .emailAddress),
            (Contact(postalAddress: PostalAddress(city: "x" + Self.marks, isoCountryCode: "US")), .postalAddress),
        ] {
            let update = checkout.changeShippingContact(contact)
            XCTAssertEqual(update.errors.map(\.code), [.shippingContactInvalid])
            XCTAssertEqual(update.errors.first?.contactField, field)
            XCTAssertEqual(checkout, before)
        }
        XCTAssertEqual(
            checkout.changeShippingContact(Contact(postalAddress: PostalAddress(city: "x" + Self.marks))).errors.first?.message,
            "the contact's city has more than 30 combining marks in a row (text that is not stream-safe, Unicode UAX #15)")
        for method in [PaymentMethod(displayName: "Visa" + Self.marks, type: .credit), PaymentMethod(network: PaymentNetwork(rawValue: "V" + Self.marks), type: .credit)] {
            XCTAssertEqual(checkout.selectPaymentMethod(method).errors.map(\.code), [.unknown])
            XCTAssertEqual(checkout, before)
        }
        XCTAssertEqual(checkout.selectPaymentMethod(PaymentMethod(displayName: "Visa 1234", network: .visa, type: .credit)).errors, [])
        // A region with thirty marks is matched like any other.
        let thirty = Contact(postalAddress: PostalAddress(administrativeArea: "CA" + String(repeating: "\u{316}", count: 30), isoCountryCode: "US"))
        XCTAssertEqual(checkout.changeShippingContact(thirty).errors, [])
    }

    /// A long region that is ordinary text (a million precomposed letters) against 51 regional tax
    /// rules and a shipping rule naming the 51 regions: each comparison with a rule's code
    /// trimmed and lowercased it again (a review measured 31 s per contact change). Codes are now
    /// at most `Checkout.maximumCodeLength` bytes, in rules and contacts; up to it, a region is
    /// matched as before: case, surrounding white space and spelling aside.
    func testCountryAndRegionCodesHaveALengthBound() throws {
        XCTAssertEqual(Checkout.maximumCodeLength, 256)
        let states = (0..<51).map { "S\($0)" } + ["Qu\u{E9}bec", String(repeating: "\u{E9}", count: 85)]
        var checkout = try make(
            taxRules: states.map { TaxRule(country: "US", region: $0, rate: "0.05") },
            shippingRules: [ShippingRule(country: "US", regions: states, methods: ["std"])])
        let before = checkout
        for region in [String(repeating: "\u{E9}", count: 1_000_000), String(repeating: "\u{E9}", count: 128) + "x"] {  // 2 MB, 257 bytes
            let update = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: region, isoCountryCode: "US")))
            XCTAssertEqual(update.errors.map(\.code), [.shippingContactInvalid])
            XCTAssertEqual(update.errors.first?.message, "the address's administrativeArea is \(region.utf8.count) bytes long, more than the 256 a country or region code may have")
            XCTAssertEqual(checkout, before)
        }
        // Within the bound, and spelled otherwise (decomposed, upper case): the rule's region.
        // (The bound is on the code's bytes as given: this spelling of a rule's region of 128
        // "é" would be 384 bytes, and refused.)
        let decomposed = Contact(postalAddress: PostalAddress(administrativeArea: String(repeating: "E\u{301}", count: 85), isoCountryCode: "us"))
        XCTAssertEqual(String(repeating: "E\u{301}", count: 85).utf8.count, 255)
        XCTAssertEqual(checkout.changeShippingContact(decomposed).errors, [])
        XCTAssertEqual(checkout.summary.map(\.label), ["Tea", "Standard", "Tax", "Shop"])
        let spelledOtherwise = Contact(postalAddress: PostalAddress(administrativeArea: " QUE\u{301}BEC ", isoCountryCode: "us"))
        XCTAssertEqual(checkout.changeShippingContact(spelledOtherwise).errors, [])
        XCTAssertEqual(checkout.shippingContact, spelledOtherwise)
        // In a rule, a longer code is refused by name.
        XCTAssertThrowsError(try make(taxRules: [TaxRule(country: "US", region: String(repeating: "a", count: 257), rate: "0.05")])) {
            XCTAssertEqual($0 as? CheckoutError, .codeTooLong(place: "taxRules[0].region", bytes: 257))
            XCTAssertEqual("\($0)", "taxRules[0].region: a code of 257 bytes, more than the 256 a country or region code may have")
        }
        XCTAssertThrowsError(try make(shippingRules: [ShippingRule(country: String(repeating: "U", count: 300), methods: ["std"])])) {
            XCTAssertEqual($0 as? CheckoutError, .codeTooLong(place: "shippingRules[0].country", bytes: 300))
        }
        XCTAssertNoThrow(try make(taxRules: [TaxRule(country: "US", region: String(repeating: "a", count: 256), rate: "0.05")]))
    }
}
