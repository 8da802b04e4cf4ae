import XCTest
@testable import TallyDecimal

/// The laws of exact decimal arithmetic on seeded random values (money-sized, Int64 edges,
/// 19–39 digits and 40–200 digits on the GMP path). Replay a failure with the seed it prints:
/// `TALLY_PROPERTY_SEED=<seed> swift test --filter PropertyTests`.
final class PropertyTests: XCTestCase {
    func testAdditionIsAssociativeAndCommutativeExactly() {
        property("add laws") { rng in
            let (a, b, c) = (randomDecimal(using: &rng), randomDecimal(using: &rng), randomDecimal(using: &rng))
            if !((a + b) + c).isIdentical(to: a + (b + c)) { return "(\(a) + \(b)) + \(c) != \(a) + (\(b) + \(c))" }
            if !(a + b).isIdentical(to: b + a) { return "\(a) + \(b) != \(b) + \(a)" }
            if !((a + b) - b == a) { return "(\(a) + \(b)) - \(b) != \(a)" }
            var inPlace = a
            inPlace += b
            if !inPlace.isIdentical(to: a + b) { return "+= disagrees with + for \(a), \(b)" }
            return nil
        }
    }

    func testMultiplicationLaws() {
        property("multiply laws") { rng in
            let (a, b, c) = (randomDecimal(using: &rng), randomDecimal(using: &rng), randomDecimal(using: &rng))
            if !((a * b) * c).isIdentical(to: a * (b * c)) { return "associativity for \(a), \(b), \(c)" }
            if !(a * b).isIdentical(to: b * a) { return "commutativity for \(a), \(b)" }
            // Exact arithmetic distributes, exponents included: e(a) + min(e(b), e(c)).
            if !(a * (b + c)).isIdentical(to: a * b + a * c) { return "distributivity for \(a), \(b), \(c)" }
            var inPlace = a
            inPlace *= b
            if !inPlace.isIdentical(to: a * b) { return "*= disagrees with * for \(a), \(b)" }
            return nil
        }
    }

    func testSubtractionAndNegation() {
        property("a - a == 0") { rng in
            let a = randomDecimal(using: &rng)
            let zero = a - a
            if !zero.isZero || zero.exponent != a.exponent { return "\(a) - \(a) = \(zero)" }
            if !(-(-a)).isIdentical(to: a) { return "-(-\(a))" }
            if !(a + -a).isZero { return "\(a) + -\(a)" }
            if a.magnitude < 0 { return "|\(a)| < 0" }
            return nil
        }
    }

    func testTextRoundTrips() {
        property("description round trip", count: 500) { rng in
            let a = randomDecimal(using: &rng)
            guard let back = BigDecimal(a.description) else { return "\(a.description) does not parse" }
            if !back.isIdentical(to: a) { return "\(a.description) parses to \(back.description)" }
            guard let plain = try? BigDecimal(parsing: a.plainString, limits: .widest) else { return "\(a.plainString) does not parse" }
            if plain != a { return "plainString \(a.plainString) is not equal to \(a)" }
            return nil
        }
    }

    func testOrderingAgreesWithSubtractionAndHashing() {
        property("ordering and hashing") { rng in
            let (a, b) = (randomDecimal(using: &rng), randomDecimal(using: &rng))
            let sign = (a - b).signum()
            if (a < b) != (sign < 0) || (a == b) != (sign == 0) { return "\(a) vs \(b): sign of difference \(sign)" }
            let padded = a.rounded(scale: a.scale + Int.random(in: 1...30, using: &rng))
            if padded != a || padded.hashValue != a.hashValue { return "\(a) and \(padded) must be equal and hash alike" }
            return nil
        }
    }

    /// |x − x.rounded(scale: s, r)| is below one unit of the last place, and on the rule's side.
    func testRoundingStaysWithinOneUnitInTheRulesDirection() {
        property("rounding bounds", count: 500) { rng in
            let x = randomDecimal(using: &rng)
            let scale = Int.random(in: -5...8, using: &rng) + x.scale / 2
            let rule = RoundingRule.allCases.randomElement(using: &rng)!
            let r = x.rounded(scale: scale, rule)
            let unit = BigDecimal(mantissa: 1, exponent: -scale, isNegative: false)
            let error = r - x  // how far the rounding moved the value
            if r.exponent != -scale { return "exponent of \(r)" }
            if error.magnitude >= unit { return "\(x) → \(r) at scale \(scale) \(rule): moved by \(error)" }
            let twice = error.magnitude * 2
            switch rule {
            case .up: if error < 0 { return "\(x) → \(r) rounded down under .up" }
            case .down: if error > 0 { return "\(x) → \(r) rounded up under .down" }
            case .towardZero: if r.magnitude > x.magnitude { return "\(x) → \(r) grew under .towardZero" }
            case .awayFromZero: if r.magnitude < x.magnitude { return "\(x) → \(r) shrank under .awayFromZero" }
            case .zeroFiveUp:
                // Away from zero exactly when the truncated digit was 0 or 5, so a result that moved
                // away ends in 1 or 6, and one that moved toward zero ends in neither 0 nor 5.
                guard r != x else { break }
                let lastDigit = (try? r.magnitude.quotientAndRemainder(dividingBy: unit * 10).remainder.divided(by: unit))
                    .map { Int($0.description) ?? -1 } ?? -1
                let movedAway = r.magnitude > x.magnitude
                if movedAway && lastDigit != 1 && lastDigit != 6 { return "\(x) → \(r) moved away under .zeroFiveUp" }
                if !movedAway && (lastDigit == 0 || lastDigit == 5) { return "\(x) → \(r) truncated to 0/5 under .zeroFiveUp" }
            case .toNearestOrEven, .toNearestOrAwayFromZero, .toNearestOrTowardZero:
                if twice > unit { return "\(x) → \(r) is not the nearest under \(rule)" }
            }
            return nil
        }
    }

    func testQuotientTimesDivisorPlusRemainderIsTheDividend() throws {
        try property("q * b + r == a") { rng in
            let (a, b) = (randomDecimal(using: &rng), randomNonzeroDecimal(using: &rng))
            // Keep the aligned operands within reasonable size: exponents far apart make huge quotients.
            guard abs(a.exponent - b.exponent) < 300 else { return nil }
            let (q, r) = try a.quotientAndRemainder(dividingBy: b)
            if q * b + r != a { return "\(q) * \(b) + \(r) != \(a)" }
            if q.exponent != 0 { return "quotient \(q) of \(a) / \(b) has exponent \(q.exponent)" }
            if r.magnitude >= b.magnitude { return "remainder \(r) not below \(b)" }
            if !r.isZero && r.signum() != a.signum() { return "remainder \(r) does not have the sign of \(a)" }
            return nil
        }
    }

    /// divided(by:scale:rounding:) checked against the exact rational a/b: with d = a − q·b,
    /// a/b − q = d/b, so the rounding error is below one unit iff |d| < |b|·unit, on the rule's side
    /// by the sign of d·b, and nearest iff 2|d| ≤ |b|·unit.
    func testRoundedDivisionAgainstExactRationalCheck() throws {
        try property("rounded division", count: 500) { rng in
            let (a, b) = (randomDecimal(using: &rng), randomNonzeroDecimal(using: &rng))
            guard abs(a.exponent - b.exponent) < 300 else { return nil }
            let scale = Int.random(in: -3...40, using: &rng)
            let rule = RoundingRule.allCases.randomElement(using: &rng)!
            let q = try a.divided(by: b, scale: scale, rounding: rule)
            let unit = BigDecimal(mantissa: 1, exponent: -scale, isNegative: false)
            let d = a - q * b  // (a/b − q) · b
            let bound = b.magnitude * unit
            let errorSign = d.signum() * b.signum()  // sign of a/b − q
            if q.exponent != -scale { return "exponent of \(q)" }
            if d.magnitude >= bound { return "\(a) / \(b) → \(q) is off by a unit or more" }
            switch rule {
            case .up: if errorSign > 0 { return "\(a) / \(b) → \(q) below the quotient under .up" }
            case .down: if errorSign < 0 { return "\(a) / \(b) → \(q) above the quotient under .down" }
            case .towardZero: if errorSign != 0 && errorSign == -q.signum() { return "\(q) moved away from zero" }
            case .awayFromZero: if errorSign != 0 && (q.isZero || errorSign == q.signum()) { return "\(q) moved toward zero" }
            case .zeroFiveUp: break
            case .toNearestOrEven, .toNearestOrAwayFromZero, .toNearestOrTowardZero:
                if d.magnitude * 2 > bound { return "\(a) / \(b) → \(q) is not the nearest" }
            }
            return nil
        }
    }

    func testExactDivisionInvertsMultiplication() throws {
        try property("exact division") { rng in
            let a = randomDecimal(using: &rng)
            // Divisors made of 2s and 5s always divide exactly; others only when they divide.
            let twos = Int.random(in: 0...12, using: &rng), fives = Int.random(in: 0...12, using: &rng)
            var b = BigDecimal(1)
            for _ in 0..<twos { b *= 2 }
            for _ in 0..<fives { b *= 5 }
            if Bool.random(using: &rng) { b = -b }
            let q = try a.divided(by: b)
            if q * b != a { return "\(a) / \(b) = \(q), but \(q) * \(b) = \(q * b)" }
            if q.exponent > a.exponent - b.exponent { return "\(q) exceeds the ideal exponent" }
            let c = randomNonzeroDecimal(using: &rng)
            if try (a * c).divided(by: c) != a { return "(\(a) * \(c)) / \(c) != \(a)" }
            return nil
        }
    }
}
