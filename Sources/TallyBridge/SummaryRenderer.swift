import Foundation
import TallyCheckout
import TallyDecimal
import TallyMoney

/// A checkout's summary rendered for each audience: Tally's JSON, Apple Pay JS, the W3C Payment
/// Request API, and a text table for people.
public enum SummaryRenderer {
    /// The output formats.
    public enum Format: String, CaseIterable, Sendable {
        /// A text table.
        case table
        /// Tally's own JSON (summary items with the total last, shipping methods, errors).
        case json
        /// Apple Pay JS `ApplePayPaymentRequest` fields.
        case applepay
        /// W3C Payment Request `PaymentDetailsInit`.
        case w3c
    }

    /// Renders `checkout`'s summary (and `errors` from the events that led there) in `format`.
    ///
    /// - Throws: `DocumentError` when the format cannot carry the checkout: Apple Pay JS's amount
    ///   grammar is `-?[0-9]+(\.[0-9][0-9])?`, so 3- and 4-decimal currencies (KWD, CLF) are refused
    ///   rather than rounded; a custom currency code, and for Apple Pay request fields Safari
    ///   refuses (see `applePay(_:)` and `w3c(_:)`).
    public static func render(_ checkout: Checkout, errors: [PaymentError] = [], as format: Format) throws(DocumentError) -> String {
        switch format {
        case .table: return table(checkout, errors: errors)
        case .json: return JSONWriter.write(tallyJSON(checkout, errors: errors)) + "\n"
        case .applepay: return JSONWriter.write(try applePay(checkout)) + "\n"
        case .w3c: return JSONWriter.write(try w3c(checkout)) + "\n"
        }
    }

    /// An amount as a string with exactly the currency's decimals (`"10.00"`, `"1234"`, `"1.234"`).
    static func amount(_ value: BigDecimal, _ currency: Currency) -> String {
        value.rounded(scale: currency.minorUnits, .towardZero).plainString
    }

    /// Tally's JSON: `currencyCode`, `countryCode`, `summaryItems` (the total last), `total`,
    /// `shippingMethods`, `selectedShippingMethod`, `errors`.
    public static func tallyJSON(_ checkout: Checkout, errors: [PaymentError] = []) -> JSONValue {
        let currency = checkout.currency
        func item(_ line: SummaryItem) -> JSONValue {
            .object(["label": .string(line.label), "amount": .string(amount(line.amount, currency)), "type": .string(line.type.rawValue)])
        }
        let summary = checkout.summary
        return .object([
            "currencyCode": .string(currency.code),
            "countryCode": .string(checkout.countryCode),
            "summaryItems": .array(summary.map(item)),
            "total": item(summary.totalLine),
            "shippingMethods": .array(checkout.shippingMethodsForSheet.map { method in
                .object([
                    "identifier": .string(method.identifier), "label": .string(method.label),
                    "detail": .string(method.detail), "amount": .string(amount(method.amount, currency)),
                ])
            }),
            "selectedShippingMethod": checkout.selectedShippingMethodIdentifier.map { .string($0) } ?? .null,
            "errors": .array(errors.map(paymentError)),
        ])
    }

    static func paymentError(_ error: PaymentError) -> JSONValue {
        .object([
            "code": .string(error.code.rawValue),
            "contactField": error.contactField.map { .string($0.rawValue) } ?? .null,
            "message": .string(error.message),
        ])
    }

    /// Apple Pay JS: the `ApplePayPaymentRequest` fields of the summary. Amounts are strings in
    /// Apple's grammar; the total is separate from `lineItems`, which hold every other line.
    ///
    /// Deferred, recurring and automatic-reload lines carry `paymentTiming` and their
    /// `ApplePayLineItem` fields; their dates are ISO 8601 strings in UTC
    /// (`"2027-01-01T00:00:00Z"`), which the page turns into the `Date`s Apple Pay JS takes
    /// (`new Date(text)`). `shippingType` is written when it is not Apple's default, `"shipping"`,
    /// and the required contact fields when there are any, in Apple's spellings (`"email"`,
    /// `"phone"`, `"name"`, `"phoneticName"`, `"postalAddress"`). A shipping method with a date
    /// range carries `dateComponentsRange` (`years`, `months`, `days`, `hours`).
    ///
    /// `supportsCouponCode` is written when the checkout has coupons (the sheet shows its coupon
    /// field only then), and `couponCode` when one is applied (the sheet sends no event for it).
    ///
    /// - Throws: `DocumentError` for what Safari would refuse: a custom currency (WebKit takes ISO
    ///   4217 codes only) or one whose amounts have other than 0 or 2 decimals (Apple's amount
    ///   grammar is `-?[0-9]+(\.[0-9][0-9])?`), merchant capabilities without `threeDSecure`
    ///   (Apple requires `supports3DS`; a checkout has at least one network already), a total above
    ///   `Checkout.webKitMaximumTotal`, and a line's date outside 1582-10-15 … 9999-12-31 (at
    ///   `lineItems[i].deferredPaymentDate` and the like; see `isoDates`).
    public static func applePay(_ checkout: Checkout) throws(DocumentError) -> JSONValue {
        let currency = checkout.currency
        guard currency.isISO else {
            throw DocumentError(
                path: "currencyCode", reason: "\(currency.code) is a custom currency; Apple Pay JS takes ISO 4217 currency codes only")
        }
        guard currency.minorUnits == 0 || currency.minorUnits == 2 else {
            throw DocumentError(
                path: "currencyCode",
                reason: "\(currency.code) amounts have \(currency.minorUnits) decimals; Apple Pay JS amounts have 0 or 2 (-?[0-9]+(.[0-9][0-9])?)")
        }
        guard checkout.merchantCapabilities.contains(.threeDSecure) else {
            throw DocumentError(path: "merchantCapabilities", reason: "Apple Pay requires supports3DS (threeDSecure) among the merchant capabilities")
        }
        let summary = checkout.summary
        guard summary.total.amount <= Checkout.webKitMaximumTotal else {
            throw DocumentError(
                path: "total",
                reason: "\(summary.total.amount.plainString) is above \(Checkout.webKitMaximumTotal.plainString), the largest total Apple Pay on the web accepts")
        }
        func line(_ item: SummaryItem, at path: String) throws(DocumentError) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = [
                ("label", .string(item.label)), ("amount", .string(amount(item.amount, currency))), ("type", .string(item.type.rawValue)),
            ]
            switch item.kind {
            case .standard: break
            case .deferred(let date):
                members += [("paymentTiming", .string("deferred")), ("deferredPaymentDate", .string(try isoDate(date, at: "\(path).deferredPaymentDate")))]
            case .recurring(let start, let interval, let count, let end):
                members.append(("paymentTiming", .string("recurring")))
                if let start { members.append(("recurringPaymentStartDate", .string(try isoDate(start, at: "\(path).recurringPaymentStartDate")))) }
                members += [
                    ("recurringPaymentIntervalUnit", .string(interval.rawValue)),
                    ("recurringPaymentIntervalCount", .number(String(count))),
                ]
                if let end { members.append(("recurringPaymentEndDate", .string(try isoDate(end, at: "\(path).recurringPaymentEndDate")))) }
            case .automaticReload(let threshold):
                members += [
                    ("paymentTiming", .string("automaticReload")),
                    ("automaticReloadPaymentThresholdAmount", .string(amount(threshold, currency))),
                ]
            }
            return .object(JSONObject(members))
        }
        var lineItems: [JSONValue] = []
        for (index, item) in summary.dropLast().enumerated() { lineItems.append(try line(item, at: "lineItems[\(index)]")) }
        let capabilities: [(MerchantCapability, String)] = [
            (.threeDSecure, "supports3DS"), (.emv, "supportsEMV"), (.credit, "supportsCredit"), (.debit, "supportsDebit"),
        ]
        var members: [(key: String, value: JSONValue)] = [
            ("countryCode", .string(checkout.countryCode)),
            ("currencyCode", .string(currency.code)),
            ("merchantCapabilities", .array(capabilities.filter { checkout.merchantCapabilities.contains($0.0) }.map { .string($0.1) })),
            ("supportedNetworks", .array(checkout.supportedNetworks.map { .string(applePayNetwork($0)) })),
            ("total", try line(summary.totalLine, at: "total")),
            ("lineItems", .array(lineItems)),
        ]
        // A document without shipping methods asks for none (as in the W3C output): an empty
        // `shippingMethods` was written before a review saw it.
        if !checkout.shippingMethods.isEmpty {
            members.append(("shippingMethods", .array(checkout.shippingMethodsForSheet.map { method in
                var fields: [(key: String, value: JSONValue)] = [
                    ("label", .string(method.label)), ("detail", .string(method.detail)),
                    ("amount", .string(amount(method.amount, currency))), ("identifier", .string(method.identifier)),
                ]
                if let range = method.dateRange {
                    fields.append(("dateComponentsRange", .object([
                        "startDateComponents": applePayDateComponents(range.start), "endDateComponents": applePayDateComponents(range.end),
                    ])))
                }
                return .object(JSONObject(fields))
            })))
        }
        if !checkout.coupons.isEmpty { members.append(("supportsCouponCode", .bool(true))) }
        if let code = checkout.appliedCouponCode { members.append(("couponCode", .string(code))) }
        if checkout.shippingType != .shipping { members.append(("shippingType", .string(checkout.shippingType.rawValue))) }
        for (key, fields) in [
            // An email or phone required for billing is asked as shipping information: Apple Pay's
            // billing contact carries only the postal address and the name.
            ("requiredBillingContactFields", checkout.requestedBillingContactFields),
            ("requiredShippingContactFields", checkout.requestedShippingContactFields),
        ] where !fields.isEmpty {
            members.append((key, .array(ContactField.allCases.filter(fields.contains).map { .string(applePayContactField($0)) })))
        }
        return .object(JSONObject(members))
    }

    /// `checkout` made ready to be rendered for Apple Pay JS through a series of events: checked
    /// for what Apple Pay JS cannot carry at all (see `applePay(_:)`: the currency, the merchant
    /// capabilities, a total above `Checkout.webKitMaximumTotal`), in that order,
    /// then given that maximum, so that an event that would pass it is refused like any other
    /// instead of failing the rendering.
    ///
    /// - Throws: `DocumentError` naming what Apple Pay JS refuses.
    public static func preparedForApplePay(_ checkout: Checkout) throws(DocumentError) -> Checkout {
        _ = try applePay(checkout)
        var capped = checkout
        do {
            try capped.setMaximumTotal(Checkout.webKitMaximumTotal)
        } catch {
            // Not reached: `applePay` has just checked the total against the same maximum.
            throw DocumentError(path: "total", reason: error.description)
        }
        return capped
    }

    /// Apple Pay JS `ApplePayContactField` spellings (`"email"`, not PassKit's `emailAddress`).
    static func applePayContactField(_ field: ContactField) -> String {
        switch field {
        case .postalAddress: return "postalAddress"
        case .emailAddress: return "email"
        case .phoneNumber: return "phone"
        case .name: return "name"
        case .phoneticName: return "phoneticName"
        }
    }

    /// `ApplePayDateComponents`: the `years`, `months`, `days` and `hours` that are set.
    static func applePayDateComponents(_ components: DateComponents) -> JSONValue {
        let units: [(String, Int?)] = [
            ("years", components.year), ("months", components.month), ("days", components.day), ("hours", components.hour),
        ]
        return .object(JSONObject(units.compactMap { key, value in value.map { (key: key, value: JSONValue.number(String($0))) } }))
    }

    /// The dates written here as `new Date(text)` reads them: from 1582-10-15T00:00:00Z, the
    /// Gregorian calendar's first day, up to, not including, 10000-01-01T00:00:00Z. Foundation's
    /// formatter writes earlier dates in the Julian calendar (0001-01-01 of the proleptic
    /// Gregorian calendar JavaScript uses comes out as `0001-01-03`) and later years with five
    /// digits, which `new Date(text)` takes for an invalid date.
    static let isoDates = Date(timeIntervalSince1970: -12_219_292_800)..<Date(timeIntervalSince1970: 253_402_300_800)

    /// A date as ISO 8601 in UTC, whole seconds: `2027-01-01T00:00:00Z`.
    ///
    /// - Throws: `DocumentError` at `path` for a date outside `isoDates`, or not a number.
    ///   Foundation's formatter would write such a date without an error but wrongly: any date
    ///   after the year 506,713 (infinity too) as `506713-02-07T00:00:00Z`, any before
    ///   4713 BC (and NaN) as `-4712-01-01T12:00:00Z`.
    static func isoDate(_ date: Date, at path: String) throws(DocumentError) -> String {
        guard isoDates.contains(date) else {
            throw DocumentError(
                path: path,
                reason: "\(date.timeIntervalSince1970) seconds since 1970 is not a date from 1582-10-15 to 9999-12-31, the dates Apple Pay JS reads from ISO 8601 text as they are written")
        }
        return date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    /// Apple Pay JS network names: Apple's spelling of the common ones (`"amex"`, `"masterCard"`,
    /// `"chinaUnionPay"`), and for the others PassKit's raw value with a lowercase first letter
    /// (`"qUICPay"`, `"postFinanceAG"`, `"iD"`), which is not lower camel case but is accepted:
    /// WebKit compares a request's networks with PassKit's raw values ignoring case (so a lower
    /// camel `"postFinance"` or `"idCredit"` would not match).
    static func applePayNetwork(_ network: PaymentNetwork) -> String {
        switch network {
        case .amex: return "amex"
        case .masterCard: return "masterCard"
        case .visa: return "visa"
        case .chinaUnionPay: return "chinaUnionPay"
        case .discover: return "discover"
        case .jcb: return "jcb"
        case .interac: return "interac"
        case .maestro: return "maestro"
        case .privateLabel: return "privateLabel"
        default: return network.rawValue.prefix(1).lowercased() + network.rawValue.dropFirst()
        }
    }

    /// W3C Payment Request `PaymentDetailsInit`: `total`, `displayItems`, `shippingOptions` with
    /// `selected`; amounts as `{"currency", "value"}` strings.
    ///
    /// A checkout without shipping methods has no `shippingOptions` member: to the Payment Request
    /// API an empty list means that the merchant cannot ship to the address, which is what a
    /// refused address gets (see `w3cUpdate`), not a checkout that does not ship.
    ///
    /// - Throws: `DocumentError` at `currencyCode` for a code that is not three ASCII letters (a
    ///   custom currency such as `POINTS`): browsers refuse it as not well-formed.
    public static func w3c(_ checkout: Checkout) throws(DocumentError) -> JSONValue {
        let currency = checkout.currency
        guard currency.code.utf8.count == 3, currency.code.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) && $0 < 0x80 }) else {
            throw DocumentError(
                path: "currencyCode", reason: "\(quotedForMessage(currency.code)) is not a three-letter currency code; the Payment Request API takes ISO 4217 codes")
        }
        func money(_ value: BigDecimal) -> JSONValue {
            .object(["currency": .string(currency.code), "value": .string(amount(value, currency))])
        }
        func item(_ line: SummaryItem) -> JSONValue {
            line.type == .pending
                ? .object(["label": .string(line.label), "amount": money(line.amount), "pending": .bool(true)])
                : .object(["label": .string(line.label), "amount": money(line.amount)])
        }
        let summary = checkout.summary
        var members: [(key: String, value: JSONValue)] = [
            ("total", item(summary.totalLine)),
            ("displayItems", .array(summary.dropLast().map(item))),
        ]
        if !checkout.shippingMethods.isEmpty {
            // The selected method is the checkout's own element, and a checkout's identifiers
            // differ under `==`: so it is the one whose identifier has the same bytes, a test
            // that cannot re-compose text as `==` does (a review's two 1 MB identifiers, one
            // spelled decomposed, took 0.42 s per update).
            let selected = checkout.selectedShippingMethodIdentifier
            members.append(("shippingOptions", .array(checkout.offeredShippingMethods.map { method in
                .object([
                    "id": .string(method.identifier), "label": .string(method.label), "amount": money(method.amount),
                    "selected": .bool(selected.map { method.identifier.utf8.elementsEqual($0.utf8) } ?? false),
                ])
            })))
        }
        return .object(JSONObject(members))
    }

    /// The most columns a table pads a text column to (labels, identifiers): a longer text
    /// pushes its own row out instead of padding every row to it, so output stays in proportion
    /// to the input.
    static let widestPaddedColumn = 48

    /// A text table: one line per summary item, amounts right-aligned with the currency's decimals,
    /// then any errors. Labels, identifiers and messages are printed on one line each, their line
    /// breaks and other control characters escaped (`\n`, `\u{1B}`), so a document's text cannot
    /// add a line to the table or send a terminal escape; a label's tabs are escaped too (`\t`).
    public static func table(_ checkout: Checkout, errors: [PaymentError] = []) -> String {
        let summary = checkout.summary
        let currency = checkout.currency
        let rows = summary.map { (tableCell($0.label), amount($0.amount, currency) + ($0.type == .pending ? " (pending)" : "")) }
        // Columns align up to 48 columns of label and 32 of amount; a longer label or amount pushes
        // its own row out instead of padding every row to it (a 1 MB label above 5,000 items
        // would otherwise print 5 GB).
        let labelWidth = Swift.min(rows.map { displayWidth($0.0) }.max() ?? 0, widestPaddedColumn)
        let amountWidth = Swift.min(rows.map { $0.1.count }.max() ?? 0, 32)
        var out = ""
        for (index, row) in rows.enumerated() {
            if index == rows.count - 1 { out += String(repeating: "-", count: labelWidth + amountWidth + 2) + "\n" }
            out += row.0 + String(repeating: " ", count: Swift.max(labelWidth - displayWidth(row.0), 0) + 2)
                + String(repeating: " ", count: Swift.max(amountWidth - row.1.count, 0)) + row.1 + "\n"
        }
        out += "\(currency.code), \(summary.count) lines"
        if let selected = checkout.selectedShippingMethodIdentifier { out += ", shipping: " + oneLine(selected) }
        out += "\n"
        for error in errors { out += "error: " + oneLine("\(error)") + "\n" }
        return out
    }

    /// `text` as a column of a table shows it: on one line (`oneLine`), and with its tabs escaped
    /// too, which messages keep: a terminal shows a tab as 1 to 8 columns, depending on where it
    /// falls, so no width could align it.
    static func tableCell(_ text: String) -> String {
        oneLine(text).replacingOccurrences(of: "\t", with: "\\t")
    }

    /// The terminal columns `text` takes, one character (grapheme) at a time, as glibc's `wcwidth`
    /// counts them and terminals show them: two for East Asian wide and full-width characters
    /// (CJK, Hangul syllables, kana, full-width forms, vertical punctuation; `商品价格` is 8) and
    /// for emoji shown as pictures (`👍🏽`, a family joined by zero-width joiners, a flag, `❤️`);
    /// none for a character with nothing to show (a zero-width space, U+FEFF, a lone combining
    /// mark, a Hangul vowel or final consonant U+1160–U+11FF or U+D7B0–U+D7FF, which joins the
    /// syllable before it); one for the rest, a soft hyphen U+00AD included, and a letter with its
    /// combining marks (`e` + U+0301 is one). The wide characters are Unicode 14.0's
    /// East_Asian_Width W and F (`wideRanges`, generated by `Scripts/generate-wide-ranges.py`).
    /// Used to align tables whose labels mix scripts. Terminals differ on some emoji; this is
    /// what most show.
    public static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { $0 + columns($1) }
    }

    /// The columns one character takes (see `displayWidth`).
    static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let properties = first.properties
        // Emoji presented as pictures: by default (`👍`, regional indicators), or asked for with
        // the emoji variation selector U+FE0F (`❤️`, `#️⃣`).
        if properties.isEmojiPresentation || (properties.isEmoji && scalars.contains("\u{FE0F}")) { return 2 }
        // Before the wide ranges: the few combining marks that are wide (U+302A–U+302D,
        // U+3099, U+309A) take no column of their own, as `wcwidth` counts them.
        let invisible = scalars.allSatisfy { scalar in
            // Hangul Jungseong and Jongseong (the vowels and final consonants of a syllable
            // spelled in jamo, and their extension) join the Choseong before them: no column of
            // their own.
            if (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value) { return true }
            switch scalar.properties.generalCategory {
            // The soft hyphen is a format character that terminals show as a hyphen.
            case .format: return scalar != "\u{AD}"
            case .control, .nonspacingMark, .enclosingMark: return true
            default: return false
            }
        }
        if invisible { return 0 }
        return isWide(first.value) ? 2 : 1
    }

    /// Whether `value` is an East Asian wide or full-width code point (in `wideRanges`): a binary
    /// search of the ranges' first code points, after a check that answers for the scripts
    /// below U+1100 (Latin, Greek, Cyrillic, Hebrew, Arabic…) at once.
    static func isWide(_ value: UInt32) -> Bool {
        let ranges = wideRanges
        guard value >= ranges[0] else { return false }
        // The last range whose first code point is at most `value`.
        var low = 0
        var high = ranges.count / 2 - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if ranges[2 * middle] <= value { low = middle } else { high = middle - 1 }
        }
        return value <= ranges[2 * low + 1]
    }

    // BEGIN generated by Scripts/generate-wide-ranges.py from Unicode 14.0.0 (Python 3.11); do not edit by hand.
    /// The East Asian wide (W) and full-width (F) code points of Unicode 14.0.0 (UAX #11), as sorted
    /// closed ranges, each a first and a last code point in turn: unassigned code points of the
    /// ideograph blocks and planes 2 and 3 included, as UAX #11 defaults them to W, and
    /// U+3248–U+324F and U+4DC0–U+4DFF added, as glibc's `wcwidth` counts them.
    static let wideRanges: [UInt32] = [
        0x1100, 0x115F, 0x231A, 0x231B, 0x2329, 0x232A, 0x23E9, 0x23EC, 0x23F0, 0x23F0, 0x23F3, 0x23F3, 0x25FD, 0x25FE,
        0x2614, 0x2615, 0x2648, 0x2653, 0x267F, 0x267F, 0x2693, 0x2693, 0x26A1, 0x26A1, 0x26AA, 0x26AB, 0x26BD, 0x26BE,
        0x26C4, 0x26C5, 0x26CE, 0x26CE, 0x26D4, 0x26D4, 0x26EA, 0x26EA, 0x26F2, 0x26F3, 0x26F5, 0x26F5, 0x26FA, 0x26FA,
        0x26FD, 0x26FD, 0x2705, 0x2705, 0x270A, 0x270B, 0x2728, 0x2728, 0x274C, 0x274C, 0x274E, 0x274E, 0x2753, 0x2755,
        0x2757, 0x2757, 0x2795, 0x2797, 0x27B0, 0x27B0, 0x27BF, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50, 0x2B50, 0x2B55, 0x2B55,
        0x2E80, 0x2E99, 0x2E9B, 0x2EF3, 0x2F00, 0x2FD5, 0x2FF0, 0x2FFB, 0x3000, 0x303E, 0x3041, 0x3096, 0x3099, 0x30FF,
        0x3105, 0x312F, 0x3131, 0x318E, 0x3190, 0x31E3, 0x31F0, 0x321E, 0x3220, 0xA48C, 0xA490, 0xA4C6, 0xA960, 0xA97C,
        0xAC00, 0xD7A3, 0xF900, 0xFAFF, 0xFE10, 0xFE19, 0xFE30, 0xFE52, 0xFE54, 0xFE66, 0xFE68, 0xFE6B, 0xFF01, 0xFF60,
        0xFFE0, 0xFFE6, 0x16FE0, 0x16FE4, 0x16FF0, 0x16FF1, 0x17000, 0x187F7, 0x18800, 0x18CD5, 0x18D00, 0x18D08,
        0x1AFF0, 0x1AFF3, 0x1AFF5, 0x1AFFB, 0x1AFFD, 0x1AFFE, 0x1B000, 0x1B122, 0x1B150, 0x1B152, 0x1B164, 0x1B167,
        0x1B170, 0x1B2FB, 0x1F004, 0x1F004, 0x1F0CF, 0x1F0CF, 0x1F18E, 0x1F18E, 0x1F191, 0x1F19A, 0x1F200, 0x1F202,
        0x1F210, 0x1F23B, 0x1F240, 0x1F248, 0x1F250, 0x1F251, 0x1F260, 0x1F265, 0x1F300, 0x1F320, 0x1F32D, 0x1F335,
        0x1F337, 0x1F37C, 0x1F37E, 0x1F393, 0x1F3A0, 0x1F3CA, 0x1F3CF, 0x1F3D3, 0x1F3E0, 0x1F3F0, 0x1F3F4, 0x1F3F4,
        0x1F3F8, 0x1F43E, 0x1F440, 0x1F440, 0x1F442, 0x1F4FC, 0x1F4FF, 0x1F53D, 0x1F54B, 0x1F54E, 0x1F550, 0x1F567,
        0x1F57A, 0x1F57A, 0x1F595, 0x1F596, 0x1F5A4, 0x1F5A4, 0x1F5FB, 0x1F64F, 0x1F680, 0x1F6C5, 0x1F6CC, 0x1F6CC,
        0x1F6D0, 0x1F6D2, 0x1F6D5, 0x1F6D7, 0x1F6DD, 0x1F6DF, 0x1F6EB, 0x1F6EC, 0x1F6F4, 0x1F6FC, 0x1F7E0, 0x1F7EB,
        0x1F7F0, 0x1F7F0, 0x1F90C, 0x1F93A, 0x1F93C, 0x1F945, 0x1F947, 0x1F9FF, 0x1FA70, 0x1FA74, 0x1FA78, 0x1FA7C,
        0x1FA80, 0x1FA86, 0x1FA90, 0x1FAAC, 0x1FAB0, 0x1FABA, 0x1FAC0, 0x1FAC5, 0x1FAD0, 0x1FAD9, 0x1FAE0, 0x1FAE7,
        0x1FAF0, 0x1FAF6, 0x20000, 0x2FFFD, 0x30000, 0x3FFFD,
    ]
    // END generated by Scripts/generate-wide-ranges.py
}
