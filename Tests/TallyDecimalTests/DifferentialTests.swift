import Foundation
import XCTest
@testable import TallyDecimal

/// BigDecimal against Foundation.Decimal on random values that fit Decimal's 38 digits: where
/// Decimal is exact, both must agree.
final class DifferentialTests: XCTestCase {
    /// Up to 15 digits and exponents within ±10, so sums and products stay within 38 digits.
    private func moneyLike(_ rng: inout SplitMix64) -> BigDecimal {
        let digits = Int.random(in: 1...15, using: &rng)
        let sign = Bool.random(using: &rng) ? "-" : ""
        return BigDecimal(stringLiteral: "\(sign)\(randomDigits(digits, using: &rng))E\(Int.random(in: -10...10, using: &rng))")
    }

    func testArithmeticAgreesWithFoundationDecimal() {
        property("differential arithmetic", count: 2000) { rng in
            let (a, b) = (moneyLike(&rng), moneyLike(&rng))
            guard let x = Decimal(exactly: a), let y = Decimal(exactly: b) else { return "\(a) or \(b) not convertible" }
            let checks: [(String, BigDecimal, Decimal)] = [("+", a + b, x + y), ("-", a - b, x - y), ("*", a * b, x * y)]
            for (op, ours, theirs) in checks {
                guard let back = BigDecimal(exactly: theirs) else { return "Decimal gave NaN for \(a) \(op) \(b)" }
                if ours != back { return "\(a) \(op) \(b): Tally \(ours), Foundation \(theirs)" }
            }
            if (a < b) != (x < y) || (a == b) != (x == y) { return "ordering of \(a), \(b)" }
            return nil
        }
    }

    func testRoundingAgreesWithNSDecimalRound() {
        let modes: [NSDecimalNumber.RoundingMode] = [.plain, .down, .up, .bankers]
        property("differential rounding", count: 2000) { rng in
            let a = moneyLike(&rng)
            let scale = Int.random(in: -3...6, using: &rng)
            let mode = modes.randomElement(using: &rng)!
            guard var x = Decimal(exactly: a) else { return "\(a) not convertible" }
            var rounded = Decimal()
            NSDecimalRound(&rounded, &x, scale, mode)
            let ours = a.rounded(scale: scale, RoundingRule(mode))
            if ours != BigDecimal(exactly: rounded) { return "\(a) to \(scale) \(mode): Tally \(ours), Foundation \(rounded)" }
            return nil
        }
    }

    func testConversionRoundTrips() {
        property("Decimal round trip", count: 1000) { rng in
            let a = moneyLike(&rng)
            guard let x = Decimal(exactly: a), let back = BigDecimal(exactly: x) else { return "\(a) did not convert" }
            if back != a { return "\(a) → \(x) → \(back)" }
            if x.description != a.reduced().plainString.replacingOccurrences(of: "^-0$", with: "0", options: .regularExpression)
                && Decimal(string: a.plainString) != x
            {
                return "\(a) converted to \(x)"
            }
            return nil
        }
    }
}
