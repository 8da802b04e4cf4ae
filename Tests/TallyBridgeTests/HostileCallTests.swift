import Foundation
import TallyBridge
import TallyCheckout
import TallyDecimal
import TallyMoney
import TallyPurchases
import XCTest

/// Public calls that a crash hunt (review, 2026-12-01) found stopping the process on values made
/// in code or on limits a caller set, without a documented precondition; each now answers with a
/// typed error, a bounded text or a clamped limit. A regression stops this test process.
final class HostileCallTests: XCTestCase {
    static let far = BigDecimal(mantissa: 1, exponent: 2_000_000, isNegative: false)

    func testVerifyingAnAmountBeyondTheLimitsIsATypedAnswer() throws {
        let checkout = try Checkout(currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "1.00")])
        for exponent in [1_000_000, -1_000_000] {
            let claim = Money(BigDecimal(mantissa: 1, exponent: exponent, isNegative: false), .usd)
            let verification = checkout.verify(total: claim)
            XCTAssertEqual(verification, .amountOutOfRange(expected: Money("1.00", .usd), received: claim))
            XCTAssertFalse(verification.isMatch)
        }
        XCTAssertEqual(
            "\(checkout.verify(total: Money(BigDecimal(mantissa: 1, exponent: 1_000_000, isNegative: false), .usd)))",
            "the client sent 1E+1000000 USD, beyond the amounts a checkout accepts; the total is 1.00 USD")
        // An amount within the limits still gets its difference.
        XCTAssertEqual(checkout.verify(total: Money("1.01", .usd)), .amountMismatch(expected: Money("1.00", .usd), received: Money("1.01", .usd), difference: Money("0.01", .usd)))
    }

    func testACouponWithAFarPercentIsRefusedByTheCheckout() {
        let coupon = Coupon(code: "BIG", benefit: .percentOff(Self.far))
        XCTAssertEqual(coupon.discountLabel, "Discount (BIG, 1E+2000000%)")
        XCTAssertEqual(Coupon(code: "TEN", benefit: .percentOff("12.5")).discountLabel, "Discount (TEN, 12.5%)")
        XCTAssertThrowsError(try Checkout(
            currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "a", amount: 1)], coupons: [coupon]))
    }

    func testParseLimitsSetBeyondTheirCeilingsAreClamped() throws {
        var limits = ParseLimits.default
        limits.maximumExponentMagnitude = Int.max
        limits.maximumSignificantDigits = Int.max
        XCTAssertEqual(limits, ParseLimits.widest)
        XCTAssertThrowsError(try BigDecimal(parsing: "1E3000000000", limits: limits))
        limits.maximumExponentMagnitude = -5
        XCTAssertEqual(limits.maximumExponentMagnitude, 0)
        let decoder = JSONDecoder()
        var wide = ParseLimits.default
        wide.maximumExponentMagnitude = 10_000_000_000
        decoder.userInfo[BigDecimal.parseLimitsKey] = wide
        XCTAssertThrowsError(try decoder.decode([BigDecimal].self, from: Data(#"["1E5000000000"]"#.utf8)))
    }

    func testAllocatingByRatiosPastTheUnitBoundIsATypedError() {
        let amount = Money(BigDecimal(mantissa: 1, exponent: 998_000, isNegative: false), .usd)  // 998,003 digits of cents
        for ratios: [BigDecimal] in [[BigDecimal(mantissa: 1, exponent: 2_000, isNegative: false), 1], [1, BigDecimal(mantissa: 1, exponent: -6_144, isNegative: false)]] {
            XCTAssertThrowsError(try amount.allocated(byRatios: ratios)) { error in
                XCTAssertEqual(error as? MoneyError, .amountTooLarge(amount: amount.amount, currency: .usd))
            }
        }
        XCTAssertEqual(try Money("10.00", .usd).allocated(byRatios: [1, 1, 1]).map(\.amount), ["3.34", "3.33", "3.33"])
    }

    func testJSONDepthIsCappedAtItsCeiling() {
        let limits = JSONLimits(maximumDepth: 30_000)
        XCTAssertEqual(limits.maximumDepth, JSONLimits.depthCeiling)
        var set = JSONLimits.default
        set.maximumDepth = .max
        XCTAssertEqual(set.maximumDepth, JSONLimits.depthCeiling)
        let deep = String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000)
        XCTAssertThrowsError(try JSONReader.read(deep, limits: limits)) { error in
            XCTAssertTrue("\(error)".contains("nesting deeper than the limit of 256"), "\(error)")
        }
        XCTAssertNoThrow(try JSONReader.read(String(repeating: "[", count: 256) + String(repeating: "]", count: 256), limits: limits))
    }

    func testReadingAFileWithoutALimit() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-hostile-\(ProcessInfo.processInfo.processIdentifier).json")
        try Data("{}".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertEqual(try CommandInput.read(url.path, limit: .max), "{}")
    }

    func testFarAmountsPrintAndOrdersRefuseThem() throws {
        XCTAssertEqual("\(Money(Self.far, .usd))", "1E+2000000 USD")
        XCTAssertEqual("\(Money("12.75", .cny))", "12.75 CNY")
        let product = Product(identifier: "coins", price: Money(-Self.far, .usd), displayName: "Coins")
        XCTAssertThrowsError(try Order(id: "A", product: product, quantity: 1, createdAt: Timestamp(millisecondsSince1970: 0))) { error in
            XCTAssertTrue("\(error)".contains("-1E+2000000 USD"), "\(error)")
        }
    }

    func testExtremeIntegerArguments() throws {
        XCTAssertEqual(PurchasePolicy().retryDelay(afterFailures: .min), PurchasePolicy().retryDelay(afterFailures: 0))
        let storage = MemoryJournalStorage()
        try storage.append(Array("abc".utf8))
        try storage.truncate(to: -1)
        XCTAssertEqual(storage.bytes, [])
    }
}
