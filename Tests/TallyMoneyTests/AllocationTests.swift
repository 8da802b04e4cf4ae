import TallyDecimal
import TallyMoney
import TallyTesting
import XCTest

/// Allocation: tables of the documented behaviour, the errors, and the properties through forAll.
final class AllocationTests: XCTestCase {
    func parts(_ money: [Money]) -> [String] { money.map(\.amount.plainString) }

    func testDocumentedExamples() throws {
        XCTAssertEqual(parts(try Money("100.00", .usd).allocated(byRatios: [1, 1, 1])), ["33.34", "33.33", "33.33"])
        XCTAssertEqual(parts(try Money("0.05", .usd).allocated(byRatios: [3, 7])), ["0.02", "0.03"], "tie: earlier part")
        XCTAssertEqual(parts(try Money("-100.00", .usd).allocated(byRatios: [1, 1, 1])), ["-33.34", "-33.33", "-33.33"])
        XCTAssertEqual(parts(try Money("100.00", .usd).split(into: 3)), ["33.34", "33.33", "33.33"])
        XCTAssertEqual(parts(try Money("0.02", .usd).split(into: 3)), ["0.01", "0.01", "0.00"])
        XCTAssertEqual(parts(try Money("1000", .jpy).split(into: 3)), ["334", "333", "333"])
        XCTAssertEqual(parts(try Money("10", .kwd).split(into: 3)), ["3.334", "3.333", "3.333"])
        XCTAssertEqual(parts(try Money("0", .usd).split(into: 2)), ["0.00", "0.00"])
    }

    /// Remainders go by size, not by list order: the part with the largest remainder gets the cent.
    func testLargestRemainderNotListOrder() throws {
        // 1.00 by 1 : 2 : 7 → exact 0.10, 0.20, 0.70: no remainder.
        XCTAssertEqual(parts(try Money("1.00", .usd).allocated(byRatios: [1, 2, 7])), ["0.10", "0.20", "0.70"])
        // 0.10 by 0.15 : 0.35 : 0.5 → exact 0.015, 0.035, 0.05 → floors 1, 3, 5 (9 cents), remainders
        // 0.5, 0.5, 0: the tie between the first two goes to the earlier part.
        XCTAssertEqual(parts(try Money("0.10", .usd).allocated(byRatios: ["0.15", "0.35", "0.5"])), ["0.02", "0.03", "0.05"])
        // 0.12 by 2 : 3 : 6 → exact 0.0218…, 0.0327…, 0.0654…: floors 2, 3, 6 (11 cents), fractions
        // .18, .27, .54 → the last part, with the largest remainder, gets the twelfth cent.
        XCTAssertEqual(parts(try Money("0.12", .usd).allocated(byRatios: [2, 3, 6])), ["0.02", "0.03", "0.07"])
    }

    func testCashIncrementAllocation() throws {
        XCTAssertEqual(parts(try Money("10.00", .chf).split(into: 3, increment: "0.05")), ["3.35", "3.35", "3.30"])
        XCTAssertThrowsError(try Money("10.02", .chf).split(into: 3, increment: "0.05")) { error in
            XCTAssertEqual(error as? MoneyError, .notAMultipleOfIncrement(amount: "10.02", increment: "0.05"))
        }
    }

    func testErrors() {
        XCTAssertThrowsError(try Money("1", .usd).allocated(byRatios: [])) { XCTAssertEqual($0 as? MoneyError, .noParts) }
        XCTAssertThrowsError(try Money("1", .usd).split(into: 0)) { XCTAssertEqual($0 as? MoneyError, .noParts) }
        XCTAssertThrowsError(try Money("1", .usd).allocated(byRatios: [1, 0])) { error in
            XCTAssertEqual(error as? MoneyError, .invalidRatio(index: 1, ratio: 0))
            XCTAssertEqual("\(error)", "ratio 1 is 0; allocation ratios must be positive")
        }
        XCTAssertThrowsError(try Money("1", .usd).allocated(byRatios: [1, -2])) { XCTAssertEqual($0 as? MoneyError, .invalidRatio(index: 1, ratio: -2)) }
        XCTAssertThrowsError(try Money("1.005", .usd).split(into: 2)) { error in
            XCTAssertEqual(error as? MoneyError, .tooManyDecimals(amount: "1.005", currency: .usd, allowed: 2))
        }
    }

    // MARK: Properties

    let ratios = Gen.array(of: Gen.int(in: 1...1000).map { BigDecimal($0) * "0.01" }, count: 1...12)

    func testPartsAddUpExactlyAndStayWithinOneUnitOfTheirShare() {
        forAll(Gen.zip(Gen.money, ratios)) { money, ratios in
            let parts = try money.allocated(byRatios: ratios)
            try expect(parts.count == ratios.count, "one part per ratio")
            try expect(parts.reduce(Money.zero(money.currency), +) == money, "the parts add up to the whole")
            let total = ratios.reduce(BigDecimal.zero, +)
            for (part, ratio) in zip(parts, ratios) {
                let share = money.amount * ratio  // exact share × total (avoids dividing)
                try expect((part.amount * total - share).magnitude < money.currency.minorUnit * total, "within one unit of the exact share")
                try expect(part.isWholeMinorUnits, "whole minor units")
                try expect(part.amount.exponent == -money.currency.minorUnits, "the currency's scale")
            }
        }
    }

    func testNegativesMirrorPositives() {
        forAll(Gen.zip(Gen.money, ratios)) { money, ratios in
            try money.allocated(byRatios: ratios).map { -$0 } == (-money).allocated(byRatios: ratios)
        }
    }

    func testSplitPartsDifferByAtMostOneUnitLargestFirst() {
        forAll(Gen.zip(Gen.money, .int(in: 1...50))) { money, count in
            let parts = try money.split(into: count).map(\.amount.magnitude)
            try expect(parts.max()! - parts.min()! <= money.currency.minorUnit, "equal within one unit")
            try expect(parts == parts.sorted(by: >), "the extra units go to the first parts")
        }
    }

    /// `split(into:)` has its own fast implementation; it must equal allocation by equal ratios.
    func testSplitEqualsAllocationByEqualRatios() {
        forAll(Gen.zip(Gen.money, .int(in: 1...80))) { money, count in
            try money.split(into: count) == money.allocated(byRatios: Array(repeating: 1, count: count))
        }
        forAll(Gen.zip(Gen<Int64>.int64(in: -1_000_000...1_000_000), .int(in: 1...20))) { fives, count in
            let money = Money(BigDecimal(fives) * "0.05", .chf)
            return try money.split(into: count, increment: "0.05") == money.allocated(byRatios: Array(repeating: 1, count: count), increment: "0.05")
        }
    }
}
