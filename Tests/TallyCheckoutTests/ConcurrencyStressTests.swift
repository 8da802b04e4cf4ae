import TallyCheckout
import TallyDecimal
import TallyMoney
import XCTest

/// The same values shared across many tasks: `BigDecimal` (GMP-backed ones included), `Money` and
/// `Checkout` are `Sendable` values, so concurrent use must give exactly what a sequential run
/// gives. CI runs this under ThreadSanitizer (`swift test --sanitize=thread`).
final class ConcurrencyStressTests: XCTestCase {
    static let events: [CheckoutEvent] = [
        .selectShippingMethod("expressshipping"), .changeCouponCode("SAVE10"),
        .changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: "XZ", isoCountryCode: "CN"))),
        .selectPaymentMethod(PaymentMethod(type: .credit)), .changeCouponCode(""), .selectShippingMethod("freeshipping"),
        .changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: "SH", isoCountryCode: "CN"))),
        .selectShippingMethod("expressshipping"),
    ]

    static func checkout() throws -> Checkout {
        try Checkout(
            currency: .cny, countryCode: "CN", merchantName: "ls",
            items: (0..<50).map { SummaryItem(label: "item \($0)", amount: BigDecimal(mantissa: UInt64(100 + $0), exponent: -2, isNegative: false)) },
            shippingMethods: [
                ShippingMethod(identifier: "freeshipping", label: "包邮", amount: 0),
                ShippingMethod(identifier: "expressshipping", label: "极速送达", amount: "10.00"),
            ],
            coupons: [Coupon(code: "SAVE10", benefit: .percentOff(10))],
            taxRules: [TaxRule(country: "CN", rate: "0.13", label: "VAT")],
            shippingRules: [ShippingRule(country: "CN", regions: ["XZ"], methods: ["freeshipping"])],
            surcharges: [Surcharge(paymentMethodType: .credit, percent: "2.5", label: "Card fee")])
    }

    /// The totals after each event, computed from `start`.
    static func walk(_ start: Checkout) -> [BigDecimal] {
        var checkout = start
        return events.map { checkout.apply($0).summaryItems.total.amount }
    }

    func testCheckoutUpdatesFromManyTasksEqualASequentialRun() async throws {
        let shared = try Self.checkout()  // one value, read by every task
        let expected = Self.walk(shared)
        let results = await withTaskGroup(of: [BigDecimal].self) { group in
            for _ in 0..<64 { group.addTask { Self.walk(shared) } }
            var all: [[BigDecimal]] = []
            for await result in group { all.append(result) }
            return all
        }
        XCTAssertEqual(results.count, 64)
        for result in results { XCTAssertEqual(result, expected) }
    }

    /// A large (GMP) value shared by many tasks, each copying it and updating its copy in place:
    /// copy-on-write must never let one task's `+=` reach another's value.
    func testSharedLargeDecimalsStayIndependent() async {
        let shared: BigDecimal = "123456789012345678901234567890123456789012345678901234567890"
        let results = await withTaskGroup(of: (Int, BigDecimal).self) { group in
            for task in 0..<64 {
                group.addTask {
                    var value = shared
                    for _ in 0..<200 { value += BigDecimal(task) }
                    value *= 3
                    return (task, value)
                }
            }
            var all: [(Int, BigDecimal)] = []
            for await result in group { all.append(result) }
            return all
        }
        XCTAssertEqual(shared.description, "123456789012345678901234567890123456789012345678901234567890")
        for (task, value) in results {
            XCTAssertEqual(value, (shared + BigDecimal(task * 200)) * 3)
        }
    }

    func testMoneyAllocationFromManyTasks() async throws {
        let money = Money("1000000.07", .usd)
        let expected = try money.allocated(byRatios: ["0.2", "0.3", "0.5", "1.25"])
        let results = await withTaskGroup(of: [Money].self) { group in
            for _ in 0..<32 { group.addTask { (try? money.allocated(byRatios: ["0.2", "0.3", "0.5", "1.25"])) ?? [] } }
            var all: [[Money]] = []
            for await result in group { all.append(result) }
            return all
        }
        for result in results { XCTAssertEqual(result, expected) }
    }
}
