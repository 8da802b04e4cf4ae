import TallyCheckout
import TallyDecimal
import TallyMoney

/// `tally verify FILE --amount 10.01 | --minor-units 1001 --numeric-currency 156 [event options]`:
/// whether an amount a client sent (or a decrypted Apple Pay token carries) is the document's total.
public enum VerifyCommand {
    /// The usage text.
    public static let usage = """
        USAGE: tally verify FILE|- (--amount AMOUNT | --minor-units N --numeric-currency CODE)
                                   [--shipping ID] [--coupon CODE] [--payment-type TYPE]
                                   [--contact-country CC] [--contact-region R] [--lenient]

        Checks an amount against the total of a checkout document after the same events as
        `tally quote`. --amount is in the document's currency; --minor-units with
        --numeric-currency is the form a decrypted Apple Pay token carries (transactionAmount and
        currencyCode, e.g. 1001 and 156 for 10.01 CNY).

        EXAMPLES:
          tally verify Examples/documents/seed-checkout.json --shipping expressshipping --amount 10.01
          tally verify Examples/documents/seed-checkout.json --minor-units 1 --numeric-currency 156

        EXIT STATUS: 0 the amount matches; 1 it does not (the difference on standard error), or a
        document error or refused event; 2 a usage error.

        """

    /// Runs `tally verify` with `arguments` (those after `verify`).
    public static func run(_ arguments: [String], read: (String) throws -> String) -> QuoteCommand.Result {
        if let refusal = QuoteCommand.unsafeArgument(arguments, command: "verify", usage: usage) { return refusal }
        let prepared: QuoteCommand.Prepared
        switch QuoteCommand.prepare(
            arguments, command: "verify", usage: usage, extraOptions: ["--amount", "--minor-units", "--numeric-currency"],
            validate: { options in
                if case .failure(let message) = claim(options) { return message.text }
                return nil
            }, read: read)
        {
        case .failure(let box): return box.result
        case .success(let value): prepared = value
        }
        let checkout = prepared.checkout
        let messages = prepared.refusals + prepared.paymentErrors.map { "\($0)" }
        if !messages.isEmpty {
            return QuoteCommand.Result(status: 1, output: "", errors: messages.map { "tally verify: \(oneLine($0))\n" }.joined())
        }
        let verification: TotalVerification
        switch claim(prepared.options) {
        case .success(.amount(let amount)): verification = checkout.verify(total: Money(amount, checkout.currency))
        case .success(.minorUnits(let minorUnits, let numeric)):
            verification = checkout.verify(minorUnits: minorUnits, numericCurrencyCode: numeric)
        case .failure(let message): return QuoteCommand.usageError(message.text, command: "verify", usage: usage)
        }
        if verification.isMatch {
            return QuoteCommand.Result(status: 0, output: "matches: \(checkout.summary.total)\n", errors: "")
        }
        return QuoteCommand.Result(status: 1, output: "", errors: "tally verify: \(verification)\n")
    }

    /// The amount the client claims, from the options.
    enum Claim {
        case amount(BigDecimal)
        case minorUnits(Int64, numericCurrencyCode: Int)
    }

    /// A usage error's message, as an `Error` for `Result`.
    struct UsageMessage: Error {
        let text: String
    }

    /// Reads --amount, or --minor-units with --numeric-currency (checked before the document is read).
    static func claim(_ options: [String: String]) -> Result<Claim, UsageMessage> {
        switch (options["--amount"], options["--minor-units"], options["--numeric-currency"]) {
        case (let text?, nil, nil):
            do {
                return .success(.amount(try BigDecimal(parsing: text)))
            } catch {
                // The parser's reason: not a number, or a number beyond the limits (1e6145).
                return .failure(UsageMessage(text: "--amount: \(error)"))
            }
        case (nil, let units?, let code?):
            func integral(_ text: Substring) -> Bool {
                let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text
                return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
            }
            guard let minorUnits = Int64(units) else {
                let reason = integral(units[...]) ? "is out of range (a 64-bit whole number)" : "is not a whole number"
                return .failure(UsageMessage(text: "--minor-units \(String(reflecting: units)) \(reason)"))
            }
            guard let numeric = Int(code) else {
                let reason = integral(code[...]) ? "is out of range (ISO 4217 numeric codes have 3 digits)" : "is not a number"
                return .failure(UsageMessage(text: "--numeric-currency \(String(reflecting: code)) \(reason)"))
            }
            return .success(.minorUnits(minorUnits, numericCurrencyCode: numeric))
        default:
            return .failure(UsageMessage(text: "give --amount, or --minor-units with --numeric-currency"))
        }
    }
}
