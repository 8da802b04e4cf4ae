import TallyCheckout
import TallyDecimal
import TallyMoney
import XCTest

/// The seed tutorial's checkout end to end: 12.75 and −12.74 with free shipping is 0.01, express
/// shipping makes it 10.01, and back to free shipping is 0.01 again — the summary derived each
/// time, never patched by index.
final class SeedScenarioTests: XCTestCase {
    static func seedCheckout() throws -> Checkout {
        try Checkout(
            currency: .cny, countryCode: "CN", merchantName: "ls",
            items: [SummaryItem(label: "商品价格", amount: "12.75"), SummaryItem(label: "优惠折扣", amount: "-12.74")],
            shippingMethods: [
                ShippingMethod(identifier: "freeshipping", label: "包邮", detail: "6-8 天 送达", amount: 0),
                ShippingMethod(identifier: "expressshipping", label: "极速送达", detail: "2-3 小时 送达", amount: "10.00"),
            ],
            merchantIdentifier: "merchant.com.example.ls", supportedNetworks: [.amex, .masterCard, .visa, .chinaUnionPay],
            merchantCapabilities: [.threeDSecure, .emv])
    }

    func lines(_ summary: PaymentSummary) -> [String] { summary.map { "\($0.label) \($0.amount.plainString)" } }

    func testFreeExpressAndBackToFree() throws {
        var checkout = try Self.seedCheckout()
        XCTAssertEqual(lines(checkout.summary), ["商品价格 12.75", "优惠折扣 -12.74", "包邮 0.00", "ls 0.01"])
        let express = checkout.selectShippingMethod("expressshipping")
        XCTAssertEqual(express.status, .success)
        XCTAssertEqual(lines(express.summaryItems), ["商品价格 12.75", "优惠折扣 -12.74", "极速送达 10.00", "ls 10.01"])
        XCTAssertEqual(express.summaryItems.total, Money("10.01", .cny))
        let free = checkout.selectShippingMethod("freeshipping")
        XCTAssertEqual(lines(free.summaryItems), ["商品价格 12.75", "优惠折扣 -12.74", "包邮 0.00", "ls 0.01"])
        XCTAssertEqual(checkout.selectShippingMethod("drone").status, .failure)
        XCTAssertEqual(checkout.summary.total, Money("0.01", .cny), "an unknown method changes nothing")
    }
}
