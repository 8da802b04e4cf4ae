/// The ledger's knobs: how retries back off and how a transaction that lost its order id is
/// matched to an order. Not journaled: a restarted ledger may use a new policy.
public struct PurchasePolicy: Hashable, Sendable {
    /// The delay after the first failed upload; each further failure doubles it.
    public var firstRetryDelay: Duration
    /// The longest delay between retries.
    public var maximumRetryDelay: Duration
    /// How long before a transaction its order may have been created to be matched by product.
    public var orderMatchWindow: Duration
    /// How far the server's clock (an order's `createdAt`) may run ahead of the store's (the
    /// transaction's `date`).
    public var clockSkew: Duration

    /// The policy: 2 s doubling up to 15 min; orders matched within 24 h before a transaction,
    /// allowing 5 min of clock skew.
    public init(
        firstRetryDelay: Duration = .seconds(2), maximumRetryDelay: Duration = .seconds(15 * 60),
        orderMatchWindow: Duration = .seconds(24 * 3600), clockSkew: Duration = .seconds(5 * 60)
    ) {
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.orderMatchWindow = orderMatchWindow
        self.clockSkew = clockSkew
    }

    /// The delay before retrying after `failures` failed uploads (1, 2, …):
    /// `min(firstRetryDelay × 2^(failures − 1), maximumRetryDelay)`.
    ///
    /// ```swift
    /// PurchasePolicy().retryDelay(afterFailures: 1)    // 2 seconds
    /// PurchasePolicy().retryDelay(afterFailures: 4)    // 16 seconds
    /// PurchasePolicy().retryDelay(afterFailures: 30)   // 900 seconds
    /// ```
    public func retryDelay(afterFailures failures: Int) -> Duration {
        var delay = max(firstRetryDelay, .zero)
        guard delay > .zero else { return .zero }
        // At most 100 doublings: beyond that any positive first delay exceeds any maximum.
        var doublings = failures <= 1 ? 0 : min(failures - 1, 100)  // Int.min must not trap
        while doublings > 0 && delay < maximumRetryDelay {
            // Doubling a delay of more than half the maximum passes the maximum: stop there, so
            // that a delay near `Duration`'s limit is never doubled out of it (a trap).
            guard delay <= maximumRetryDelay / 2 else { return maximumRetryDelay }
            delay = delay * 2
            doublings -= 1
        }
        return max(min(delay, maximumRetryDelay), .zero)
    }
}
