// A stand-in for Apple's StoreKit (StoreKit 1 only), so that the StoreKit glue of
// Guides/Purchases.md (the ```swift block containing `canImport(StoreKit)`) can be type-checked on
// Linux, in Swift 6 mode, against Tally's modules. It is compiled as a module named `StoreKit` and is
// never run: every body is `fatalError()`.
//
// Only the declarations the glue uses are here, each written from Apple's documented Swift
// declaration (the URL above each one is the page it was checked against). Apple's pages show a
// class's declaration as `class X`, without its superclass or its Sendable-ness; those come from
// the SDK's Objective-C headers (iOS 26 SDK), as noted where they apply:
//   - SKPaymentQueue, SKPaymentTransaction, SKProduct: `NS_SWIFT_SENDABLE @interface X : NSObject`,
//     imported as `class X: NSObject, @unchecked Sendable`;
//   - SKPayment: `NS_SWIFT_NONSENDABLE @interface SKPayment : NSObject <NSCopying, NSMutableCopying>`,
//     SKMutablePayment: `NS_SWIFT_NONSENDABLE @interface SKMutablePayment : SKPayment`,
//     imported with Sendable explicitly unavailable;
//   - SKPaymentTransactionObserver: `@protocol SKPaymentTransactionObserver <NSObject>` with no
//     actor annotation (neither it nor anything else here is @MainActor).
// Differences forced by Linux, which has no Objective-C runtime: no `@objc`, and the protocol has
// only its one required requirement (Apple's optional ones cannot be declared without @objc).
// Imported Objective-C classes are `open`; so are these. NSCopying conformances are left out (the
// glue does not copy payments).

@_exported import Foundation

// https://developer.apple.com/tutorials/data/documentation/storekit/skpaymenttransactionobserver.md
// (`protocol SKPaymentTransactionObserver : NSObjectProtocol`; no actor or Sendable annotation)
public protocol SKPaymentTransactionObserver: NSObjectProtocol {
    // https://developer.apple.com/documentation/storekit/skpaymenttransactionobserver/paymentqueue(_:updatedtransactions:).md
    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction])
}

// https://developer.apple.com/tutorials/data/documentation/storekit/skpaymentqueue.md
// (`class SKPaymentQueue`; NSObject superclass and NS_SWIFT_SENDABLE from SKPaymentQueue.h)
open class SKPaymentQueue: NSObject, @unchecked Sendable {
    // https://developer.apple.com/tutorials/data/documentation/storekit/skpaymentqueue/default().md
    open class func `default`() -> Self { fatalError() }

    // https://developer.apple.com/tutorials/data/documentation/storekit/skpaymentqueue/add(_:)-4vct1.md
    open func add(_ payment: SKPayment) { fatalError() }

    // https://developer.apple.com/tutorials/data/documentation/storekit/skpaymentqueue/add(_:)-5ciz2.md
    // (the other `add(_:)`, kept so that overload resolution sees what it sees on Apple platforms)
    open func add(_ observer: any SKPaymentTransactionObserver) { fatalError() }

    // https://developer.apple.com/tutorials/data/documentation/storekit/skpaymentqueue/finishtransaction(_:).md
    open func finishTransaction(_ transaction: SKPaymentTransaction) { fatalError() }
}

// https://developer.apple.com/tutorials/data/documentation/storekit/skproduct.md
// (`class SKProduct`; NSObject superclass and NS_SWIFT_SENDABLE from SKProduct.h)
open class SKProduct: NSObject, @unchecked Sendable {}

// https://developer.apple.com/tutorials/data/documentation/storekit/skpayment.md
// (`class SKPayment`; NSObject superclass and NS_SWIFT_NONSENDABLE from SKPayment.h)
open class SKPayment: NSObject {
    // https://developer.apple.com/tutorials/data/documentation/storekit/skpayment/init(product:).md
    public convenience init(product: SKProduct) { self.init() }

    // https://developer.apple.com/tutorials/data/documentation/storekit/skpayment/productidentifier.md
    open var productIdentifier: String { fatalError() }

    // https://developer.apple.com/tutorials/data/documentation/storekit/skpayment/quantity.md
    open var quantity: Int { fatalError() }

    // https://developer.apple.com/documentation/storekit/skpayment/applicationusername.md
    open var applicationUsername: String? { fatalError() }
}

// NS_SWIFT_NONSENDABLE (SKPayment.h): the importer marks the Sendable conformance unavailable.
@available(*, unavailable)
extension SKPayment: @unchecked Sendable {}

// https://developer.apple.com/tutorials/data/documentation/storekit/skmutablepayment.md
// (`class SKMutablePayment`; superclass SKPayment and NS_SWIFT_NONSENDABLE from SKPayment.h;
// `init(product:)` is SKPayment's convenience initializer, inherited)
open class SKMutablePayment: SKPayment {
    // https://developer.apple.com/documentation/storekit/skmutablepayment/productidentifier.md
    open override var productIdentifier: String {
        get { fatalError() }
        set { fatalError() }
    }

    // No page of its own found (the SKMutablePayment page lists it); `{ get set }` as SKPayment.h's
    // `@property(nonatomic, readwrite) NSInteger quantity` on SKMutablePayment.
    open override var quantity: Int {
        get { fatalError() }
        set { fatalError() }
    }

    // https://developer.apple.com/tutorials/data/documentation/storekit/skmutablepayment/applicationusername.md
    open override var applicationUsername: String? {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/tutorials/data/documentation/storekit/skpaymenttransaction.md
// (`class SKPaymentTransaction`; NSObject superclass and NS_SWIFT_SENDABLE from SKPaymentTransaction.h)
open class SKPaymentTransaction: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/storekit/skpaymenttransaction/error.md
    open var error: (any Error)? { fatalError() }

    // https://developer.apple.com/documentation/storekit/skpaymenttransaction/original.md
    open var original: SKPaymentTransaction? { fatalError() }

    // https://developer.apple.com/documentation/storekit/skpaymenttransaction/payment.md
    open var payment: SKPayment { fatalError() }

    // https://developer.apple.com/documentation/storekit/skpaymenttransaction/transactiondate.md
    open var transactionDate: Date? { fatalError() }

    // https://developer.apple.com/documentation/storekit/skpaymenttransaction/transactionidentifier.md
    open var transactionIdentifier: String? { fatalError() }

    // https://developer.apple.com/documentation/storekit/skpaymenttransaction/transactionstate.md
    open var transactionState: SKPaymentTransactionState { fatalError() }
}

// https://developer.apple.com/documentation/storekit/skpaymenttransactionstate.md
// (`enum SKPaymentTransactionState`; raw type Int from `typedef NS_ENUM(NSInteger,
// SKPaymentTransactionState)`, values 0...4 in this order; an imported NS_ENUM is Sendable. It is
// also not frozen, which this non-resilient enum is; the glue's `@unknown default` compiles without
// a warning either way, with or without -enable-library-evolution)
public enum SKPaymentTransactionState: Int, @unchecked Sendable {
    // https://developer.apple.com/tutorials/data/documentation/storekit/skpaymenttransactionstate/purchasing.md
    case purchasing = 0
    // https://developer.apple.com/tutorials/data/documentation/storekit/skpaymenttransactionstate/purchased.md
    case purchased = 1
    // https://developer.apple.com/documentation/storekit/skpaymenttransactionstate.md (listed there;
    // its own page not retrieved)
    case failed = 2
    // https://developer.apple.com/tutorials/data/documentation/storekit/skpaymenttransactionstate/restored.md
    case restored = 3
    // https://developer.apple.com/documentation/storekit/skpaymenttransactionstate.md (listed there;
    // its own page not retrieved)
    case deferred = 4
}

// https://developer.apple.com/tutorials/data/documentation/storekit/skerror.md
// (`struct SKError`: the Swift error struct Foundation generates for SKErrorDomain's
// NS_ERROR_ENUM. On Apple platforms it conforms to Foundation's `_BridgedStoredNSError` (which
// refines CustomNSError and Hashable) and gets `var code: SKError.Code` from it; that protocol's
// bridging requirements cannot be met without Objective-C, so the stub conforms to the public
// protocols and declares `code` itself.)
public struct SKError: CustomNSError, Hashable {
    // https://developer.apple.com/tutorials/data/documentation/storekit/skerror/code.md
    // (`enum Code`; raw type Int and values from SKError.h's `typedef NS_ENUM(NSInteger, SKErrorCode)`)
    public enum Code: Int, @unchecked Sendable, Equatable {
        case unknown = 0
        case clientInvalid = 1
        case paymentCancelled = 2
        case paymentInvalid = 3
        case paymentNotAllowed = 4
        case storeProductNotAvailable = 5
        case cloudServicePermissionDenied = 6
        case cloudServiceNetworkConnectionFailed = 7
        case cloudServiceRevoked = 8
        case privacyAcknowledgementRequired = 9
        case unauthorizedRequestData = 10
        case invalidOfferIdentifier = 11
        case invalidSignature = 12
        case missingOfferParams = 13
        case invalidOfferPrice = 14
        case overlayCancelled = 15
        case overlayInvalidConfiguration = 16
        case overlayTimeout = 17
        case ineligibleForOffer = 18
        case unsupportedPlatform = 19
        case overlayPresentedInBackgroundScene = 20
    }

    // No StoreKit page (it is `_BridgedStoredNSError`'s `var code: Code { get }` on Apple platforms).
    public var code: Code { fatalError() }

    // https://developer.apple.com/tutorials/data/documentation/storekit/skerror/paymentcancelled.md
    public static var paymentCancelled: SKError.Code { fatalError() }
}
