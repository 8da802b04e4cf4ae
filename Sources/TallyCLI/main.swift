// The `tally` command-line tool. Exit status: 0 on success, 1 on a document error, 2 on a usage error.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// From the C arguments, not `CommandLine.arguments`, which replaces bytes that are not UTF-8 with
// U+FFFD: `tally quote $'doc\xff.json'` read another file, `doc\u{FFFD}.json` (a review).
let status = CommandLineTool.run(argc: CommandLine.argc, argv: CommandLine.unsafeArgv)
CommandLineTool.flushOutput()  // a write error is exit 1 with the reason, not a silent 0
exit(status == 0 && CommandLineTool.outputFailed ? 1 : status)
