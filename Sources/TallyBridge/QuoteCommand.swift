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
        if let refusal = unsafeArgument(arguments, command: "quote", usage: usage) { return refusal }
        let prepared: Prepared
        let formatError = "--format must be one of \(SummaryRenderer.Format.allCases.map(\.rawValue).joined(separator: ", "))"
        switch prepare(
            arguments, command: "quote", usage: usage, extraOptions: ["--format"],
            validate: { $0["--format"].flatMap { SummaryRenderer.Format(rawValue: $0) == nil ? formatError : nil } }, read: read)
        {
        case .failure(let box): return box.result
        case .success(let value): prepared = value
        }
        let format = prepared.options["--format"].flatMap(SummaryRenderer.Format.init(rawValue:)) ?? .table
        let rendered: String
        do {
            rendered = try SummaryRenderer.render(prepared.checkout, errors: prepared.paymentErrors, as: format)
        } catch {
            return Result(status: 1, output: "", errors: "tally quote: \(oneLine("\(error)"))\n")
        }
        let messages = prepared.refusals + prepared.paymentErrors.map { "\($0)" }
        return Result(
            status: messages.isEmpty ? 0 : 1, output: rendered,
            errors: messages.map { "tally quote: \(oneLine($0))\n" }.joined())
    }

    /// A document read and brought to the state the event options ask for.
    struct Prepared {
        var checkout: Checkout
        var options: [String: String]
        var paymentErrors: [PaymentError]
        var refusals: [String]
    }

    /// The options every document command shares: FILE|-, --lenient, and the events (contact,
    /// shipping, coupon, payment type), applied in that order; `extraOptions` take a value too.
    /// `validate` checks the command's own options and returns a usage error's message; it runs
    /// before the input is read, so a usage error is exit 2 even when the file is missing and does
    /// not wait for standard input.
    static func prepare(
        _ arguments: [String], command: String, usage: String, extraOptions: Set<String>,
        validate: ([String: String]) -> String? = { _ in nil }, read: (String) throws -> String
    ) -> Swift.Result<Prepared, ResultBox> {
        var file: String?
        var options: [String: String] = [:]
        var lenient = false
        var rest = arguments[...]
        let valued = extraOptions.union(["--shipping", "--coupon", "--payment-type", "--contact-country", "--contact-region"])
        let ownOptions = valued.union(["--lenient", "--help", "-h"])
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { return .failure(ResultBox(Result(status: 0, output: usage, errors: ""))) }
            if argument == "--lenient" {
                guard !lenient else { return .failure(ResultBox(usageError("--lenient is given twice", command: command, usage: usage))) }
                lenient = true
            } else if valued.contains(argument) {
                // A value that is one of the command's own options is a forgotten value:
                // `--shipping --lenient` took "--lenient" as the method (a review). Any other
                // value is taken, even one that starts with `-`: a shipping identifier or a
                // coupon code may (`--shipping -express`), and `--opt=value` is not accepted.
                guard let value = rest.popFirst(), !ownOptions.contains(value) else {
                    return .failure(ResultBox(usageError("\(argument) needs a value", command: command, usage: usage)))
                }
                // A second value would silently win; for `verify` that could approve a wrong amount.
                guard options[argument] == nil else {
                    return .failure(ResultBox(usageError("\(argument) is given twice", command: command, usage: usage)))
                }
                options[argument] = value
            } else if isOption(argument) {
                return .failure(ResultBox(usageError(unknownOption(argument, valued: valued), command: command, usage: usage)))
            } else if file == nil {
                file = argument
            } else {
                return .failure(ResultBox(usageError("unexpected argument \(String(reflecting: argument))", command: command, usage: usage)))
            }
        }
        guard let file else {
            return .failure(ResultBox(usageError("missing FILE (a checkout document, or - for standard input)", command: command, usage: usage)))
        }
        var paymentType: PaymentMethodType?
        if let name = options["--payment-type"] {
            guard let type = CheckoutDocument.paymentMethodTypes[name] else {
                return .failure(ResultBox(usageError(
                    "--payment-type must be one of \(CheckoutDocument.paymentMethodTypes.keys.sorted().joined(separator: ", "))", command: command, usage: usage)))
            }
            paymentType = type
        }
        if let message = validate(options) { return .failure(ResultBox(usageError(message, command: command, usage: usage))) }
        let text: String
        do {
            text = try read(file)
        } catch {
            return .failure(ResultBox(Result(status: 1, output: "", errors: "tally \(command): \(oneLine(CommandInput.cannotRead(file, error)))\n")))
        }
        var checkout: Checkout
        do {
            checkout = try CheckoutDocument.checkout(from: text, lenient: lenient)
            // Apple Pay on the web refuses totals above its maximum: with that format an event
            // that would pass it is refused (and reported) instead of failing the rendering.
            if options["--format"] == SummaryRenderer.Format.applepay.rawValue {
                checkout = try SummaryRenderer.preparedForApplePay(checkout)
            }
        } catch {
            return .failure(ResultBox(Result(status: 1, output: "", errors: "tally \(command): \(oneLine("\(file): \(error)"))\n")))
        }
        var paymentErrors: [PaymentError] = []
        var refusals: [String] = []
        if options["--contact-country"] != nil || options["--contact-region"] != nil {
            let contact = Contact(postalAddress: PostalAddress(
                administrativeArea: options["--contact-region"], isoCountryCode: options["--contact-country"]))
            paymentErrors += checkout.changeShippingContact(contact).errors
        }
        if let identifier = options["--shipping"], checkout.selectShippingMethod(identifier).status != .success {
            refusals.append("--shipping: " + Node.shippingRefusal(identifier, in: checkout))
        }
        if let code = options["--coupon"] { paymentErrors += checkout.changeCouponCode(code).errors }
        if let paymentType { paymentErrors += checkout.selectPaymentMethod(PaymentMethod(type: paymentType)).errors }
        return .success(Prepared(checkout: checkout, options: options, paymentErrors: paymentErrors, refusals: refusals))
    }

    /// A `Result` as an `Error`, to return early from `prepare`.
    struct ResultBox: Error {
        let result: Result
        init(_ result: Result) { self.result = result }
    }

    /// Whether a command-line argument is an option rather than a file: it starts with `-` and is
    /// not `-` alone (standard input). A file whose name starts with `-` is given as `./-name`.
    static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-"
    }

    /// The usage message for an option no command takes; for `--amount=10.01`, where `--amount`
    /// takes a value, it says to write the value after a space, as every option here takes it.
    static func unknownOption(_ argument: String, valued: Set<String>) -> String {
        if let equals = argument.firstIndex(of: "="), valued.contains(String(argument[..<equals])) {
            let name = argument[..<equals], value = argument[argument.index(after: equals)...]
            return "unknown option \(argument) (write \(name) \(value), with a space)"
        }
        return "unknown option \(argument)"
    }

    /// A usage error for the first argument with more than 30 combining marks in a row, or
    /// `nil`: every command asks before comparing its arguments with anything (Swift compares and
    /// hashes such a run in time quadratic in its length; a review's 128 KB argument kept
    /// `tally quote --payment-type` busy for 4 s). The argument is not echoed.
    static func unsafeArgument(_ arguments: [String], command: String, usage: String) -> Result? {
        guard let index = arguments.firstIndex(where: { !isStreamSafe($0) }) else { return nil }
        return usageError("argument \(index + 1) \(combiningRunReason)", command: command, usage: usage)
    }

    /// A usage error: the message on one line (it may quote an argument), then the usage text.
    static func usageError(_ message: String, command: String, usage: String) -> Result {
        Result(status: 2, output: "", errors: "tally \(command): \(oneLine(message))\n\n\(usage)")
    }
}
