// Fuzz target `decimal-arithmetic`: exact arithmetic, division and rounding of BigDecimal.
//
// Input: `A\nB` or `A\nB\nS` (UTF-8). A and B are parsed with the default limits (inputs that do
// not parse are skipped); S, when it is an integer, adds one rounding scale (clamped to -3...40).
// Every operation is checked against identities or an independent reference:
//   - each value: reduced() == self with the same hash and no trailing zero left, negation, a
//     padded copy (rounded to a larger scale) is == and hashes alike; rounded(scale:_:) for every
//     RoundingRule at scales in -3...40 is identical to divided(by: 1, scale:rounding:) and to a
//     reference built from quotientAndRemainder;
//   - pairs whose exponents differ by at most 300 (so every result stays small):
//     + and - (commutativity, (a+b)-b == a, ideal exponent min(ea, eb), the in-place += and -=
//     identical to + and -, operands unchanged afterwards), * (commutative, exponent ea+eb, *=
//     identical, (a*b)/a == b exactly), comparison agreeing with the sign of a-b, hashes equal for
//     == values, exact division (q*b == a, exponent no lower than exactness needs; an inexact
//     quotient really is inexact), quotientAndRemainder (q*b + r == a, |r| < |b|, q an integer
//     truncated toward zero, r with the sign of a), divided(by:scale:rounding:) for every rule at
//     several scales (identical to the reference; within one unit of the exact quotient).
// A violation stops the process (fatalError), which libFuzzer reports as a crash.
import TallyDecimal

@inline(never)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    // fatalError, not preconditionFailure: -O builds drop a precondition's message.
    if !condition() { fatalError("invariant violated: \(message())", file: file, line: line) }
}

/// 10^k as a BigDecimal (coefficient 1, exponent k).
func pow10(_ k: Int) -> BigDecimal { BigDecimal(mantissa: 1, exponent: k, isNegative: false) }

/// The last decimal digit of the magnitude of an integer-valued x with exponent 0.
func lastDigit(_ integer: BigDecimal) -> Int {
    let r = try! integer.magnitude.quotientAndRemainder(dividingBy: 10).remainder
    return Int(r.description)!
}

/// a / b rounded to `scale` places by `rule`, computed without `divided(by:scale:rounding:)` or
/// `rounded`: the truncated quotient of a × 10^scale by b, stepped away from zero by the rule's
/// definition (GDA spec semantics), then given exponent -scale.
func reference(_ a: BigDecimal, _ b: BigDecimal, scale: Int, _ rule: RoundingRule) -> BigDecimal {
    let shifted = a * pow10(scale)
    let (t, r) = try! shifted.quotientAndRemainder(dividingBy: b)
    var truncated = t
    if !r.isZero {
        let negative = (a.signum() < 0) != (b.signum() < 0)
        let twice = r.magnitude + r.magnitude
        let half = twice < b.magnitude ? -1 : (twice == b.magnitude ? 0 : 1)
        let last = lastDigit(t)
        let away: Bool
        switch rule {
        case .up: away = !negative
        case .down: away = negative
        case .towardZero: away = false
        case .awayFromZero: away = true
        case .toNearestOrEven: away = half > 0 || (half == 0 && last % 2 == 1)
        case .toNearestOrAwayFromZero: away = half >= 0
        case .toNearestOrTowardZero: away = half > 0
        case .zeroFiveUp: away = last == 0 || last == 5
        }
        if away { truncated = truncated + (negative ? -1 : 1) }
    }
    check(truncated.exponent == 0, "reference: truncated quotient has exponent \(truncated.exponent)")
    return truncated * pow10(-scale)
}

/// Checks that `rounded` is `exact` rounded by `rule` (direction and distance), given
/// `difference = rounded - exact` and one unit `unit` (or, for a quotient, both scaled by |b|).
func checkDirection(_ rule: RoundingRule, difference: BigDecimal, unit: BigDecimal, exactSign: Int, _ what: @autoclosure () -> String) {
    check(difference.magnitude < unit, "\(what()): off by \(difference), not within one unit \(unit)")
    let twice = difference.magnitude + difference.magnitude
    switch rule {
    case .up: check(difference.signum() >= 0, "\(what()): .up went down")
    case .down: check(difference.signum() <= 0, "\(what()): .down went up")
    case .towardZero: check(difference.signum() * exactSign <= 0, "\(what()): .towardZero went away from zero")
    case .awayFromZero: check(difference.signum() * exactSign >= 0, "\(what()): .awayFromZero went toward zero")
    case .toNearestOrEven, .toNearestOrAwayFromZero, .toNearestOrTowardZero:
        check(twice <= unit, "\(what()): \(rule) is more than half a unit off")
    case .zeroFiveUp: break
    }
}

func clampScale(_ s: Int) -> Int { Swift.min(40, Swift.max(-3, s)) }

/// Checks of one value alone.
func checkValue(_ a: BigDecimal, extraScale: Int?) {
    let name = a.description
    let reduced = a.reduced()
    check(reduced == a, "reduced() of \(name) is \(reduced)")
    check(reduced.hashValue == a.hashValue, "reduced() of \(name) hashes differently")
    if !a.isZero {
        check((try? reduced.rescaled(exactlyTo: -(reduced.exponent + 1))) == nil, "reduced() of \(name) kept a trailing zero")
    }
    let padded = a.rounded(scale: a.scale + 2)
    check(padded == a && padded.hashValue == a.hashValue, "\(name) padded to \(padded) is not equal or hashes differently")
    check((try? a.rescaled(exactlyTo: a.scale + 2))?.isIdentical(to: padded) == true, "rescaled(exactlyTo:) of \(name) failed")
    check((-a) + a == 0, "-\(name) + \(name) is not 0")
    check((-a).hashValue == (a * -1).hashValue, "-\(name) and \(name) * -1 hash differently")

    var scales: Set<Int> = [-3, 0, 2, clampScale(-a.exponent - 1), clampScale(-a.exponent - 18), clampScale(-a.exponent - 19)]
    if let extraScale { scales.insert(extraScale) }
    for scale in scales.sorted() {
        for rule in RoundingRule.allCases {
            let rounded = a.rounded(scale: scale, rule)
            check(rounded.exponent == -scale, "\(name).rounded(scale: \(scale), .\(rule)) has exponent \(rounded.exponent)")
            let viaDivision = try! a.divided(by: 1, scale: scale, rounding: rule)
            check(rounded.isIdentical(to: viaDivision),
                  "\(name).rounded(scale: \(scale), .\(rule)) is \(rounded), divided(by: 1, …) is \(viaDivision)")
            let expected = reference(a, 1, scale: scale, rule)
            check(rounded.isIdentical(to: expected), "\(name).rounded(scale: \(scale), .\(rule)) is \(rounded), expected \(expected)")
            checkDirection(rule, difference: rounded - a, unit: pow10(-scale), exactSign: a.signum(),
                           "\(name).rounded(scale: \(scale), .\(rule)) = \(rounded)")
            if scale >= a.scale { check(rounded == a, "\(name).rounded(scale: \(scale), .\(rule)) is \(rounded): padding changed the value") }
        }
        let exact = try? a.rescaled(exactlyTo: scale)
        check((exact != nil) == (a.rounded(scale: scale, .towardZero) == a), "rescaled(exactlyTo: \(scale)) of \(name) disagrees with rounding")
    }
}

/// Checks of a pair.
func checkPair(_ a: BigDecimal, _ b: BigDecimal, extraScale: Int?) {
    let (an, bn) = (a.description, b.description)
    let minExponent = Swift.min(a.exponent, b.exponent)

    // Addition and subtraction.
    let sum = a + b
    check(sum.isIdentical(to: b + a), "\(an) + \(bn) is not commutative")
    check(sum.exponent == minExponent, "\(an) + \(bn) = \(sum) has exponent \(sum.exponent), not \(minExponent)")
    check(sum - b == a, "(\(an) + \(bn)) - \(bn) = \(sum - b), not \(an)")
    check(sum - a == b, "(\(an) + \(bn)) - \(an) = \(sum - a), not \(bn)")
    let difference = a - b
    check(difference.exponent == minExponent, "\(an) - \(bn) has exponent \(difference.exponent)")
    check(difference + b == a, "(\(an) - \(bn)) + \(bn) is not \(an)")
    check(difference.isIdentical(to: -(b - a)), "\(an) - \(bn) is not -(\(bn) - \(an))")
    check(difference.isIdentical(to: a + (-b)), "\(an) - \(bn) is not \(an) + -\(bn)")

    // Comparison and hashing.
    check((a < b) == (difference.signum() < 0), "\(an) < \(bn) is \(a < b), but the difference is \(difference)")
    check((a == b) == difference.isZero, "\(an) == \(bn) is \(a == b), but the difference is \(difference)")
    check((a > b) == (b < a) && (a <= b) == !(b < a), "the ordering of \(an) and \(bn) is inconsistent")
    if a == b { check(a.hashValue == b.hashValue, "\(an) == \(bn) but their hashes differ") }
    check(Swift.max(a, b) >= Swift.min(a, b), "max(\(an), \(bn)) < min")

    // Multiplication.
    let product = a * b
    check(product.isIdentical(to: b * a), "\(an) * \(bn) is not commutative")
    check(product.exponent == a.exponent + b.exponent, "\(an) * \(bn) has exponent \(product.exponent)")
    check(product.isZero == (a.isZero || b.isZero), "\(an) * \(bn) = \(product): zero wrongly")
    if !a.isZero {
        do {
            let back = try product.divided(by: a)
            check(back == b, "(\(an) * \(bn)) / \(an) = \(back), not \(bn)")
        } catch {
            fatalError("invariant violated: (\(an) * \(bn)) / \(an) threw \(error)")
        }
    }

    // In place, on a fresh (uniquely referenced) coefficient and on a shared one; operands unchanged.
    var t = -(-a); t += b
    check(t.isIdentical(to: sum), "\(an) += \(bn) gave \(t), + gave \(sum)")
    var u = -(-a); u -= b
    check(u.isIdentical(to: difference), "\(an) -= \(bn) gave \(u), - gave \(difference)")
    var w = -(-a); w *= b
    check(w.isIdentical(to: product), "\(an) *= \(bn) gave \(w), * gave \(product)")
    var shared = a; shared += b; shared -= b; shared *= b
    check(shared == product, "((\(an) += \(bn)) -= \(bn)) *= \(bn) gave \(shared), not \(product)")
    check(a.description == an && b.description == bn, "an in-place operation changed an operand: \(a), \(b)")

    guard !b.isZero else {
        check((try? a.divided(by: b)) == nil, "\(an) / 0 did not throw")
        check((try? a.quotientAndRemainder(dividingBy: b)) == nil, "\(an) divided by 0 did not throw")
        check((try? a.divided(by: b, scale: 2)) == nil, "\(an) / 0 at scale 2 did not throw")
        return
    }

    // Exact division.
    let idealExponent = a.exponent - b.exponent
    do {
        let q = try a.divided(by: b)
        check(q * b == a, "\(an) / \(bn) = \(q), but q * \(bn) = \(q * b)")
        check(q.exponent <= idealExponent, "\(an) / \(bn) = \(q) has exponent \(q.exponent) above the ideal \(idealExponent)")
        if q.exponent < idealExponent && !q.isZero {
            check((try? q.rescaled(exactlyTo: -(q.exponent + 1))) == nil,
                  "\(an) / \(bn) = \(q): exponent lowered further than exactness needs (ideal \(idealExponent))")
        }
    } catch ArithmeticError.inexactQuotient {
        // Really inexact: an exact quotient would need at most log2|cb| < 3.33 × digits more places.
        let places = -idealExponent + 4 * b.digitCount + 2
        let q = try! a.divided(by: b, scale: places, rounding: .towardZero)
        check(q * b != a, "\(an) / \(bn) threw inexactQuotient, but \(q) is exact")
    } catch {
        fatalError("invariant violated: \(an) / \(bn) threw \(error)")
    }

    // Integer division.
    let (q, r) = try! a.quotientAndRemainder(dividingBy: b)
    check(q * b + r == a, "\(an) divided by \(bn): q = \(q), r = \(r), but q*b + r = \(q * b + r)")
    check(r.magnitude < b.magnitude, "\(an) divided by \(bn): |r| = \(r.magnitude) is not below |b|")
    check(q.exponent == 0, "\(an) divided by \(bn): quotient \(q) has exponent \(q.exponent)")
    check(r.exponent == minExponent, "\(an) divided by \(bn): remainder \(r) has exponent \(r.exponent), not \(minExponent)")
    check(r.isZero || r.signum() == a.signum(), "\(an) divided by \(bn): remainder \(r) has the wrong sign")
    let truncated = try! a.divided(by: b, scale: 0, rounding: .towardZero)
    check(q.isIdentical(to: truncated), "\(an) divided by \(bn): quotient \(q), but divided(by:scale: 0, .towardZero) is \(truncated)")

    // Division rounded to a scale.
    var scales: Set<Int> = [-3, 0, 2, clampScale(a.scale - b.scale), clampScale(a.scale + 3)]
    if let extraScale { scales.insert(extraScale) }
    for scale in scales.sorted() {
        let unit = pow10(-scale)
        let exactSign = a.signum() * b.signum()
        for rule in RoundingRule.allCases {
            let quotient = try! a.divided(by: b, scale: scale, rounding: rule)
            let what = "\(an) / \(bn) at scale \(scale), .\(rule) = \(quotient)"
            check(quotient.exponent == -scale, "\(what) has exponent \(quotient.exponent)")
            let expected = reference(a, b, scale: scale, rule)
            check(quotient.isIdentical(to: expected), "\(what), expected \(expected)")
            // Within one unit, in the rule's direction: compare q*b with a, scaling by |b| (and
            // flipping for a negative divisor so the direction is that of q - a/b).
            let scaledDifference = (quotient * b - a) * BigDecimal(b.signum())
            checkDirection(rule, difference: scaledDifference, unit: unit * b.magnitude, exactSign: exactSign, what)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecimalArithmetic(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
    guard lines.count >= 2,
        let a = try? BigDecimal(parsing: lines[0]),
        let b = try? BigDecimal(parsing: lines[1])
    else { return 0 }
    let extraScale = lines.count == 3 ? Int(lines[2]).map(clampScale) : nil
    checkValue(a, extraScale: extraScale)
    checkValue(b, extraScale: extraScale)
    guard abs(a.exponent - b.exponent) <= 300 else { return 0 }
    checkPair(a, b, extraScale: extraScale)
    return 0
}
