import Foundation
import TallyDecimal
import TallyMoney
import XCTest

/// The examples of Guides/Allocation.md, Guides/Currencies.md and the README's money section that
/// no other test pins, line by line.
final class MoneyGuideTests: XCTestCase {
    func parts(_ money: [Money]) -> [String] { money.map(\.amount.plainString) }

    func testAllocationGuide() throws {
        XCTAssertEqual(parts(try Money("0.05", .usd).allocated(byRatios: ["0.45", "0.55"])), ["0.02", "0.03"])
        XCTAssertEqual(parts(try Money("0.05", .usd).allocated(byRatios: [45, 55])), ["0.02", "0.03"])
        XCTAssertEqual(parts(try Money("0.05", .eur).allocated(byRatios: [70, 30])), ["0.04", "0.01"])
        XCTAssertEqual(parts(try Money("0.05", .eur).allocated(byRatios: [30, 70])), ["0.02", "0.03"])
        XCTAssertThrowsError(try Money("1.005", .usd).split(into: 2)) { error in
            XCTAssertEqual("\(error)", "1.005 has more decimals than USD allows (2)")
        }
    }

    func testCurrenciesGuide() throws {
        XCTAssertEqual(try Currency("CNY").minorUnits, 2)
        XCTAssertEqual(try Currency(numericCode: 392).code, "JPY")
        XCTAssertEqual(try Currency("KWD").name, "Kuwaiti Dinar")
        XCTAssertEqual(try Currency("CLF").minorUnits, 4)
        XCTAssertEqual(Money("12.75", .cny).description, "12.75 CNY")
        XCTAssertEqual((Money("12.75", .cny) + Money("10.00", .cny)).description, "22.75 CNY")
        XCTAssertEqual(Money("12.75", .usd).multiplied(by: "0.0825").rounded(.toNearestOrEven).description, "1.05 USD")
        XCTAssertEqual(try Money("12.33", .chf).roundedToCash(increment: "0.05").description, "12.35 CHF")
        XCTAssertEqual(Money(minorUnits: 1001, currency: .usd).description, "10.01 USD")
        XCTAssertEqual(Currency.allISO.count, 165)
    }
}
