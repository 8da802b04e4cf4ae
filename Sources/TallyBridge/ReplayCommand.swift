import TallyCheckout
import TallyDecimal
import TallyMoney

/// `tally replay FILE|-`: a checkout document and a list of payment-sheet events in, one JSON
/// update per event out (one per line).
///
/// ```json
/// {"document": {…}, "events": [{"selectShippingMethod": "expressshipping"}, {"changeCouponCode": "SAVE10"},
///   {"changeShippingContact": {"postalAddress": {"isoCountryCode": "CN", "administrativeArea": "XZ"}}},
///   {"selectPaymentMethod": {"type": "credit", "network": "Visa"}},
///   {"authorize": {"paymentMethod": {"type": "credit"}, "shippingContact": {…}}}]}
/// ```
public enum ReplayCommand {
    /// The usage text.
    public static let usage = """
        USAGE: tally replay FILE|- [--format json|applepay|w3c] [--lenient]

        Reads {"document": {…}, "events": […]} and prints, for each event, the update the payment
        sheet would receive, one JSON object per line:
          json      Tally's: event, status, summaryItems, total, shippingMethods, selectedShippingMethod, errors
          applepay  Apple Pay JS: newTotal, newLineItems, newShippingMethods, errors (status for authorize)
          w3c       Payment Request PaymentDetailsUpdate: total, displayItems, shippingOptions, error
        Events: {"selectShippingMethod": ID}, {"changeCouponCode": CODE},
                {"changeShippingContact": CONTACT}, {"selectPaymentMethod": {"type", "network", "displayName"}},
                {"authorize": {"paymentMethod", "billingContact", "shippingContact", "transactionIdentifier"}}
        CONTACT: {"givenName", "familyName", "namePrefix", "middleName", "nameSuffix", "nickname",
                  "phoneticGivenName", "phoneticFamilyName", "emailAddress", "phoneNumber",
                  "postalAddress": {"street", "subLocality", "city", "subAdministrativeArea",
                  "administrativeArea", "postalCode", "country", "isoCountryCode"}}

        --lenient  ignore unknown keys in the document and in the events (they are errors by default)

        EXAMPLE:
          tally replay Examples/documents/replay-seed.json

        EXIT STATUS: 0 every event was accepted; 1 a document error, or an event was refused (its
        update still printed); 2 a usage error.

        """

    /// The most summary lines (items, derived lines and shipping methods, counted per event) one
    /// replay renders: 1,000,000, some 50 MB of output. A replay's output grows as events × lines,
    /// so a 600 KB document with 1,000 items and 20,000 events would print about a gigabyte;
    /// beyond the bound the replay stops before the first event, with the figures.
    public static let maximumRenderedLines = 1_000_000

    /// The most rule checks one replay may have its events make: 10,000,000, some half a second.
    /// An event's checks are the rule entries (coupons, tax rules, shipping rules with their
    /// regions and methods, surcharges) plus one per `ruleCheckBytes` of each country and
    /// region code. An event looks a coupon code up among the coupons and a contact's
    /// address up among the rules, so the work grows as events × rules; a review's 64,000
    /// coupons with 64,000 events (a 4 MB document) took 51 s, as many tax rules 108 s. Beyond
    /// the bound the replay stops before the first event, with the figures.
    public static let maximumRuleChecks = 10_000_000

    /// The bytes of a country or region code that count as one more rule check (see
    /// `maximumRuleChecks`): an event compares the contact's codes with each rule's in full, so
    /// a review's 36,000 regions of 250 bytes, within the bound when it counted entries only,
    /// took 124 s over 277 contact changes (now 34 changes fit the bound).
    public static let ruleCheckBytes = 32

    /// The most bytes one replay prints: 100,000,000. Lines are not all alike (one item may have a
    /// label of megabytes), so the output is also counted as it is written; the replay stops with
    /// an error, naming the event, before the update that would pass the bound.
    public static let maximumOutputBytes = 100_000_000

    /// Runs `tally replay` with `arguments` (those after `replay`).
    ///
    /// - Parameters:
    ///   - write: receives each update's line as soon as it is rendered (the executable passes
    ///     standard output, so memory stays bounded by one update); when `nil`, the lines are
    ///     collected in the result's `output`. When it throws (the executable's, once standard
    ///     output cannot be written), the replay stops there: exit status 1, with the refusals
    ///     of the events before.
    ///   - outputLimit: the most bytes to print, `maximumOutputBytes` by default.
    public static func run(
        _ arguments: [String], read: (String) throws -> String, write: ((String) throws -> Void)? = nil,
        outputLimit: Int = maximumOutputBytes
    ) -> QuoteCommand.Result {
        if let refusal = QuoteCommand.unsafeArgument(arguments, command: "replay", usage: usage) { return refusal }
        var file: String?
        var chosenFormat: String?
        var lenient = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h": return QuoteCommand.Result(status: 0, output: usage, errors: "")
            case "--lenient":
                guard !lenient else { return QuoteCommand.usageError("--lenient is given twice", command: "replay", usage: usage) }
                lenient = true
            case "--format":
                guard let value = rest.popFirst(), ["json", "applepay", "w3c"].contains(value) else {
                    return QuoteCommand.usageError("--format must be one of json, applepay, w3c", command: "replay", usage: usage)
                }
                guard chosenFormat == nil else { return QuoteCommand.usageError("--format is given twice", command: "replay", usage: usage) }
                chosenFormat = value
            default:
                if QuoteCommand.isOption(argument) {
                    return QuoteCommand.usageError(
                        QuoteCommand.unknownOption(argument, valued: ["--format"]), command: "replay", usage: usage)
                }
                guard file == nil else {
                    return QuoteCommand.usageError("unexpected argument \(String(reflecting: argument))", command: "replay", usage: usage)
                }
                file = argument
            }
        }
        let format = chosenFormat ?? "json"
        guard let file else { return QuoteCommand.usageError("missing FILE", command: "replay", usage: usage) }
        let text: String
        do {
            text = try read(file)
        } catch {
            return QuoteCommand.Result(status: 1, output: "", errors: "tally replay: \(oneLine(CommandInput.cannotRead(file, error)))\n")
        }
        var checkout: Checkout
        let events: [(name: String, node: Node, step: Step)]
        do {
            let value: JSONValue
            do {
                value = try JSONReader.read(text)
            } catch {
                throw DocumentError(path: "", reason: "not JSON: \(error)")
            }
            // A checkout document given as it is (what `tally quote` reads) would otherwise be
            // answered with its first key as unknown, and under --lenient with `document` missing.
            if case .object(let object) = value, object["document"] == nil,
                object.keys.contains(where: { Node.isKey($0, of: CheckoutDocument.documentKeys) })
            {
                throw DocumentError(
                    path: "",
                    reason: #"this is a checkout document, which tally quote reads; tally replay reads one with the events to apply: {"document": {…}, "events": […]}"#)
            }
            let root = try Node(value: value, path: "").object(keys: ["document", "events"], lenient: lenient)
            let document = try root.required("document")
            do {
                checkout = try CheckoutDocument.checkout(from: document.value, lenient: lenient)
                // What Apple Pay JS cannot carry at all (a KWD amount, a total above its maximum)
                // is the document's problem, reported before any update is printed; and with the
                // maximum an event that would pass it is refused like any other (its update
                // printed, the reason under the event's path), not a rendering failed halfway.
                if format == "applepay" { checkout = try SummaryRenderer.preparedForApplePay(checkout) }
            } catch {
                // The document's own paths start at its root; here it sits under `document`.
                throw error.nested(under: document.path)
            }
            // Every event is read before the first is applied: a malformed event anywhere is a
            // document error with no update printed, not a replay cut off halfway.
            events = try root.required("events").array().map { (node) throws(DocumentError) -> (String, Node, Step) in
                // With `--lenient`, keys that name no event are ignored, as unknown keys are
                // everywhere else (`{"selectShippingMethod": "e", "comment": "…"}`); an object
                // left with none names no event (a misspelt name, `selctShippingMethod`).
                let object: JSONObject? = if case .object(let object) = node.value { object } else { nil }
                let members = object.map { lenient ? $0.members.filter { eventNames.contains($0.key) } : $0.members } ?? []
                if lenient, members.isEmpty, let first = object?.members.first {
                    throw node.fail("names no event: \(Node.shown(first.key)) is not one of "
                        + "selectShippingMethod, changeCouponCode, changeShippingContact, selectPaymentMethod or authorize")
                }
                guard members.count == 1, let member = members.first else {
                    throw node.fail("an event is an object with exactly one key: selectShippingMethod, changeCouponCode, changeShippingContact, selectPaymentMethod or authorize")
                }
                let eventNode = Node(value: member.value, path: Node.member(node.path, member.key))
                return (member.key, eventNode, try step(member.key, eventNode, lenient: lenient))
            }
            // The most lines one update of this document can have: its items, the derived lines
            // it can produce (discount, shipping, tax, surcharge, total) and the shipping methods.
            let derived = (checkout.coupons.isEmpty ? 0 : 1) + (checkout.shippingMethods.isEmpty ? 0 : 1)
                + (checkout.taxRules.isEmpty ? 0 : 1) + (checkout.surcharges.isEmpty ? 0 : 1) + 1
            let linesPerEvent = checkout.items.count + derived + checkout.shippingMethods.count
            let (rendered, overflow) = events.count.multipliedReportingOverflow(by: linesPerEvent)
            if overflow || rendered > maximumRenderedLines {
                throw DocumentError(
                    path: "events",
                    reason: "\(events.count) events × up to \(linesPerEvent) summary lines each is more than the \(maximumRenderedLines) lines a replay renders; replay fewer events at a time")
            }
            // Country and region codes are compared in full, so each also counts a check per
            // `ruleCheckBytes` of its text (a 250-byte region is eight checks).
            func codeChecks(_ code: String) -> Int { code.utf8.count / ruleCheckBytes }
            let taxCodeChecks = checkout.taxRules.reduce(0) { $0 + codeChecks($1.country) + ($1.region.map(codeChecks) ?? 0) }
            let shippingCodeChecks = checkout.shippingRules.reduce(0) { sum, rule in
                rule.regions.reduce(sum + codeChecks(rule.country)) { $0 + codeChecks($1) }
            }
            let rulesPerEvent = checkout.coupons.count + checkout.taxRules.count + checkout.surcharges.count
                + checkout.shippingRules.reduce(0) { $0 + 1 + $1.regions.count + $1.methods.count }
                + taxCodeChecks + shippingCodeChecks
            let (checks, checksOverflow) = events.count.multipliedReportingOverflow(by: rulesPerEvent)
            if checksOverflow || checks > maximumRuleChecks {
                throw DocumentError(
                    path: "events",
                    reason: "\(events.count) events × \(rulesPerEvent) rule checks each (coupons, rule entries, and one per \(ruleCheckBytes) bytes of a country or region code) is more than the \(maximumRuleChecks) rule checks a replay makes; replay fewer events at a time")
            }
        } catch {
            return QuoteCommand.Result(status: 1, output: "", errors: "tally replay: \(oneLine("\(file): \(error)"))\n")
        }
        var lines = ""
        let emit = write ?? { lines += $0 }
        var refusals: [String] = []
        var written = 0
        for (name, node, step) in events {
            do throws(DocumentError) {
                let (line, refusal) = try apply(step, named: name, to: &checkout, format: format)
                let text = JSONWriter.write(line, pretty: false) + "\n"
                written += text.utf8.count
                guard written <= outputLimit else {
                    throw DocumentError(
                        path: node.path,
                        reason: "this update would take the output past \(outputLimit) bytes; replay fewer events at a time")
                }
                do {
                    try emit(text)
                } catch {
                    // Whoever wrote has said why (the executable: "cannot write standard output").
                    return QuoteCommand.Result(status: 1, output: lines, errors: reported(refusals))
                }
                if let refusal {
                    // Refusals are output too (standard error, after the updates): counted
                    // against the same bound, so that they cannot pile up in memory unbounded.
                    let message = "\(node.path): \(oneLine(refusal))"
                    written += message.utf8.count + "tally replay: \n".utf8.count
                    guard written <= outputLimit else {
                        throw DocumentError(
                            path: node.path,
                            reason: "this event's refusal would take the output past \(outputLimit) bytes; replay fewer events at a time")
                    }
                    refusals.append(message)
                }
            } catch let error where error.path == node.path {
                // The earlier events' refusals first: what was printed for them stays explained.
                return QuoteCommand.Result(status: 1, output: lines, errors: reported(refusals) + "tally replay: \(oneLine("\(file): \(error)"))\n")
            } catch {
                // A rendering refused after the checks above: named under the event that led to it.
                return QuoteCommand.Result(status: 1, output: lines, errors: reported(refusals) + "tally replay: \(oneLine("\(file): \(node.path): \(error)"))\n")
            }
        }
        return QuoteCommand.Result(status: refusals.isEmpty ? 0 : 1, output: lines, errors: reported(refusals))
    }

    /// The refusals as standard error shows them, one line each.
    static func reported(_ refusals: [String]) -> String {
        refusals.map { "tally replay: \($0)\n" }.joined()
    }

    /// One event of a replay, read and checked before any is applied.
    enum Step {
        /// A payment-sheet event that updates the summary.
        case event(CheckoutEvent)
        /// The sheet's authorization.
        case authorize(PaymentAuthorization)
    }

    /// The keys that name an event (`step`).
    static let eventNames: Set<String> = ["selectShippingMethod", "changeCouponCode", "changeShippingContact", "selectPaymentMethod", "authorize"]

    /// Reads the event `name` whose value is `node`.
    static func step(_ name: String, _ node: Node, lenient: Bool) throws(DocumentError) -> Step {
        switch name {
        case "selectShippingMethod": return .event(.selectShippingMethod(try node.string()))
        case "changeCouponCode": return .event(.changeCouponCode(try node.string()))
        case "changeShippingContact": return .event(.changeShippingContact(try contact(node, lenient: lenient)))
        case "selectPaymentMethod": return .event(.selectPaymentMethod(try paymentMethod(node, lenient: lenient)))
        case "authorize":
            let object = try node.object(keys: ["paymentMethod", "billingContact", "shippingContact", "transactionIdentifier"], lenient: lenient)
            return .authorize(
                PaymentAuthorization(
                    paymentMethod: try paymentMethod(try object.required("paymentMethod"), lenient: lenient),
                    billingContact: try object.optional("billingContact").map { (node) throws(DocumentError) in try contact(node, lenient: lenient) },
                    shippingContact: try object.optional("shippingContact").map { (node) throws(DocumentError) in try contact(node, lenient: lenient) },
                    transactionIdentifier: try object.optional("transactionIdentifier")?.string() ?? ""))
        default:
            throw node.fail("unknown event; one of selectShippingMethod, changeCouponCode, changeShippingContact, selectPaymentMethod, authorize")
        }
    }

    /// Applies one event and renders its update; the second value says why it was refused, if it was.
    static func apply(_ step: Step, named name: String, to checkout: inout Checkout, format: String) throws(DocumentError) -> (JSONValue, String?) {
        let event: CheckoutEvent
        switch step {
        case .authorize(let payment):
            let result = checkout.authorize(payment)
            let refusal = result.status == .success ? nil : "\(result.status.bridgeString): " + result.errors.map(\.description).joined(separator: "; ")
            switch format {
            case "applepay": return (SummaryRenderer.applePay(result), refusal)
            case "w3c": return (SummaryRenderer.w3c(result, of: payment, on: checkout), refusal)
            default:
                // The seed's status strings (`invalid-shipping-contact`), as its web view expects them.
                return (.object(["event": .string(name), "status": .string(result.status.bridgeString), "errors": .array(result.errors.map(SummaryRenderer.paymentError))]), refusal)
            }
        case .event(let payload): event = payload
        }
        // The update says what each format needs (its errors, methods and status): the same
        // renderers a Swift server calls.
        let update = checkout.apply(event)
        var refusal = update.errors.isEmpty ? nil : update.errors.map(\.description).joined(separator: "; ")
        if update.status == .failure, case .selectShippingMethod(let identifier) = event {
            refusal = Node.shippingRefusal(identifier, in: checkout)
        }
        switch format {
        case "applepay": return (try SummaryRenderer.applePay(update, of: checkout), refusal)
        case "w3c": return (try SummaryRenderer.w3c(update, of: checkout), refusal)
        default:
            var rendered = SummaryRenderer.tallyJSON(checkout, errors: update.errors)
            if case .object(let object) = rendered {
                var members: [(key: String, value: JSONValue)] = [("event", .string(name))]
                if let status = update.status { members.append(("status", .string("\(status)"))) }
                members += object.members.filter { ["errors", "total", "summaryItems", "shippingMethods", "selectedShippingMethod"].contains($0.key) }
                rendered = .object(JSONObject(members))
            }
            return (rendered, refusal)
        }
    }

    static func contact(_ node: Node, lenient: Bool) throws(DocumentError) -> Contact {
        let object = try node.object(
            keys: [
                "givenName", "familyName", "namePrefix", "middleName", "nameSuffix", "nickname", "phoneticGivenName",
                "phoneticFamilyName", "emailAddress", "phoneNumber", "postalAddress",
            ],
            lenient: lenient)
        var address: PostalAddress?
        if let postal = object.optional("postalAddress") {
            let fields = try postal.object(
                keys: ["street", "subLocality", "city", "subAdministrativeArea", "administrativeArea", "postalCode", "country", "isoCountryCode"],
                lenient: lenient)
            address = PostalAddress(
                street: try fields.optional("street")?.string(), subLocality: try fields.optional("subLocality")?.string(),
                city: try fields.optional("city")?.string(), subAdministrativeArea: try fields.optional("subAdministrativeArea")?.string(),
                administrativeArea: try fields.optional("administrativeArea")?.string(), postalCode: try fields.optional("postalCode")?.string(),
                country: try fields.optional("country")?.string(), isoCountryCode: try fields.optional("isoCountryCode")?.string())
        }
        return Contact(
            givenName: try object.optional("givenName")?.string(), familyName: try object.optional("familyName")?.string(),
            emailAddress: try object.optional("emailAddress")?.string(), phoneNumber: try object.optional("phoneNumber")?.string(),
            postalAddress: address, phoneticGivenName: try object.optional("phoneticGivenName")?.string(),
            phoneticFamilyName: try object.optional("phoneticFamilyName")?.string(),
            namePrefix: try object.optional("namePrefix")?.string(), middleName: try object.optional("middleName")?.string(),
            nameSuffix: try object.optional("nameSuffix")?.string(), nickname: try object.optional("nickname")?.string())
    }

    /// `PaymentNetwork.known` by PassKit string.
    static let knownNetworks = Dictionary(uniqueKeysWithValues: PaymentNetwork.known.map { ($0.rawValue, $0) })

    static func paymentMethod(_ node: Node, lenient: Bool) throws(DocumentError) -> PaymentMethod {
        let object = try node.object(keys: ["type", "network", "displayName"], lenient: lenient)
        return PaymentMethod(
            displayName: try object.optional("displayName")?.string(),
            // A known PassKit name, spelled as PassKit spells it: an unknown one (`"Amex"` for
            // `"AmEx"`) was taken as is, a network no card has (a review).
            network: try object.optional("network")?.enumeration(knownNetworks),
            type: try object.required("type").enumeration(CheckoutDocument.paymentMethodTypes))
    }
}

extension SummaryRenderer {
    /// The Apple Pay JS object an event's update completes the sheet with
    /// (`ApplePayShippingMethodUpdate`, `…ShippingContactUpdate`, `…PaymentMethodUpdate`,
    /// `…CouponCodeUpdate`), as `tally replay --format applepay` writes it: `newTotal`,
    /// `newLineItems`, `newShippingMethods` for a contact or coupon change (when the checkout has
    /// shipping methods), and `errors` when there are any. `checkout` is the checkout after the
    /// event (`apply` changed it; `applying` returns it).
    ///
    /// ```swift
    /// let update = checkout.apply(.changeCouponCode("SAVE10"))
    /// let json = try SummaryRenderer.applePay(update, of: checkout)
    /// ```
    ///
    /// - Throws: `DocumentError` for what Apple Pay JS cannot show, as `applePay(_:)` for a
    ///   `Checkout` does.
    public static func applePay(_ update: CheckoutUpdate, of checkout: Checkout) throws(DocumentError) -> JSONValue {
        try applePayUpdate(checkout, errors: update.errors, shippingMethods: update.shippingMethods != nil)
    }

    /// The W3C `PaymentDetailsUpdate` for an event's update, as `tally replay --format w3c`
    /// writes it: `total`, `displayItems`, `shippingOptions`; a refused shipping address gets no
    /// options and its messages in `error` (see `w3cUpdate`). `checkout` is the checkout after
    /// the event.
    ///
    /// - Throws: `DocumentError` for what the Payment Request API cannot show, as `w3c(_:)` for a
    ///   `Checkout` does.
    public static func w3c(_ update: CheckoutUpdate, of checkout: Checkout) throws(DocumentError) -> JSONValue {
        var isContactChange = false
        if case .shippingContact = update { isContactChange = true }
        return try w3cUpdate(checkout, errors: update.errors, refusesAddress: isContactChange)
    }

    /// The Apple Pay JS authorization result (`ApplePayPaymentAuthorizationResult`, version 3
    /// and later): `{"status": 0, "errors": []}` for success, else `{"status": 1, "errors":
    /// [...]}` with the errors naming the fields (the per-field statuses 2–4 are for versions 1
    /// and 2 only).
    public static func applePay(_ result: AuthorizationResult) -> JSONValue {
        let status = result.errors.isEmpty ? result.status.rawValue : AuthorizationStatus.failure.rawValue
        return .object(["status": .number(String(status)), "errors": .array(result.errors.map(applePayError))])
    }

    /// Apple Pay JS error object: `code` (PassKit's `shippingAddressUnserviceable` is Apple Pay
    /// JS's `addressUnserviceable`), `contactField`, `message`.
    static func applePayError(_ error: PaymentError) -> JSONValue {
        let code = error.code == .shippingAddressUnserviceable ? "addressUnserviceable" : error.code.rawValue
        var members: [(key: String, value: JSONValue)] = [("code", .string(code))]
        if let field = error.contactField { members.append(("contactField", .string(field.rawValue))) }
        members.append(("message", .string(error.message)))
        return .object(JSONObject(members))
    }

    /// An Apple Pay JS update (`ApplePayShippingMethodUpdate`, `…ShippingContactUpdate`,
    /// `…PaymentMethodUpdate`, `…CouponCodeUpdate`): `newTotal`, `newLineItems`, and for contact
    /// and coupon changes `newShippingMethods` (when the document has shipping methods at all);
    /// `errors` when there are any.
    static func applePayUpdate(_ checkout: Checkout, errors: [PaymentError], shippingMethods: Bool) throws(DocumentError) -> JSONValue {
        guard case .object(let request) = try applePay(checkout) else { return .null }
        var members: [(key: String, value: JSONValue)] = [
            ("newTotal", request["total"] ?? .null), ("newLineItems", request["lineItems"] ?? .null),
        ]
        if shippingMethods, let methods = request["shippingMethods"] { members.append(("newShippingMethods", methods)) }
        if !errors.isEmpty { members.append(("errors", .array(errors.map(applePayError)))) }
        return .object(JSONObject(members))
    }

    /// The W3C end of an authorization: `{"result": "success" | "fail"}`, the string to pass to
    /// `PaymentResponse.complete()`, and for a refusal `retry`, the `PaymentValidationErrors` to
    /// pass to `PaymentResponse.retry()` instead, so that the sheet asks again: missing or invalid
    /// shipping-contact fields under `payer` (`email`, `phone`, `name`: the fields a page asks
    /// for with `requestPayerEmail` and the like); under `shippingAddress`, `addressLine` when
    /// the payment carries no shipping address, and for an address no shipping rule serves,
    /// `region` when a rule for its region offers nothing, else `country`; and every message in
    /// `error`.
    /// The other refusals of an address (the selected method not offered there, another tax than
    /// the one shown, an unusable code) and billing-contact errors have no member of their own
    /// and are in `error` only. (Billing and phonetic-name errors went to `payer.name`, the payer's
    /// own field, and an address refusal had no member at all: reviews, 2026-12-02.)
    public static func w3c(_ result: AuthorizationResult, of payment: PaymentAuthorization, on checkout: Checkout) -> JSONValue {
        guard result.status != .success else { return .object(["result": .string("success")]) }
        let addressMissing = payment.shippingContact?.provides(.postalAddress) != true
        // As the checkout matched the address with its rules (a diff review found a test of
        // our own here disagreeing with it on "US\n" and on a whole-country rule offering nothing).
        let unserved = addressMissing ? nil : checkout.unservedAddressPart(for: payment.shippingContact)
        var payer: [(key: String, value: JSONValue)] = []
        var addressErrors: [(key: String, value: JSONValue)] = []
        func add(_ member: String, _ message: String, to members: inout [(key: String, value: JSONValue)]) {
            if !members.contains(where: { $0.key == member }) { members.append((member, .string(message))) }
        }
        for error in result.errors {
            switch (error.code, error.contactField) {
            case (.shippingContactInvalid, .emailAddress?): add("email", error.message, to: &payer)
            case (.shippingContactInvalid, .phoneNumber?): add("phone", error.message, to: &payer)
            case (.shippingContactInvalid, .name?): add("name", error.message, to: &payer)
            case (.shippingContactInvalid, .postalAddress?) where addressMissing: add("addressLine", error.message, to: &addressErrors)
            case (.shippingAddressUnserviceable, _) where unserved != nil:
                add(unserved == .region ? "region" : "country", error.message, to: &addressErrors)
            default: continue
            }
        }
        var retry: [(key: String, value: JSONValue)] = []
        if !payer.isEmpty { retry.append(("payer", .object(JSONObject(payer)))) }
        if !addressErrors.isEmpty { retry.append(("shippingAddress", .object(JSONObject(addressErrors)))) }
        retry.append(("error", .string(result.errors.map(\.message).joined(separator: "; "))))
        return .object(JSONObject([("result", .string("fail")), ("retry", .object(JSONObject(retry)))]))
    }

    /// A W3C `PaymentDetailsUpdate`: `total`, `displayItems`, `shippingOptions`.
    ///
    /// A refused shipping address (`refusesAddress` with errors) gets no shipping options and the
    /// messages in `error`: browsers show `error` only when `shippingOptions` is empty, and an
    /// address with options can be paid for. Other refusals (a coupon code, a total above the
    /// maximum after a card change) have no member in `PaymentDetailsUpdate`; the update is the
    /// unchanged summary, and `tally replay` reports the refusal on standard error.
    static func w3cUpdate(_ checkout: Checkout, errors: [PaymentError], refusesAddress: Bool) throws(DocumentError) -> JSONValue {
        guard case .object(let details) = try w3c(checkout) else { return .null }
        guard refusesAddress, !errors.isEmpty else { return .object(details) }
        var members = details.members.filter { $0.key != "shippingOptions" }
        members.append(("shippingOptions", .array([])))
        members.append(("error", .string(errors.map(\.message).joined(separator: "; "))))
        return .object(JSONObject(members))
    }
}
