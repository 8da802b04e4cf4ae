// The property runner without XCTest: `Property.check` runs a property, shrinks a failure and
// returns what happened. `forAll` (ForAll.swift) reports the result through XCTest.
#if canImport(Foundation)
import Foundation
#endif

/// Runs properties: generate values, check them, shrink the first failure.
public enum Property {
    /// The number of cases when a property does not say: 100.
    public static let defaultCount = 100

    /// `TALLY_PROPERTY_COUNT`, which raises (never lowers) the count of every property.
    static var environmentCount: Int? {
        ProcessInfo.processInfo.environment["TALLY_PROPERTY_COUNT"].flatMap(Int.init)
    }

    /// How long shrinking one failure may take when a property does not say: 60 seconds, then
    /// the simplest value found so far is reported (`TALLY_PROPERTY_SHRINK_SECONDS` sets it).
    public static let defaultShrinkTimeLimit: Duration = .seconds(60)

    /// `TALLY_PROPERTY_SHRINK_SECONDS`, the shrinking time limit in seconds of every property
    /// that does not set its own.
    static var environmentShrinkSeconds: Int? {
        ProcessInfo.processInfo.environment["TALLY_PROPERTY_SHRINK_SECONDS"].flatMap(Int.init)
    }

    /// The limits of shrinking for a run: `maxAttempts` replays and `timeLimit` (else the
    /// environment's or the default time).
    static func shrinkLimits(maxAttempts: Int, timeLimit: Duration?) -> ShrinkLimits {
        ShrinkLimits(
            maxAttempts: maxAttempts, timeLimit: timeLimit ?? environmentShrinkSeconds.map { .seconds($0) } ?? defaultShrinkTimeLimit,
            timeLimitSetInCode: timeLimit != nil)
    }

    /// `TALLY_PROPERTY_SEED`, which replays a reported run.
    public static var environmentSeed: UInt64? {
        ProcessInfo.processInfo.environment["TALLY_PROPERTY_SEED"].flatMap(UInt64.init)
    }

    /// A configuration mistake in the environment, reported instead of being ignored.
    static var environmentProblem: String? {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["TALLY_PROPERTY_SEED"], UInt64(seed) == nil {
            return "TALLY_PROPERTY_SEED=\(seed) is not a seed (an unsigned 64-bit integer)"
        }
        if let count = environment["TALLY_PROPERTY_COUNT"], (Int(count) ?? 0) < 1 {
            return "TALLY_PROPERTY_COUNT=\(count) is " + (isTooLarge(count) ? "too large (at most \(Int.max))" : "not a positive number of cases")
        }
        if let seconds = environment["TALLY_PROPERTY_SHRINK_SECONDS"], (Int(seconds) ?? 0) < 1 {
            return "TALLY_PROPERTY_SHRINK_SECONDS=\(seconds) is "
                + (isTooLarge(seconds) ? "too large (at most \(Int.max))" : "not a positive whole number of seconds")
        }
        return nil
    }

    /// Whether `text` is a whole number too large for `Int` (digits only, or a `+` before them).
    static func isTooLarge(_ text: String) -> Bool {
        let digits = text.hasPrefix("+") ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } && Int(text) == nil
    }

    /// Checks `property` on values from `generator`.
    ///
    /// ```swift
    /// let result = Property.check(Gen.zip(Gen.decimal(), Gen.decimal()), seed: 7) { a, b in
    ///     (a + b).exponent == a.exponent   // false: the sum takes the smaller exponent
    /// }
    /// print(result.failure!.shrunk)  // a pair like (0, 0.00)
    /// ```
    ///
    /// Shrinking keeps only candidates that fail *the same way* as the original: returning `false`,
    /// or throwing an error of the same type and case (the same code, for an `NSError`; for
    /// `expect`, at the same line). A simpler input that fails differently (a division by zero
    /// instead of a wrong answer, `ArithmeticError.divisionByZero` instead of
    /// `.inexactQuotient`) is a different bug, and would hide the one that was found.
    /// - Parameters:
    ///   - count: cases to try; `defaultCount` (100) when `nil`. `TALLY_PROPERTY_COUNT` raises it.
    ///     A count below 1 is a mistake (a computed count that came out 0 would otherwise pass
    ///     having checked nothing): the result is then a `PropertyConfigurationError`.
    ///   - seed: the run's seed; `TALLY_PROPERTY_SEED`, else a fresh random seed, when `nil`.
    ///   - maxShrinkAttempts: replays the shrinker may spend (default 5,000; 0 does not shrink; a
    ///     negative number is a `PropertyConfigurationError`).
    ///   - shrinkTimeLimit: how long the shrinker may take; `TALLY_PROPERTY_SHRINK_SECONDS`, else
    ///     `defaultShrinkTimeLimit` (60 seconds), when `nil`; `.zero` does not shrink (the report
    ///     says `not shrunk`), and a negative time is a `PropertyConfigurationError`. Both limits
    ///     are checked between replays. A check made inside another property while that one is
    ///     being shrunk also stops when the other's time is up. Past any, or in a cancelled task, the simplest value
    ///     found so far is the counterexample, and `Counterexample.shrinkCutShort` says why
    ///     shrinking stopped.
    ///   - property: returns `false` or throws to signal a counterexample.
    /// - Returns: the seed, the cases run, and the counterexample if one was found.
    public static func check<Value>(
        _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil, maxShrinkAttempts: Int = 5_000,
        shrinkTimeLimit: Duration? = nil, _ property: (Value) throws -> Bool
    ) -> PropertyResult<Value> {
        check(
            generator, count: count, seed: seed, shrinking: shrinkLimits(maxAttempts: maxShrinkAttempts, timeLimit: shrinkTimeLimit),
            beforeShrinking: nil, property)
    }

    /// `check`, calling `beforeShrinking` with a line naming the failing case and value before
    /// the shrinker starts (`forAll` writes it to standard error: a crash while shrinking, in a
    /// smaller value the shrinker tried, would otherwise hide the failure that was found).
    static func check<Value>(
        _ generator: Gen<Value>, count: Int?, seed: UInt64?, shrinking limits: ShrinkLimits,
        beforeShrinking: ((String) -> Void)?, _ property: (Value) throws -> Bool
    ) -> PropertyResult<Value> {
        var run = CaseRun(generator, count: count, seed: seed, limits: limits)
        if let result = run.refused { return result }
        while let (choices, value) = run.nextCase() {
            guard let failure = evaluate(property, value) else { continue }
            if let result = run.stops(on: failure) { return result }
            beforeShrinking?(run.failingCaseLine(value, failure))
            // Shrink without re-entering the caller's closure concurrently: it runs in this thread.
            let start = ContinuousClock.now
            return withoutActuallyEscaping(property) { property in
                // A `forAll` in the property, replayed here, keeps to this shrinking's time too.
                ShrinkWindow.$current.withValue(limits.windows(since: start)) {
                    // A replay that asks to stop (an XCTAssert that fails only on a simpler
                    // value) ends the shrinking and the run: replaying on would record it again.
                    var replayStop: Failure? = nil
                    let judging = Shrinker.judging(
                        generator, choices: choices, value: value, limits: limits, since: start, halted: { replayStop != nil }
                    ) {
                        let replayed = evaluate(property, $0)
                        if replayed?.stop != nil { replayStop = replayed }
                        return replayed?.kind == failure.kind
                    }
                    var shrinker = judging.shrinker
                    shrinker.shrink()
                    if let replayStop { return run.stopsWhileShrinking(on: replayStop) }
                    let shrunk = judging.bestValue()
                    return run.found(value, failure, shrinker.outcome, shrunk: shrunk, shrunkFailure: evaluate(property, shrunk))
                }
            }
        }
        return run.passed
    }

    /// The cases of one run, generated in turn, and the results it can end with; shared by the
    /// property that answers at once and the one that awaits (`Property+Async.swift`).
    struct CaseRun<Value> {
        let generator: Gen<Value>
        let seed: UInt64
        let cases: Int
        /// How far a failure may be shrunk.
        let limits: ShrinkLimits
        /// A mistake in the count, the limits or the environment: the run does not start.
        let problem: PropertyConfigurationError?
        private var seeds: SplitMix64
        /// The index of the current case.
        private(set) var index = -1
        /// Set when the generator could not make the next case's value: the run's result.
        private(set) var generationFailure: PropertyResult<Value>?

        init(_ generator: Gen<Value>, count: Int?, seed: UInt64?, limits: ShrinkLimits) {
            self.generator = generator
            self.seed = seed ?? environmentSeed ?? UInt64.random(in: 0...UInt64.max)
            self.limits = limits
            problem = (environmentProblem ?? count.flatMap { $0 < 1 ? "count: \($0) is not a positive number of cases" : nil } ?? limits.problem)
                .map(PropertyConfigurationError.init(message:))
            cases = max(count ?? defaultCount, environmentCount ?? 0)
            seeds = SplitMix64(seed: self.seed)
        }

        /// The result of a run that does not start, or `nil`.
        var refused: PropertyResult<Value>? {
            problem.map { PropertyResult(seed: seed, casesRun: 0, failure: nil, generationError: $0) }
        }

        /// The next case's choices and value, or `nil` after the last case or when the generator
        /// failed (`generationFailure`).
        mutating func nextCase() -> (Choices, Value)? {
            guard generationFailure == nil, index + 1 < cases else { return nil }
            index += 1
            var choices = Choices(random: SplitMix64(seed: seeds.next()))
            do {
                let value = try generator.generate(&choices)
                return (choices, value)
            } catch {
                generationFailure = PropertyResult(seed: seed, casesRun: index + 1, failure: nil, generationError: error)
                return nil
            }
        }

        /// The result after the last case: the generator's failure, or a pass.
        var passed: PropertyResult<Value> {
            generationFailure ?? PropertyResult(seed: seed, casesRun: cases, failure: nil, generationError: nil)
        }

        /// The result when `failure` is not a counterexample (an `XCTSkip` in the body): the run
        /// stops without shrinking.
        func stops(on failure: Failure) -> PropertyResult<Value>? {
            failure.stop.map { PropertyResult(seed: seed, casesRun: index + 1, failure: nil, generationError: $0) }
        }

        /// The result once a replay of the shrinker asked to stop (`failure.stop` is set).
        func stopsWhileShrinking(on failure: Failure) -> PropertyResult<Value> {
            var stop = failure.stop ?? PropertyStopped(message: failure.message)
            stop.message = "while shrinking it, " + stop.message
            return PropertyResult(seed: seed, casesRun: index + 1, failure: nil, generationError: stop)
        }

        /// What `beforeShrinking` is told.
        func failingCaseLine(_ value: Value, _ failure: Failure) -> String {
            "case \(index) of seed \(seed) failed: \(ShownValue.text(value)) (\(failure.message)); shrinking it"
        }

        /// The result once the current case failed as `failure` and shrank to `shrunk`, which
        /// fails as `shrunkFailure` when checked again.
        func found(
            _ value: Value, _ failure: Failure, _ shrinking: Shrinker.Outcome, shrunk: Value, shrunkFailure: Failure?
        ) -> PropertyResult<Value> {
            var counterexample = Counterexample(
                original: value, shrunk: shrunk, caseIndex: index, originalFailure: failure.message,
                // Checked once more for the report: a property that now passes on it is not
                // deterministic, and the report says so rather than repeat an old failure
                // (review, 2026-11-30).
                shrunkFailure: shrunkFailure?.message ?? "passed when checked again: the property is not deterministic",
                shrinkSteps: shrinking.improvements, shrinkAttempts: shrinking.attempts, shrinkCutShort: shrinking.cutShort,
                choices: shrinking.best, kind: failure.kind)
            counterexample.shrinkTimeLimitSetInCode = limits.timeLimitSetInCode
            return PropertyResult(seed: seed, casesRun: index + 1, failure: counterexample, generationError: nil)
        }
    }

    /// How a property failed: `kind` tells failures apart for shrinking, `message` is for people;
    /// `stop` is set when the body asked to end the run instead (see `PropertyStopped`).
    struct Failure {
        let kind: String
        let message: String
        var stop: PropertyStopped? = nil
    }

    /// `nil` when the property holds for `value`, else how it failed.
    static func evaluate<Value>(_ property: (Value) throws -> Bool, _ value: Value) -> Failure? {
        do {
            return try property(value) ? nil : Failure(kind: "false", message: "returned false")
        } catch {
            return failure(throwing: error)
        }
    }

    /// How a property that threw `error` failed.
    static func failure(throwing error: any Error) -> Failure {
        switch error {
        case let error as PropertyExpectationFailure:
            return Failure(kind: "expect \(error.file):\(error.line)", message: "threw \(error)")
        case is PropertyReturnedNil:
            // `nil` is its own failure: a wrong answer (`false`) must not shrink into an input the
            // body could not evaluate at all (a `try?` that met a division by zero).
            return Failure(kind: "nil", message: "returned nil")
        case let stop as PropertyStopped:
            return Failure(kind: "stop", message: stop.message, stop: stop)
        case let nested as NestedPropertyFailure:
            // Kept to the inner failure's own kind and place: another inner failure (a different
            // inner `forAll`, one that now checks nothing) is a different bug.
            return Failure(kind: "nested \(nested.kind)", message: "threw \(nested)")
        default:
            // The case too (`Error._code` is an enum's case, an `NSError`'s code): one error type
            // per layer (`ArithmeticError`, `CheckoutError`) holds many different bugs.
            let type = String(reflecting: type(of: error))
            // Swift Testing's `#require` records its own issue and throws this: its text is a dump
            // of the expression's internals.
            let message = type == "Testing.ExpectationFailedError"
                ? "threw #require's error (its own issue says what failed; inside a property, `try require(…)` can be shrunk)"
                : "threw \(error)"
            return Failure(kind: "error \(type) \(error._code)", message: message)
        }
    }

    /// The command that replays a run of `seed`: `TALLY_PROPERTY_SEED` (and a raised
    /// `TALLY_PROPERTY_COUNT`, which the replay needs to reach a late case) and `swift test`, with
    /// `--filter` when the test is known.
    static func replayCommand(seed: UInt64, filter: String?) -> String {
        // A shrink time set for the run too: the replay shrinks as long as the run did.
        let count = (environmentCount.flatMap { $0 > 0 ? " TALLY_PROPERTY_COUNT=\($0)" : nil } ?? "")
            + (environmentShrinkSeconds.flatMap { $0 > 0 ? " TALLY_PROPERTY_SHRINK_SECONDS=\($0)" : nil } ?? "")
        // Single-quoted for the shell; a quote inside (a raw identifier such as `it's`) closes
        // the quotes, is escaped, and reopens them.
        return "TALLY_PROPERTY_SEED=\(seed)\(count) swift test"
            + (filter.map { " --filter '" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" } ?? "")
    }
}

/// Thrown by `forAll` for a body that returned `nil`: a failure of its own kind.
struct PropertyReturnedNil: Error {}

/// Thrown by `forAll` when the body asked to end the run rather than failed (it threw
/// `XCTSkip`, which cannot skip a test from inside a property, or threw after its test was
/// cancelled, as Swift Testing's `Test.cancel()` does): the run stops at once, without
/// shrinking, and the report says why.
struct PropertyStopped: Error, CustomStringConvertible {
    var message: String
    /// The test was cancelled with Swift Testing's `Test.cancel()`: a Swift Testing run records
    /// nothing, since the test is shown as cancelled.
    var testCancelled = false
    var description: String { message }
}

/// A mistake in `TALLY_PROPERTY_SEED`, `TALLY_PROPERTY_COUNT` or `TALLY_PROPERTY_SHRINK_SECONDS`,
/// or a `count:` below 1.
public struct PropertyConfigurationError: Error, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// `message`.
    public var description: String { message }
}

/// What `Property.check` found.
public struct PropertyResult<Value> {
    /// The seed of the run; pass it back (or set `TALLY_PROPERTY_SEED`) to replay it exactly.
    public let seed: UInt64
    /// How many cases ran (up to and including the failing one).
    public let casesRun: Int
    /// The counterexample, when the property failed.
    public let failure: Counterexample<Value>?
    /// Set when the generator itself could not produce a value (for example a filter that rejects
    /// everything), when the run was misconfigured (`PropertyConfigurationError`: a count below 1,
    /// a bad `TALLY_PROPERTY_SEED`, `TALLY_PROPERTY_COUNT` or `TALLY_PROPERTY_SHRINK_SECONDS`), or when the body stopped it (it
    /// threw `XCTSkip`, which cannot skip a test from inside `forAll`, or called Swift Testing's
    /// `Test.cancel()`, or threw once its task was cancelled).
    public let generationError: (any Error)?

    /// Whether every case passed.
    public var passed: Bool { failure == nil && generationError == nil }
}

/// A failing input and its shrunk form.
public struct Counterexample<Value> {
    /// The value that first failed.
    public let original: Value
    /// The simplest failing value the shrinker found.
    public let shrunk: Value
    /// Zero-based index of the failing case in the run.
    public let caseIndex: Int
    /// Why the original failed (`returned false`, or `threw …`).
    public let originalFailure: String
    /// Why the shrunk value fails, checked once more for the report; `passed when checked again:
    /// the property is not deterministic` when it no longer does.
    public let shrunkFailure: String
    /// How many times shrinking found a simpler failing value.
    public let shrinkSteps: Int
    /// How many replays shrinking spent.
    public let shrinkAttempts: Int
    /// Why shrinking stopped before it ran out of simpler candidates to try — its replay limit,
    /// its time limit, or a cancelled task — or `nil` when it did run out. When set, `shrunk`
    /// may not be the simplest failing value.
    public let shrinkCutShort: ShrinkingStop?
    /// The shrunk value's choice sequence.
    public let choices: [UInt64]
    /// How it failed, as shrinking tells failures apart (`Property.Failure.kind`): a `forAll`
    /// inside another's property passes it on, so that the outer shrinker keeps to that failure.
    var kind: String = ""
    /// The shrinking time limit was `Property.check`'s `shrinkTimeLimit:`, which
    /// `TALLY_PROPERTY_SHRINK_SECONDS` does not change.
    var shrinkTimeLimitSetInCode = false

    /// What a report says after "cut short: ", or `nil` when shrinking was not cut short. A time
    /// limit given in the call is named as such (the environment variable would not change it),
    /// and `.zero` is "not shrunk".
    var cutShortText: String? {
        guard let stop = shrinkCutShort else { return nil }
        if case .timeLimit(let limit) = stop, shrinkTimeLimitSetInCode {
            return limit == .zero ? "not shrunk (shrinkTimeLimit: .zero)" : "shrinking took its time limit of \(limit) (shrinkTimeLimit: in the call)"
        }
        return stop.description
    }
}

extension PropertyResult: Sendable where Value: Sendable {}

extension Counterexample: Sendable where Value: Sendable {}

extension PropertyResult {
    /// A report of a failure: seed, case, original and shrunk counterexample, and how to replay.
    ///
    /// - Parameter filter: the `swift test --filter` argument that selects the test, if known.
    public func report(filter: String?) -> String {
        if let error = generationError as? PropertyConfigurationError { return "Property not run: \(error)" }
        // The replay needs as many cases as reached the failure: a raised count stays in the command.
        let replay = Property.replayCommand(seed: seed, filter: filter)
        if let stop = generationError as? PropertyStopped {
            return """
                Property stopped at case \(casesRun - 1) of seed \(seed): \(stop)
                  replay:   \(replay)
                """
        }
        if let error = generationError {
            return """
                Could not generate a value (case \(casesRun - 1), seed \(seed)): \(error)
                  replay:   \(replay)
                """
        }
        guard let failure else { return "Passed \(casesRun) cases (seed \(seed))." }
        return """
            Property failed at case \(failure.caseIndex) of seed \(seed).
              original: \(ShownValue.text(failure.original)) (\(failure.originalFailure))
              shrunk:   \(ShownValue.text(failure.shrunk)) (\(failure.shrunkFailure); \(failure.shrinkSteps) steps, \(failure.shrinkAttempts) replays\(failure.cutShortText.map { "; cut short: \($0)" } ?? ""))
              replay:   \(replay)
            """
    }
}

/// How a report shows a generated value, so that what failed can be seen and pasted back: a
/// `String` or `Character` as a quoted Swift literal (an empty string is `""`, not nothing), and
/// in the text of any other value the scalars a terminal shows as nothing or as a line break —
/// control and format characters (U+FEFF, U+200B, U+202E), line and paragraph separators, and
/// spaces other than U+0020 — as escapes (`\n`, `\t`, `\u{FEFF}`): a value whose description
/// spans lines is shown on one.
enum ShownValue {
    static func text<Value>(_ value: Value) -> String {
        if Value.self == String.self, let string = value as? String { return "\"" + escaping(string, asLiteral: true) + "\"" }
        // A `Substring` (a review's `Gen.string(…).map { Substring($0) }` showed `""` as nothing).
        if Value.self is any StringProtocol.Type, let text = value as? any StringProtocol { return "\"" + escaping(String(text), asLiteral: true) + "\"" }
        if Value.self == Character.self, let character = value as? Character {
            return "\"" + escaping(String(character), asLiteral: true) + "\""
        }
        return escaping(String(describing: value), asLiteral: false)
    }

    /// `text` with its invisible scalars escaped, and, for the inside of a Swift string literal,
    /// its quotes, backslashes and NULs too.
    private static func escaping(_ text: String, asLiteral: Bool) -> String {
        var shown = ""
        // Where a combining mark would join something that is not the value's own text: the
        // opening quote, or an escape just written (a lone U+0301 showed as `"́"`, an empty string
        // with an accented quote). It is escaped there instead.
        var markWouldJoinOther = asLiteral
        for scalar in text.unicodeScalars {
            var escape: String? = nil
            switch scalar {
            case "\"" where asLiteral: escape = "\\\""
            case "\\" where asLiteral: escape = "\\\\"
            case "\0" where asLiteral: escape = "\\0"
            default:
                escape = escaped(scalar)
                if escape == nil, markWouldJoinOther, isCombiningMark(scalar) {
                    escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
            if let escape { shown += escape } else { shown.unicodeScalars.append(scalar) }
            markWouldJoinOther = escape != nil
        }
        return shown
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The escape a scalar a terminal would not show is written as, or `nil` to write it as it is.
    private static func escaped(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: break
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: break
        case .spaceSeparator where scalar != " ": break
        default: return nil
        }
        return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
