/// A data-dependent failure of a `BigDecimal` operation.
///
/// Programmer errors (for example a scale so large that the result would need millions of digits)
/// are preconditions instead; see `Guides/Division.md` and `Guides/Rounding.md` for the bounds.
public enum ArithmeticError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The divisor is zero.
    case divisionByZero
    /// The quotient has no finite decimal expansion (`1 / 3`); round it with `divided(by:scale:rounding:)`.
    case inexactQuotient(dividend: String, divisor: String)
    /// Rescaling would lose nonzero digits (`12.345` to two decimals).
    case inexactRescale(value: String, scale: Int)

    /// A sentence naming the operation and the reason.
    public var description: String {
        switch self {
        case .divisionByZero:
            return "division by zero"
        case .inexactQuotient(let dividend, let divisor):
            return "\(dividend) / \(divisor) has no exact decimal quotient; give a scale and a rounding rule"
        case .inexactRescale(let value, let scale):
            return "\(value) has nonzero digits beyond \(scale) decimal places"
        }
    }
}
