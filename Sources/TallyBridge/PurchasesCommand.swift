import TallyDecimal
import TallyMoney
import TallyPurchases

/// `tally purchases replay FILE|-`: a recorded purchase event log (JSON lines) through the ledger,
/// printing each event and the ledger's decisions, then the ledger's state and what the app would
/// do at its next launch.
public enum PurchasesCommand {
    /// The usage text.
    public static let usage = """
        USAGE: tally purchases replay FILE|-

        Runs a purchase event log through the ledger and prints, for each event, what the app
        should do: upload a receipt, retry after a delay, finish a transaction, credit an order,
        tell the user, report — or nothing. Then the ledger: every transaction's status, the
        credits with their exact totals, and what a restart would do.

        FILE holds JSON lines, one event each (blank lines skipped), or a journal written by
        PurchaseJournal:
          {"order": {"id", "product": {"identifier", "price": {"amount", "currency"}, "displayName"},
                     "quantity", "createdAt"}}
          {"transaction": {"id", "product", "quantity", "order", "date", "state", "receipt",
                           "original", "cancelled", "error"}}
              state: purchasing, purchased, restored, failed, deferred
          {"receiptAccepted": {"transaction"}}
          {"receiptRejected": {"transaction", "reason"}}
          {"uploadFailed": {"transaction", "reason"}}
        Times are ISO 8601 in UTC: "2026-11-30T10:00:05Z".

        EXAMPLE:
          tally purchases replay Examples/purchases/seed-flow.jsonl

        EXIT STATUS: 0 the log was replayed; 1 it cannot be read (the line and reason are
        printed); 2 a usage error.

        """

    /// Runs `tally purchases` with `arguments` (those after `purchases`).
    ///
    /// - Parameters:
    ///   - read: reads a file's text (`-`: standard input).
    ///   - readBytes: reads a file's bytes, when given (the executable passes
    ///     `CommandInput.readBytes`): a journal torn inside a UTF-8 character is still read.
    public static func run(
        _ arguments: [String], read: (String) throws -> String, readBytes: ((String) throws -> [UInt8])? = nil
    ) -> QuoteCommand.Result {
        if let refusal = QuoteCommand.unsafeArgument(arguments, command: "purchases", usage: usage) { return refusal }
        var rest = arguments[...]
        guard let subcommand = rest.popFirst() else {
            return QuoteCommand.usageError("missing subcommand (replay)", command: "purchases", usage: usage)
        }
        if ["--help", "-h", "help"].contains(subcommand) { return QuoteCommand.Result(status: 0, output: usage, errors: "") }
        guard subcommand == "replay" else {
            return QuoteCommand.usageError("unknown subcommand \(String(reflecting: subcommand))", command: "purchases", usage: usage)
        }
        var file: String?
        while let argument = rest.popFirst() {
            if ["--help", "-h"].contains(argument) { return QuoteCommand.Result(status: 0, output: usage, errors: "") }
            if QuoteCommand.isOption(argument) {
                return QuoteCommand.usageError("unknown option \(argument)", command: "purchases replay", usage: usage)
            }
            guard file == nil else {
                return QuoteCommand.usageError("unexpected argument \(String(reflecting: argument))", command: "purchases replay", usage: usage)
            }
            file = argument
        }
        guard let file else { return QuoteCommand.usageError("missing FILE", command: "purchases replay", usage: usage) }
        let contents: PurchaseLog.Contents
        do {
            let bytes = try readBytes.map { try $0(file) } ?? Array(try read(file).utf8)
            do {
                contents = try PurchaseLog.read(bytes: bytes)
            } catch {
                return QuoteCommand.Result(
                    status: 1, output: "", errors: "tally purchases replay: " + oneLine("\(file): \(located(error, in: bytes))") + "\n")
            }
        } catch {
            return QuoteCommand.Result(status: 1, output: "", errors: "tally purchases replay: " + oneLine(CommandInput.cannotRead(file, error)) + "\n")
        }
        var heading = ""
        if contents.isJournal {
            heading = "A journal of \(contents.events.count) event\(contents.events.count == 1 ? "" : "s")"
            if let snapshot = contents.snapshot {
                heading += " after a snapshot of \(snapshot.orders.count) orders, \(snapshot.records.count) transactions and \(snapshot.credits.count) credits"
            }
            heading += (contents.droppedTornBytes > 0 ? "; its torn last line (\(contents.droppedTornBytes) bytes) was ignored" : "") + ".\n\n"
        }
        return QuoteCommand.Result(status: 0, output: heading + render(contents.events, from: contents.snapshot), errors: "")
    }

    /// `error`, with the column and the reason for a line that is not JSON. Foundation's
    /// `JSONDecoder`, which reads the log, says only "not valid JSON" on Linux; TallyBridge's own
    /// reader, run on that one line, says where and why (`line 1: not valid JSON: column 11:
    /// expected a value, found the end of the document`), as `tally quote` does for a document.
    static func located(_ error: PurchaseError, in bytes: [UInt8]) -> String {
        let line: Int
        let saying: (String) -> PurchaseError
        switch error {
        case .invalidEvent(let number, "not valid JSON"): (line, saying) = (number, { .invalidEvent(line: number, reason: $0) })
        case .corruptJournal(let number, "not valid JSON"): (line, saying) = (number, { .corruptJournal(line: number, reason: $0) })
        default: return "\(error)"
        }
        // The line's bytes, found as the readers number lines: from 1, one per "\n".
        var start = bytes.startIndex
        for _ in 1..<Swift.max(line, 1) {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return "\(error)" }
            start = newline + 1
        }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        do {
            _ = try JSONReader.read(Array(bytes[start..<end]))
        } catch {
            return "\(saying("not valid JSON: column \(error.column): \(error.reason)"))"
        }
        return "\(error)"  // a line only Foundation refuses: its own words
    }

    /// The replay as text: each event with its decisions, then the ledger. The events go through
    /// a `JournaledLedger` kept in memory (starting from `snapshot`, a compacted journal's), and
    /// "the next launch" reopens that journal, as the app would after a crash.
    public static func render(_ events: [PurchaseEvent], from snapshot: PurchaseLedger? = nil) -> String {
        let storage = MemoryJournalStorage()
        var output = ""
        let journal: PurchaseJournal
        do {
            if let snapshot { try PurchaseJournal(storage: storage).compact(to: snapshot) }
            journal = try PurchaseJournal(storage: storage)
        } catch {
            return "the snapshot cannot be rebuilt: " + oneLine("\(error)") + "\n"
        }
        let live = JournaledLedger(journal: journal)
        let width = String(events.count).count
        let indent = String(repeating: " ", count: width + 2)
        for (index, event) in events.enumerated() {
            let number = String(index + 1)
            output += String(repeating: " ", count: width - number.count) + number + "  " + oneLine(event.description) + "\n"
            do {
                let actions = try live.handle(event)
                if actions.isEmpty { output += indent + "→ nothing\n" }
                for action in actions { output += indent + "→ " + oneLine("\(action)") + "\n" }
            } catch {
                output += indent + "→ not recorded, nothing to do: " + oneLine("\(error)") + "\n"
            }
        }
        let ledger = live.ledger
        output += "\nTransactions:\n"
        let records = ledger.records.values.sorted { a, b in
            a.transaction.date != b.transaction.date ? a.transaction.date < b.transaction.date : a.transaction.identifier < b.transaction.identifier
        }
        if records.isEmpty { output += "  none\n" }
        // Padded to 48 columns at most, as the quote table is: one long identifier pushes its own
        // row out instead of padding every row to it (a review's 200,000-character identifier
        // among 1,000 transactions printed 200 MB).
        let idWidth = Swift.min(
            records.map { SummaryRenderer.displayWidth(SummaryRenderer.tableCell($0.transaction.identifier)) }.max() ?? 0,
            SummaryRenderer.widestPaddedColumn)
        for record in records {
            let id = SummaryRenderer.tableCell(record.transaction.identifier)
            let padding = String(repeating: " ", count: Swift.max(idWidth - SummaryRenderer.displayWidth(id), 0))
            output += "  " + id + padding + "  " + oneLine("\(record.status)") + "\n"
        }
        let credits = ledger.credits
        output += "\nCredited: " + (credits.isEmpty ? "nothing" : ledger.creditedTotals.map(\.description).joined(separator: ", "))
            + " (\(credits.count) purchase\(credits.count == 1 ? "" : "s"))\n"
        output += "Journal: \(journal.entryCount) entr\(journal.entryCount == 1 ? "y" : "ies"), \(storage.bytes.count) bytes\n"
        guard let reopened = try? PurchaseJournal(storage: storage), let atLaunch = try? JournaledLedger(journal: reopened).resume() else {
            return output
        }
        output += "At the next launch:" + (atLaunch.isEmpty ? " nothing to resume\n" : "\n" + atLaunch.map { "  → " + oneLine("\($0)") + "\n" }.joined())
        return output
    }
}
