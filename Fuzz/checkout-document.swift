// Fuzz target `checkout-document`: the checkout document reader, the checkout's events and the
// summary renderers.
//
// The input bytes (UTF-8; invalid sequences become U+FFFD) are read with
// `CheckoutDocument.checkout(from:)`; a DocumentError is fine. A document read strictly must read
// the same leniently. On success a fixed event sequence runs: select each shipping method (up to
// 8), apply each coupon code (up to 8) and "", then for each of a few shipping contacts (fixed
// ones and ones built from the document's tax and shipping rules) change the contact and select
// each payment-method type. After every step:
//   - the summary's total is the exact sum of the lines above it, and is not negative; every line
//     shows the currency's scale; the kept items subtotal is current (`recomputed()` is equal);
//   - the derived lines (discount, shipping, tax, surcharge, total) are what an independent model
//     of the documented pricing rules gives (coupon caps, tax rule by region then country, tax
//     base with or without shipping, surcharge on everything before it, each rounded once);
//   - the update an event returns carries the summary the checkout now has;
//   - the selected shipping method, if any, is one of the offered methods;
//   - `verify(total:)` accepts the summary's own total (and the minor-units form when it fits);
// and after each phase every `SummaryRenderer.Format` renders: only Apple Pay JS may refuse, and
// only for a currency with more than 2 decimals; the JSON outputs read back with JSONReader.
// Before all that, JSONReader reads the raw bytes (invalid UTF-8 is an error there, not repaired),
// and a value it reads must survive JSONWriter (compact and pretty) and JSONReader again unchanged.
// A violation stops the process (fatalError), which libFuzzer reports as a crash.
import Foundation
import TallyBridge
import TallyCheckout
import TallyDecimal
import TallyMoney

@inline(never)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    // fatalError, not preconditionFailure: -O builds drop a precondition's message.
    if !condition() { fatalError("invariant violated: \(message())", file: file, line: line) }
}

func checkState(_ checkout: Checkout, _ step: String) {
    let summary = checkout.summary
    let scale = checkout.currency.minorUnits
    check(summary.count >= 2, "\(step): a summary of \(summary.count) lines")
    var sum = BigDecimal.zero
    for line in summary.dropLast() {
        check(line.amount.exponent == -scale, "\(step): line \(String(reflecting: line.label)) shows \(line.amount), not scale \(scale)")
        sum += line.amount
    }
    let total = summary.totalLine.amount
    check(total.exponent == -scale, "\(step): the total shows \(total), not scale \(scale)")
    check(total == sum, "\(step): the total \(total) is not the sum of the lines \(sum)")
    check(total.signum() >= 0, "\(step): the total \(total) is negative")
    check(summary.total.amount == total, "\(step): summary.total \(summary.total) is not the total line \(total)")
    let expected = modelDerivedLines(checkout)
    let derived = summary.derivedLines.map(\.amount)
    check(derived.count == expected.count && zip(derived, expected).allSatisfy { $0 == $1 },
          "\(step): the derived lines are \(derived.map(\.description)), the documented rules give \(expected.map(\.description))")
    check(checkout.recomputed() == checkout, "\(step): the kept items subtotal \(checkout.itemsSubtotal) is stale")
    if let selected = checkout.selectedShippingMethodIdentifier {
        check(checkout.offeredShippingMethods.contains { $0.identifier == selected },
              "\(step): the selected method \(String(reflecting: selected)) is not offered")
        check(checkout.shippingMethodsForSheet.first?.identifier == selected, "\(step): the sheet's first method is not the selected one")
    }
    check(checkout.verify(total: summary.total).isMatch, "\(step): verify(total:) refuses the checkout's own total \(total)")
    if let units = try? summary.total.minorUnits, let numeric = checkout.currency.numericCode {
        check(checkout.verify(minorUnits: units, numericCurrencyCode: numeric).isMatch,
              "\(step): verify(minorUnits: \(units), numericCurrencyCode: \(numeric)) refuses the total \(total)")
    }
}

/// Equality of two codes once trimmed of surrounding white space and lowercased, in any
/// normalization ("cn", " CN"; "QUÉBEC" and "que\u{301}bec"), as Guides/Checkout.md documents it.
func sameCode(_ a: String, _ b: String) -> Bool {
    a.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == b.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
}

/// A blank code is no code (the documented rule for contacts); a code is read trimmed.
func known(_ code: String?) -> String? {
    let trimmed = code?.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed?.isEmpty == false ? trimmed : nil
}

/// The derived lines (discount, shipping, tax, surcharge, total) the checkout's documented rules
/// give for its current state, computed here from its public properties: an independent model of
/// `Checkout`'s pricing (Checkout.swift, PaymentSummary.swift, Rules.swift doc comments).
func modelDerivedLines(_ checkout: Checkout) -> [BigDecimal] {
    let scale = checkout.currency.minorUnits
    let rule = checkout.rounding
    let hundred: BigDecimal = 100
    var subtotal = BigDecimal.zero
    for item in checkout.items where item.type == .final { subtotal = subtotal + item.amount }
    let shipping = checkout.selectedShippingMethod?.amount
    var lines: [BigDecimal] = []
    var itemDiscount = BigDecimal.zero
    var shippingDiscount = BigDecimal.zero
    let positiveSubtotal = Swift.max(subtotal, .zero)
    let coupon = checkout.appliedCoupon
    if let coupon {
        switch coupon.benefit {
        case .percentOff(let percent):
            itemDiscount = try! (-(positiveSubtotal * percent)).divided(by: hundred, scale: scale, rounding: rule)
        case .amountOff(let amount):
            itemDiscount = -amount
        case .freeShipping:
            let beforeTax = subtotal + (shipping ?? .zero)
            shippingDiscount = -Swift.min(shipping ?? .zero, Swift.max(beforeTax, .zero))
        }
        if itemDiscount < -positiveSubtotal { itemDiscount = -positiveSubtotal }
        lines.append(itemDiscount + shippingDiscount)
    }
    if let shipping { lines.append(shipping) }
    let address = checkout.shippingContact?.postalAddress
    let country = known(address?.isoCountryCode) ?? checkout.countryCode
    var taxRule: TaxRule?
    if let region = known(address?.administrativeArea) {
        taxRule = checkout.taxRules.first { sameCode($0.country, country) && $0.region.map { sameCode($0, region) } == true }
    }
    if taxRule == nil { taxRule = checkout.taxRules.first { sameCode($0.country, country) && $0.region == nil } }
    var tax = BigDecimal.zero
    if let taxRule {
        var base = subtotal + itemDiscount
        if taxRule.includesShipping {
            base = base + (shipping ?? .zero)
            if coupon != nil { base = base + shippingDiscount }
        }
        tax = (Swift.max(base, .zero) * taxRule.rate).rounded(scale: scale, rule)
        lines.append(tax)
    }
    var total = subtotal + (coupon != nil ? itemDiscount + shippingDiscount : .zero) + (shipping ?? .zero) + tax
    if let type = checkout.paymentMethod?.type, let surcharge = checkout.surcharges.first(where: { $0.paymentMethodType == type }) {
        let amount = try! (Swift.max(total, .zero) * surcharge.percent).divided(by: hundred, scale: scale, rounding: rule)
        lines.append(amount)
        total = total + amount
    }
    lines.append(total)
    return lines
}

func checkUpdate(_ checkout: Checkout, _ summary: PaymentSummary, _ step: String) {
    check(summary == checkout.summary, "\(step): the update's summary is not the checkout's summary after the event")
    checkState(checkout, step)
}

func render(_ checkout: Checkout, _ step: String) {
    for format in SummaryRenderer.Format.allCases {
        do {
            let text = try SummaryRenderer.render(checkout, as: format)
            check(!text.isEmpty, "\(step): \(format) rendered nothing")
            if format != .table {
                check((try? JSONReader.read(text)) != nil, "\(step): the \(format) output is not JSON: \(text)")
            }
        } catch {
            // Apple Pay JS refuses amounts with more than 2 decimals and totals above WebKit's maximum.
            // (A document's currency is ISO and its networks and capabilities are the defaults, so
            // the renderers' other refusals — custom currencies, no 3-D Secure, no network — cannot occur.)
            check(format == .applepay && (checkout.currency.minorUnits > 2 || checkout.summary.total.amount > Checkout.webKitMaximumTotal),
                  "\(step): rendering \(format) threw \(error) (currency \(checkout.currency.code))")
        }
    }
}

/// JSONReader on the raw bytes (invalid UTF-8 included): a value it reads is written back by
/// JSONWriter, compact and pretty, to text that reads as the same value.
func checkJSONRoundTrip(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let value = try? JSONReader.read(Array(bytes)) else { return }
    for pretty in [false, true] {
        let written = JSONWriter.write(value, pretty: pretty)
        guard let again = try? JSONReader.read(written) else {
            fatalError("invariant violated: JSONWriter (pretty: \(pretty)) wrote text JSONReader refuses: \(written)")
        }
        check(again == value, "JSONWriter (pretty: \(pretty)) output reads as a different value: \(written)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheckoutDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    checkJSONRoundTrip(bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    var checkout: Checkout
    do {
        checkout = try CheckoutDocument.checkout(from: text)
        let lenient = try? CheckoutDocument.checkout(from: text, lenient: true)
        check(lenient == checkout, "a document read strictly reads differently leniently")
    } catch {
        check(!error.description.isEmpty, "an empty DocumentError")
        guard let lenient = try? CheckoutDocument.checkout(from: text, lenient: true) else { return 0 }
        checkout = lenient
    }
    checkState(checkout, "as read")
    render(checkout, "as read")

    for method in checkout.shippingMethods.prefix(8) {
        let update = checkout.selectShippingMethod(method.identifier)
        check(update.status == .success || update.status == .failure, "selectShippingMethod returned \(update.status)")
        checkUpdate(checkout, update.summaryItems, "selectShippingMethod(\(String(reflecting: method.identifier)))")
    }
    let unknown = checkout.selectShippingMethod("\u{1}no such method")
    check(unknown.status == .failure, "an unknown shipping method was accepted")
    checkUpdate(checkout, unknown.summaryItems, "selectShippingMethod(unknown)")

    for code in checkout.coupons.prefix(8).map(\.code) + [""] {
        let update = checkout.changeCouponCode(code)
        checkUpdate(checkout, update.summaryItems, "changeCouponCode(\(String(reflecting: code)))")
        check(update.shippingMethods == checkout.shippingMethodsForSheet, "changeCouponCode(\(String(reflecting: code))): the update's methods differ")
    }
    if let first = checkout.coupons.first(where: { !$0.isExpired }) {
        let update = checkout.changeCouponCode(first.code)
        checkUpdate(checkout, update.summaryItems, "changeCouponCode(\(String(reflecting: first.code))) again")
    }
    render(checkout, "after the coupons")

    var contacts: [Contact] = [
        Contact(),
        Contact(givenName: "A", postalAddress: PostalAddress(administrativeArea: "CA", isoCountryCode: "US")),
        Contact(postalAddress: PostalAddress(administrativeArea: "XZ", isoCountryCode: "cn")),
        Contact(postalAddress: PostalAddress(isoCountryCode: checkout.countryCode)),
    ]
    for rule in checkout.taxRules.prefix(3) {
        contacts.append(Contact(postalAddress: PostalAddress(administrativeArea: rule.region, isoCountryCode: rule.country)))
    }
    for rule in checkout.shippingRules.prefix(3) {
        contacts.append(Contact(postalAddress: PostalAddress(administrativeArea: rule.regions.first, isoCountryCode: rule.country)))
    }
    for (index, contact) in contacts.enumerated() {
        let update = checkout.changeShippingContact(contact)
        let step = "changeShippingContact(#\(index): \(contact.postalAddress?.isoCountryCode ?? "-")/\(contact.postalAddress?.administrativeArea ?? "-"))"
        checkUpdate(checkout, update.summaryItems, step)
        if update.errors.isEmpty {
            check(update.shippingMethods == checkout.shippingMethodsForSheet, "\(step): the update's methods differ")
        }
        for type in PaymentMethodType.allCases {
            let payment = checkout.selectPaymentMethod(PaymentMethod(network: .visa, type: type))
            checkUpdate(checkout, payment.summaryItems, "\(step), selectPaymentMethod(\(type))")
        }
        if let method = checkout.offeredShippingMethods.last {
            let selected = checkout.selectShippingMethod(method.identifier)
            check(selected.status == .success, "\(step): selecting the offered method \(String(reflecting: method.identifier)) failed")
            checkUpdate(checkout, selected.summaryItems, "\(step), selectShippingMethod(last offered)")
        }
        let result = checkout.authorize(PaymentAuthorization(paymentMethod: PaymentMethod(type: .credit), shippingContact: contact))
        check((result.status == .success) == result.errors.isEmpty, "\(step): authorize status \(result.status) with errors \(result.errors)")
    }
    render(checkout, "after the contacts")
    return 0
}
