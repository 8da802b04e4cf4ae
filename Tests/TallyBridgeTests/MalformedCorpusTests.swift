import Foundation
import TallyBridge
import XCTest

/// The malformed-document corpus at the command level: every bad document given to `tally quote`
/// exits 1 with its JSON path (or, for text that is not JSON, its line and column) and the reason
/// on standard error, and prints nothing on standard output. Never a crash, never exit 0.
final class MalformedCorpusTests: XCTestCase {
    static let base = #"{"currencyCode": "USD", "countryCode": "US", "merchantName": "S", "items": [{"label": "A", "amount": "1.00"}]"#

    /// (document, the start of the expected message after "tally quote: doc.json: ")
    static let corpus: [(String, String)] = {
        var cases: [(String, String)] = [
            // Not JSON at all.
            ("", "not JSON: line 1, column 1"), ("{", "not JSON: line 1, column 2"), ("[", "not JSON: line 1, column 2"),
            ("{]", "not JSON: line 1, column 2"), ("nul", "not JSON: line 1, column 1"), ("{\"a\":}", "not JSON: line 1, column 6"),
            ("{\"a\" 1}", "not JSON: line 1, column 6"), ("{'a': 1}", "not JSON: line 1, column 2"), ("{\"a\": 01}", "not JSON: line 1, column 7"),
            ("{\"a\": 1.}", "not JSON: line 1, column 9"), ("{\"a\": .5}", "not JSON: line 1, column 7"), ("{\"a\": +1}", "not JSON: line 1, column 7"),
            ("{\"a\": NaN}", "not JSON: line 1, column 7"), ("{\"a\": Infinity}", "not JSON: line 1, column 7"), ("{\"a\": \"x}", "not JSON: line 1, column 10"),
            ("{\"a\": \"\\q\"}", "not JSON: line 1, column 8"), ("{\"a\": 1}}", "not JSON: line 1, column 9"), ("{\"a\": 1, \"a\": 2}", "not JSON: line 1, column 10"),
            (String(repeating: "[", count: 1000), "not JSON: line 1, column 65: nesting deeper than the limit of 64"),
            ("{\"a\": " + String(repeating: "9", count: 5000) + "}", "not JSON: line 1, column 7: a number of 5000 characters"),
            // Wrong shapes and types.
            ("[]", "expected an object, found an array"), ("\"text\"", "expected an object, found a string"), ("42", "expected an object, found a number"),
            ("{}", "currencyCode: is missing"), (#"{"currencyCode": 840}"#, "currencyCode: expected a string, found a number"),
            (#"{"currencyCode": "USD"}"#, "countryCode: is missing"), (#"{"currencyCode": "USD", "countryCode": "US"}"#, "items: is missing"),
            (#"{"currencyCode": "USD", "countryCode": "US", "items": {}}"#, "items: expected an array, found an object"),
            (#"{"currencyCode": "USD", "countryCode": "US", "items": [5]}"#, "items[0]: expected an object, found a number"),
            (#"{"currencyCode": "USD", "countryCode": "US", "items": []}"#, "items: a checkout needs at least one item"),
            // Bad codes.
            (#"{"currencyCode": "XXY", "countryCode": "US", "items": []}"#, #"currencyCode: "XXY" is not an ISO 4217 code"#),
            (#"{"currencyCode": "usd", "countryCode": "US", "items": []}"#, #"currencyCode: "usd" is not an ISO 4217 code"#),
            (#"{"currencyCode": "XAU", "countryCode": "US", "items": []}"#, #"currencyCode: "XAU" (Gold) has no minor units in ISO 4217, so it cannot price a checkout"#),
        ]
        func item(_ amount: String, currency: String = "USD") -> String {
            #"{"currencyCode": "\#(currency)", "countryCode": "US", "merchantName": "S", "items": [{"label": "A", "amount": \#(amount)}]}"#
        }
        // Bad amounts, decimal bombs, too many decimals, negative totals.
        cases += [
            (item(#""12.7.5""#), #"items[0].amount: "12.7.5" is not a decimal number"#), (item(#""""#), #"items[0].amount: "" is not a decimal number"#),
            (item(#"" 1""#), #"items[0].amount: " 1" is not a decimal number"#), (item(#""1,5""#), #"items[0].amount: "1,5" is not a decimal number"#),
            (item(#""NaN""#), #"items[0].amount: "NaN" is not a decimal number"#), (item(#""1e5e5""#), #"items[0].amount: "1e5e5" is not a decimal number"#),
            (item("1e999999999"), "items[0].amount: 1e999999999 is out of range"), (item("1e-999999999"), "items[0].amount: 1e-999999999 is out of range"),
            (item(#""1E6145""#), #"items[0].amount: "1E6145" is out of range"#), (item("1" + String(repeating: "1", count: 1500)), "items[0].amount: 1111"),
            (item("true"), "items[0].amount: expected a decimal number (a string or a number), found a boolean"),
            (item("[1]"), "items[0].amount: expected a decimal number (a string or a number), found an array"),
            (item("1200.5", currency: "JPY"), "items[0].amount: 1200.5 has more decimals than JPY allows (0)"),
            (item("1.2345", currency: "KWD"), "items[0].amount: 1.2345 has more decimals than KWD allows (3)"),
            (item("1.005"), "items[0].amount: 1.005 has more decimals than USD allows (2)"),
            (item("-1.00"), "items: the final items add up to -1.00"),
        ]
        // Bad enumerations and unknown keys.
        cases += [
            (base + #", "shippingType": "drone"}"#, #"shippingType: "drone" is not one of"#),
            (base + #", "shippingType": "Shipping"}"#, #"shippingType: "Shipping" is not one of"#),
            (base + #", "billingAddressRequirement": "full"}"#, #"billingAddressRequirement: "full" is not one of"#),
            (base + #", "rounding": "HALF_UP"}"#, #"rounding: "HALF_UP" is not one of"#),
            (base + #", "items2": []}"#, "items2: unknown key"),
            (base.replacingOccurrences(of: #""amount": "1.00"}"#, with: #""amount": "1.00", "qty": 2}"#) + "}", "items[0].qty: unknown key"),
            (base + #", "paymentMethodSurcharges": [{"type": "amex", "percent": 1}]}"#, #"paymentMethodSurcharges[0].type: "amex" is not one of"#),
            (base + #", "coupons": [{"code": "A"}]}"#, "coupons[0]: a coupon needs exactly one of"),
            (base + #", "coupons": [{"code": "A", "percentOff": 10}, {"code": "A", "amountOff": 1}]}"#, #"coupons[1].code: "A" is used twice (also coupons[0])"#),
            (base + #", "coupons": [{"code": "A", "amountOff": "-1"}]}"#, "coupons[0].amountOff: -1 is negative"),
            (base + #", "shippingMethods": [{"identifier": "a", "label": "A", "amount": "-5"}]}"#, "shippingMethods[0].amount: -5 is negative"),
            (base + #", "shippingMethods": [{"identifier": "a", "label": "A", "amount": "5", "eta": 3}]}"#, "shippingMethods[0].eta: unknown key"),
            (base + #", "taxRules": [{"country": "US", "rate": "7%"}]}"#, #"taxRules[0].rate: "7%" is not a decimal number"#),
            (base + #", "shippingRules": [{"country": "US", "methods": [1]}]}"#, "shippingRules[0].methods[0]: expected a string, found a number"),
            (base + #", "merchantName": ""}"#, #"not JSON: line 1, column 112: the key "merchantName" appears twice"#),
        ]
        return cases
    }()

    func testEveryMalformedDocumentExitsOneWithItsPlace() {
        XCTAssertGreaterThanOrEqual(Self.corpus.count, 60, "the corpus the bridge issue asks for")
        for (document, message) in Self.corpus {
            let result = QuoteCommand.run(["doc.json"]) { _ in document }
            XCTAssertEqual(result.status, 1, document)
            XCTAssertEqual(result.output, "", document)
            XCTAssertTrue(result.errors.hasPrefix("tally quote: doc.json: " + message), "\(document)\n\(result.errors)")
        }
    }
}
