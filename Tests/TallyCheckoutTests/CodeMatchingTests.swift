import Foundation
@testable import TallyCheckout
import TallyMoney
import TallyTesting
import XCTest

/// `sameCode` answers most pairs from their bytes; the answer must be the one whole strings give
/// (trimmed as Foundation trims, lowercased, compared as Unicode strings), on the `matchableCode`
/// forms the rule loops compare.
final class CodeMatchingTests: XCTestCase {
    /// The answer whole strings give, independently of `codeMatchingKey`.
    static func whole(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == b.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// `sameCode` on the codes' matchable forms.
    static func matched(_ a: String, _ b: String) -> Bool { sameCode(matchableCode(a), matchableCode(b)) }

    /// Pieces that meet every branch: ASCII letters in both cases, white space inside and at the
    /// ends (ASCII and not), combining marks, precomposed letters, letters whose lowercase is
    /// ASCII (KELVIN SIGN), marks whose decomposition is ASCII (GREEK QUESTION MARK, GREEK VARIA),
    /// multi-scalar line ends and the empty string.
    static let atoms = ["", " ", "\t", "\n", "a", "A", "b", "é", "É", "e", "E", "\u{301}", "\u{A0}", "\u{3000}", "\u{212A}", "k", "K", "İ", "i", "\r\n", "\u{85}", "\u{37E}", ";", "\u{1FEF}", "`"]

    func testTheByteAnswerIsTheWholeStringAnswer() {
        // Every string of up to two pieces, against every other.
        var strings = Self.atoms
        for x in Self.atoms { for y in Self.atoms { strings.append(x + y) } }
        var compared = 0
        for a in strings {
            for b in strings {
                XCTAssertEqual(Self.matched(a, b), Self.whole(a, b), "\(String(reflecting: a)) against \(String(reflecting: b))")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 650 * 650)
        // Longer codes with a shared prefix (past a small string's 15 bytes), from a fixed seed.
        var random = SplitMix64(seed: 20261201)
        for _ in 0..<20_000 {
            let prefix = String(repeating: "Qx", count: Int(random.next() % 12))
            func code() -> String { prefix + (0..<Int(random.next() % 5)).map { _ in Self.atoms[Int(random.next() % UInt64(Self.atoms.count))] }.joined() }
            let (a, b) = (code(), code())
            XCTAssertEqual(Self.matched(a, b), Self.whole(a, b), "\(String(reflecting: a)) against \(String(reflecting: b))")
        }
    }
}

extension CodeMatchingTests {
    /// Every pair of ASCII characters, alone, after a shared prefix and before a shared suffix:
    /// the letter test's bounds (`@`/`A`, `Z`/`[`, `` ` ``/`a`, `z`/`{`) and the non-letters that
    /// differ by 0x20 (`@` and `` ` ``, `[` and `{`) are met only here (a review found four
    /// off-by-one mutants of the letter test that every other test let pass).
    func testEveryPairOfASCIICharacters() {
        let ascii = (0..<128).map { String(Character(Unicode.Scalar(UInt8($0)))) }
        for p in ascii {
            for q in ascii {
                for (a, b) in [(p, q), ("N" + p, "N" + q), (p + "Z", q + "Z")] where sameCode(a, b) != Self.whole(a, b) {
                    XCTFail("\(String(reflecting: a)) against \(String(reflecting: b))")
                }
            }
        }
    }
}

extension CodeMatchingTests {
    /// `codeMatchingKey` trims in Swift what Foundation's `whitespacesAndNewlines` trims: every
    /// scalar is classed alike, and codes padded with each kind of blank give Foundation's key.
    func testTrimmingIsFoundations() {
        var blanks: [Unicode.Scalar] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let foundation = CharacterSet.whitespacesAndNewlines.contains(scalar)
            if isCodeTrimmed(scalar) != foundation { XCTFail("U+\(String(value, radix: 16, uppercase: true))") }
            if foundation { blanks.append(scalar) }
        }
        XCTAssertEqual(blanks.count, 26)
        for blank in blanks {
            for code in ["\(blank)CA", "CA\(blank)", "\(blank)Qu\u{E9}bec\(blank)\(blank)", "\(blank)", "C\(blank)A", "\(blank)\u{301}a"] {
                XCTAssertEqual(codeMatchingKey(code), code.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(), String(reflecting: code))
                // `trimmedCode` (how contacts' and rules' codes are read) trims the same scalars.
                let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
                XCTAssertEqual(trimmedCode(code), trimmed.isEmpty ? nil : trimmed, String(reflecting: code))
            }
        }
    }
}

extension CodeMatchingTests {
    /// A code outside ASCII is compared through its key, made once: keys are composed, so
    /// canonically equivalent codes have keys with the same bytes and two keys compare as fast as
    /// their bytes (a decomposed code against composed ones took 39 µs a comparison for 200
    /// bytes); a key is its own key; ASCII codes are only trimmed, and a checkout whose tax rule
    /// codes are all ASCII shares its rule array with the loops instead of copying it.
    func testMatchableFormsAreKeysMadeOnce() throws {
        XCTAssertEqual(Array(codeMatchingKey("QUE\u{301}BEC").utf8), Array("québec".utf8))
        XCTAssertEqual(Array(codeMatchingKey(" \u{212A}Y").utf8), Array("ky".utf8))
        // Composed with the standard library's Unicode data, the data `==` uses: Unicode 16's
        // U+16D67 U+16D67 is U+16D68 (Foundation's composition left them apart).
        XCTAssertEqual(Array(codeMatchingKey("\u{16D67}\u{16D67}x").utf8), Array("\u{16D68}x".utf8))
        XCTAssertTrue(sameCode(matchableCode("\u{16D67}\u{16D67}"), matchableCode("\u{16D68}")))
        XCTAssertFalse(sameCode(matchableCode("\u{16D67}\u{16D67}a"), matchableCode("\u{16D68}b")))
        XCTAssertEqual(matchableCode(" CA "), "CA")
        XCTAssertEqual(matchableCode("US"), "US")
        XCTAssertEqual(Array(matchableCode(" Que\u{301}bec ").utf8), Array("québec".utf8))
        for code in ["Québec", "QUE\u{301}BEC", "\u{212A}Y", "İstanbul", " \u{3000}Ωmega\u{301} "] {
            let key = matchableCode(code)
            XCTAssertEqual(Array(matchableCode(key).utf8), Array(key.utf8), String(reflecting: code))
        }
        let ascii = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "1.00")],
            taxRules: [TaxRule(country: "US", region: "CA", rate: "0.0725")], shippingRules: [ShippingRule(country: " us ", regions: ["NY"], methods: [])])
        ascii.terms.taxRules.withUnsafeBufferPointer { rules in
            ascii.terms.matchingTaxRules.withUnsafeBufferPointer { XCTAssertEqual($0.baseAddress, rules.baseAddress) }
        }
        XCTAssertEqual(ascii.terms.matchingShippingRules[0].country, "us")
        let quebec = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "1.00")],
            taxRules: [TaxRule(country: "CA", region: "QUE\u{301}BEC", rate: "0.14975")])
        XCTAssertEqual(Array(quebec.terms.matchingTaxRules[0].region!.utf8), Array("québec".utf8))
        XCTAssertEqual(quebec.terms.matchingTaxRules[0].country, "CA")
        XCTAssertEqual(quebec.taxRules[0].region, "QUE\u{301}BEC", "the checkout shows the rule as written")
    }

    /// The loops read a shipping rule's methods as indices into `shippingMethods`, ascending and
    /// each once, so that no event compares or hashes an identifier; the offer is the same.
    func testRulesNameMethodsByIndex() throws {
        let methods = ["Standard", "Express", "Pickup", "Cour\u{E9}", "Cour\u{E9}2"].map { ShippingMethod(identifier: $0, label: $0, amount: "1.00") }
        let checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "1.00")],
            shippingMethods: methods,
            shippingRules: [
                ShippingRule(country: "US", methods: ["Pickup", "Standard", "Pickup", "Standard"]),
                ShippingRule(country: "US", regions: ["AK"], methods: ["Express"]),
                ShippingRule(country: "FR", methods: ["Coure\u{301}", "Pickup"]),
            ])
        XCTAssertEqual(checkout.terms.matchingShippingRules.map(\.methods), [[0, 2], [1], [2, 3]], "a decomposed name finds its composed method")
        func offered(_ country: String, _ region: String? = nil) -> [String]? {
            checkout.offeredShippingMethods(for: Contact(postalAddress: PostalAddress(administrativeArea: region, isoCountryCode: country)))?.map(\.identifier)
        }
        XCTAssertEqual(offered("US"), ["Standard", "Pickup"])
        XCTAssertEqual(offered("us", "ak"), ["Express"])
        XCTAssertEqual(offered("FR"), ["Pickup", "Cour\u{E9}"])
        XCTAssertNil(offered("DE"))
        // More than 8 methods and a long rule: the offer is built from a table of the methods,
        // not asked method by method; the same answer.
        let many = (0..<600).map { ShippingMethod(identifier: "m\($0)", label: "M", amount: "1.00") }
        let big = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "1.00")],
            shippingMethods: many, shippingRules: [ShippingRule(country: "US", methods: (0..<600).filter { $0 % 7 == 3 }.reversed().map { "m\($0)" })])
        let contact = Contact(postalAddress: PostalAddress(isoCountryCode: "US"))
        XCTAssertEqual(big.offeredShippingMethods(for: contact)?.map(\.identifier), (0..<600).filter { $0 % 7 == 3 }.map { "m\($0)" })
    }

    /// End to end: a region spelled decomposed and in capitals finds the tax rule and the
    /// shipping rule written composed, and the other way round.
    func testSpellingsOfOneRegionFindTheRules() throws {
        for (ruleRegion, contactRegion) in [("Québec", "QUE\u{301}BEC"), ("Que\u{301}bec", "québec")] {
            var checkout = try Checkout(
                currency: try Currency("CAD"), countryCode: "CA", merchantName: "Boutique",
                items: [SummaryItem(label: "Livre", amount: "100.00")],
                shippingMethods: [
                    ShippingMethod(identifier: "standard", label: "Standard", amount: "5.00"),
                    ShippingMethod(identifier: "local", label: "Local", amount: "1.00"),
                ],
                taxRules: [
                    TaxRule(country: "CA", region: "Ontario", rate: "0.13", label: "HST"),
                    TaxRule(country: "ca", region: ruleRegion, rate: "0.14975", label: "TPS/TVQ"),
                    TaxRule(country: "CA", rate: "0.05", label: "GST"),
                ],
                shippingRules: [
                    ShippingRule(country: "CA", methods: ["standard"]),
                    ShippingRule(country: "CA", regions: ["Ontario", ruleRegion], methods: ["local"]),
                ])
            let update = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: contactRegion, isoCountryCode: "CA")))
            XCTAssertEqual(update.errors, [])
            XCTAssertEqual(update.shippingMethods.map(\.identifier), ["local"], ruleRegion)
            XCTAssertEqual(checkout.summary.first { $0.label == "TPS/TVQ" }?.amount, "14.98", ruleRegion)
        }
    }
}

/// Coupon codes and method identifiers are found by one lookup (hashed) past 8 or past 64 bytes,
/// and compared in turn otherwise: either way the answer is `String`'s `==`, canonically
/// equivalent spellings included, and the sheet's list puts the selected method first.
final class LookupTests: XCTestCase {
    func testLookupsFindCanonicallyEquivalentSpellingsEitherWay() throws {
        let long = String(repeating: "\u{E9}", count: 40)  // 80 bytes composed
        let longDecomposed = String(repeating: "e\u{301}", count: 40)
        for count in [3, 20] {
            let codes = (0..<count).map { "C\($0)" } + ["CAF\u{C9}", long]
            let identifiers = (0..<count).map { "m\($0)" } + ["caf\u{E9}", long + "x"]
            var checkout = try Checkout(
                currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "100.00")],
                shippingMethods: identifiers.enumerated().map { ShippingMethod(identifier: $1, label: "L\($0)", amount: "1.00") },
                coupons: codes.map { Coupon(code: $0, benefit: .amountOff(1)) },
                shippingRules: [ShippingRule(country: "US", methods: ["m1", "caf\u{E9}", long + "x"])])
            XCTAssertEqual(checkout.changeCouponCode("CAFE\u{301}").errors, [], "\(count) coupons")
            XCTAssertEqual(checkout.appliedCoupon?.code, "CAF\u{C9}")
            XCTAssertEqual(checkout.changeCouponCode(longDecomposed).errors, [], "\(count) coupons, a long code")
            XCTAssertEqual(checkout.appliedCoupon?.code, long)
            XCTAssertEqual(checkout.changeCouponCode("C\(count)").errors.map(\.code), [.couponCodeInvalid])
            XCTAssertEqual(checkout.selectShippingMethod("cafe\u{301}").status, .success, "\(count) methods")
            XCTAssertEqual(checkout.selectedShippingMethodIdentifier, "caf\u{E9}")
            XCTAssertEqual(checkout.selectShippingMethod(longDecomposed + "x").status, .success, "\(count) methods, a long identifier")
            XCTAssertEqual(checkout.selectedShippingMethodIdentifier, long + "x")
            XCTAssertEqual(checkout.selectShippingMethod("m\(count)").status, .failure)
            // With a contact, the rule offers three methods: the selected one comes first.
            _ = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(isoCountryCode: "us")))
            XCTAssertEqual(checkout.shippingMethodsForSheet.map(\.identifier), [long + "x", "m1", "caf\u{E9}"])
            XCTAssertTrue(checkout.offersShippingMethod("cafe\u{301}"))
            XCTAssertFalse(checkout.offersShippingMethod("m0"), "not offered to this contact")
            XCTAssertFalse(checkout.offersShippingMethod("nope"))
            XCTAssertEqual(checkout.selectShippingMethod("m0").status, .failure, "not offered to this contact")
        }
    }
}
