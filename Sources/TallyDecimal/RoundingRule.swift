/// How a value that falls between two representable results is rounded.
///
/// Names follow Swift's `FloatingPointRoundingRule` where Swift has one; every case says which
/// direction it means. The default everywhere in Tally is ``toNearestOrAwayFromZero``, as in Swift's
/// `rounded()` and Foundation's `.plain`.
///
/// Rounding to an integer (`rounded(scale: 0, rule)`):
///
/// | value | up | down | towardZero | awayFromZero | toNearestOrEven | toNearestOrAwayFromZero | toNearestOrTowardZero | zeroFiveUp |
/// |------:|---:|-----:|-----------:|-------------:|----------------:|------------------------:|----------------------:|-----------:|
/// | −2.5  | −2 |  −3  |     −2     |      −3      |       −2        |           −3            |          −2           |     −2     |
/// | −1.5  | −1 |  −2  |     −1     |      −2      |       −2        |           −2            |          −1           |     −1     |
/// | −0.5  |  0 |  −1  |      0     |      −1      |        0        |           −1            |           0           |     −1     |
/// |  0.5  |  1 |   0  |      0     |       1      |        0        |            1            |           0           |      1     |
/// |  1.5  |  2 |   1  |      1     |       2      |        2        |            2            |           1           |      1     |
/// |  2.5  |  3 |   2  |      2     |       3      |        2        |            3            |           2           |      2     |
///
/// See `Guides/Rounding.md` for the full table and the names other ecosystems use.
public enum RoundingRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// Toward positive infinity (ceiling; the spec's `round-ceiling`).
    case up
    /// Toward negative infinity (floor; the spec's `round-floor`).
    case down
    /// Toward zero (truncation; the spec's `round-down`).
    case towardZero
    /// Away from zero (the spec's `round-up`).
    case awayFromZero
    /// To the nearest; ties to the even neighbour (banker's rounding; the spec's `round-half-even`).
    case toNearestOrEven
    /// To the nearest; ties away from zero (schoolbook rounding; the spec's `round-half-up`). The default.
    case toNearestOrAwayFromZero
    /// To the nearest; ties toward zero (the spec's `round-half-down`).
    case toNearestOrTowardZero
    /// Toward zero, unless that leaves a last digit of 0 or 5, then away from zero (the spec's `round-05up`).
    case zeroFiveUp

    /// 1 when a truncated quotient steps one unit away from zero, else 0, computed without a
    /// branch: `rounded(scale:_:)`'s inline fast path, where a 50/50 "is the fraction above one
    /// half?" branch is mispredicted on half the lines of real data.
    ///
    /// - Parameters:
    ///   - negative: 1 for a negative exact value, else 0.
    ///   - twice: twice the discarded remainder's magnitude (below 2^62).
    ///   - divisor: the power of ten divided by (below 2^62).
    ///   - quotient: the truncated quotient.
    // Each comparison is the sign bit of a difference of values below 2^62: `(d &- t) >> 63` is 1
    // exactly when `t > d`. Checked against `roundsAwayFromZero` for every rule in RoundingTests.
    @inlinable @inline(__always)
    func awayFromZeroBit(negative: UInt64, twice: UInt64, divisor: UInt64, quotient: Int64) -> UInt64 {
        let above = (divisor &- twice) >> 63  // the fraction is above one half
        let half = ((twice ^ divisor) &- 1) >> 63  // exactly one half
        let nonzero = (0 &- twice) >> 63  // the fraction is not zero
        switch self {
        case .up: return nonzero & (negative ^ 1)
        case .down: return nonzero & negative
        case .towardZero: return 0
        case .awayFromZero: return nonzero
        case .toNearestOrEven: return above | (half & (quotient.magnitude & 1))
        case .toNearestOrAwayFromZero: return above | half
        case .toNearestOrTowardZero: return above
        case .zeroFiveUp:
            let last = quotient.magnitude % 10
            return nonzero & ((((last &- 1) >> 63)) | (((last ^ 5) &- 1) >> 63))
        }
    }

    /// Whether a truncated result steps one unit away from zero.
    ///
    /// - Parameters:
    ///   - isNegative: the sign of the exact value.
    ///   - lastDigit: the last digit of the truncated magnitude.
    ///   - halfComparison: the sign of (discarded fraction − one half); the fraction is never zero here.
    // `@inlinable` (was internal only): `rounded(scale:_:)`'s inline fast path calls it from the
    // caller's module, where a constant rule folds this switch away (W4 line tax, see there).
    @inlinable @inline(__always)
    func roundsAwayFromZero(isNegative: Bool, lastDigit: Int, halfComparison: Int) -> Bool {
        switch self {
        case .up: return !isNegative
        case .down: return isNegative
        case .towardZero: return false
        case .awayFromZero: return true
        case .toNearestOrEven: return halfComparison > 0 || (halfComparison == 0 && lastDigit % 2 == 1)
        case .toNearestOrAwayFromZero: return halfComparison >= 0
        case .toNearestOrTowardZero: return halfComparison > 0
        case .zeroFiveUp: return lastDigit == 0 || lastDigit == 5
        }
    }
}

extension RoundingRule {
    /// The rule that matches a Swift floating-point rounding rule.
    ///
    /// `.up` and `.down` keep their meaning (toward +∞ and −∞); `.toNearestOrAwayFromZero` maps to
    /// itself, and so on. Every case has an exact counterpart.
    ///
    /// - Parameter rule: a `FloatingPointRoundingRule`.
    public init(_ rule: FloatingPointRoundingRule) {
        switch rule {
        case .up: self = .up
        case .down: self = .down
        case .towardZero: self = .towardZero
        case .awayFromZero: self = .awayFromZero
        case .toNearestOrEven: self = .toNearestOrEven
        case .toNearestOrAwayFromZero: self = .toNearestOrAwayFromZero
        @unknown default: self = .toNearestOrAwayFromZero
        }
    }
}
