// General Decimal Arithmetic conformance: runs the IBM `.decTest` testcases (speleotrove.com/decimal)
// against `BigDecimal`, for every case that speaks of an exact decimal.
//
// How to run:
//
//     TALLY_DECTEST_DIR=/path/to/dectest swift test --filter ConformanceTests
//
// The folder holds `*.decTest` files (CPython ships them in `Lib/test/decimaltestdata/`); every one of
// them is read (DecTestReader.swift). Without `TALLY_DECTEST_DIR` the test is skipped. Set
// `TALLY_DECTEST_VERBOSE=1` to print each case id before it runs (to find a case that traps) and
// its outcome after (to see why a case was skipped).
//
// What runs: add, subtract, multiply, divide, quantize, rescale, compare, reduce, abs, minus,
// remainder, divideint, tointegral and toSci (other operations are counted as skipped). `BigDecimal`
// has no NaN, no infinity, no negative zero, no precision and no exponent limits, so a case is
// skipped when an operand or the result is NaN, sNaN or an infinity, when an operand is null (`#`)
// or encoded (`64#…`), when it raises a condition exact arithmetic does not model (Overflow,
// Underflow, Clamped, Invalid_operation, Division_impossible, Division_undefined,
// Insufficient_storage, Invalid_context, Lost_digits; Subnormal together with Rounded or Inexact),
// and, for the operations that are exact in `BigDecimal` (all but divide, quantize, rescale and
// tointegral), when the spec rounded the result to the file's precision (Rounded or Inexact).
// Subnormal alone marks a result that is exact in its unbounded form: those cases run.
//
// Negative zeros: an operand `-0`, `-0.00` or `-0E+3` must read as the zero of the same exponent (the
// spec computes with it as such, apart from the sign); a result `-0E+1` is compared as `0E+1`, the
// same exponent with the sign dropped.
//
// Errors: Conversion_syntax cases check that parsing throws. A zero divisor in divide, divideint or
// remainder (the spec's Division_by_zero, Division_undefined for `0 / 0`, Invalid_operation for
// `remainder x 0`) checks that the division throws `.divisionByZero` (for divide, both the exact
// and the rounded division).
//
// Divide cases that the spec rounded go through `divided(by:scale:rounding:)` at the exponent of
// the expected result, with the file's rounding. When the spec says Inexact, the exact
// `divided(by:)` must also either throw `.inexactQuotient` (and the quotient then indeed does not
// terminate, checked by a truncated division far enough out) or return a terminating quotient
// that, rounded at the expected exponent with the file's rounding, is the expected result (the
// spec rounded it for its precision only). tointegral is `x` when `x.exponent >= 0`, else
// `x.rounded(scale: 0, rule)` with the file's rounding. Operands and results are parsed with
// `ParseLimits.widest`; cases beyond those limits are skipped. A result must be identical
// (`isIdentical(to:)`: same coefficient and exponent) to the expected one, and its `description`
// must be the expected to-scientific-string.
//
// The test prints, per operation, how many cases ran and how many were skipped (and why), how many
// of the passed ones went through an error or second-division check, and in total the error cases
// checked; it fails listing the first 50 failing ids with the expected and the actual result.
import Foundation
import TallyDecimal
import XCTest

final class ConformanceTests: XCTestCase {
    /// The environment variable naming the folder of `.decTest` files.
    static let directoryVariable = "TALLY_DECTEST_DIR"

    func testDecTestConformance() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let directory = environment[Self.directoryVariable], !directory.isEmpty else {
            throw XCTSkip("set \(Self.directoryVariable) to a folder of .decTest files to run the conformance test")
        }
        let verbose = environment["TALLY_DECTEST_VERBOSE"].map { $0 != "" && $0 != "0" } ?? false
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".decTest") }
            .sorted()
        XCTAssertFalse(names.isEmpty, "no .decTest files in \(directory)")

        var formatErrors: [DecTestFormatError] = []
        var tallies: [String: Tally] = [:]
        var failures: [String] = []
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let (cases, errors) = DecTestReader.read(text, file: name)
            formatErrors += errors
            for testCase in cases {
                if verbose {  // unbuffered, so the last line names the case when one traps
                    FileHandle.standardError.write(Data("decTest \(testCase.id) (\(name):\(testCase.line))\n".utf8))
                }
                let outcome = Self.run(testCase)
                if verbose { FileHandle.standardError.write(Data("  -> \(outcome)\n".utf8)) }
                tallies[testCase.operation, default: Tally()].record(outcome)
                if case .failed(let message) = outcome {
                    failures.append("\(testCase.id) [\(name):\(testCase.line)] \(Self.describe(testCase)): \(message)")
                }
            }
        }

        print(Self.report(tallies))
        let ran = tallies.values.reduce(0) { $0 + $1.ran }
        XCTAssertGreaterThan(ran, 0, "no decTest case ran")
        if !formatErrors.isEmpty {
            XCTFail("\(formatErrors.count) unreadable decTest line(s):\n"
                + formatErrors.prefix(50).map(\.description).joined(separator: "\n"))
        }
        if !failures.isEmpty {
            XCTFail("\(failures.count) of \(ran) decTest cases failed (first 50):\n"
                + failures.prefix(50).joined(separator: "\n"))
        }
    }

    /// The reader itself, on the tricky parts of the format (runs without the data folder).
    func testReaderHandlesQuotesCommentsDirectivesAndNulls() {
        let text = """
            -- a comment line
            precision:   9
            rounding:    half_even
            Extended:1
            abcx001 toSci '--1'  -> NaN Conversion_syntax  -- a quoted "--" is no comment
            abcx002 toSci "1E""1" -> NaN Conversion_syntax
            abcx003 add   '1.0' 2 -> '3.0'   -- trailing comment
            abcx004 quantize 64#1E+3 # -> NaN Invalid_operation
            """
        let (cases, errors) = DecTestReader.read(text, file: "inline")
        XCTAssertTrue(errors.isEmpty, "\(errors)")
        XCTAssertEqual(cases.map(\.id), ["abcx001", "abcx002", "abcx003", "abcx004"])
        guard cases.count == 4 else { return }
        XCTAssertEqual(cases[0].operation, "tosci")
        XCTAssertEqual(cases[0].operands, [.text("--1")])
        XCTAssertEqual(cases[0].conditions, ["conversion_syntax"])
        XCTAssertEqual(cases[1].operands, [.text("1E\"1")])
        XCTAssertEqual(cases[2].operands, [.text("1.0"), .text("2")])
        XCTAssertEqual(cases[2].result, .text("3.0"))
        XCTAssertEqual(cases[2].line, 7)
        XCTAssertEqual(cases[2].context.rounding, "half_even")
        XCTAssertEqual(cases[2].context.precision, 9)
        XCTAssertEqual(cases[3].operands, [.encoded("64#1E+3"), .null])
        XCTAssertEqual(Self.run(cases[0]).isPassed, true)
        XCTAssertEqual(Self.run(cases[2]).isPassed, true)

        let (_, bad) = DecTestReader.read("x1 add 1 1 -> 2 Inexcat\nfrobnicate: 3\nx2 add '1 -> 2", file: "bad")
        XCTAssertEqual(bad.map(\.line), [1, 2, 3])
    }

    /// decTest dvix270/remx270/dvix333: integer division by a divisor far larger than the dividend
    /// is answered without aligning the two (which would need a billion digits). Runs without the
    /// data folder.
    func testIntegerDivisionByAMuchLargerDivisorDoesNotAlign() throws {
        let huge = try BigDecimal(parsing: "1E+999999999", limits: .widest)
        let tiny = try BigDecimal(parsing: "9E-999999999", limits: .widest)
        let (q1, r1) = try BigDecimal(1).quotientAndRemainder(dividingBy: huge)
        XCTAssertTrue(q1.isIdentical(to: 0), "\(q1)")
        XCTAssertTrue(r1.isIdentical(to: 1), "\(r1)")
        let (q2, r2) = try tiny.quotientAndRemainder(dividingBy: BigDecimal(parsing: "-9.100"))
        XCTAssertTrue(q2.isIdentical(to: 0), "\(q2)")
        XCTAssertTrue(r2.isIdentical(to: tiny), "\(r2)")
        // The dividend's exponent is the larger one: it is padded to the divisor's (remx980).
        let (q3, r3) = try BigDecimal(parsing: "123E+1").quotientAndRemainder(
            dividingBy: BigDecimal(parsing: "1000E+999999", limits: .widest))
        XCTAssertTrue(q3.isIdentical(to: 0), "\(q3)")
        XCTAssertEqual(r3.description, "1.23E+3")
        XCTAssertEqual(r3.exponent, 1)
        let (q4, r4) = try BigDecimal(parsing: "0.5").quotientAndRemainder(dividingBy: BigDecimal(parsing: "7E+1"))
        XCTAssertTrue(q4.isIdentical(to: 0), "\(q4)")
        XCTAssertEqual(r4.description, "0.5")
    }

    // MARK: - Outcomes and counts

    enum Outcome {
        case passed
        /// Passed through a check the report counts apart (an expected error, a second division).
        case passedChecking(Check)
        case failed(String)
        case skipped(String)

        var isPassed: Bool {
            switch self {
            case .passed, .passedChecking: return true
            case .failed, .skipped: return false
            }
        }
    }

    /// The checks beyond "the result is identical to the expected one" that the report counts.
    enum Check: String, CaseIterable, CustomStringConvertible {
        /// Conversion_syntax: parsing refused an operand.
        case parsingRefused = "parsing refused (Conversion_syntax)"
        /// A zero divisor (Division_by_zero, Division_undefined, or remainder's Invalid_operation):
        /// the division threw `.divisionByZero`.
        case divisionByZero = "threw .divisionByZero"
        /// An Inexact divide: exact `divided(by:)` threw `.inexactQuotient`.
        case inexactQuotient = "exact divide threw .inexactQuotient"
        /// An Inexact divide whose quotient terminates (the spec rounded it for its precision): the
        /// exact quotient, rounded at the expected exponent, is the expected result.
        case terminatingQuotient = "exact quotient rounds to the result"

        var description: String { rawValue }

        /// Whether the check is an expected error (counted as such in the total).
        var isError: Bool { self == .parsingRefused || self == .divisionByZero }
    }

    /// Counts for one operation.
    struct Tally {
        var passed = 0
        var failed = 0
        var skipped: [String: Int] = [:]  // by reason
        var checks: [Check: Int] = [:]  // passed cases that went through a counted check

        var ran: Int { passed + failed }
        var skippedCount: Int { skipped.values.reduce(0, +) }

        mutating func record(_ outcome: Outcome) {
            switch outcome {
            case .passed: passed += 1
            case .passedChecking(let check):
                passed += 1
                checks[check, default: 0] += 1
            case .failed: failed += 1
            case .skipped(let reason): skipped[reason, default: 0] += 1
            }
        }
    }

    static func report(_ tallies: [String: Tally]) -> String {
        var lines = ["decTest conformance: operation, ran (passed/failed), skipped"]
        var total = Tally()
        for (operation, tally) in tallies.sorted(by: { $0.key < $1.key }) {
            let reasons = tally.skipped.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.key): \($0.value)" }.joined(separator: "; ")
            lines.append(
                "  \(operation.padding(toLength: 10, withPad: " ", startingAt: 0)) ran \(tally.ran) "
                    + "(\(tally.passed) passed, \(tally.failed) failed), skipped \(tally.skippedCount)"
                    + (reasons.isEmpty ? "" : " [\(reasons)]"))
            if !tally.checks.isEmpty { lines.append("             of the passed: " + describe(tally.checks)) }
            total.passed += tally.passed
            total.failed += tally.failed
            total.skipped.merge(tally.skipped, uniquingKeysWith: +)
            total.checks.merge(tally.checks, uniquingKeysWith: +)
        }
        lines.append(
            "  total      ran \(total.ran) (\(total.passed) passed, \(total.failed) failed), "
                + "skipped \(total.skippedCount)")
        let errors = total.checks.filter { $0.key.isError }
        lines.append(
            "  error cases checked: \(errors.values.reduce(0, +))"
                + (errors.isEmpty ? "" : " [\(describe(errors))]"))
        let others = total.checks.filter { !$0.key.isError }
        if !others.isEmpty { lines.append("  other checks: " + describe(others)) }
        return lines.joined(separator: "\n")
    }

    static func describe(_ checks: [Check: Int]) -> String {
        Check.allCases.compactMap { check in checks[check].map { "\(check.rawValue): \($0)" } }
            .joined(separator: "; ")
    }

    static func describe(_ testCase: DecTestCase) -> String {
        let operands = testCase.operands.map { "'\($0)'" }.joined(separator: " ")
        return "\(testCase.operation) \(operands) -> '\(testCase.result)'"
    }

    // MARK: - Which cases apply

    /// The operations this test runs, with their number of operands.
    static let arity: [String: Int] = [
        "add": 2, "subtract": 2, "multiply": 2, "divide": 2, "quantize": 2, "rescale": 2, "compare": 2,
        "remainder": 2, "divideint": 2, "reduce": 1, "abs": 1, "minus": 1, "tosci": 1, "tointegral": 1,
    ]

    /// Operations whose `BigDecimal` result is exact: the spec's Rounded/Inexact results of these are
    /// its precision at work, not something `BigDecimal` does.
    static let exactOperations: Set<String> = [
        "add", "subtract", "multiply", "compare", "reduce", "abs", "minus", "remainder", "divideint", "tosci",
    ]

    /// Conditions of the spec's context (exponent limits, precision, specials) that an exact decimal
    /// without NaN or infinity does not have: cases raising them are skipped. (Subnormal is not
    /// among them: alone, it marks a result that is exact in its unbounded form.)
    static let unmodeledConditions = [
        "overflow", "underflow", "clamped", "invalid_operation", "division_impossible",
        "division_undefined", "insufficient_storage", "invalid_context", "lost_digits",
    ]

    /// The spec's rounding names, mapped to `RoundingRule`.
    static let roundingRules: [String: RoundingRule] = [
        "ceiling": .up, "floor": .down, "down": .towardZero, "up": .awayFromZero,
        "half_even": .toNearestOrEven, "half_up": .toNearestOrAwayFromZero,
        "half_down": .toNearestOrTowardZero, "05up": .zeroFiveUp,
    ]

    /// `NaN`, `sNaN`, `Inf`, `Infinity` (any case, signed, with a NaN payload).
    static func isSpecial(_ text: String) -> Bool {
        var body = Substring(text.lowercased())
        if body.hasPrefix("-") || body.hasPrefix("+") { body = body.dropFirst() }
        return body.hasPrefix("nan") || body.hasPrefix("snan") || body.hasPrefix("inf")
    }

    static func isInfinity(_ text: String) -> Bool {
        var body = Substring(text.lowercased())
        if body.hasPrefix("-") || body.hasPrefix("+") { body = body.dropFirst() }
        return body == "inf" || body == "infinity"
    }

    static func exceedsLimits(_ error: DecimalParsingError) -> Bool {
        switch error.reason {
        case .tooManyDigits, .exponentOutOfRange: return true
        default: return false
        }
    }

    /// What parsing one numeric string gave: a value, a value beyond the widest limits, or an error.
    enum Parsed {
        case value(BigDecimal)
        case beyondLimits
        case invalid(DecimalParsingError)
    }

    static func parse(_ text: String) -> Parsed {
        do {
            return .value(try BigDecimal(parsing: text, limits: .widest))
        } catch {
            return exceedsLimits(error) ? .beyondLimits : .invalid(error)
        }
    }

    // MARK: - Running one case

    static func run(_ testCase: DecTestCase) -> Outcome {
        let operation = testCase.operation
        guard let arity = arity[operation] else { return .skipped("operation not covered") }
        guard testCase.context.extended else { return .skipped("subset arithmetic (extended: 0)") }
        var texts: [String] = []
        for operand in testCase.operands {
            switch operand {
            case .text(let text): texts.append(text)
            case .null: return .skipped("null operand (#)")
            case .encoded: return .skipped("operand in an interchange encoding (64#…, #hex)")
            }
        }
        guard texts.count == arity else {
            return .failed("\(operation) takes \(arity) operand(s), the case has \(texts.count)")
        }
        let conditions = testCase.conditions

        // A syntax error: the parser must reject (one of) the operand(s) as not a number.
        if conditions.contains("conversion_syntax") {
            for text in texts {
                if case .invalid = parse(text) { return .passedChecking(.parsingRefused) }
            }
            return .failed("expected a parsing error (Conversion_syntax), but every operand parsed")
        }

        if texts.contains(where: isSpecial) { return .skipped("NaN or infinite operand") }
        var operands: [BigDecimal] = []
        for text in texts {
            switch parse(text) {
            case .value(let value):
                // A negative zero (`-0`, `-0.00`, `-00.0`) is valid syntax: it must read as the zero
                // of the same exponent, which is what the spec computes with apart from the sign.
                if value.isZero && text.hasPrefix("-") {
                    guard case .value(let unsigned) = parse(String(text.dropFirst())), value.isIdentical(to: unsigned)
                    else {
                        return .failed("the negative zero \(String(reflecting: text)) read as \(value), "
                            + "exponent \(value.exponent)")
                    }
                }
                operands.append(value)
            case .beyondLimits:
                return .skipped("operand beyond ParseLimits.widest")
            case .invalid(let error):
                return .failed("the operand \(String(reflecting: text)) did not parse: \(error)")
            }
        }

        guard case .text(let signedExpectedText) = testCase.result else {
            return .skipped("result in an interchange encoding or null")
        }

        let rule: RoundingRule?
        if let name = testCase.context.rounding { rule = roundingRules[name] } else { rule = nil }

        // A zero divisor: the spec gives ±Infinity (Division_by_zero) or NaN (`0 / 0`:
        // Division_undefined; `remainder x 0`: Invalid_operation); BigDecimal throws .divisionByZero
        // from all three divisions.
        if divisions.contains(operation) && operands[1].isZero {
            guard isSpecial(signedExpectedText) else {
                return .failed("the divisor is zero, yet the spec's result is \(signedExpectedText)")
            }
            return expectDivisionByZero(operation, operands[0], operands[1])
        }

        if let condition = unmodeledConditions.first(where: conditions.contains) {
            return .skipped("condition \(condition)")
        }
        let rounded = conditions.contains("rounded") || conditions.contains("inexact")
        // Subnormal alone: the result is exact in its unbounded form, so the case applies. With
        // Rounded or Inexact the spec rounded it to fewer digits than its precision.
        if conditions.contains("subnormal") && rounded { return .skipped("condition subnormal, rounded") }
        if isSpecial(signedExpectedText) { return .skipped("NaN or infinite result") }
        if rounded && exactOperations.contains(operation) {
            return .skipped("rounded to the context precision")
        }

        if operation == "compare" { return runCompare(operands[0], operands[1], signedExpectedText) }

        // BigDecimal has no negative zero: a `-0E+1` result is compared as `0E+1`, the zero of the
        // same exponent (identical value, the sign dropped from the expected text).
        var expectedText = signedExpectedText
        let expected: BigDecimal
        switch parse(signedExpectedText) {
        case .value(let value):
            if value.isZero && signedExpectedText.hasPrefix("-") { expectedText.removeFirst() }
            expected = value
        case .beyondLimits:
            return .skipped("result beyond ParseLimits.widest")
        case .invalid(let error):
            return .failed("the expected result did not parse: \(error)")
        }

        let needsRule = operation == "quantize" || operation == "rescale" || operation == "tointegral"
            || (operation == "divide" && rounded)
        if needsRule && rule == nil { return .failed("no rounding directive before this case") }

        let actual: BigDecimal
        var counted: Check?
        do {
            let a = operands[0]
            let b = operands.count > 1 ? operands[1] : a
            switch operation {
            case "add": actual = a + b
            case "subtract": actual = a - b
            case "multiply": actual = a * b
            case "divide":
                if rounded {
                    actual = try a.divided(by: b, scale: -expected.exponent, rounding: rule!)
                    if conditions.contains("inexact") {
                        // The exact division must refuse, or give the quotient the spec rounded for
                        // its precision only.
                        switch checkExactDivision(a, b, expected, expectedText, rule!) {
                        case .passedChecking(let check): counted = check
                        case let other: return other
                        }
                    } else {
                        // Rounded without Inexact: the spec only dropped zeros, so the exact quotient exists.
                        let exact = try a.divided(by: b)
                        if exact != expected { return .failed("exact quotient \(exact) is not equal to \(expectedText)") }
                    }
                } else {
                    actual = try a.divided(by: b)
                }
            case "quantize": actual = a.rounded(scale: -b.exponent, rule!)
            case "rescale":
                guard let exponent = integerValue(b) else {
                    return .failed("the rescale exponent \(b) is not an integer in Int32's range")
                }
                actual = a.rounded(scale: -exponent, rule!)
            case "tointegral": actual = a.exponent >= 0 ? a : a.rounded(scale: 0, rule!)
            case "reduce": actual = a.reduced()
            case "abs": actual = a.magnitude
            case "minus": actual = -a
            case "remainder": actual = try a.quotientAndRemainder(dividingBy: b).remainder
            case "divideint": actual = try a.quotientAndRemainder(dividingBy: b).quotient
            case "tosci": actual = a
            default: return .skipped("operation not covered")
            }
        } catch {
            return .failed("threw \(error)")
        }
        let outcome = check(actual, expected, expectedText)
        if let counted, outcome.isPassed { return .passedChecking(counted) }
        return outcome
    }

    /// The three divisions, whose zero divisor must throw `.divisionByZero`.
    static let divisions: Set<String> = ["divide", "divideint", "remainder"]

    /// Passes when the division of `a` by the zero `b` throws `.divisionByZero` (for divide, both the
    /// exact and the rounded division).
    static func expectDivisionByZero(_ operation: String, _ a: BigDecimal, _ b: BigDecimal) -> Outcome {
        do {
            if operation == "divide" {
                do {
                    let quotient = try a.divided(by: b, scale: 2, rounding: .toNearestOrEven)
                    return .failed("expected .divisionByZero from the rounded division, got \(quotient)")
                } catch ArithmeticError.divisionByZero {
                    // as expected; now the exact division
                }
                let quotient = try a.divided(by: b)
                return .failed("expected .divisionByZero, got \(quotient)")
            }
            let (quotient, remainder) = try a.quotientAndRemainder(dividingBy: b)
            return .failed("expected .divisionByZero, got (\(quotient), \(remainder))")
        } catch ArithmeticError.divisionByZero {
            return .passedChecking(.divisionByZero)
        } catch {
            return .failed("expected .divisionByZero, got \(error)")
        }
    }

    /// For a divide the spec marked Inexact: exact `divided(by:)` either throws `.inexactQuotient`
    /// (and then `a / b` indeed does not terminate), or returns a terminating quotient that the spec
    /// rounded only for its precision, so that rounding it at the expected exponent with the case's
    /// rule gives the expected result.
    static func checkExactDivision(
        _ a: BigDecimal, _ b: BigDecimal, _ expected: BigDecimal, _ expectedText: String, _ rule: RoundingRule
    ) -> Outcome {
        do {
            let exact = try a.divided(by: b)
            if exact == expected { return .failed("the spec says Inexact, yet the exact quotient is \(exact)") }
            let rounded = exact.rounded(scale: -expected.exponent, rule)
            guard rounded.isIdentical(to: expected) else {
                return .failed("exact quotient \(exact) rounds to \(rounded), not \(expectedText)")
            }
            return .passedChecking(.terminatingQuotient)
        } catch ArithmeticError.inexactQuotient {
            // Whether a / b terminates depends on the coefficients c1 / c2 only, and a terminating
            // c1 / c2 has at most log2(c2) < 4 × (digits of c2) decimals: truncated there, the
            // quotient times c2 must miss c1.
            do {
                let c1 = try a * BigDecimal(parsing: "1E\(-a.exponent)", limits: .widest)
                let c2 = try b * BigDecimal(parsing: "1E\(-b.exponent)", limits: .widest)
                let truncated = try c1.divided(by: c2, scale: 4 * c2.digitCount, rounding: .towardZero)
                if truncated * c2 == c1 { return .failed(".inexactQuotient, yet \(c1) / \(c2) is \(truncated)") }
            } catch {
                return .failed("checking the non-terminating quotient threw \(error)")
            }
            return .passedChecking(.inexactQuotient)
        } catch {
            return .failed("the exact division threw \(error)")
        }
    }

    /// Passes when `actual` has the expected coefficient and exponent and prints as expected.
    static func check(_ actual: BigDecimal, _ expected: BigDecimal, _ expectedText: String) -> Outcome {
        let printed = actual.description
        if actual.isIdentical(to: expected) && printed == expectedText { return .passed }
        let why = actual.isIdentical(to: expected) ? "prints differently" : "different value or exponent"
        return .failed("expected \(expectedText), got \(printed) (\(why); exponent \(actual.exponent))")
    }

    /// The spec's compare (`-1`, `0`, `1`) through `<` and `==`, which must agree with each other and
    /// with `hashValue` for equal values.
    static func runCompare(_ a: BigDecimal, _ b: BigDecimal, _ expectedText: String) -> Outcome {
        guard let expected = Int(expectedText), (-1...1).contains(expected) else {
            return .failed("compare expects -1, 0 or 1, the case says \(expectedText)")
        }
        let actual = a < b ? -1 : (a == b ? 0 : 1)
        guard actual == expected else { return .failed("expected \(expected), got \(actual)") }
        let consistent = (b < a) == (expected == 1) && (b == a) == (expected == 0)
            && (expected != 0 || a.hashValue == b.hashValue)
        return consistent ? .passed : .failed("< , == and hashValue disagree for \(a) and \(b)")
    }

    /// The integer value of `value` (rescale's exponent operand: `-2`, `+1`, `-2.000`, `999999E+3`),
    /// or `nil` when it has a fraction or is outside Int32's range.
    static func integerValue(_ value: BigDecimal) -> Int? {
        let reduced = value.reduced()
        guard reduced.exponent >= 0, reduced.exponent + reduced.digitCount <= 18 else { return nil }
        guard let n = Int(reduced.plainString), Int32(exactly: n) != nil else { return nil }
        return n
    }
}
