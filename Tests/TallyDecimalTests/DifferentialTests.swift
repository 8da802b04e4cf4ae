import Foundation
import XCTest
import TallyDecimal
import TallyTesting

/// BigDecimal against Foundation.Decimal on random values that fit Decimal's 38 digits: where
/// Decimal is exact, both must agree.
final class DifferentialTests: XCTestCase {
    /// Up to 15 digits and exponents within ±10, so sums and products stay within 38 digits.
    let moneyLike = Gen.zip(.bool, Gen<Int64>.int64(in: 0...999_999_999_999_999), .int(in: -10...10))
        .map { negative, coefficient, exponent in
            BigDecimal(mantissa: UInt64(coefficient), exponent: exponent, isNegative: negative)
        }

    func testArithmeticAgreesWithFoundationDecimal() {
        forAll(Gen.zip(moneyLike, moneyLike), count: 2000) { a, b in
            guard let x = Decimal(exactly: a), let y = Decimal(exactly: b) else { return false }
            for (ours, theirs) in [(a + b, x + y), (a - b, x - y), (a * b, x * y)] {
                try expect(BigDecimal(exactly: theirs) == ours, "Tally \(ours), Foundation \(theirs)")
            }
            return (a < b) == (x < y) && (a == b) == (x == y)
        }
    }

    func testRoundingAgreesWithNSDecimalRound() {
        let modes: [NSDecimalNumber.RoundingMode] = [.plain, .down, .up, .bankers]
        forAll(Gen.zip(moneyLike, .int(in: -3...6), .element(of: modes)), count: 2000) { a, scale, mode in
            guard var x = Decimal(exactly: a) else { return false }
            var rounded = Decimal()
            NSDecimalRound(&rounded, &x, scale, mode)
            return BigDecimal(exactly: rounded) == a.rounded(scale: scale, RoundingRule(mode))
        }
    }

    func testConversionRoundTrips() {
        forAll(moneyLike, count: 1000) { a in
            guard let x = Decimal(exactly: a), let back = BigDecimal(exactly: x) else { return false }
            return back == a && Decimal(string: a.plainString) == x
        }
    }
}
