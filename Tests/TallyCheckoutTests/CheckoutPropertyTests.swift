import TallyCheckout
import TallyDecimal
import TallyMoney
import TallyTesting
import XCTest

/// Random checkouts through random event sequences: after every step the incremental result
/// equals a full recomputation, and the total is the exact sum of the lines the sheet shows.
final class CheckoutPropertyTests: XCTestCase {
    let runs = Gen<Checkout>.checkout.flatMap { checkout in
        Gen.zip(.constant(checkout), Gen<CheckoutEvent>.checkoutEvent(for: checkout).array(count: 0...20))
    }

    func testIncrementalEqualsFullRecomputationAfterEveryEvent() {
        forAll(runs, count: 200) { start, events in
            var checkout = start
            for event in events {
                let update = checkout.apply(event)
                try expect(update.summaryItems == checkout.summary, "the update carries the checkout's summary")
                try expect(checkout.summary == checkout.recomputed().summary, "incremental == full recomputation after \(event)")
                try Self.expectConsistent(checkout.summary)
            }
        }
    }

    func testStaticCheckoutsAreConsistent() {
        forAll(Gen<Checkout>.checkout, count: 200) { checkout in
            try Self.expectConsistent(checkout.summary)
            try expect(checkout.summary.count == checkout.items.count + checkout.summary.derivedLines.count, "every item is shown")
        }
    }

    /// The rules every summary obeys.
    static func expectConsistent(_ summary: PaymentSummary) throws {
        let lines = Array(summary)
        let total = lines[lines.count - 1].amount
        let sum = lines.dropLast().reduce(BigDecimal.zero) { $0 + $1.amount }
        try expect(total == sum, "the total \(total) is the sum of the lines above it (\(sum))")
        try expect(total.signum() >= 0, "the total is never negative")
        for line in lines {
            try expect(line.amount.rounded(scale: summary.currency.minorUnits, .towardZero) == line.amount, "\(line.label) in whole minor units")
        }
    }
}
