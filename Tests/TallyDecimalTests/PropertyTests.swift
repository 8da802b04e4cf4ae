import XCTest
import TallyDecimal
import TallyTesting

/// The laws of exact decimal arithmetic, through `forAll` with shrinking, on every shape of
/// decimal `Gen.decimal()` makes (money-sized, cents, zeros with exponents, Int64's edges, 19–38
/// digits and 39–200 digits on the GMP path). A failure prints its seed and a shrunk
/// counterexample; replay it with `TALLY_PROPERTY_SEED=<seed> swift test --filter PropertyTests`.
final class PropertyTests: XCTestCase {
    let decimals = Gen.decimal()

    func testAdditionIsAssociativeAndCommutativeExactly() {
        forAll(Gen.zip(decimals, decimals, decimals), count: 300) { a, b, c in
            try expect(identical((a + b) + c, a + (b + c)), "associative, exponents included")
            try expect(identical(a + b, b + a), "commutative")
            try expect((a + b) - b == a, "subtraction undoes addition")
            var inPlace = a
            inPlace += b
            try expect(identical(inPlace, a + b), "+= agrees with +")
        }
    }

    func testMultiplicationLaws() {
        forAll(Gen.zip(decimals, decimals, decimals), count: 300) { a, b, c in
            try expect(identical((a * b) * c, a * (b * c)), "associative")
            try expect(identical(a * b, b * a), "commutative")
            // Exact arithmetic distributes, exponents included: e(a) + min(e(b), e(c)).
            try expect(identical(a * (b + c), a * b + a * c), "distributive")
            var inPlace = a
            inPlace *= b
            try expect(identical(inPlace, a * b), "*= agrees with *")
        }
    }

    func testSubtractionAndNegation() {
        forAll(decimals, count: 300) { a in
            let zero = a - a
            try expect(zero.isZero && zero.exponent == a.exponent, "a - a is 0 with a's exponent")
            try expect(identical(-(-a), a), "double negation")
            try expect((a + -a).isZero, "a + -a")
            try expect(a.magnitude >= 0 && (a.magnitude == a || a.magnitude == -a), "magnitude")
        }
    }

    func testTextRoundTrips() {
        forAll(decimals, count: 500) { a in
            let back = try BigDecimal(parsing: a.description, limits: .widest)
            try expect(identical(back, a), "description parses back to an identical value")
            try expect(try BigDecimal(parsing: a.plainString, limits: .widest) == a, "plainString parses to an equal value")
        }
    }

    func testOrderingAgreesWithSubtractionAndHashing() {
        forAll(Gen.zip(decimals, decimals, .int(in: 1...30)), count: 300) { a, b, extraDigits in
            let sign = (a - b).signum()
            try expect((a < b) == (sign < 0) && (a == b) == (sign == 0), "ordering agrees with the sign of a - b")
            let padded = a.rounded(scale: a.scale + extraDigits)
            try expect(padded == a && padded.hashValue == a.hashValue, "equal members of a cohort hash alike")
        }
    }

    /// |x − x.rounded(scale: s, r)| is below one unit of the last place, and on the rule's side.
    func testRoundingStaysWithinOneUnitInTheRulesDirection() {
        forAll(Gen.zip(decimals, .int(in: -5...8), .roundingRule), count: 500) { x, offset, rule in
            let scale = offset + x.scale / 2
            let r = x.rounded(scale: scale, rule)
            let unit = unit(scale: scale)
            let moved = r - x
            try expect(r.exponent == -scale, "exponent is -scale")
            try expect(moved.magnitude < unit, "moved by less than one unit")
            switch rule {
            case .up: try expect(moved >= 0, "up never lowers")
            case .down: try expect(moved <= 0, "down never raises")
            case .towardZero: try expect(r.magnitude <= x.magnitude, "towardZero never grows")
            case .awayFromZero: try expect(r.magnitude >= x.magnitude, "awayFromZero never shrinks")
            case .zeroFiveUp:
                // Away from zero exactly when the truncated digit was 0 or 5: a result that moved
                // away ends in 1 or 6; one that moved toward zero ends in neither 0 nor 5.
                guard r != x else { break }
                let lastDigit = try r.magnitude.quotientAndRemainder(dividingBy: unit * 10).remainder.divided(by: unit)
                if r.magnitude > x.magnitude {
                    try expect(lastDigit == 1 || lastDigit == 6, "zeroFiveUp moved away from a digit other than 0 or 5")
                } else {
                    try expect(lastDigit != 0 && lastDigit != 5, "zeroFiveUp truncated to 0 or 5")
                }
            case .toNearestOrEven, .toNearestOrAwayFromZero, .toNearestOrTowardZero:
                try expect(moved.magnitude * 2 <= unit, "nearest within half a unit")
            }
        }
    }

    /// Exponents far apart make quotients of thousands of digits; keep them within 300.
    private var divisionPairs: Gen<(BigDecimal, BigDecimal)> {
        Gen.zip(decimals, nonzeroDecimal).filter("exponents within 300") { abs($0.exponent - $1.exponent) < 300 }
    }

    func testQuotientTimesDivisorPlusRemainderIsTheDividend() {
        forAll(divisionPairs, count: 300) { a, b in
            let (q, r) = try a.quotientAndRemainder(dividingBy: b)
            try expect(q * b + r == a, "q * b + r == a")
            try expect(q.exponent == 0, "integer quotient")
            try expect(r.magnitude < b.magnitude, "|r| < |b|")
            try expect(r.isZero || r.signum() == a.signum(), "r has the sign of a")
        }
    }

    /// divided(by:scale:rounding:) against the exact rational a/b: with d = a − q·b,
    /// a/b − q = d/b, so the rounding error is below one unit iff |d| < |b|·unit, on the rule's
    /// side by the sign of d·b, and nearest iff 2|d| ≤ |b|·unit.
    func testRoundedDivisionAgainstExactRationalCheck() {
        forAll(Gen.zip(divisionPairs, .int(in: -3...40), .roundingRule), count: 500) { pair, scale, rule in
            let (a, b) = pair
            try expectRoundedQuotient(a, b, scale: scale, rule)
        }
    }

    /// The same check where the dividend's digits reach far below the result's scale, so the
    /// division cuts them instead of scaling the divisor up (a review: cash rounding of a
    /// million-digit amount needed 10^1,000,000): quotients exactly halfway between two results
    /// written with up to 60 zeros more, and just above and below them by one unit far down.
    func testRoundedDivisionOfDividendsWithDigitsFarBelowTheScale() {
        let gen = Gen.zip(Gen.zip(nonzeroDecimal, .int(in: -20...20), .int64(in: -1_000_000...1_000_000)),
                          Gen.zip(.int(in: 1...60), .int(in: 0...2), .roundingRule))
        forAll(gen, count: 800) { first, second in
            let ((b, scale, n), (zeros, shape, rule)) = (first, second)
            // a / b = (n + 1/2) × 10^-scale exactly, its exponent one below the result's.
            let tie = b * BigDecimal(2 * n + 1) * BigDecimal(mantissa: 5, exponent: -scale - 1, isNegative: false)
            let far = BigDecimal(mantissa: 1, exponent: tie.exponent - zeros, isNegative: false)
            let a = switch shape {
            case 0: try tie.rescaled(exactlyTo: zeros - tie.exponent)  // the tie, with `zeros` zeros more
            case 1: tie + far
            default: tie - far
            }
            try expect(a.exponent - b.exponent + scale <= -2, "the dividend reaches two places or more below the scale")
            try expectRoundedQuotient(a, b, scale: scale, rule)
        }
    }

    /// `a.divided(by: b, scale:rounding:)` against the exact rational a/b: with d = a − q·b,
    /// a/b − q = d/b, so the rounding error is below one unit iff |d| < |b|·unit, on the rule's
    /// side by the sign of d·b, and nearest iff 2|d| ≤ |b|·unit (ties by the rule's own choice).
    private func expectRoundedQuotient(_ a: BigDecimal, _ b: BigDecimal, scale: Int, _ rule: RoundingRule) throws {
        let q = try a.divided(by: b, scale: scale, rounding: rule)
        let d = a - q * b
        let bound = b.magnitude * unit(scale: scale)
        let errorSign = d.signum() * b.signum()  // the sign of a/b − q
        try expect(q.exponent == -scale, "exponent is -scale")
        try expect(d.magnitude < bound, "within one unit of the exact quotient")
        let exactSign = a.signum() * b.signum()  // the sign of a/b: a truncation errs on its side
        let lastDigit = try q.magnitude.quotientAndRemainder(dividingBy: unit(scale: scale) * 10).remainder.divided(by: unit(scale: scale))
        switch rule {
        case .up: try expect(errorSign <= 0, "up: q >= a/b")
        case .down: try expect(errorSign >= 0, "down: q <= a/b")
        case .towardZero: try expect(errorSign == 0 || errorSign == exactSign, "towardZero")
        case .awayFromZero: try expect(errorSign == 0 || errorSign == -exactSign, "awayFromZero")
        case .zeroFiveUp:
            // Truncated unless the truncation ends in 0 or 5: then one unit away from zero.
            try expect(errorSign == 0 || (errorSign == exactSign
                ? lastDigit != 0 && lastDigit != 5 : lastDigit == 1 || lastDigit == 6), "zeroFiveUp")
        case .toNearestOrEven, .toNearestOrAwayFromZero, .toNearestOrTowardZero:
            try expect(d.magnitude * 2 <= bound, "nearest")
            if d.magnitude * 2 == bound {  // a tie
                switch rule {
                case .toNearestOrEven: try expect([0, 2, 4, 6, 8].contains(lastDigit), "a tie to the even neighbour")
                case .toNearestOrAwayFromZero: try expect(errorSign == -exactSign, "a tie away from zero")
                default: try expect(errorSign == exactSign, "a tie toward zero")
                }
            }
        }
    }

    func testExactDivisionInvertsMultiplication() {
        // Divisors made of 2s and 5s always divide exactly.
        let twosAndFives = Gen.zip(.int(in: 0...12), .int(in: 0...12), .bool).map { twos, fives, negative -> BigDecimal in
            var b = BigDecimal(1)
            for _ in 0..<twos { b *= 2 }
            for _ in 0..<fives { b *= 5 }
            return negative ? -b : b
        }
        forAll(Gen.zip(decimals, twosAndFives, nonzeroDecimal), count: 300) { a, b, c in
            let q = try a.divided(by: b)
            try expect(q * b == a, "q * b == a")
            try expect(q.exponent <= a.exponent - b.exponent, "never above the ideal exponent")
            try expect(try (a * c).divided(by: c) == a, "(a * c) / c == a")
        }
    }
}
