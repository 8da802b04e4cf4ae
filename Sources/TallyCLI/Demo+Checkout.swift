// `tally demo`, first part: the seed tutorial's checkout driven through the payment sheet's events
// by TallyCheckout. Every summary printed here is derived from the `Checkout` value, never patched.
import Tally

extension Demo {
    /// The seed's request and sheet (merchant "ls", CNY, CN; 12.75 and −12.74; free or express
    /// shipping) plus the rules the walk-through exercises.
    static func seedCheckout() throws(CheckoutError) -> Checkout {
        try Checkout(
            currency: .cny, countryCode: "CN", merchantName: "ls",
            items: [SummaryItem(label: "商品价格", amount: "12.75"), SummaryItem(label: "优惠折扣", amount: "-12.74")],
            shippingMethods: [
                ShippingMethod(identifier: "freeshipping", label: "包邮", detail: "6-8 天 送达", amount: "0.00"),
                ShippingMethod(identifier: "expressshipping", label: "极速送达", detail: "2-3 小时 送达", amount: "10.00"),
            ],
            coupons: [
                Coupon(code: "SAVE10", benefit: .percentOff(10)),
                Coupon(code: "SPRING5", benefit: .amountOff("5.00"), isExpired: true),
            ],
            shippingRules: [ShippingRule(country: "CN", regions: ["XZ", "XJ"], methods: ["freeshipping"])],
            surcharges: [Surcharge(paymentMethodType: .credit, percent: "2.5", label: "Credit card fee")],
            merchantIdentifier: "merchant.com.example.ls",
            requiredShippingContactFields: [.postalAddress, .name, .phoneNumber])
    }

    static let urumqi = Contact(postalAddress: PostalAddress(city: "乌鲁木齐", administrativeArea: "XJ", isoCountryCode: "CN"))
    static let cupertino = Contact(postalAddress: PostalAddress(city: "Cupertino", administrativeArea: "CA", isoCountryCode: "US"))
    static let shanghai = Contact(postalAddress: PostalAddress(city: "上海", administrativeArea: "SH", isoCountryCode: "CN"))

    /// The event walk-through: each step names the PassKit callback and the Tally call, then prints
    /// what the update carries (status or errors, offered methods) and its summary as a table.
    static func renderCheckout() -> String {
        var out = "Tally demo: the seed checkout (merchant \"ls\", CNY) through the payment sheet's events\n\n"
        out += """
            Items 商品价格 12.75 and 优惠折扣 -12.74; shipping 包邮 0.00 (first, so selected) or
            极速送达 10.00; coupons SAVE10 (10% off the items) and SPRING5 (expired); Tibet (XZ) and
            Xinjiang (XJ) get 包邮 only, other countries nothing; credit cards pay a 2.5% fee; the
            shipping name and phone number are required.


            """
        var checkout: Checkout
        do {
            checkout = try seedCheckout()
        } catch {
            return out + "the seed checkout is not valid: \(error)\n"
        }
        var step = 0
        func show(_ title: String, _ outcome: String, _ summary: PaymentSummary) {
            step += 1
            out += number(step) + title + "\n"
            if !outcome.isEmpty { out += "    \(outcome)\n" }
            out += table(summary) + "\n"
        }

        show("The sheet opens: checkout.summary", "", checkout.summary)

        for identifier in ["expressshipping", "freeshipping"] {
            let update = checkout.selectShippingMethod(identifier)
            show("didSelectShippingMethod → selectShippingMethod(\"\(identifier)\")", "status: \(update.status)", update.summaryItems)
        }

        for contact in [urumqi, cupertino, shanghai] {
            let update = checkout.changeShippingContact(contact)
            let address = contact.postalAddress.map { [$0.city, $0.administrativeArea, $0.isoCountryCode].compactMap { $0 } } ?? []
            let outcome = update.errors.isEmpty
                ? "methods offered: \(update.shippingMethods.map(\.label).joined(separator: ", "))"
                : errors(update.errors) + "; summary unchanged"
            show("didSelectShippingContact → changeShippingContact(\(address.joined(separator: " ")))", outcome, update.summaryItems)
        }

        let express = checkout.selectShippingMethod("expressshipping")
        show("didSelectShippingMethod → selectShippingMethod(\"expressshipping\")", "status: \(express.status)", express.summaryItems)

        for code in ["SAVE99", "SPRING5", "SAVE10"] {
            let update = checkout.changeCouponCode(code)
            // 10% of the items' subtotal (not of shipping), rounded once.
            let exact = (checkout.itemsSubtotal * "0.10").reduced().plainString
            let line = update.summaryItems.derivedLines.first?.amount.magnitude.plainString ?? "?"
            let outcome = update.errors.isEmpty
                ? "applied: 10% of the items' \(checkout.itemsSubtotal.plainString) is \(exact), rounded once to \(line) (shipping is not discounted)"
                : errors(update.errors) + "; summary unchanged"
            show("didChangeCouponCode → changeCouponCode(\"\(code)\")", outcome, update.summaryItems)
        }

        let card = PaymentMethod(displayName: "Visa 1234", network: .visa, type: .credit)
        let before = checkout.summary.total.amount
        let payment = checkout.selectPaymentMethod(card)
        let fee = payment.summaryItems.total.amount - before
        let exactFee = (before * "0.025").reduced().plainString
        show(
            "didSelectPaymentMethod → selectPaymentMethod(Visa 1234, credit)",
            payment.errors.isEmpty ? "a fee line: 2.5% of \(before.plainString) is \(exactFee), rounded once to \(fee.plainString)" : errors(payment.errors),
            payment.summaryItems)

        let name = Contact(givenName: "三", familyName: "张", postalAddress: shanghai.postalAddress)
        var complete = name
        complete.phoneNumber = "+86 21 5555 0100"
        for (index, (title, contact)) in [("without a phone number", name), ("with every required field", complete)].enumerated() {
            if index > 0 { out += "\n" }
            step += 1
            let result = checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: contact))
            out += number(step) + "didAuthorizePayment → authorize(…) \(title)\n"
            out += "    status: \(result.status)\n"
            if !result.errors.isEmpty { out += "    errors: \(errors(result.errors))\n" }
        }
        // The server checks the amount before it charges the token: a client still showing the total
        // from before the card fee (10.01) is caught.
        out += "    the server checks the amount it is asked to charge, verify(total:):\n"
        for amount in [checkout.summary.total, Money("10.01", .cny)] {
            out += "      \(amount): \(checkout.verify(total: amount))\n"
        }
        return out + "\n"
    }

    /// `" 7. "`: step numbers right-aligned to two digits.
    static func number(_ step: Int) -> String {
        (step < 10 ? " " : "") + "\(step). "
    }

    /// `code (field): message`, joined.
    static func errors(_ errors: [PaymentError]) -> String {
        errors.map { error in
            error.code.rawValue + (error.contactField.map { " (\($0.rawValue))" } ?? "") + ": " + error.message
        }.joined(separator: "; ")
    }

    /// A summary as an aligned table: labels padded to 24 columns (CJK characters take two), amounts
    /// right-aligned.
    static func table(_ summary: PaymentSummary) -> String {
        summary.map { line in
            let amount = line.amount.plainString
            return "      " + pad(line.label, to: 24) + String(repeating: " ", count: max(0, 8 - amount.count)) + amount + "\n"
        }.joined()
    }
}
