import TallyDecimal
import TallyMoney

/// Something the app sells through the store: the StoreKit product identifier, its price and the
/// name shown to the user.
///
/// ```swift
/// let coins = Product(identifier: "coins.100", price: Money("6.00", .cny), displayName: "100 coins")
/// ```
public struct Product: Hashable, Sendable, Codable {
    /// The store's product identifier (`SKProduct.productIdentifier`).
    public var identifier: String
    /// The price of one unit, in the storefront's currency.
    public var price: Money
    /// The name shown to the user.
    public var displayName: String

    /// A product.
    public init(identifier: String, price: Money, displayName: String) {
        self.identifier = identifier
        self.price = price
        self.displayName = displayName
    }
}

/// An order the app's server created before the purchase: its id is what the app binds to the
/// payment (`SKMutablePayment.applicationUsername`), and what the server credits when it accepts
/// the receipt.
///
/// ```swift
/// let order = try Order(id: "A-1001", product: coins, quantity: 2, createdAt: now)
/// print(order.expectedAmount)   // 12.00 CNY
/// ```
public struct Order: Hashable, Sendable {
    /// The largest quantity an order may have (StoreKit allows at most 10 per payment).
    public static let maximumQuantity = 10

    /// The server's order id.
    public let id: String
    /// What is bought.
    public let product: Product
    /// How many units (1…`maximumQuantity`).
    public let quantity: Int
    /// The product's price × quantity, exact.
    public let expectedAmount: Money
    /// When the server created the order; a transaction that lost its order id is matched to an
    /// open order of the same product created shortly before it.
    public let createdAt: Timestamp

    /// An order of `quantity` units of `product`.
    ///
    /// - Throws: `PurchaseError.invalidOrder` when the id is empty, the quantity is not
    ///   1…`maximumQuantity`, or the price is negative, has more decimals than its currency
    ///   allows (no store charges `0.001 CNY`, and a credit of it could not be paid out) or is
    ///   beyond the default `ParseLimits` (a journal could not read it back), or the amount due
    ///   (price × quantity) is beyond those limits.
    public init(id: String, product: Product, quantity: Int = 1, createdAt: Timestamp) throws(PurchaseError) {
        try self.init(id: id, product: product, quantity: quantity, createdAt: createdAt, checkingPriceDecimals: true)
    }

    /// An order; a price finer than its currency's minor units, or an amount due beyond the
    /// default parse limits, is refused only when `checkingPriceDecimals` (orders read back from
    /// a journal were accepted when they were recorded, by an earlier version perhaps, and must
    /// still open).
    init(id: String, product: Product, quantity: Int, createdAt: Timestamp, checkingPriceDecimals: Bool) throws(PurchaseError) {
        guard !id.isEmpty else { throw .invalidOrder(id: id, reason: "the order id is empty") }
        guard (1...Self.maximumQuantity).contains(quantity) else {
            throw .invalidOrder(id: id, reason: "quantity \(quantity) is not 1…\(Self.maximumQuantity)")
        }
        guard product.price.amount.signum() >= 0 else {
            throw .invalidOrder(id: id, reason: "the price \(product.price) is negative")
        }
        // Within what a journal reads back, as every price a store charges is; a price such as
        // 1E+900000000 made in code stopped the process when the credited totals added it to
        // one of 0.01 (the sum needs 900 million digits).
        let limits = ParseLimits.default
        guard limits.admits(product.price.amount) else {
            throw .invalidOrder(
                id: id,
                reason: "the price \(product.price.amount) is beyond the default parse limits (\(limits.maximumSignificantDigits) digits, exponents within ±\(limits.maximumExponentMagnitude))")
        }
        guard !checkingPriceDecimals || product.price.isWholeMinorUnits else {
            let currency = product.price.currency
            throw .invalidOrder(
                id: id,
                reason: "the price \(product.price.amount) has more decimals than \(currency.code) allows (\(currency.minorUnits))")
        }
        self.id = id
        self.product = product
        self.quantity = quantity
        let expectedAmount = product.price.multiplied(by: BigDecimal(quantity))
        // The amount due is journaled too, in the order's credit: a price of 1,000 digits times
        // 2 has 1,001, which a journal cannot read back, so the ledger could never compact
        // again and stopped taking events once its journal was full (a review). Checked for new
        // orders only, as the decimals are: a journal holding such an order still opens.
        guard !checkingPriceDecimals || limits.admits(expectedAmount.amount) else {
            throw .invalidOrder(
                id: id,
                reason: "the amount due, \(quantity) × \(product.price.amount) = \(expectedAmount.amount), is beyond the default parse limits (\(limits.maximumSignificantDigits) digits, exponents within ±\(limits.maximumExponentMagnitude))")
        }
        self.expectedAmount = expectedAmount
        self.createdAt = createdAt
    }
}

extension Order: Codable {
    private enum CodingKeys: String, CodingKey { case id, product, quantity, createdAt }

    /// The `userInfo` key a journal's decoder sets to `true`: there an order whose price has more
    /// decimals than its currency allows is read as it was recorded.
    static let journalKey = CodingUserInfoKey(rawValue: "TallyPurchases.journal")!

    /// Decodes `{"id", "product", "quantity", "createdAt"}`; the expected amount is computed again.
    /// A price finer than its currency's minor units is refused, except in a journal (see
    /// `Order.init(id:product:quantity:createdAt:)`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                id: try container.decode(String.self, forKey: .id),
                product: try container.decode(Product.self, forKey: .product),
                quantity: try container.decodeIfPresent(Int.self, forKey: .quantity) ?? 1,
                createdAt: try container.decode(Timestamp.self, forKey: .createdAt),
                checkingPriceDecimals: decoder.userInfo[Order.journalKey] as? Bool != true)
        } catch let error as PurchaseError {
            let key: CodingKeys = switch error {
            case .invalidOrder(let id, _) where id.isEmpty: .id
            case .invalidOrder(_, let reason) where reason.hasPrefix("the price"): .product
            default: .quantity
            }
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
        }
    }

    /// Encodes the order without its expected amount (it follows from price and quantity).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(product, forKey: .product)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
