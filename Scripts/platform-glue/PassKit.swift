// Stub of Apple's PassKit framework, reduced to the symbols the PassKit glue in
// Guides/Checkout.md uses, so that CI can type-check that glue on Linux. Never run: it is compiled
// with `swiftc -emit-module -module-name PassKit` only, and every body is a placeholder.
//
// Each declaration mirrors the Swift declaration on the Apple documentation page named in the
// comment above it: argument labels, optionality (`String?`, `[any Error]!`), failable
// initializers, class / struct / enum, raw-value types, `open` classes and their subclasses,
// `@MainActor` where the page shows it. Where a page was not in the docs corpus the comment says
// so and the closest documented shape is used.
//
// Differences forced by Linux (no Objective-C runtime):
// - no `@objc`, no `@NSCopying` (Apple marks `amount` and `dateComponentsRange` @NSCopying; that
//   changes nothing for callers), no NSCopying/NSSecureCoding conformances;
// - no `optional` protocol requirements: PKPaymentAuthorizationControllerDelegate declares the
//   five optional async methods the glue implements as plain requirements (see there), so that
//   the glue's methods are matched against the documented signatures;
// - imported Objective-C enums and typed string constants are `Sendable` value types on Apple
//   platforms, so they are declared `Sendable` here; the classes are not documented as Sendable
//   and are left non-Sendable.

// Apple's PassKit re-exports Foundation (its headers import <Foundation/Foundation.h>).
@_exported import Foundation
import Contacts

// MARK: - Summary items

// https://developer.apple.com/documentation/passkit/pkpaymentsummaryitemtype
// `enum PKPaymentSummaryItemType` (NS_ENUM over NSUInteger: `init?(rawValue: UInt)`).
public enum PKPaymentSummaryItemType: UInt, Sendable {
    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitemtype/final
    case final = 0
    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitemtype/pending
    case pending = 1
}

// https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem
// `class PKPaymentSummaryItem` (NSObject subclass).
open class PKPaymentSummaryItem: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/label
    // (`var label: String { get set }`; page reached through the class page's topic list)
    open var label: String = ""
    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/amount
    // (`@NSCopying var amount: NSDecimalNumber { get set }`; @NSCopying dropped on Linux)
    open var amount: NSDecimalNumber = NSDecimalNumber.zero
    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/type
    open var type: PKPaymentSummaryItemType = .final

    public override init() { super.init() }

    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/init(label:amount:)
    public convenience init(label: String, amount: NSDecimalNumber) {
        self.init()
        self.label = label
        self.amount = amount
    }

    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/init(label:amount:type:)
    public convenience init(label: String, amount: NSDecimalNumber, type: PKPaymentSummaryItemType) {
        self.init(label: label, amount: amount)
        self.type = type
    }
}

// https://developer.apple.com/documentation/passkit/pkdeferredpaymentsummaryitem
// `class PKDeferredPaymentSummaryItem`, inherits from PKPaymentSummaryItem.
open class PKDeferredPaymentSummaryItem: PKPaymentSummaryItem {
    // https://developer.apple.com/documentation/passkit/pkdeferredpaymentsummaryitem/deferreddate
    open var deferredDate: Date = Date(timeIntervalSinceReferenceDate: 0)
}

// https://developer.apple.com/documentation/passkit/pkrecurringpaymentsummaryitem
// `class PKRecurringPaymentSummaryItem`, a PKPaymentSummaryItem subclass.
open class PKRecurringPaymentSummaryItem: PKPaymentSummaryItem {
    // Listed on the class page; its own page was not in the docs corpus. Shape
    // `var startDate: Date? { get set }` (objc2 bindings: `Option<NSDate>`).
    open var startDate: Date?
    // Listed on the class page; its own page was not in the docs corpus. Shape
    // `var intervalUnit: NSCalendar.Unit { get set }` (objc2 bindings: `NSCalendarUnit`).
    open var intervalUnit: NSCalendar.Unit = .month
    // https://developer.apple.com/documentation/passkit/pkrecurringpaymentsummaryitem/intervalcount
    open var intervalCount: Int = 1
    // Listed on the class page; its own page was not in the docs corpus. Shape
    // `var endDate: Date? { get set }` (objc2 bindings: `Option<NSDate>`).
    open var endDate: Date?
}

// https://developer.apple.com/documentation/passkit/pkautomaticreloadpaymentsummaryitem
// `class PKAutomaticReloadPaymentSummaryItem`, a PKPaymentSummaryItem subclass (not on watchOS).
open class PKAutomaticReloadPaymentSummaryItem: PKPaymentSummaryItem {
    // https://developer.apple.com/documentation/passkit/pkautomaticreloadpaymentsummaryitem/thresholdamount
    open var thresholdAmount: NSDecimalNumber = NSDecimalNumber.zero
}

// https://developer.apple.com/documentation/passkit/pkdatecomponentsrange
// `class PKDateComponentsRange` (NSObject subclass; NSCopying, NSSecureCoding omitted).
open class PKDateComponentsRange: NSObject {
    // https://developer.apple.com/documentation/passkit/pkdatecomponentsrange/startdatecomponents
    open var startDateComponents: DateComponents { fatalError("stub") }
    // Listed on the class page (`endDateComponents`); same shape as startDateComponents.
    open var endDateComponents: DateComponents { fatalError("stub") }

    // https://developer.apple.com/documentation/passkit/pkdatecomponentsrange/init(start:end:)
    public init?(start startDateComponents: DateComponents, end endDateComponents: DateComponents) {
        super.init()
    }
}

// https://developer.apple.com/documentation/passkit/pkshippingmethod
// `class PKShippingMethod`, a PKPaymentSummaryItem subclass (its initializers are the inherited
// `init(label:amount:)` / `init(label:amount:type:)`).
open class PKShippingMethod: PKPaymentSummaryItem {
    // https://developer.apple.com/documentation/passkit/pkshippingmethod/identifier
    open var identifier: String?
    // https://developer.apple.com/documentation/passkit/pkshippingmethod/detail
    open var detail: String?
    // https://developer.apple.com/documentation/passkit/pkshippingmethod/datecomponentsrange
    // (`@NSCopying var dateComponentsRange: PKDateComponentsRange? { get set }`)
    open var dateComponentsRange: PKDateComponentsRange?
}

// MARK: - Contacts, payment methods, networks

// https://developer.apple.com/documentation/passkit/pkcontact
// `class PKContact` (NSObject subclass).
open class PKContact: NSObject {
    // https://developer.apple.com/documentation/passkit/pkcontact/name
    open var name: PersonNameComponents?
    // https://developer.apple.com/documentation/passkit/pkcontact/postaladdress
    open var postalAddress: CNPostalAddress?
    // https://developer.apple.com/documentation/passkit/pkcontact/emailaddress
    open var emailAddress: String?
    // https://developer.apple.com/documentation/passkit/pkcontact/phonenumber
    open var phoneNumber: CNPhoneNumber?
}

// https://developer.apple.com/documentation/passkit/pkpaymentnetwork
// `struct PKPaymentNetwork` (NS_TYPED_EXTENSIBLE_ENUM over NSString). Only the initializers are
// used by the glue; the network constants (`.visa`, ...) are omitted.
public struct PKPaymentNetwork: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    // https://developer.apple.com/documentation/passkit/pkpaymentnetwork/init(rawvalue:)
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/passkit/pkpaymentnetwork/init(_:)
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

// https://developer.apple.com/documentation/passkit/pkpaymentmethodtype
// `enum PKPaymentMethodType` (NS_ENUM over NSUInteger; raw values from the ObjC header as
// mirrored by the objc2-pass-kit bindings: unknown 0, debit 1, credit 2, prepaid 3, store 4,
// eMoney 5).
public enum PKPaymentMethodType: UInt, Sendable {
    case unknown = 0
    case debit = 1
    case credit = 2
    case prepaid = 3
    case store = 4
    case eMoney = 5
}

// https://developer.apple.com/documentation/passkit/pkpaymentmethod
// `class PKPaymentMethod` (NSObject subclass).
open class PKPaymentMethod: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentmethod/displayname
    open var displayName: String? { nil }
    // https://developer.apple.com/documentation/passkit/pkpaymentmethod/network
    open var network: PKPaymentNetwork? { nil }
    // https://developer.apple.com/documentation/passkit/pkpaymentmethod/type
    open var type: PKPaymentMethodType { .unknown }
}

// https://developer.apple.com/documentation/passkit/pkcontactfield
// `struct PKContactField` (NS_TYPED_ENUM over NSString). The constants' string values are not
// documented; the ones below are placeholders.
public struct PKContactField: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    // Listed on the struct page ("init(rawValue:)"); its own page was not in the docs corpus.
    // Shape `init(rawValue: String)`, as on the sibling
    // https://developer.apple.com/documentation/passkit/pkpaymenterrorkey (`init(rawValue: String)`).
    public init(rawValue: String) { self.rawValue = rawValue }

    // The five constants are listed on https://developer.apple.com/documentation/passkit/pkcontactfield
    // (their own pages were not in the docs corpus); shape `static let name: PKContactField`.
    public static let postalAddress = PKContactField(rawValue: "post")
    public static let emailAddress = PKContactField(rawValue: "email")
    public static let phoneNumber = PKContactField(rawValue: "phone")
    public static let name = PKContactField(rawValue: "name")
    public static let phoneticName = PKContactField(rawValue: "phoneticName")
}

// https://developer.apple.com/documentation/passkit/pkshippingtype
// `enum PKShippingType` (NS_ENUM over NSUInteger: `init?(rawValue: UInt)`).
public enum PKShippingType: UInt, Sendable {
    // https://developer.apple.com/documentation/passkit/pkshippingtype/shipping
    case shipping = 0
    // Listed on https://developer.apple.com/documentation/passkit/pkshippingtype
    // (PKShippingType.delivery); its own page was not in the docs corpus.
    case delivery = 1
    // https://developer.apple.com/documentation/passkit/pkshippingtype/storepickup
    case storePickup = 2
    // https://developer.apple.com/documentation/passkit/pkshippingtype/servicepickup
    case servicePickup = 3
}

// https://developer.apple.com/documentation/passkit/pkmerchantcapability
// `struct PKMerchantCapability` (NS_OPTIONS over NSUInteger).
public struct PKMerchantCapability: OptionSet, Sendable {
    public let rawValue: UInt
    // https://developer.apple.com/documentation/passkit/pkmerchantcapability/init(rawvalue:)
    public init(rawValue: UInt) { self.rawValue = rawValue }

    // https://developer.apple.com/documentation/passkit/pkmerchantcapability/threedsecure
    public static var threeDSecure: PKMerchantCapability { PKMerchantCapability(rawValue: 1 << 0) }
    // Listed on https://developer.apple.com/documentation/passkit/pkmerchantcapability
    // (`emv`, `credit`, `debit`); own pages not in the docs corpus; same `static var ... { get }`
    // shape as threeDSecure.
    public static var emv: PKMerchantCapability { PKMerchantCapability(rawValue: 1 << 1) }
    public static var credit: PKMerchantCapability { PKMerchantCapability(rawValue: 1 << 2) }
    public static var debit: PKMerchantCapability { PKMerchantCapability(rawValue: 1 << 3) }
}

// MARK: - Authorization status, errors

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus
// `enum PKPaymentAuthorizationStatus`;
// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus/init(rawvalue:)
// is `init?(rawValue: Int)` (NS_ENUM over NSInteger). Raw values 0...7 are not on Apple's pages;
// they follow the ObjC header as listed by Microsoft's binding docs (PKPaymentAuthorizationStatus).
public enum PKPaymentAuthorizationStatus: Int, Sendable {
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus/success
    case success = 0
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus/failure
    case failure = 1
    // Deprecated per-field statuses (iOS 8–11), kept for the raw-value mapping.
    case invalidBillingPostalAddress = 2
    case invalidShippingPostalAddress = 3
    case invalidShippingContact = 4
    case pinRequired = 5
    case pinIncorrect = 6
    case pinLockout = 7
}

// https://developer.apple.com/documentation/passkit/pkpaymenterrordomain
// (`let PKPaymentErrorDomain: String`). `nonisolated`: a single file given to
// `swiftc -emit-module` is parsed in script mode, where Swift 6 makes top-level variables
// @MainActor; a library global (Apple's) is nonisolated.
nonisolated public let PKPaymentErrorDomain: String = "PKPaymentErrorDomain"

// https://developer.apple.com/documentation/passkit/pkpaymenterrorkey
// `struct PKPaymentErrorKey` (typed NSString constant). Raw values are placeholders.
public struct PKPaymentErrorKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    // Listed on the struct page: `init(rawValue: String)`.
    public init(rawValue: String) { self.rawValue = rawValue }

    // https://developer.apple.com/documentation/passkit/pkpaymenterrorkey/contactfielduserinfokey
    public static let contactFieldUserInfoKey = PKPaymentErrorKey(rawValue: "PKPaymentErrorContactField")
    // https://developer.apple.com/documentation/passkit/pkpaymenterrorkey/postaladdressuserinfokey
    public static let postalAddressUserInfoKey = PKPaymentErrorKey(rawValue: "PKPaymentErrorPostalAddress")
}

// https://developer.apple.com/documentation/passkit/pkpaymenterror
// `struct PKPaymentError`: the Swift error struct imported for the NS_ERROR_ENUM PKPaymentErrorCode
// (a `_BridgedStoredNSError` wrapping an NSError).
public struct PKPaymentError: CustomNSError, Hashable, @unchecked Sendable {
    // https://developer.apple.com/documentation/passkit/pkpaymenterror/code
    // `enum Code` (NS_ERROR_ENUM over NSInteger; values from the ObjC header: unknown -1, 1...5).
    public enum Code: Int, Sendable {
        // https://developer.apple.com/documentation/passkit/pkpaymenterror/code/unknownerror
        case unknownError = -1
        // https://developer.apple.com/documentation/passkit/pkpaymenterror/code/shippingcontactinvaliderror
        case shippingContactInvalidError = 1
        // https://developer.apple.com/documentation/passkit/pkpaymenterror/code/billingcontactinvaliderror
        case billingContactInvalidError = 2
        // https://developer.apple.com/documentation/passkit/pkpaymenterror/code/shippingaddressunserviceableerror
        case shippingAddressUnserviceableError = 3
        // https://developer.apple.com/documentation/passkit/pkpaymenterror/code/couponcodeinvaliderror
        case couponCodeInvalidError = 4
        // https://developer.apple.com/documentation/passkit/pkpaymenterror/code/couponcodeexpirederror
        case couponCodeExpiredError = 5
    }

    private let _code: Code
    private let _userInfo: NSDictionary

    // Not on a PKPaymentError page in the docs corpus: this is the initializer every imported
    // NSError-backed error struct gets (`_BridgedStoredNSError`), documented with this exact
    // shape for such structs, e.g.
    // https://developer.apple.com/documentation/authenticationservices/asdeliveredverificationcodesmanager/verificationerror/init(_:userinfo:)
    // (`init(_ code: ...Code, userInfo: [String : Any] = [:])`).
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        _code = code
        _userInfo = NSDictionary(dictionary: userInfo)
    }

    // https://developer.apple.com/documentation/passkit/pkpaymenterror (errorDomain, as on every
    // imported error struct: `static var errorDomain: String { get }`).
    public static var errorDomain: String { PKPaymentErrorDomain }
    public var errorCode: Int { _code.rawValue }
    public var errorUserInfo: [String: Any] { _userInfo as? [String: Any] ?? [:] }
    public var code: Code { _code }

    public static func == (lhs: PKPaymentError, rhs: PKPaymentError) -> Bool { lhs._code == rhs._code }
    public func hash(into hasher: inout Hasher) { hasher.combine(_code) }

    // https://developer.apple.com/documentation/passkit/pkpaymenterror/unknownerror
    public static var unknownError: PKPaymentError.Code { .unknownError }
    // https://developer.apple.com/documentation/passkit/pkpaymenterror/shippingcontactinvaliderror
    public static var shippingContactInvalidError: PKPaymentError.Code { .shippingContactInvalidError }
    // Listed with its siblings (billingContactInvalidError); same `static var ... { get }` shape.
    public static var billingContactInvalidError: PKPaymentError.Code { .billingContactInvalidError }
    // https://developer.apple.com/documentation/passkit/pkpaymenterror/shippingaddressunserviceableerror
    public static var shippingAddressUnserviceableError: PKPaymentError.Code { .shippingAddressUnserviceableError }
    // Listed with its siblings (couponCodeInvalidError); same `static var ... { get }` shape.
    public static var couponCodeInvalidError: PKPaymentError.Code { .couponCodeInvalidError }
    // https://developer.apple.com/documentation/passkit/pkpaymenterror/couponcodeexpirederror
    public static var couponCodeExpiredError: PKPaymentError.Code { .couponCodeExpiredError }
}

// MARK: - Payment request

// https://developer.apple.com/documentation/passkit/pkpaymentrequest
// `class PKPaymentRequest` (NSObject subclass, created with `init()`).
open class PKPaymentRequest: NSObject {
    public override init() { super.init() }

    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/merchantidentifier
    open var merchantIdentifier: String = ""
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/countrycode
    open var countryCode: String = ""
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/currencycode
    open var currencyCode: String = ""
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/supportednetworks
    open var supportedNetworks: [PKPaymentNetwork] = []
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/merchantcapabilities
    open var merchantCapabilities: PKMerchantCapability = []
    // Page not in the docs corpus; shape of its documented twin
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/requiredbillingcontactfields
    // (`var requiredBillingContactFields: Set<PKContactField> { get set }`).
    open var requiredShippingContactFields: Set<PKContactField> = []
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/requiredbillingcontactfields
    open var requiredBillingContactFields: Set<PKContactField> = []
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/shippingmethods
    open var shippingMethods: [PKShippingMethod]?
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/paymentsummaryitems
    open var paymentSummaryItems: [PKPaymentSummaryItem] = []
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/supportscouponcode
    open var supportsCouponCode: Bool = false
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/couponcode
    open var couponCode: String?
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/shippingtype
    open var shippingType: PKShippingType = .shipping

    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/paymentcontactinvaliderror(withcontactfield:localizeddescription:)
    open class func paymentContactInvalidError(withContactField field: PKContactField, localizedDescription: String?) -> any Error {
        fatalError("stub")
    }

    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/paymentshippingaddressinvaliderror(withkey:localizeddescription:)
    open class func paymentShippingAddressInvalidError(withKey postalAddressKey: String, localizedDescription: String?) -> any Error {
        fatalError("stub")
    }

    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/paymentbillingaddressinvaliderror(withkey:localizeddescription:)
    open class func paymentBillingAddressInvalidError(withKey postalAddressKey: String, localizedDescription: String?) -> any Error {
        fatalError("stub")
    }

    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/paymentshippingaddressunserviceableerror(withlocalizeddescription:)
    open class func paymentShippingAddressUnserviceableError(withLocalizedDescription localizedDescription: String?) -> any Error {
        fatalError("stub")
    }
}

// The coupon-code factories are `static` functions from PassKit's Swift overlay (an extension),
// not imported `class func`s.
extension PKPaymentRequest {
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/paymentcouponcodeinvaliderror(localizeddescription:)
    public static func paymentCouponCodeInvalidError(localizedDescription: String? = nil) -> any Error {
        fatalError("stub")
    }

    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/paymentcouponcodeexpirederror(localizeddescription:)
    public static func paymentCouponCodeExpiredError(localizedDescription: String? = nil) -> any Error {
        fatalError("stub")
    }
}

// MARK: - Request updates and results

// https://developer.apple.com/documentation/passkit/pkpaymentrequestupdate
// `class PKPaymentRequestUpdate` (NSObject subclass), the base of the update classes.
open class PKPaymentRequestUpdate: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentrequestupdate/status
    open var status: PKPaymentAuthorizationStatus = .success
    // https://developer.apple.com/documentation/passkit/pkpaymentrequestupdate/paymentsummaryitems
    open var paymentSummaryItems: [PKPaymentSummaryItem]
    // https://developer.apple.com/documentation/passkit/pkpaymentrequestupdate/shippingmethods
    open var shippingMethods: [PKShippingMethod] = []

    // https://developer.apple.com/documentation/passkit/pkpaymentrequestupdate/init(paymentsummaryitems:)
    public init(paymentSummaryItems: [PKPaymentSummaryItem]) {
        self.paymentSummaryItems = paymentSummaryItems
        super.init()
    }
}

// https://developer.apple.com/documentation/passkit/pkpaymentrequestshippingmethodupdate
// `class PKPaymentRequestShippingMethodUpdate`; no initializer of its own: it inherits
// `init(paymentSummaryItems:)` from PKPaymentRequestUpdate.
open class PKPaymentRequestShippingMethodUpdate: PKPaymentRequestUpdate {}

// https://developer.apple.com/documentation/passkit/pkpaymentrequestshippingcontactupdate
// `class PKPaymentRequestShippingContactUpdate`, a PKPaymentRequestUpdate subclass.
open class PKPaymentRequestShippingContactUpdate: PKPaymentRequestUpdate {
    // Listed on the class page; its own page was not in the docs corpus. Shape
    // `var errors: [any Error]! { get set }`, as on the documented sibling
    // https://developer.apple.com/documentation/passkit/pkpaymentrequestpaymentmethodupdate/errors
    open var errors: [any Error]!

    // https://developer.apple.com/documentation/passkit/pkpaymentrequestshippingcontactupdate/init(errors:paymentsummaryitems:shippingmethods:)
    public init(errors: [any Error]?, paymentSummaryItems: [PKPaymentSummaryItem], shippingMethods: [PKShippingMethod]) {
        self.errors = errors
        super.init(paymentSummaryItems: paymentSummaryItems)
        self.shippingMethods = shippingMethods
    }
}

// https://developer.apple.com/documentation/passkit/pkpaymentrequestpaymentmethodupdate
// `class PKPaymentRequestPaymentMethodUpdate`, a PKPaymentRequestUpdate subclass.
open class PKPaymentRequestPaymentMethodUpdate: PKPaymentRequestUpdate {
    // https://developer.apple.com/documentation/passkit/pkpaymentrequestpaymentmethodupdate/errors
    open var errors: [any Error]!

    // https://developer.apple.com/documentation/passkit/pkpaymentrequestpaymentmethodupdate/init(errors:paymentsummaryitems:)
    public init(errors: [any Error]?, paymentSummaryItems: [PKPaymentSummaryItem]) {
        self.errors = errors
        super.init(paymentSummaryItems: paymentSummaryItems)
    }
}

// https://developer.apple.com/documentation/passkit/pkpaymentrequestcouponcodeupdate
// `class PKPaymentRequestCouponCodeUpdate`, a PKPaymentRequestUpdate subclass (not on watchOS).
open class PKPaymentRequestCouponCodeUpdate: PKPaymentRequestUpdate {
    // Listed on the class page; its own page was not in the docs corpus. Shape
    // `var errors: [any Error]! { get set }`, as on the documented sibling
    // https://developer.apple.com/documentation/passkit/pkpaymentrequestpaymentmethodupdate/errors
    open var errors: [any Error]!

    // https://developer.apple.com/documentation/passkit/pkpaymentrequestcouponcodeupdate/init(errors:paymentsummaryitems:shippingmethods:)
    public init(errors: [any Error]?, paymentSummaryItems: [PKPaymentSummaryItem], shippingMethods: [PKShippingMethod]) {
        self.errors = errors
        super.init(paymentSummaryItems: paymentSummaryItems)
        self.shippingMethods = shippingMethods
    }
}

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationresult
// `class PKPaymentAuthorizationResult` (NSObject subclass).
open class PKPaymentAuthorizationResult: NSObject {
    // Listed on the class page (`status`); its own page was not in the docs corpus. Shape
    // `var status: PKPaymentAuthorizationStatus { get set }`.
    open var status: PKPaymentAuthorizationStatus
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationresult/errors
    open var errors: [any Error]!

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationresult/init(status:errors:)
    public init(status: PKPaymentAuthorizationStatus, errors: [any Error]?) {
        self.status = status
        self.errors = errors
        super.init()
    }
}

// MARK: - Authorized payment

// https://developer.apple.com/documentation/passkit/pkpaymenttoken
// `class PKPaymentToken` (NSObject subclass).
open class PKPaymentToken: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymenttoken/paymentmethod
    open var paymentMethod: PKPaymentMethod { fatalError("stub") }
    // https://developer.apple.com/documentation/passkit/pkpaymenttoken/transactionidentifier
    open var transactionIdentifier: String { fatalError("stub") }
}

// https://developer.apple.com/documentation/passkit/pkpayment
// `class PKPayment` (NSObject subclass).
open class PKPayment: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpayment/token
    open var token: PKPaymentToken { fatalError("stub") }
    // https://developer.apple.com/documentation/passkit/pkpayment/billingcontact
    open var billingContact: PKContact? { nil }
    // https://developer.apple.com/documentation/passkit/pkpayment/shippingcontact
    open var shippingContact: PKContact? { nil }
    // https://developer.apple.com/documentation/passkit/pkpayment/shippingmethod
    open var shippingMethod: PKShippingMethod? { nil }
}

// MARK: - Controller and delegate

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate
// `protocol PKPaymentAuthorizationControllerDelegate : NSObjectProtocol`.
//
// Apple's protocol has one required method, paymentAuthorizationControllerDidFinish(_:), and
// optional ones: paymentAuthorizationController(_:didAuthorizePayment:handler:) and its async
// form `@MainActor optional func ...(_:didAuthorizePayment:) async -> PKPaymentAuthorizationResult`,
// ...(_:didSelectShippingMethod:) async -> PKPaymentRequestShippingMethodUpdate,
// ...(_:didSelectShippingContact:) async -> PKPaymentRequestShippingContactUpdate,
// ...(_:didSelectPaymentMethod:) async -> PKPaymentRequestPaymentMethodUpdate,
// ...(_:didChangeCouponCode:) async -> PKPaymentRequestCouponCodeUpdate, and others, all
// `@MainActor optional`. Optional requirements exist only for @objc protocols, which Linux
// cannot express. The five async forms the glue implements are declared here as plain
// requirements instead, so that the compiler matches the glue's methods against the documented
// signatures (a misspelt label or a wrong update type fails the conformance, where an optional
// requirement would let the method compile as an unrelated one). A glue that leaves one out
// would fail here and compile on Apple's platforms; the guide implements all five.
public protocol PKPaymentAuthorizationControllerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontrollerdidfinish(_:)
    @MainActor func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController)

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontroller(_:didauthorizepayment:handler:)
    // (the async form, as the SDK's Swift interface declares it; optional in Apple's protocol)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment
    ) async -> PKPaymentAuthorizationResult

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontroller(_:didselectshippingmethod:handler:)
    // (async form; optional in Apple's protocol)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectShippingMethod shippingMethod: PKShippingMethod
    ) async -> PKPaymentRequestShippingMethodUpdate

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontroller(_:didselectshippingcontact:handler:)
    // (async form; optional in Apple's protocol)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectShippingContact contact: PKContact
    ) async -> PKPaymentRequestShippingContactUpdate

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontroller(_:didselectpaymentmethod:handler:)
    // (async form; optional in Apple's protocol)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectPaymentMethod paymentMethod: PKPaymentMethod
    ) async -> PKPaymentRequestPaymentMethodUpdate

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontroller(_:didchangecouponcode:handler:)
    // (async form; optional in Apple's protocol)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didChangeCouponCode couponCode: String
    ) async -> PKPaymentRequestCouponCodeUpdate
}

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller
// `class PKPaymentAuthorizationController` (NSObject subclass; the page shows no @MainActor).
open class PKPaymentAuthorizationController: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/delegate
    open weak var delegate: (any PKPaymentAuthorizationControllerDelegate)?

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/init(paymentrequest:)
    public init(paymentRequest request: PKPaymentRequest) {
        super.init()
    }

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/present(completion:)
    open func present(completion: (@Sendable (Bool) -> Void)? = nil) {}

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/dismiss(completion:)
    open func dismiss(completion: (@Sendable () -> Void)? = nil) {}
}
