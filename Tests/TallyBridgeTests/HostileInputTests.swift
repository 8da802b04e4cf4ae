import Foundation
import TallyBridge
import TallyDecimal
import XCTest

/// Decimal bombs and monsters, each answered by a typed error (never a crash, a hang or a huge
/// allocation). Time and memory bounds are a benchmark's business; this pins the answers.
/// (`rounded(scale: 10_000_000)` is a programmer's argument, answered by a documented
/// precondition, so it cannot be shown here: see Guides/Reliability.md.)
final class HostileInputTests: XCTestCase {
    func parseError(_ text: String) -> DecimalParsingError.Reason? {
        do {
            _ = try BigDecimal(parsing: text)
            return nil
        } catch {
            return error.reason
        }
    }

    func testDecimalBombs() {
        XCTAssertEqual(parseError("1E999999999"), .exponentOutOfRange(limit: 6144))
        XCTAssertEqual(parseError("1E-999999999"), .exponentOutOfRange(limit: 6144))
        XCTAssertEqual(parseError("1E99999999999999999999999999999999"), .exponentOutOfRange(limit: 6144))
        XCTAssertEqual(parseError(String(repeating: "7", count: 100_000)), .tooManyDigits(count: 100_000, limit: 1000))
        // 10 MB of zeros is zero: leading zeros are not significant, and the scan is linear.
        XCTAssertNil(parseError(String(repeating: "0", count: 10_000_000)))
        XCTAssertEqual(parseError("0." + String(repeating: "0", count: 10_000_000)), .exponentOutOfRange(limit: 6144))
        // The widest sum the default limits allow: 12,289 digits, exact.
        let sum = BigDecimal("1E6144") + BigDecimal("1E-6144")
        XCTAssertEqual(sum.digitCount, 12_289)
        XCTAssertEqual(sum.exponent, -6144)
    }

    func testJSONMonsters() {
        let deep = String(repeating: "[", count: 1_000_000)
        XCTAssertThrowsError(try JSONReader.read(deep)) { XCTAssertTrue("\($0)".contains("nesting deeper than the limit of 64")) }
        let tenMegabytes = "[" + String(repeating: "0,", count: 5_000_000) + "0]"
        XCTAssertThrowsError(try JSONReader.read(tenMegabytes)) { XCTAssertTrue("\($0)".contains("more than the limit of 10000000")) }
        let millionDigits = "{\"amount\": " + String(repeating: "9", count: 1_000_000) + "}"
        XCTAssertThrowsError(try JSONReader.read(millionDigits)) { XCTAssertTrue("\($0)".contains("a number of 1000000 characters")) }
        let document = #"{"currencyCode": "USD", "countryCode": "US", "merchantName": "S", "items": [{"label": "A", "amount": 1E999999999}]}"#
        XCTAssertThrowsError(try CheckoutDocument.checkout(from: document)) { XCTAssertTrue("\($0)".hasPrefix("items[0].amount: 1E999999999 is out of range")) }
    }
}
