import Tally

/// A line of a shopping cart.
public struct Line: Equatable, Sendable {
    public var label: String
    public var unitPrice: BigDecimal
    public var quantity: Int

    public init(label: String, unitPrice: BigDecimal, quantity: Int) {
        self.label = label
        self.unitPrice = unitPrice
        self.quantity = quantity
    }

    /// The line's amount: unit price times quantity, exact.
    public var amount: BigDecimal { unitPrice * BigDecimal(quantity) }
}

/// The total of the lines, with tax at `rate` rounded half-even to cents.
public func total(of lines: [Line], taxRate rate: BigDecimal) -> BigDecimal {
    let subtotal = lines.reduce(BigDecimal.zero) { $0 + $1.amount }
    return subtotal + (subtotal * rate).rounded(scale: 2, .toNearestOrEven)
}

/// A till that rings lines up one at a time, as a point-of-sale service behind an actor would:
/// its total must be the cart's.
public actor Till {
    private var lines: [Line] = []

    public init() {}

    /// Adds a line.
    public func ring(_ line: Line) { lines.append(line) }

    /// The total of the lines rung up, with tax at `rate`.
    public func total(taxRate rate: BigDecimal) -> BigDecimal { Cart.total(of: lines, taxRate: rate) }
}
