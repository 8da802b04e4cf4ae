import Cart
import Foundation
import Tally
import TallyTesting
import XCTest

final class CartPropertyTests: XCTestCase {
    /// A generator for our own type, from the shipped ones.
    let line = Gen.zip(
        Gen.element(of: ["Tea", "Cake", "Gift wrap"]),
        Gen.decimal(.cents).map { $0.magnitude },
        Gen.int(in: 1...20)
    ).map { Line(label: $0, unitPrice: $1, quantity: $2) }

    func testTotalIsTheSubtotalPlusTaxToTheCent() {
        forAll(Gen.zip(line.array(count: 0...8), Gen.element(of: ["0", "0.0825", "0.2"] as [BigDecimal]))) { lines, rate in
            let subtotal = lines.reduce(BigDecimal.zero) { $0 + $1.amount }
            let tax = total(of: lines, taxRate: rate) - subtotal
            try expect(tax.rounded(scale: 2, .towardZero) == tax, "tax is whole cents")
            try expect((tax - subtotal * rate).magnitude <= BigDecimal("0.005"), "tax within half a cent")
        }
    }

    func testReorderingLinesDoesNotChangeTheTotal() {
        forAll(line.array(count: 0...8)) { lines in
            total(of: lines, taxRate: "0.0825") == total(of: lines.reversed(), taxRate: "0.0825")
        }
    }

    /// The failure Guides/PropertyTesting.md shows ("Read a failure", and the Swift Testing one)
    /// is what seed 2026 gives: the guide's lines were left behind once when a generator changed.
    func testTheGuidesFailureReportsAreReal() throws {
        let guide = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../../Guides/PropertyTesting.md").standardized, encoding: .utf8)
        let tea = Gen.zip(Gen.decimal(.cents).map { $0.magnitude }, Gen.int(in: 1...20))
            .map { Line(label: "Tea", unitPrice: $0, quantity: $1) }
        for generator in [line.array(count: 0...8), tea.array(count: 1...8)] {
            let result = Property.check(generator, seed: 2026) { lines in
                let subtotal = lines.reduce(BigDecimal.zero) { $0 + $1.amount }
                return total(of: lines, taxRate: "0.0825") == subtotal + subtotal * "0.0825"
            }
            let failure = try XCTUnwrap(result.failure)
            let lines = result.report(filter: nil).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let original = try XCTUnwrap(lines.first { $0.hasPrefix("original:") }, "the report has an original value")
            let shrunk = try XCTUnwrap(lines.first { $0.hasPrefix("shrunk:") }, "the report has a shrunk value")
            // The guide's block: the line before its original value names the case.
            let shown = try XCTUnwrap(guide.range(of: original), "the guide does not show: \(original)")
            let lineStart = guide[..<shown.lowerBound].lastIndex(of: "\n") ?? guide.startIndex
            let before = guide[..<lineStart].split(separator: "\n").last ?? ""
            XCTAssertTrue(before.contains("Property failed at case \(failure.caseIndex) of seed 2026."), String(before))
            XCTAssertTrue(guide[shown.upperBound...].hasPrefix("\n") && guide.contains(shrunk), "the guide does not show: \(shrunk)")
        }
        // Section 5's slow property (`quantity < 40`, seed 2026): its original value, which does
        // not depend on how long shrinking took (a review found it stale at 946).
        let slow = try XCTUnwrap(Property.check(Gen.int(in: 0...1_000), seed: 2026, shrinkTimeLimit: .zero) { $0 < 40 }.failure)
        XCTAssertTrue(guide.contains("  original: \(slow.original) (returned false)\n  shrunk:   "), "the guide does not show original \(slow.original)")
    }

    /// A property that awaits: code behind an actor, in an `async` test.
    func testATillTotalsWhatTheCartTotals() async {
        await forAll(line.array(count: 0...8)) { lines in
            let till = Till()
            for line in lines { await till.ring(line) }
            return await till.total(taxRate: "0.0825") == total(of: lines, taxRate: "0.0825")
        }
    }
}
