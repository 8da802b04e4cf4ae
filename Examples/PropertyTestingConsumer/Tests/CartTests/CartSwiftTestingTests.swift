import Cart
import Tally
import TallyTesting
import Testing

/// The same kind of law in Swift Testing: `forAll` is a free function there, and a failure is
/// recorded as one issue at the `forAll` line.
@Suite struct CartSwiftTestingTests {
    let line = Gen.zip(
        Gen.element(of: ["Tea", "Cake", "Gift wrap"]),
        Gen.decimal(.cents).map { $0.magnitude },
        Gen.int(in: 1...20)
    ).map { Line(label: $0, unitPrice: $1, quantity: $2) }

    @Test func splittingACartDoesNotChangeItsSubtotal() {
        forAll(Gen.zip(line.array(count: 0...8), line.array(count: 0...8))) { first, second in
            total(of: first + second, taxRate: 0) == total(of: first, taxRate: 0) + total(of: second, taxRate: 0)
        }
    }

    @Test(arguments: ["0", "0.0825", "0.2"] as [BigDecimal])
    func taxIsWholeCents(rate: BigDecimal) {
        forAll(line.array(count: 0...8)) { lines in
            let tax = total(of: lines, taxRate: rate) - total(of: lines, taxRate: 0)
            try expect(tax.rounded(scale: 2, .towardZero) == tax, "tax is whole cents")
        }
    }

    /// The statement form, awaiting an actor.
    @Test func aTillRingsUpEveryLine() async {
        await forAll(line.array(count: 0...8)) { lines in
            let till = Till()
            for line in lines { await till.ring(line) }
            let total = await till.total(taxRate: 0)
            try expect(total == lines.reduce(BigDecimal.zero) { $0 + $1.amount }, "the till's subtotal is the lines'")
        }
    }
}
