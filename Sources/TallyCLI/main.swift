// The `tally` command-line tool. Exit status: 0 on success, 1 on a document error, 2 on a usage error.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let status = CommandLineTool.run(arguments)
CommandLineTool.flushOutput()  // a write error is exit 1 with the reason, not a silent 0
exit(status)
