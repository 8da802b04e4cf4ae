import TallyBridge
import TallyCheckout
import TallyDecimal
import TallyMoney
import XCTest

/// The checkout document: the seed body as is, amounts read exactly, every error with its path.
final class CheckoutDocumentTests: XCTestCase {
    static let seedBody = #"""
        {
          "merchantName": "ls", "currencyCode": "CNY", "countryCode": "CN",
          "items": [{"label": "商品价格", "amount": "12.75"}, {"label": "优惠折扣", "amount": -12.74},
                    {"label": "Gift wrap", "amount": "0", "type": "pending"}],
          "shippingMethods": [{"identifier": "freeshipping", "label": "包邮", "detail": "6-8 天 送达", "amount": "0.00"},
                              {"identifier": "expressshipping", "label": "极速送达", "detail": "2-3 小时 送达", "amount": 10.00}],
          "billingAddressRequirement": "none", "shippingAddressRequirement": "all", "shippingType": "shipping",
          "coupons": [{"code": "SAVE10", "percentOff": "10"}, {"code": "FIVE", "amountOff": "5.00"},
                      {"code": "SHIPFREE", "freeShipping": true}, {"code": "OLD", "percentOff": "50", "expired": true}],
          "taxRules": [{"country": "US", "region": "CA", "rate": "0.0725", "label": "Tax", "includesShipping": false}],
          "shippingRules": [{"country": "CN", "regions": ["XZ", "XJ"], "methods": ["freeshipping"]}],
          "paymentMethodSurcharges": [{"type": "credit", "percent": "2.5", "label": "Card fee"}],
          "rounding": "toNearestOrAwayFromZero"
        }
        """#

    func testTheSeedBodyIsAcceptedAsIs() throws {
        var checkout = try CheckoutDocument.checkout(from: Self.seedBody)
        XCTAssertEqual(checkout.summary.map { "\($0.label) \($0.amount.plainString)" },
                       ["商品价格 12.75", "优惠折扣 -12.74", "Gift wrap 0.00", "包邮 0.00", "ls 0.01"])
        XCTAssertEqual(checkout.requiredShippingContactFields, [.postalAddress, .name, .emailAddress, .phoneNumber])
        XCTAssertEqual(checkout.requiredBillingContactFields, [])
        XCTAssertEqual(checkout.shippingType, .shipping)
        XCTAssertEqual(checkout.coupons.count, 4)
        XCTAssertEqual(checkout.selectShippingMethod("expressshipping").summaryItems.total, Money("10.01", .cny))
    }

    /// Long numbers, as JSON numbers, sum exactly: no Double, no Decimal's 38 digits in between.
    func testThirtyAndSixtyDigitNumbersSumExactly() throws {
        let thirty = "123456789012345678901234567.89"
        let sixty = "1234567890123456789012345678901234567890123456789012345678.90"
        let document = #"{"currencyCode": "USD", "countryCode": "US", "merchantName": "S", "items": [{"label": "A", "amount": \#(thirty)}, {"label": "B", "amount": \#(sixty)}, {"label": "C", "amount": 0.01}]}"#
        let checkout = try CheckoutDocument.checkout(from: document)
        XCTAssertEqual(checkout.summary.total.amount, BigDecimal(stringLiteral: thirty) + BigDecimal(stringLiteral: sixty) + "0.01")
        // Python: Decimal(thirty) + Decimal(sixty) + Decimal("0.01"), precision 200.
        XCTAssertEqual(checkout.summary.total.amount.plainString, "1234567890123456789012345678901358024679135802467913580246.80")
    }

    /// A corpus of bad documents: each is a `DocumentError` naming the JSON path and the reason.
    func testBadDocumentsNameThePathAndTheReason() {
        func document(_ patch: String, items: String = #"[{"label": "A", "amount": "1.00"}]"#, currency: String = "USD") -> String {
            #"{"currencyCode": "\#(currency)", "countryCode": "US", "merchantName": "S", "items": \#(items)\#(patch)}"#
        }
        var cases: [(String, String)] = [
            ("", "not JSON: line 1, column 1: expected a value, found the end of the document"),
            ("[]", "expected an object, found an array"),
            (#"{"currencyCode": "USD"}"#, "countryCode: is missing"),
            (document("", currency: "XXY"), #"currencyCode: "XXY" is not an ISO 4217 code"#),
            (document("", currency: "usd"), #"currencyCode: "usd" is not an ISO 4217 code"#),
            (document("", items: #"[{"label": "A", "amount": "12.7.5"}]"#), #"items[0].amount: "12.7.5" is not a decimal number"#),
            (document("", items: #"[{"label": "A", "amount": "1.00"}, {"label": "B", "amount": "12.7.5"}]"#), #"items[1].amount: "12.7.5" is not a decimal number"#),
            (document("", items: #"[{"label": "A", "amount": 1200.5}]"#, currency: "JPY"), "items[0].amount: 1200.5 has more decimals than JPY allows (0)"),
            (document("", items: #"[{"label": "A", "amount": "1.2345"}]"#, currency: "KWD"), "items[0].amount: 1.2345 has more decimals than KWD allows (3)"),
            (document("", items: #"[{"label": "A", "amount": 1e999999999}]"#), "items[0].amount: 1e999999999 is out of range: \"1e999999999\" is not a decimal number: exponent out of range (limit ±6144)"),
            (document("", items: #"[{"label": "A", "amount": true}]"#), "items[0].amount: expected a decimal number (a string or a number), found a boolean"),
            (document("", items: #"[{"label": "A", "amount": null}]"#), "items[0].amount: is null (a value is required)"),
            (document("", items: #"[{"label": 5, "amount": "1"}]"#), "items[0].label: expected a string, found a number"),
            (document("", items: #"[{"label": "A"}]"#), "items[0].amount: is missing"),
            (document("", items: #"[{"label": "A", "amount": "1", "typo": 1}]"#), "items[0].typo: unknown key (a typo? --lenient in tally, lenient: true in code, ignores unknown keys)"),
            (document("", items: #"[{"label": "A", "amount": "1", "type": "later"}]"#), #"items[0].type: "later" is not one of final, pending"#),
            (document("", items: "[]"), "items: a checkout needs at least one item"),
            (document("", items: #"{"label": "A"}"#), "items: expected an array, found an object"),
            (document("", items: #"[{"label": "A", "amount": "-5.00"}]"#), "items: the final items add up to -5.00; a negative items total can make the payment total negative"),
            (document(#", "shippingType": "drone""#), #"shippingType: "drone" is not one of delivery, service, shipping, store"#),
            (document(#", "shippingAddressRequirement": "everything""#), #"shippingAddressRequirement: "everything" is not one of all, email, name, none, phone, postcode"#),
            (document(#", "rounding": "bankers""#), #"rounding: "bankers" is not one of awayFromZero, down, toNearestOrAwayFromZero, toNearestOrEven, toNearestOrTowardZero, towardZero, up, zeroFiveUp"#),
            (document(#", "shippingMethods": [{"identifier": "a", "label": "A", "amount": "1.005"}]"#), "shippingMethods[0].amount: 1.005 has more decimals than USD allows (2)"),
            (document(#", "shippingMethods": [{"identifier": "a", "label": "A", "amount": "1"}, {"identifier": "a", "label": "B", "amount": "2"}]"#), #"shippingMethods[1].identifier: "a" is used twice (also shippingMethods[0])"#),
            (document(#", "shippingMethods": [{"label": "A", "amount": "1"}]"#), "shippingMethods[0].identifier: is missing"),
            (document(#", "coupons": [{"code": "X"}]"#), "coupons[0]: a coupon needs exactly one of percentOff, amountOff or freeShipping: true"),
            (document(#", "coupons": [{"code": "X", "percentOff": 10, "amountOff": 1}]"#), "coupons[0]: a coupon needs exactly one of percentOff, amountOff or freeShipping: true"),
            (document(#", "coupons": [{"code": "X", "percentOff": 150}]"#), "coupons[0].percentOff: 150 is not a percentage in 0...100"),
            (document(#", "coupons": [{"code": "X", "freeShipping": "yes"}]"#), "coupons[0].freeShipping: expected true or false, found a string"),
            (document(#", "taxRules": [{"country": "US", "rate": "-0.1"}]"#), "taxRules[0].rate: -0.1 is negative"),
            (document(#", "taxRules": [{"country": "US"}]"#), "taxRules[0].rate: is missing"),
            (document(#", "shippingRules": [{"country": "US", "methods": "all"}]"#), "shippingRules[0].methods: expected an array, found a string"),
            (document(#", "paymentMethodSurcharges": [{"type": "bitcoin", "percent": 1}]"#), #"paymentMethodSurcharges[0].type: "bitcoin" is not one of credit, debit, eMoney, prepaid, store, unknown"#),
            (document(#", "merchantNmae": "S""#), "merchantNmae: unknown key (a typo? --lenient in tally, lenient: true in code, ignores unknown keys)"),
            (#"{"currencyCode": "USD", "countryCode": "US", "merchantName": " ", "items": [{"label": "A", "amount": 1}]}"#, "merchantName: must not be empty or blank (it labels the total)"),
            (#"{"currencyCode": "USD", "currencyCode": "EUR"}"#, #"not JSON: line 1, column 25: the key "currencyCode" appears twice"#),
        ]
        // Apple Pay and WebKit take two capital letters from ISO 3166-1, nothing else.
        let country = #"{"currencyCode": "USD", "merchantName": "S", "items": [{"label": "A", "amount": 1}], "countryCode": "#
        for code in ["usa", "us", "XX", "", "U1", "ＵＳ"] {
            cases.append(
                (country + "\(String(reflecting: code))}",
                 "countryCode: \(String(reflecting: code)) is not an ISO 3166-1 alpha-2 country code (two capital letters, such as \"US\")"))
        }
        for (text, message) in cases {
            XCTAssertThrowsError(try CheckoutDocument.checkout(from: text), text) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
        XCTAssertNoThrow(try CheckoutDocument.checkout(from: document(#", "merchantNmae": "S""#), lenient: true), "lenient ignores unknown keys")
    }
}
