// Subcommand dispatch and usage text for `tally`. Small on purpose: no argument-parsing package
// can be fetched here, and the command surface is a handful of words.
import Foundation

enum CommandLineTool {
    static let usage = """
        tally — exact decimal money and payment-summary calculations

        USAGE:
          tally demo          Walk through the seed checkout (12.75, −12.74, free and express
                              shipping, merchant "ls") computed exactly, tax on it, the total
                              split, cash-rounded and formatted as money, and a 40-digit sum
                              next to Foundation.Decimal's answer.
          tally help          Show this help (also: --help, -h).

        EXIT STATUS:
          0 success, 1 document error, 2 usage error.

        """

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            printError("tally: missing command\n\n" + usage)
            return 2
        }
        switch command {
        case "demo":
            guard arguments.count == 1 else {
                printError("tally demo: unexpected argument \(String(reflecting: arguments[1]))")
                return 2
            }
            print(Demo.render(), terminator: "")
            return 0
        case "help", "--help", "-h":
            print(usage, terminator: "")
            return 0
        default:
            printError("tally: unknown command \(String(reflecting: command))\n\n" + usage)
            return 2
        }
    }

    static func printError(_ message: String) {
        var standardError = StandardError()
        print(message, to: &standardError)
    }
}

/// Writes to the process's standard error.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
