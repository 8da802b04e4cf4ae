/// A card in the user's wallet, as far as availability needs it.
public struct WalletCard: Hashable, Sendable {
    /// The card's network.
    public var network: PaymentNetwork
    /// The card's type.
    public var type: PaymentMethodType

    /// Creates a card.
    public init(network: PaymentNetwork, type: PaymentMethodType) {
        self.network = network
        self.type = type
    }
}

/// Whether the Apple Pay button can start a payment, and if not, why: the three cases the seed
/// tutorial checks before it shows the sheet.
public enum PaymentAvailability: Hashable, Sendable, CustomStringConvertible {
    /// A card in the wallet can pay this merchant.
    case available
    /// The device or OS has no Apple Pay (`PKPaymentAuthorizationViewController` is missing).
    case unsupportedDevice
    /// This device cannot make payments (`canMakePayments()` is false: its hardware has no
    /// Apple Pay, or payments are restricted, e.g. by parental controls).
    case paymentsNotAllowed
    /// No card in the wallet is in the merchant's networks with an accepted type
    /// (`canMakePayments(usingNetworks:capabilities:)` is false): offer to set up a card.
    case noMatchingCard

    /// What to tell the user.
    public var description: String {
        switch self {
        case .available: return "Apple Pay can be used"
        case .unsupportedDevice: return "this device does not support Apple Pay"
        case .paymentsNotAllowed: return "this device cannot make payments (no Apple Pay, or payments are restricted)"
        case .noMatchingCard: return "no card in the wallet is accepted; set up a card"
        }
    }

    /// Decides availability from what the device reports and the merchant accepts.
    ///
    /// A card matches when its network is one of `networks`, the merchant supports the payment
    /// protocol of that network, and its type is accepted:
    /// - protocol: China UnionPay cards need `.emv`, cards of every other network `.threeDSecure`
    ///   (Apple's rule for `PKPaymentRequest.merchantCapabilities`: at least one of the two is
    ///   required; EMV for China UnionPay, 3-D Secure for American Express, Visa, Mastercard and
    ///   the others). Capabilities with neither protocol match no card;
    /// - type: when `capabilities` names exactly one of `.credit` and `.debit`, only that type
    ///   (prepaid counts as debit; store and e-money cards, neither, are then not accepted: Tally's
    ///   reading, as Apple says only "categorized as credit/debit cards"); with both or neither,
    ///   every type ("if both or neither supportsCredit and supportsDebit values are supplied,
    ///   the transaction allows both credit and debit cards", Apple Pay on the Web).
    ///
    /// `capabilities: nil` asks what `canMakePayments(usingNetworks:)` asks (the seed's third
    /// check has no capabilities): whether a card of one of `networks` is in the wallet, whatever
    /// its type and protocol. (An empty set is not that: it names neither protocol and matches no
    /// card. Nor is `.none`, which is this `nil`, not an empty set: write `[]` for no capabilities.)
    public static func evaluate(
        isApplePaySupported: Bool, canMakePayments: Bool, cards: [WalletCard],
        networks: [PaymentNetwork], capabilities: MerchantCapability?
    ) -> PaymentAvailability {
        guard isApplePaySupported else { return .unsupportedDevice }
        guard canMakePayments else { return .paymentsNotAllowed }
        // A set: a wallet of n cards against n networks compared every pair (8,000 each: 4.4 s).
        let accepting = Set(networks)
        guard let capabilities else {
            return cards.contains { accepting.contains($0.network) } ? .available : .noMatchingCard
        }
        // Both or neither: no filter (with both, store and e-money cards were refused: review,
        // 2026-12-02).
        let restricted = capabilities.contains(.credit) != capabilities.contains(.debit)
        func accepted(_ type: PaymentMethodType) -> Bool {
            guard restricted else { return true }
            switch type {
            case .credit: return capabilities.contains(.credit)
            case .debit, .prepaid: return capabilities.contains(.debit)
            case .store, .eMoney, .unknown: return false
            }
        }
        func protocolSupported(_ network: PaymentNetwork) -> Bool {
            capabilities.contains(network == .chinaUnionPay ? .emv : .threeDSecure)
        }
        let match = cards.contains { accepting.contains($0.network) && protocolSupported($0.network) && accepted($0.type) }
        return match ? .available : .noMatchingCard
    }
}

extension Checkout {
    /// Availability for this checkout's networks and capabilities (see `PaymentAvailability.evaluate`).
    public func paymentAvailability(isApplePaySupported: Bool, canMakePayments: Bool, cards: [WalletCard]) -> PaymentAvailability {
        .evaluate(
            isApplePaySupported: isApplePaySupported, canMakePayments: canMakePayments, cards: cards,
            networks: supportedNetworks, capabilities: merchantCapabilities)
    }
}
