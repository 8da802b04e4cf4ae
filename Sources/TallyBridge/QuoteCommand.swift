import Foundation
import TallyCheckout
import TallyDecimal
import TallyMoney

/// `tally quote FILE|- [options]`: the summary of a checkout document, after optional events.
///
/// The logic lives here (not in the executable) so that its golden outputs are tested directly.
public enum QuoteCommand {
    /// What a run printed and its exit status.
    public struct Result: Hashable, Sendable {
        /// 0 success; 1 a document or data error (or a refused event); 2 a usage error.
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errors: String
    }

    /// The usage text.
    public static let usage = """
        USAGE: tally quote FILE|- [--shipping ID] [--coupon CODE] [--payment-type TYPE]
                                  [--contact-country CC] [--contact-region R]
                                  [--format table|json|applepay|w3c] [--lenient]

        Prints the payment summary of a checkout document (JSON; `-` reads standard input), after
        applying, in this order, a shipping contact (--contact-country, --contact-region), a
        shipping method, a coupon code and a payment-method type
        (debit, credit, prepaid, store, eMoney, unknown).

        --format     table (default), json (Tally's), applepay (Apple Pay JS), w3c (Payment Request)
        --lenient    ignore unknown keys in the document (they are errors by default)

        EXAMPLES:
          tally quote Examples/documents/seed-checkout.json
          tally quote Examples/documents/seed-checkout.json --shipping expressshipping --format json
          tally quote Examples/documents/us-tax.json --contact-country US --contact-region CA --payment-type credit

        EXIT STATUS: 0 success; 1 a document error or a refused event (the reason on standard
        error, the summary as it stands on standard output); 2 a usage error.

        """

    /// Runs `tally quote` with `arguments` (those after `quote`); `read` reads a file's text or,
    /// for `-`, standard input.
    public static func run(_ arguments: [String], read: (String) throws -> String) -> Result {
        var file: String?
        var options: [String: String] = [:]
        var lenient = false
        var rest = arguments[...]
        let valued: Set<String> = ["--shipping", "--coupon", "--payment-type", "--contact-country", "--contact-region", "--format"]
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { return Result(status: 0, output: usage, errors: "") }
            if argument == "--lenient" {
                lenient = true
            } else if valued.contains(argument) {
                guard let value = rest.popFirst() else { return usageError("\(argument) needs a value") }
                options[argument] = value
            } else if argument.hasPrefix("--") {
                return usageError("unknown option \(argument)")
            } else if file == nil {
                file = argument
            } else {
                return usageError("unexpected argument \(String(reflecting: argument))")
            }
        }
        guard let file else { return usageError("missing FILE (a checkout document, or - for standard input)") }
        let format: SummaryRenderer.Format
        if let name = options["--format"] {
            guard let chosen = SummaryRenderer.Format(rawValue: name) else {
                return usageError("--format must be one of \(SummaryRenderer.Format.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            format = chosen
        } else {
            format = .table
        }
        var paymentType: PaymentMethodType?
        if let name = options["--payment-type"] {
            guard let type = CheckoutDocument.paymentMethodTypes[name] else {
                return usageError("--payment-type must be one of \(CheckoutDocument.paymentMethodTypes.keys.sorted().joined(separator: ", "))")
            }
            paymentType = type
        }

        let text: String
        do {
            text = try read(file)
        } catch {
            return Result(status: 1, output: "", errors: "tally quote: cannot read \(file)\n")
        }
        var checkout: Checkout
        do {
            checkout = try CheckoutDocument.checkout(from: text, lenient: lenient)
        } catch {
            return Result(status: 1, output: "", errors: "tally quote: \(file): \(error)\n")
        }

        var paymentErrors: [PaymentError] = []
        var refusals: [String] = []
        if options["--contact-country"] != nil || options["--contact-region"] != nil {
            let contact = Contact(postalAddress: PostalAddress(
                administrativeArea: options["--contact-region"], isoCountryCode: options["--contact-country"]))
            paymentErrors += checkout.changeShippingContact(contact).errors
        }
        if let identifier = options["--shipping"] {
            if checkout.selectShippingMethod(identifier).status != .success {
                refusals.append("--shipping: \(String(reflecting: identifier)) is not offered here (offered: \(checkout.offeredShippingMethods.map(\.identifier).joined(separator: ", ")))")
            }
        }
        if let code = options["--coupon"] { paymentErrors += checkout.changeCouponCode(code).errors }
        if let paymentType { paymentErrors += checkout.selectPaymentMethod(PaymentMethod(type: paymentType)).errors }

        let rendered: String
        do {
            rendered = try SummaryRenderer.render(checkout, errors: paymentErrors, as: format)
        } catch {
            return Result(status: 1, output: "", errors: "tally quote: \(error)\n")
        }
        let messages = refusals + paymentErrors.map { "\($0)" }
        return Result(
            status: messages.isEmpty ? 0 : 1, output: rendered,
            errors: messages.map { "tally quote: \($0)\n" }.joined())
    }

    static func usageError(_ message: String) -> Result {
        Result(status: 2, output: "", errors: "tally quote: \(message)\n\n\(usage)")
    }
}
