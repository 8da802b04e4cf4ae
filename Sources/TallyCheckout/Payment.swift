/// A card network (`PKPaymentNetwork`), with PassKit's string values.
public struct PaymentNetwork: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// PassKit's string for the network (`"Visa"`, `"AmEx"`).
    public let rawValue: String

    /// A network by its PassKit string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// American Express (`"AmEx"`).
    public static let amex = PaymentNetwork(rawValue: "AmEx")
    /// Mastercard (`"MasterCard"`).
    public static let masterCard = PaymentNetwork(rawValue: "MasterCard")
    /// Visa (`"Visa"`).
    public static let visa = PaymentNetwork(rawValue: "Visa")
    /// China UnionPay (`"ChinaUnionPay"`).
    public static let chinaUnionPay = PaymentNetwork(rawValue: "ChinaUnionPay")
    /// Discover (`"Discover"`).
    public static let discover = PaymentNetwork(rawValue: "Discover")
    /// JCB (`"JCB"`).
    public static let jcb = PaymentNetwork(rawValue: "JCB")
    /// Interac (`"Interac"`).
    public static let interac = PaymentNetwork(rawValue: "Interac")
    /// Maestro (`"Maestro"`).
    public static let maestro = PaymentNetwork(rawValue: "Maestro")
    /// Private-label store cards (`"PrivateLabel"`).
    public static let privateLabel = PaymentNetwork(rawValue: "PrivateLabel")

    // The other networks of `PKPaymentRequest.availableNetworks()` (transit and prepaid networks
    // such as Nanaco or WAON are not listed), with PassKit's exact strings: some are not
    // capitalized as the brand is, and `PaymentNetwork(rawValue: "Girocard")` would match no card.
    /// Bancomat (Italy) (`"Bancomat"`).
    public static let bancomat = PaymentNetwork(rawValue: "Bancomat")
    /// Bancontact (Belgium) (`"Bancontact"`).
    public static let bancontact = PaymentNetwork(rawValue: "Bancontact")
    /// BankAxept (Norway) (`"BankAxept"`).
    public static let bankAxept = PaymentNetwork(rawValue: "BankAxept")
    /// Barcode payments (`"Barcode"`).
    public static let barcode = PaymentNetwork(rawValue: "Barcode")
    /// Cartes Bancaires (France) (`"CartesBancaires"`).
    public static let cartesBancaires = PaymentNetwork(rawValue: "CartesBancaires")
    /// Dankort (Denmark) (`"Dankort"`).
    public static let dankort = PaymentNetwork(rawValue: "Dankort")
    /// eftpos (Australia) (`"Eftpos"`).
    public static let eftpos = PaymentNetwork(rawValue: "Eftpos")
    /// Visa Electron (`"Electron"`).
    public static let electron = PaymentNetwork(rawValue: "Electron")
    /// Elo (Brazil) (`"Elo"`).
    public static let elo = PaymentNetwork(rawValue: "Elo")
    /// girocard (Germany; PassKit spells it in lower case) (`"girocard"`).
    public static let girocard = PaymentNetwork(rawValue: "girocard")
    /// Himyan (`"Himyan"`).
    public static let himyan = PaymentNetwork(rawValue: "Himyan")
    /// iD (Japan) (`"iD"`).
    public static let idCredit = PaymentNetwork(rawValue: "iD")
    /// Jaywan (United Arab Emirates) (`"Jaywan"`).
    public static let jaywan = PaymentNetwork(rawValue: "Jaywan")
    /// mada (Saudi Arabia; lower case in PassKit) (`"mada"`).
    public static let mada = PaymentNetwork(rawValue: "mada")
    /// Meeza (Egypt) (`"Meeza"`).
    public static let meeza = PaymentNetwork(rawValue: "Meeza")
    /// Mir (Russia) (`"Mir"`).
    public static let mir = PaymentNetwork(rawValue: "Mir")
    /// MyDebit (Malaysia) (`"MyDebit"`).
    public static let myDebit = PaymentNetwork(rawValue: "MyDebit")
    /// NAPAS (Vietnam) (`"NAPAS"`).
    public static let napas = PaymentNetwork(rawValue: "NAPAS")
    /// PagoBancomat (Italy) (`"PagoBancomat"`).
    public static let pagoBancomat = PaymentNetwork(rawValue: "PagoBancomat")
    /// PostFinance (Switzerland) (`"PostFinanceAG"`).
    public static let postFinance = PaymentNetwork(rawValue: "PostFinanceAG")
    /// QUICPay (Japan) (`"QUICPay"`).
    public static let quicPay = PaymentNetwork(rawValue: "QUICPay")
    /// Suica (Japan) (`"Suica"`).
    public static let suica = PaymentNetwork(rawValue: "Suica")
    /// V Pay (`"VPay"`).
    public static let vPay = PaymentNetwork(rawValue: "VPay")

    /// Every network named above, in that order: the PassKit strings Tally knows. A network
    /// outside it can still be made with `init(rawValue:)` (PassKit adds networks); TallyBridge
    /// refuses one in a document, where an unknown string is more likely a misspelling
    /// (`"Amex"` for `"AmEx"`) than a new network.
    public static let known: [PaymentNetwork] = [
        .amex, .masterCard, .visa, .chinaUnionPay, .discover, .jcb, .interac, .maestro, .privateLabel,
        .bancomat, .bancontact, .bankAxept, .barcode, .cartesBancaires, .dankort, .eftpos, .electron, .elo, .girocard,
        .himyan, .idCredit, .jaywan, .mada, .meeza, .mir, .myDebit, .napas, .pagoBancomat, .postFinance, .quicPay, .suica, .vPay,
    ]

    /// The PassKit string.
    public var description: String { rawValue }
}

/// The kind of card (`PKPaymentMethodType`), with PassKit's raw values.
public enum PaymentMethodType: Int, Hashable, Sendable, CaseIterable {
    /// Not known.
    case unknown = 0
    /// A debit card.
    case debit = 1
    /// A credit card.
    case credit = 2
    /// A prepaid card.
    case prepaid = 3
    /// A store card.
    case store = 4
    /// Electronic money, such as a transit card (PassKit's `.eMoney`, iOS 16).
    case eMoney = 5
}

/// The card the user picked in the sheet (`PKPaymentMethod`).
public struct PaymentMethod: Hashable, Sendable {
    /// The name shown (`"Visa 1234"`).
    public var displayName: String?
    /// The card's network.
    public var network: PaymentNetwork?
    /// The card's type.
    public var type: PaymentMethodType

    /// Creates a payment method.
    public init(displayName: String? = nil, network: PaymentNetwork? = nil, type: PaymentMethodType) {
        self.displayName = displayName
        self.network = network
        self.type = type
    }
}

/// What payments the merchant accepts (`PKMerchantCapability`), with PassKit's bit values.
public struct MerchantCapability: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Capabilities from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// 3-D Secure (1).
    public static let threeDSecure = MerchantCapability(rawValue: 1)
    /// EMV (2), needed for China UnionPay.
    public static let emv = MerchantCapability(rawValue: 2)
    /// Credit cards (4).
    public static let credit = MerchantCapability(rawValue: 4)
    /// Debit cards (8).
    public static let debit = MerchantCapability(rawValue: 8)
}

/// The outcome of an authorization (`PKPaymentAuthorizationStatus`), with PassKit's raw values.
public enum AuthorizationStatus: Int, Hashable, Sendable, CaseIterable {
    /// The payment went through.
    case success = 0
    /// The payment failed.
    case failure = 1
    /// The billing address is not valid.
    case invalidBillingPostalAddress = 2
    /// The shipping address is not valid.
    case invalidShippingPostalAddress = 3
    /// The shipping contact is not valid.
    case invalidShippingContact = 4
    /// The card needs its PIN.
    case pinRequired = 5
    /// The PIN was wrong.
    case pinIncorrect = 6
    /// Too many wrong PINs.
    case pinLockout = 7
}

/// An error shown in the payment sheet (`PKPaymentError` with its user-info keys).
public struct PaymentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of error (`PKPaymentError.Code`).
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// The shipping contact is not valid.
        case shippingContactInvalid
        /// The billing contact is not valid.
        case billingContactInvalid
        /// The merchant does not ship to the address.
        case shippingAddressUnserviceable
        /// The coupon code does not exist.
        case couponCodeInvalid
        /// The coupon code has expired.
        case couponCodeExpired
        /// Anything else.
        case unknown

        /// `PKPaymentError.Code`'s raw value for this code: `unknownError` −1,
        /// `shippingContactInvalidError` 1, `billingContactInvalidError` 2,
        /// `shippingAddressUnserviceableError` 3, `couponCodeInvalidError` 4,
        /// `couponCodeExpiredError` 5 (the `NSError` code in `PKPaymentErrorDomain`, for code
        /// that builds the error itself or reads one from a log). The raw value of `Code` stays
        /// the name, which is what Apple Pay JS and JSON carry.
        public var passKitCode: Int {
            switch self {
            case .unknown: return -1
            case .shippingContactInvalid: return 1
            case .billingContactInvalid: return 2
            case .shippingAddressUnserviceable: return 3
            case .couponCodeInvalid: return 4
            case .couponCodeExpired: return 5
            }
        }

        /// The code with `PKPaymentError.Code`'s raw value `passKitCode`, or `nil` for another number.
        public init?(passKitCode: Int) {
            guard let code = Code.allCases.first(where: { $0.passKitCode == passKitCode }) else { return nil }
            self = code
        }
    }

    /// The kind of error.
    public var code: Code
    /// The contact field the error is about, if any (the sheet highlights it).
    public var contactField: ContactField?
    /// The message the sheet shows.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, contactField: ContactField? = nil, message: String) {
        self.code = code
        self.contactField = contactField
        self.message = message
    }

    /// `couponCodeInvalid: "SAVE99" is not a coupon code`.
    public var description: String { "\(code.rawValue): \(message)" }
}
