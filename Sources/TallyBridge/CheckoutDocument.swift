import Foundation
import TallyCheckout
import TallyDecimal
import TallyMoney

/// The checkout document: the JSON body the seed's web view sends to its Apple Pay service, plus
/// Tally's keys, read strictly and exactly.
///
/// ```json
/// {"merchantName": "ls", "currencyCode": "CNY", "countryCode": "CN",
///  "items": [{"label": "商品价格", "amount": "12.75"}, {"label": "优惠折扣", "amount": -12.74}],
///  "shippingMethods": [{"identifier": "freeshipping", "label": "包邮", "detail": "6-8 天 送达", "amount": "0.00"}],
///  "shippingAddressRequirement": "all", "shippingType": "shipping"}
/// ```
/// Amounts may be strings or numbers and are read from their text (a 60-digit amount is exact).
/// Every error names the JSON path and the reason; unknown keys are errors (usually typos) unless
/// `lenient` is set; unknown enumeration strings are always errors.
public enum CheckoutDocument {
    /// The most digits a number in a document may have before the decimal point (amounts, rates and
    /// percents are below 10^100 in magnitude); beyond any price, and it keeps a summary's size in
    /// proportion to its document's.
    public static let maximumIntegerDigits = 100

    /// The most digits a number in a document may have after the decimal point (a rate of
    /// `0.0825` has 4; a percent of `1E-6100` would be printed in full in its coupon's label).
    public static let maximumFractionDigits = 100

    /// Reads a document and builds its `Checkout`.
    ///
    /// - Throws: `DocumentError` with the JSON path: malformed JSON, a wrong type, a bad amount,
    ///   an unknown code or enumeration string, an unknown key, or a `CheckoutError` (negative
    ///   total, too many decimals, …) at the place it names.
    public static func checkout(from text: String, lenient: Bool = false) throws(DocumentError) -> Checkout {
        let value: JSONValue
        do {
            value = try JSONReader.read(text)
        } catch {
            throw DocumentError(path: "", reason: "not JSON: \(error)")
        }
        return try checkout(from: value, lenient: lenient)
    }

    /// Builds the `Checkout` of an already-read document (see `checkout(from:lenient:)`).
    public static func checkout(from value: JSONValue, lenient: Bool = false) throws(DocumentError) -> Checkout {
        let root = try Node(value: value, path: "").object(keys: documentKeys, lenient: lenient)
        let currencyCode = try root.required("currencyCode").string()
        let currency: Currency
        do {
            currency = try Currency(currencyCode)
        } catch {
            // Money's reason: not an ISO code (look-alike letters escaped), or one without minor units.
            if case .currencyWithoutMinorUnits(let code, let name) = error {
                throw DocumentError(path: "currencyCode", reason: "\(Node.shown(code)) (\(name)) has no minor units in ISO 4217, so it cannot price a checkout")
            }
            throw DocumentError(path: "currencyCode", reason: error.description)
        }
        let countryCode = try alpha2CountryCode(root.required("countryCode"))
        let merchantName = try root.optional("merchantName")?.string() ?? "Total"
        let items = try root.required("items").array().map { (node) throws(DocumentError) -> SummaryItem in
            let item = try node.object(keys: ["label", "amount", "type"], lenient: lenient)
            let type = try item.optional("type")?.enumeration(["final": SummaryItemType.final, "pending": .pending]) ?? .final
            return SummaryItem(label: try item.required("label").string(), amount: try item.required("amount").amount(currency), type: type)
        }
        let methods = try (root.optional("shippingMethods")?.array() ?? []).map { (node) throws(DocumentError) -> ShippingMethod in
            let method = try node.object(keys: ["identifier", "label", "detail", "amount"], lenient: lenient)
            return ShippingMethod(
                identifier: try method.required("identifier").string(), label: try method.required("label").string(),
                detail: try method.optional("detail")?.string() ?? "", amount: try method.required("amount").amount(currency))
        }
        let coupons = try (root.optional("coupons")?.array() ?? []).map { (node) throws(DocumentError) -> Coupon in
            let coupon = try node.object(keys: ["code", "percentOff", "amountOff", "freeShipping", "expired"], lenient: lenient)
            let benefits: [Coupon.Benefit] = [
                (try coupon.optional("percentOff")?.decimal()).map { Coupon.Benefit.percentOff($0) },
                (try coupon.optional("amountOff")?.amount(currency)).map { Coupon.Benefit.amountOff($0) },
                try coupon.optional("freeShipping")?.bool() == true ? .freeShipping : nil,
            ].compactMap { $0 }
            guard benefits.count == 1 else {
                throw DocumentError(path: coupon.path, reason: "a coupon needs exactly one of percentOff, amountOff or freeShipping: true")
            }
            return Coupon(code: try coupon.required("code").string(), benefit: benefits[0], isExpired: try coupon.optional("expired")?.bool() ?? false)
        }
        let taxRules = try (root.optional("taxRules")?.array() ?? []).map { (node) throws(DocumentError) -> TaxRule in
            let rule = try node.object(keys: ["country", "region", "rate", "label", "includesShipping"], lenient: lenient)
            return TaxRule(
                country: try rule.required("country").string(), region: try rule.optional("region")?.string(),
                rate: try rule.required("rate").decimal(), label: try rule.optional("label")?.string() ?? "Tax",
                includesShipping: try rule.optional("includesShipping")?.bool() ?? false)
        }
        let shippingRules = try (root.optional("shippingRules")?.array() ?? []).map { (node) throws(DocumentError) -> ShippingRule in
            let rule = try node.object(keys: ["country", "regions", "methods"], lenient: lenient)
            return ShippingRule(
                country: try rule.required("country").string(),
                regions: try (rule.optional("regions")?.array() ?? []).map { (node) throws(DocumentError) in try node.string() },
                methods: try rule.required("methods").array().map { (node) throws(DocumentError) in try node.string() })
        }
        let surcharges = try (root.optional("paymentMethodSurcharges")?.array() ?? []).map { (node) throws(DocumentError) -> Surcharge in
            let surcharge = try node.object(keys: ["type", "percent", "label"], lenient: lenient)
            return Surcharge(
                paymentMethodType: try surcharge.required("type").enumeration(paymentMethodTypes),
                percent: try surcharge.required("percent").decimal(), label: try surcharge.optional("label")?.string() ?? "Surcharge")
        }
        let rounding = try root.optional("rounding")?.enumeration(Dictionary(uniqueKeysWithValues: RoundingRule.allCases.map { ($0.rawValue, $0) }))
        let billing = try root.optional("billingAddressRequirement")?.enumeration(requirements) ?? []
        let shipping = try root.optional("shippingAddressRequirement")?.enumeration(requirements) ?? []
        let shippingType = try root.optional("shippingType")?.enumeration(shippingTypes) ?? .shipping
        let merchantIdentifier = try root.optional("merchantIdentifier")?.string() ?? ""
        do throws(CheckoutError) {
            return try Checkout(
                currency: currency, countryCode: countryCode, merchantName: merchantName, items: items,
                shippingMethods: methods, coupons: coupons, taxRules: taxRules, shippingRules: shippingRules,
                surcharges: surcharges, rounding: rounding ?? .toNearestOrAwayFromZero, merchantIdentifier: merchantIdentifier,
                requiredBillingContactFields: billing, requiredShippingContactFields: shipping, shippingType: shippingType)
        } catch {
            // CheckoutError messages start with the Swift place ("items[1].amount: …"), which is
            // the document's path except for the surcharges (`surcharges[0].paymentMethodType`
            // is `paymentMethodSurcharges[0].type` here).
            if case .duplicateSurcharge(let type, let index, let firstIndex) = error {
                var documentError = DocumentError(
                    path: "paymentMethodSurcharges[\(index)].type",
                    reason: "\(type) cards have a surcharge already (paymentMethodSurcharges[\(firstIndex)])")
                documentError.otherPath = "paymentMethodSurcharges[\(firstIndex)]"
                throw documentError
            }
            let text = error.description
            guard let colon = text.range(of: ": ") else { throw DocumentError(path: "", reason: text) }
            var documentError = DocumentError(path: documentPath(String(text[..<colon.lowerBound])), reason: String(text[colon.upperBound...]))
            switch error {
            case .duplicateShippingMethod(_, _, let firstIndex): documentError.otherPath = "shippingMethods[\(firstIndex)]"
            case .duplicateCoupon(_, _, let firstIndex): documentError.otherPath = "coupons[\(firstIndex)]"
            case .duplicateTaxRule(_, let firstIndex): documentError.otherPath = "taxRules[\(firstIndex)]"
            default: break
            }
            throw documentError
        }
    }

    /// The document's path for a `CheckoutError` place: the same but for the surcharges.
    static func documentPath(_ place: String) -> String {
        guard place.hasPrefix("surcharges[") else { return place }
        let path = "paymentMethodSurcharges" + place.dropFirst("surcharges".count)
        return path.hasSuffix(".paymentMethodType") ? path.dropLast(".paymentMethodType".count) + ".type" : path
    }

    /// The merchant's `countryCode` at `node`. Apple Pay and WebKit take only an assigned ISO
    /// 3166-1 alpha-2 region in capitals (`"US"`, not `"us"` or `"USA"`); a sheet opened with
    /// anything else fails in the browser, not here.
    static func alpha2CountryCode(_ node: Node) throws(DocumentError) -> String {
        let code = try node.string()
        guard isAssignedAlpha2(code) else {
            throw node.fail("\(Node.shown(code)) is not an ISO 3166-1 alpha-2 country code (two capital letters, such as \"US\")")
        }
        return code
    }

    private static func isAssignedAlpha2(_ code: String) -> Bool {
        Checkout.isAssignedCountryCode(code)
    }

    static let documentKeys: Set<String> = [
        "merchantName", "currencyCode", "countryCode", "items", "shippingMethods", "billingAddressRequirement",
        "shippingAddressRequirement", "shippingType", "coupons", "taxRules", "shippingRules", "paymentMethodSurcharges",
        "rounding", "merchantIdentifier",
    ]

    /// The seed's requirement strings, as the contact fields PassKit asks for.
    static let requirements: [String: Set<ContactField>] = [
        "none": [], "all": [.postalAddress, .name, .emailAddress, .phoneNumber], "postcode": [.postalAddress],
        "name": [.name], "email": [.emailAddress], "phone": [.phoneNumber],
    ]

    /// The seed's shipping types.
    static let shippingTypes: [String: ShippingType] = [
        "shipping": .shipping, "delivery": .delivery, "store": .storePickup, "service": .servicePickup,
    ]

    /// Payment-method types by name.
    static let paymentMethodTypes: [String: PaymentMethodType] = [
        "debit": .debit, "credit": .credit, "prepaid": .prepaid, "store": .store, "eMoney": .eMoney, "unknown": .unknown,
    ]
}

/// A value at a JSON path, with typed accessors that fail with the path and the reason.
struct Node {
    let value: JSONValue
    let path: String

    func child(_ key: String) -> String { Node.member(path, key) }

    /// The path of member `key` under `path`: `items.amount` for a plain name, and for any other
    /// key (one from the document: an unknown key can hold dots, brackets or control characters)
    /// the key quoted and escaped in brackets, `["items[1].amount"]`, so that a path never points
    /// somewhere else and a message never spans lines.
    static func member(_ path: String, _ key: String) -> String {
        let isName = key.utf8.first.map { $0 &- 48 >= 10 } ?? false && key.utf8.count <= 40
            && key.utf8.allSatisfy { ($0 | 0x20) &- 97 < 26 || $0 &- 48 < 10 || $0 == 95 }
        return joined(path, isName ? key : "[\(shown(key))]")
    }

    /// `relative` (a path such as `items[1].amount` or `["a b"]`, or empty) under `path`.
    /// Why selecting the shipping method `identifier` was refused (`tally quote --shipping` and
    /// `tally replay`'s `selectShippingMethod` say it alike): not offered to the contact, or the
    /// total it would make is above the maximum.
    static func shippingRefusal(_ identifier: String, in checkout: Checkout) -> String {
        checkout.offersShippingMethod(identifier)
            ? "\(shown(identifier)) would take the total above the maximum of \(checkout.maximumTotal?.plainString ?? "")"
            : "\(shown(identifier)) is not offered here (offered: \(offeredList(checkout.offeredShippingMethods.map(\.identifier))))"
    }

    static func joined(_ path: String, _ relative: String) -> String {
        if path.isEmpty { return relative }
        if relative.isEmpty { return path }
        return relative.hasPrefix("[") ? path + relative : "\(path).\(relative)"
    }

    /// `text` as a message shows it: quoted with its control characters and line separators
    /// escaped (`quotedForMessage`, as the checkout's own messages quote codes), and cut after its
    /// first 40 Unicode scalars (a 9 MB amount is not echoed whole, nor one "character" of a letter
    /// and 100,000 combining marks).
    static func shown(_ text: String) -> String {
        let (head, isCut) = head(text)
        return quotedForMessage(head) + (isCut ? "…" : "")
    }

    /// The identifiers of the methods offered, for a refusal: at most `listed`, each cut like a
    /// value (`clipped`), then how many more there are. A message's size does not grow with the
    /// document's: a review's `tally replay` repeating a refused selection against a 1 MB
    /// identifier wrote 1 MB of message per event, 3 GB of memory for 800 events.
    static func offeredList(_ identifiers: [String], listed: Int = 10) -> String {
        if identifiers.isEmpty { return "none" }  // "(offered: )" read as a cut message (review, 2026-12-02)
        let shown = identifiers.prefix(listed).map(clipped).joined(separator: ", ")
        return identifiers.count > listed ? shown + " and \(identifiers.count - listed) more" : shown
    }

    /// `text` cut after its first 40 Unicode scalars, with "…" when it was cut, unquoted (for
    /// number tokens and plain decimal forms, which are ASCII).
    static func clipped(_ text: String) -> String {
        let (head, isCut) = head(text)
        return head + (isCut ? "…" : "")
    }

    /// The first 40 Unicode scalars of `text`, and whether there were more.
    private static func head(_ text: String) -> (String, Bool) {
        let scalars = text.unicodeScalars
        // The 41st scalar found by walking at most 41, not by counting all of them: a refusal
        // naming ten offered identifiers of 300,000 characters counted 3 million scalars, and a
        // review's 3,000 refused selections took 26.6 s.
        guard scalars.index(scalars.startIndex, offsetBy: 40, limitedBy: scalars.endIndex).map({ $0 < scalars.endIndex }) == true else {
            return (text, false)
        }
        var head = String.UnicodeScalarView()
        head.append(contentsOf: scalars.prefix(40))
        return (String(head), true)
    }

    func fail(_ reason: String) -> DocumentError { DocumentError(path: path, reason: reason) }

    /// Whether `key` is one of `keys`. Known keys are ASCII; the ASCII test, before any hashing,
    /// keeps a canonically equivalent spelling from matching.
    static func isKey(_ key: String, of keys: Set<String>) -> Bool {
        key.utf8.allSatisfy { $0 < 0x80 } && keys.contains(key)
    }

    func object(keys: Set<String>, lenient: Bool) throws(DocumentError) -> ObjectNode {
        guard case .object(let object) = value else { throw fail("expected an object, found \(value.kindDescription)") }
        if !lenient, let unknown = object.keys.first(where: { !Node.isKey($0, of: keys) }) {
            throw DocumentError(path: child(unknown), reason: "unknown key (a typo? --lenient in tally, lenient: true in code, ignores unknown keys)")
        }
        return ObjectNode(object: object, path: path)
    }

    func array() throws(DocumentError) -> [Node] {
        guard case .array(let elements) = value else { throw fail("expected an array, found \(value.kindDescription)") }
        return elements.enumerated().map { Node(value: $0.element, path: "\(path)[\($0.offset)]") }
    }

    func string() throws(DocumentError) -> String {
        guard case .string(let text) = value else { throw fail("expected a string, found \(value.kindDescription)") }
        return text
    }

    func bool() throws(DocumentError) -> Bool {
        guard case .bool(let flag) = value else { throw fail("expected true or false, found \(value.kindDescription)") }
        return flag
    }

    /// A decimal from a JSON string or number, read exactly from its text.
    func decimal() throws(DocumentError) -> BigDecimal {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number
        default: throw fail("expected a decimal number (a string or a number), found \(value.kindDescription)")
        }
        let shown = value == .string(text) ? Node.shown(text) : Node.clipped(text)
        let number: BigDecimal
        do {
            number = try BigDecimal(parsing: text)
        } catch {
            switch error.reason {
            case .tooManyDigits, .exponentOutOfRange: throw fail("\(shown) is out of range: \(error.description)")
            default: throw fail("\(shown) is not a decimal number")
            }
        }
        // Every number is written out in full in the summary (Apple Pay and W3C take no exponent
        // notation), so `1e6144`, six bytes, would print as 6,145 digits on every line and event.
        // The same for digits after the point: a percent of `1E-6100` is printed in its coupon's label.
        guard number.isZero || number.exponent + number.digitCount <= CheckoutDocument.maximumIntegerDigits else {
            throw fail("\(shown) is out of range: a document's numbers have at most \(CheckoutDocument.maximumIntegerDigits) digits before the point")
        }
        guard number.scale <= CheckoutDocument.maximumFractionDigits else {
            throw fail("\(shown) is out of range: a document's numbers have at most \(CheckoutDocument.maximumFractionDigits) digits after the point")
        }
        return number
    }

    /// An amount in `currency`: a decimal with no more decimals than the currency allows.
    func amount(_ currency: Currency) throws(DocumentError) -> BigDecimal {
        let amount = try decimal()
        guard Money(amount, currency).isWholeMinorUnits else {
            // The plain form, up to 40 characters (`1e-99` has 101).
            throw fail("\(Node.clipped(amount.plainString)) has more decimals than \(currency.code) allows (\(currency.minorUnits))")
        }
        return amount
    }

    func enumeration<T>(_ cases: [String: T]) throws(DocumentError) -> T {
        let text = try string()
        guard let match = cases[text] else {
            throw fail("\(Node.shown(text)) is not one of \(cases.keys.sorted().joined(separator: ", "))")
        }
        return match
    }
}

/// An object at a JSON path.
struct ObjectNode {
    let object: JSONObject
    let path: String

    func optional(_ key: String) -> Node? {
        guard let value = object[key], value != .null else { return nil }
        return Node(value: value, path: Node.member(path, key))
    }

    func required(_ key: String) throws(DocumentError) -> Node {
        guard let node = optional(key) else {
            // `null` is read as absent for optional keys; for a required one, say what was there.
            let found = object[key] == .null ? "is null (a value is required)" : "is missing"
            throw DocumentError(path: Node.member(path, key), reason: found)
        }
        return node
    }
}
