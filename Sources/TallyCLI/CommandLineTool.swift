// Subcommand dispatch and usage text for `tally`. Small on purpose: no argument-parsing package
// can be fetched here, and the command surface is a handful of words.
import Foundation
import TallyBridge
import TallyDecimal
import TallyMoney

enum CommandLineTool {
    static let usage = """
        tally — exact decimal money and payment-summary calculations

        USAGE:
          tally demo          Walk the seed checkout (12.75, −12.74, free or express shipping,
                              merchant "ls") through the payment sheet's events — shipping
                              method, shipping contact, coupon code, payment method,
                              authorization — printing each update's summary; then tax
                              rounding, a split, cash rounding and formatting as money, and a
                              40-digit sum next to Foundation.Decimal's answer.
          tally quote FILE|-  Print the payment summary of a checkout document (JSON) after
                              optional events, as a table, Tally JSON, Apple Pay JS or W3C
                              Payment Request; `tally quote --help` for the options.
          tally verify FILE|- Check a client's amount (--amount, or --minor-units with
                              --numeric-currency) against the document's total.
          tally replay FILE|- Run a document through a list of payment-sheet events and print
                              one JSON update per line.
          tally purchases replay FILE|-
                              Run a recorded in-app purchase event log through the
                              crash-safe ledger and print each decision (upload, retry,
                              finish, credit, tell the user, report) and the credits.
          tally help          Show this help (also: --help, -h).

        EXIT STATUS:
          0 success, 1 a document error or a refused event, 2 usage error.

        """

    static let demoUsage = """
        USAGE: tally demo

        Walks the seed checkout (merchant "ls", CNY: 商品价格 12.75, 优惠折扣 −12.74, free shipping
        包邮 and express 极速送达 10.00) through the payment sheet's events — select express,
        back to free, a remote region, an unserviceable address, coupons, a credit card with a
        fee, authorization — printing each update's summary, then the money layer and a 40-digit
        sum next to Foundation.Decimal's answer. Takes no arguments.

        EXAMPLE:
          swift run tally demo

        """

    /// Runs the tool with the process's C arguments (`argv[0]`, the program, is skipped) and
    /// returns the exit status. An argument that is not UTF-8 is a usage error naming its position
    /// (`tally: argument 2 is not UTF-8 text`; not echoed), before any is compared with anything:
    /// decoded with a replacement character instead, it named another file or option value.
    static func run(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        var arguments: [String] = []
        for position in 1..<max(Int(argc), 1) {
            guard let pointer = argv[position] else { break }
            guard let argument = String(validatingCString: pointer) else {
                printError("tally: argument \(position) is not UTF-8 text\n\n" + usage)
                return 2
            }
            arguments.append(argument)
        }
        return run(arguments)
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        // Before the command's name is compared with anything (see `QuoteCommand.unsafeArgument`).
        if let index = arguments.firstIndex(where: { !isStreamSafe($0) }) {
            printError("tally: argument \(index + 1) \(combiningRunReason)\n\n" + usage)
            return 2
        }
        guard let command = arguments.first else {
            printError("tally: missing command\n\n" + usage)
            return 2
        }
        switch command {
        case "demo":
            if arguments.count == 2 && ["--help", "-h"].contains(arguments[1]) {
                emit(demoUsage)
                return 0
            }
            guard arguments.count == 1 else {
                // Name the first argument that is not the lone --help (`demo --help x` names "x").
                let unexpected = arguments.dropFirst().first { !["--help", "-h"].contains($0) } ?? arguments[1]
                printError("tally demo: unexpected argument \(quotedForMessage(unexpected))")
                return 2
            }
            emit(Demo.render())
            return 0
        case "quote", "verify", "replay", "purchases":
            let rest = Array(arguments.dropFirst())
            let read: (String) throws -> String = { path in try CommandInput.read(path) }
            let result: QuoteCommand.Result
            switch command {
            case "quote": result = QuoteCommand.run(rest, read: read)
            case "verify": result = VerifyCommand.run(rest, read: read)
            case "purchases": result = PurchasesCommand.run(rest, read: read, readBytes: { path in try CommandInput.readBytes(path) })
            // Each update is printed as it is rendered: a replay's output can be large.
            // After a failed write it stops (`write` throws), and still lists its refusals.
            default:
                result = ReplayCommand.run(rest, read: read) { text in
                    guard !outputFailed else { throw OutputFailed() }
                    emit(text)
                }
            }
            emit(result.output)
            if !result.errors.isEmpty { printError(String(result.errors.dropLast())) }
            return result.status
        case "help", "--help", "-h":
            guard arguments.count == 1 else {
                printError("tally \(command): unexpected argument \(quotedForMessage(arguments[1]))\n\n" + usage)
                return 2
            }
            emit(usage)
            return 0
        default:
            printError("tally: unknown command \(quotedForMessage(command))\n\n" + usage)
            return 2
        }
    }

    /// Writes `message` and a line break to standard error. A failed write is ignored: there is
    /// nowhere left to report it (Foundation's `FileHandle.write(_:)` stops the process instead,
    /// which under a closed standard error turned every refusal into a crash).
    static func printError(_ message: String) {
        flushOutput()  // what was printed before the message comes before it
        _ = writeAll(Array((message + "\n").utf8), to: 2)
    }

    /// Standard output not yet written: `emit` collects up to 64 KB, so that a replay of many
    /// small updates makes few system calls (one per update cost a review's 20,000-event replay
    /// ten times the calls of the C library's buffer). The tool is single-threaded.
    nonisolated(unsafe) private static var pendingOutput: [UInt8] = []

    /// Whether a write to standard output failed: reported once, and then the exit status is 1
    /// (`main`). Not an exit on the spot, which lost the refusals the command had still to print
    /// on standard error (a review: `tally quote doc.json --shipping drone > /dev/full`).
    nonisolated(unsafe) private(set) static var outputFailed = false

    /// What the replay's `write` throws once standard output has failed, so that it stops.
    struct OutputFailed: Error {}

    /// Writes `text` to standard output, through a 64 KB buffer that `flushOutput` empties (and
    /// `main` before the process exits); a write error — a full disk, or a closed pipe when
    /// SIGPIPE is ignored — is reported and makes the exit status 1: output that did not arrive
    /// must not look like success (a review found `tally quote doc.json > /dev/full` exiting 0).
    /// After it, output is dropped, and a replay stops at its next update.
    static func emit(_ text: String) {
        guard !outputFailed else { return }
        pendingOutput.append(contentsOf: text.utf8)
        if pendingOutput.count >= 1 << 16 { flushOutput() }
    }

    /// Writes what `emit` collected; on an error reports it (once) and sets `outputFailed`.
    static func flushOutput() {
        guard !pendingOutput.isEmpty else { return }
        let bytes = pendingOutput
        pendingOutput.removeAll(keepingCapacity: true)
        if let error = writeAll(bytes, to: 1) {
            outputFailed = true
            printError("tally: cannot write standard output: \(String(cString: strerror(error)))")
        }
    }

    /// Writes all of `bytes` to the file descriptor: again after an interruption, and after
    /// waiting for room when the descriptor is non-blocking. The `errno` of a failure, or `nil`.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = retryingIO(on: descriptor, waitingFor: POLLOUT) {
                bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress! + offset, bytes.count - offset) }
            }
            if count < 0 { return errno }
            offset += count
        }
        return nil
    }
}
