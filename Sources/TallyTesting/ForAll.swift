// XCTest integration: `forAll` inside a test method.
import XCTest

/// Thrown by `expect` when a property's condition does not hold.
public struct PropertyExpectationFailure: Error, CustomStringConvertible {
    /// What was expected.
    public let message: String
    /// Where.
    public let file: StaticString
    /// Where.
    public let line: UInt
    /// `message (File.swift:12)`.
    public var description: String { "\(message) (\(("\(file)" as NSString).lastPathComponent):\(line))" }
}

/// Counts `expect` calls while a statement-style property runs, to catch a body that checks
/// nothing (typically a `Bool` expression whose `return` was forgotten).
///
/// Under a lock: an awaiting body's child tasks (`async let`, a task group) inherit it and may
/// call `expect` at the same time.
final class ExpectationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    @TaskLocal static var current: ExpectationCounter?

    var count: Int { lock.withLock { total } }

    func add(_ n: Int) { lock.withLock { total += n } }
}

/// Fails the current property case unless `condition` holds.
///
/// Use it (or return a `Bool`) inside `forAll` instead of `XCTAssert`: a thrown failure lets the
/// runner shrink the input, while an `XCTAssert` failure is recorded at once and cannot be
/// shrunk (an XCTest `forAll` stops the run at the first one, unshrunk; Swift Testing's
/// `#expect` records one for every failing case and replay). For an optional, use `require`
/// rather than `XCTUnwrap`, for the same reason.
///
/// ```swift
/// forAll(Gen.decimal()) { a in
///     try expect((a - a).isZero, "a - a is zero")
/// }
/// ```
/// - Throws: `PropertyExpectationFailure` with `message` and the caller's place.
public func expect(
    _ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "expectation failed",
    file: StaticString = #filePath, line: UInt = #line
) throws {
    ExpectationCounter.current?.add(1)
    guard try condition() else { throw PropertyExpectationFailure(message: message(), file: file, line: line) }
}

/// The wrapped value, or a failure of the current property case when it is `nil`: `XCTUnwrap`
/// for properties (an expectation, like `expect`, so the runner shrinks the input and reports
/// the failure once).
///
/// ```swift
/// forAll(Gen.zip(Gen.decimal(.moneySized), Gen.decimal(.moneySized))) { a, b in
///     let sum = try require(BigDecimal((a + b).description), "the sum's text parses")
///     try expect(sum == a + b)
/// }
/// ```
/// - Throws: `PropertyExpectationFailure` with `message` and the caller's place.
public func require<Wrapped>(
    _ value: Wrapped?, _ message: @autoclosure () -> String = "required value is nil",
    file: StaticString = #filePath, line: UInt = #line
) throws -> Wrapped {
    ExpectationCounter.current?.add(1)
    guard let value else { throw PropertyExpectationFailure(message: message(), file: file, line: line) }
    return value
}

/// What a property body may return: `Bool` (`true` when the property holds) or `Bool?` (`nil`
/// counts as a failure: the property could not be evaluated; the report says "returned nil",
/// and shrinking keeps it apart from `false`, so that a wrong answer does not shrink into an
/// input the body could not evaluate).
///
/// Bodies that return nothing are checked by whether they throw (see `expect`). The two `forAll`
/// forms are told apart by this protocol: a body that returns a `Bool` or `Bool?` picks this one,
/// and a body of statements without a `return` picks the other.
public protocol PropertyVerdict {
    /// Whether the property held.
    var propertyHolds: Bool { get }
    /// Whether the property could not be evaluated (a `nil` verdict): a failure of its own kind.
    var propertyUndecided: Bool { get }
}

extension PropertyVerdict {
    /// `false`: a verdict that is not optional always decides.
    public var propertyUndecided: Bool { false }
}

extension Bool: PropertyVerdict {
    /// `self`.
    public var propertyHolds: Bool { self }
}

extension Optional: PropertyVerdict where Wrapped == Bool {
    /// `true` only for `.some(true)`: `nil` (an optional chain or `try?` that gave up) fails.
    public var propertyHolds: Bool { self ?? false }
    /// `true` for `nil`.
    public var propertyUndecided: Bool { self == nil }
}

extension XCTestCase {
    /// Checks that `property` holds for values from `generator`, reporting a shrunk counterexample
    /// with `XCTFail` at the caller's line.
    ///
    /// ```swift
    /// func testAdditionCommutes() {
    ///     forAll(Gen.zip(Gen.decimal(), Gen.decimal())) { a, b in a + b == b + a }
    /// }
    /// ```
    /// A false law, `forAll(Gen.zip(Gen.decimal(), Gen.decimal())) { a, b in (a + b).exponent == a.exponent }`
    /// in `TmpFail.testExponentLaw`, fails with (real output, `TALLY_PROPERTY_SEED=12345`):
    /// ```
    /// Property failed at case 1 of seed 12345.
    ///   original: (-9.223372036854775805E+20, -7568.9136) (returned false)
    ///   shrunk:   (0, 0.0) (returned false; 7 steps, 218 replays)
    ///   replay:   TALLY_PROPERTY_SEED=12345 swift test --filter '(^|\.)TallyTestingTests\.TmpFail/testExponentLaw$'
    /// ```
    /// A run on a fresh random seed first writes that seed and the replay command to standard
    /// error (`forAll at File.swift:12: seed … (replay: TALLY_PROPERTY_SEED=… swift test --filter …)`),
    /// so that a crash inside the property, which ends the process before any report, can be
    /// replayed too.
    ///
    /// `XCTSkip` cannot skip a test from inside a property (`forAll` does not throw): a body that
    /// throws it stops the run, without shrinking, and the test fails with a report that says
    /// so. Skip before calling `forAll`.
    /// - Parameters:
    ///   - generator: the inputs.
    ///   - count: cases (default 100; `TALLY_PROPERTY_COUNT` raises every count).
    ///   - seed: fixes the run; by default `TALLY_PROPERTY_SEED` or a fresh random seed.
    ///   - property: returns `false` (or `nil`) or throws (see `expect`) for a counterexample.
    public func forAll<Value, Verdict: PropertyVerdict>(
        _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
        file: StaticString = #filePath, line: UInt = #line, _ property: (Value) throws -> Verdict
    ) {
        run(seed, file: file, line: line)
            .check(generator, count: count, property)
    }

    /// Checks a property written as statements that throw on failure (`try expect(…)`).
    ///
    /// The body must call `expect` at least once over the run: a body that checks nothing (for
    /// instance a `Bool` expression whose `return` was forgotten, which would otherwise pass
    /// silently) is reported as a failure.
    /// - Parameters: as for the `Bool` form.
    public func forAll<Value>(
        _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
        file: StaticString = #filePath, line: UInt = #line, _ property: (Value) throws -> Void
    ) {
        run(seed, file: file, line: line)
            .checkStatements(generator, count: count, property)
    }

    /// The run of a `forAll` at `file`:`line` of this test, its failure recorded with `XCTFail`;
    /// a failure XCTest records while the property runs (an `XCTAssert` in its body) stops it.
    func run(_ seed: UInt64?, file: StaticString, line: UInt) -> ForAllRun {
        var run = ForAllRun.start(seed, place: ForAllRun.place("\(file)", line), filter: testFilter) { report, _ in
            XCTFail(report, file: file, line: line)
        }
        run.recordedFailures = { [weak self] in
            guard let self else { return 0 }
            return (self as? FailureCounting)?.recordedFailureCount ?? self.testRun?.totalFailureCount ?? 0
        }
        return run
    }

    /// A `swift test --filter` regular expression that selects this test and no other:
    /// `(^|\.)Module\.Class/testMethod$`, since `swift test` matches `Module.Class/testMethod`.
    /// Built from XCTest's name (`-[Module.Class testMethod]` on Apple platforms;
    /// `Class.testMethod` on Linux, where the module comes from the type's reflected name, as
    /// two test targets may each have a `Class` with that method). Unanchored, `Class.testTotal`
    /// also selected `Class.testTotalIsExact`, whose failures and crashes then mixed into the
    /// replay; anchored on a dot alone, the Apple form selected nothing (reviews, 2026-11-30).
    var testFilter: String {
        var text = name
        if text.hasPrefix("-[") && text.hasSuffix("]") {
            text = String(text.dropFirst(2).dropLast()).replacingOccurrences(of: " ", with: ".")
        }
        guard let dot = text.lastIndex(of: ".") else { return text }
        var typePath = String(text[..<dot])
        let reflected = String(reflecting: Swift.type(of: self))
        if reflected.hasSuffix("." + typePath) { typePath = reflected }
        let type = NSRegularExpression.escapedPattern(for: typePath)
        let method = NSRegularExpression.escapedPattern(for: String(text[text.index(after: dot)...]))
        return #"(^|\.)"# + type + "/" + method + "$"
    }
}

/// A test case that keeps its own count of the failures it recorded: TallyTesting's tests, which
/// capture the failures a deliberately failing `forAll` records instead of passing them to
/// XCTest (whose `testRun` then does not count them).
protocol FailureCounting {
    var recordedFailureCount: Int { get }
}

/// The `forAll` case whose property is running, seen by a `forAll` called inside that property.
///
/// A nested `forAll` neither announces a seed nor records a failure: its seed comes from the outer
/// run's seed and its place in the case (so a replay of the outer seed replays it, and every
/// replay of the same outer value by the shrinker sees the same inner runs), and its failure
/// fails the outer case, which is then shrunk and reported once, with the inner counterexample
/// in its message. (Reported on its own, each inner failure was a separate test failure naming
/// only the inner value, the outer property never failed, and the replay seed did not replay.)
final class PropertyNesting: @unchecked Sendable {
    @TaskLocal static var current: PropertyNesting?

    let seed: UInt64
    /// Under a lock: an awaiting body's child tasks inherit the nesting and may run `forAll`s at
    /// the same time. (Their seeds then follow the order in which they start, which a replay
    /// need not repeat: run inner `forAll`s in the body's own task to replay them exactly.)
    private let lock = NSLock()
    private var calls: UInt64 = 0
    private var firstFailure: NestedPropertyFailure?
    private var firstStop: PropertyStopped?

    init(seed: UInt64) { self.seed = seed }

    /// The first failure of a `forAll` inside the current case.
    var failure: NestedPropertyFailure? { lock.withLock { firstFailure } }
    /// Set when a `forAll` inside the case was stopped (its body threw `XCTSkip`, or its test
    /// was cancelled): the outer run stops too, without shrinking, as it would for its own body.
    var stop: PropertyStopped? { lock.withLock { firstStop } }

    /// Keeps the first of the inner runs' failures and stops: a later one changes nothing.
    func record(stop: PropertyStopped? = nil, failure: @autoclosure () -> NestedPropertyFailure? = nil) {
        lock.withLock {
            guard firstFailure == nil, firstStop == nil else { return }
            if let stop { firstStop = stop } else { firstFailure = failure() }
        }
    }

    /// What a case that returned `value` gives: an inner run that stopped (its test cancelled)
    /// or failed decides. (Of a case that threw, `stop` decides, whatever the body threw after
    /// it in the cancelled task.)
    func outcome<T>(of value: T) throws -> T {
        if let stop { throw stop }
        if let failure { throw failure }
        return value
    }

    /// The seed of the next `forAll` inside this case.
    func nextSeed() -> UInt64 {
        let call = lock.withLock {
            calls += 1
            return calls
        }
        var mixer = SplitMix64(seed: seed ^ (call &* 0x9E37_79B9_7F4A_7C15))
        return mixer.next()
    }
}

/// An outer case failed because a `forAll` inside its property did.
struct NestedPropertyFailure: Error, CustomStringConvertible {
    /// The inner `forAll`'s place and how it failed, for shrinking (see `Property.evaluate`).
    let kind: String
    let description: String
}

/// One `forAll` call: its seed, its place, and where its failure goes. Shared by the XCTest
/// method and the Swift Testing function, which differ only in the test filter of the replay
/// command and in how a failure is recorded.
struct ForAllRun {
    let seed: UInt64
    /// The seed is a fresh random one of a run at the top: `announce(count:)` writes it first.
    var announcesSeed = false
    /// `File.swift:12`.
    let place: String
    /// The outer case, for a `forAll` inside another's property.
    let enclosing: PropertyNesting?
    /// The `swift test --filter` pattern of the replay command (`nil`: none known).
    let filter: String?
    /// Records a top-level failure report (`XCTFail` or `Issue.record`); the flag says the run
    /// stopped because the test was cancelled (`Test.cancel()`).
    let record: (_ report: String, _ testCancelled: Bool) -> Void
    /// How many failures the test has recorded so far, where that can be known (XCTest): one
    /// recorded while a case runs is an `XCTAssert` in the body, which stops the run (see
    /// `watchingAssertions`).
    var recordedFailures: (() -> Int)? = nil

    /// A run at the top, with an announced seed and its failure recorded by `record`; or, inside
    /// another `forAll`'s property, a run whose seed derives from the outer run's and whose
    /// failure is handed to the outer case (see `PropertyNesting`).
    static func start(
        _ seed: UInt64?, place: String, filter: String?, record: @escaping (_ report: String, _ testCancelled: Bool) -> Void
    ) -> ForAllRun {
        if let enclosing = PropertyNesting.current {
            return ForAllRun(seed: seed ?? enclosing.nextSeed(), place: place, enclosing: enclosing, filter: filter, record: record)
        }
        var run = ForAllRun(
            seed: seed ?? Property.environmentSeed ?? UInt64.random(in: 0...UInt64.max), place: place, enclosing: nil, filter: filter,
            record: record)
        run.announcesSeed = seed == nil && Property.environmentSeed == nil
        return run
    }

    /// `File.swift:12`, from a file path or ID and a line.
    static func place(_ file: String, _ line: UInt) -> String {
        (file.split(separator: "/").last.map(String.init) ?? file) + ":\(line)"
    }

    /// Writes the seed of a run on a fresh random seed to standard error, before the run: a crash
    /// inside the property (a precondition, an overflow trap) ends the process before any report,
    /// and the last seed written is then the one that replays it.
    func announce(count: Int?) {
        if let line = announcement(count: count) { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// The line `announce(count:)` writes, or `nil` when it writes none.
    func announcement(count: Int?) -> String? {
        guard announcesSeed else { return nil }
        // A misconfigured run does not run (`Property.environmentProblem`, a count below 1):
        // nothing to replay.
        if Property.environmentProblem != nil || (count ?? 1) < 1 { return nil }
        // The whole command, a raised count included: a crash at case 5,000 of a soak run is
        // replayed only by a run that reaches case 5,000.
        let replay = Property.replayCommand(seed: seed, filter: filter)
        return "forAll at \(place): seed \(seed) (replay: \(replay))\n"
    }

    /// The `Bool` / `Bool?` form.
    func check<Value, Verdict: PropertyVerdict>(_ generator: Gen<Value>, count: Int?, _ property: (Value) throws -> Verdict) {
        announce(count: count)
        var verdicts = 0
        let result = Property.check(
            generator, count: count, seed: seed, shrinking: shrinkLimits, beforeShrinking: announceFailure
        ) { value in
            let verdict = try watchingAssertions(value) { try evaluating { try stoppingOnSkip { try property(value) } } }
            verdicts += 1
            return try Self.holds(verdict)
        }
        finish(result, verdicts: verdicts)
    }

    /// Whether `verdict` holds; `nil` (`Bool?`) is a failure of its own kind.
    static func holds(_ verdict: some PropertyVerdict) throws -> Bool {
        if verdict.propertyUndecided { throw PropertyReturnedNil() }
        return verdict.propertyHolds
    }

    /// Ends a `Bool`-form run that returned `verdicts` verdicts.
    func finish<Value>(_ result: PropertyResult<Value>, verdicts: Int) {
        // Each verdict is a check: inside a statement-form `forAll`'s body this one checks on the
        // outer body's behalf, as a statement-form one does.
        ExpectationCounter.current?.add(verdicts)
        finish(PropertyReporter.failureReport(result, filter: filter), result: result)
    }

    /// The statement form: the body throws on failure and must call `expect` at least once.
    func checkStatements<Value>(_ generator: Gen<Value>, count: Int?, _ property: (Value) throws -> Void) {
        announce(count: count)
        let counter = ExpectationCounter()
        let result = ExpectationCounter.$current.withValue(counter) {
            Property.check(
                generator, count: count, seed: seed, shrinking: shrinkLimits, beforeShrinking: announceFailure
            ) { value in
                try watchingAssertions(value) { try evaluating { try stoppingOnSkip { try property(value) } } }
                return true
            }
        }
        finish(result, expectations: counter)
    }

    /// Ends a statement-form run whose body called `expect` as `counter` counted.
    func finish<Value>(_ result: PropertyResult<Value>, expectations counter: ExpectationCounter) {
        // A `forAll` inside another one's body checks on the outer body's behalf too.
        ExpectationCounter.current?.add(counter.count)
        let report = PropertyReporter.failureReport(result, filter: filter)
            ?? PropertyReporter.uncheckedReport(result, expectations: counter.count)
        finish(report, result: result)
    }

    /// `body`, or a stop when XCTest recorded a failure while it ran on `value`: an `XCTAssert`
    /// or `XCTFail` in the property. Such a failure is recorded as it happens, so shrinking would
    /// record one more for every replay that fails, and every later case one more too (a review
    /// counted 56 failures from one property, none with the seed or a replay command); the run
    /// stops at the first, with the case, the value and the replay command in its report.
    func watchingAssertions<T>(_ value: Any, _ body: () throws -> T) throws -> T {
        guard let recordedFailures else { return try body() }
        let before = recordedFailures()
        let outcome = Result { try body() }
        if recordedFailures() > before { throw assertionStop(value) }
        return try outcome.get()
    }

    /// The stop of `watchingAssertions`.
    func assertionStop(_ value: Any) -> PropertyStopped {
        PropertyStopped(message: "XCTest recorded a failure while the property ran (an XCTAssert or XCTFail in it, "
            + "or in other code of the test running meanwhile) on "
            + "\(ShownValue.text(value)); it cannot be shrunk, and each further case or replay would record another, "
            + "so the run stopped there. Check with `try expect(condition)` to have it shrunk")
    }

    /// `body`, with an `XCTSkip` it throws, or any error it throws once its task is cancelled,
    /// turned into `PropertyStopped` (see `stopping(_:)`).
    private func stoppingOnSkip<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw stopping(error)
        }
    }

    /// `error`, or the `PropertyStopped` it means: an `XCTSkip`, or any error thrown once the
    /// task is cancelled, is not a counterexample to shrink (replays in a cancelled task would
    /// only meet the cancellation again). Only Swift Testing's `Test.cancel()` marks the test
    /// itself as cancelled (`testCancelled`); any other error in a cancelled task (a
    /// `CancellationError`, an `expect` that failed) is still a failure.
    func stopping(_ error: any Error) -> any Error {
        if let skip = error as? XCTSkip {
            return PropertyStopped(
                message: "the property threw XCTSkip (\(skip.message ?? "no message")), which cannot skip the test "
                    + "from inside forAll; call XCTSkip before forAll (in Swift Testing, `try Test.cancel()` works inside it)")
        }
        guard Task.isCancelled, !(error is PropertyStopped) else { return error }
        // `Test.cancel()` cancels the task, then throws this (internal) type.
        let testCancelled = String(reflecting: type(of: error)) == "Testing.SkipInfo"
        return PropertyStopped(
            message: testCancelled ? "the test was cancelled (Test.cancel())" : "the task was cancelled, and the property threw \(error)",
            testCancelled: testCancelled)
    }

    /// Replays the shrinker may spend — fewer inside another `forAll`, whose own shrinker replays
    /// the whole inner run for every candidate outer value — and its time (the environment's or
    /// the default; an inner run replayed while the outer one shrinks also stops when the outer
    /// time is up: see `ShrinkLimits.enclosing`).
    var shrinkLimits: ShrinkLimits { Property.shrinkLimits(maxAttempts: enclosing == nil ? 5_000 : 200, timeLimit: nil) }

    /// Writes the failing case to standard error before shrinking, at the top level only.
    var announceFailure: ((String) -> Void)? {
        guard enclosing == nil else { return nil }
        let place = self.place
        return { text in
            // Cut long: a checkout prints as 1,500 characters; the replay gives all of it.
            let text = text.count > 1_000 ? text.prefix(1_000) + "…" : text
            FileHandle.standardError.write(Data(
                "forAll at \(place): \(text) (a crash from here on is in a simpler value the shrinker tried, one the generator can make)\n".utf8))
        }
    }

    /// Runs one case of the property with a nesting context of its own; a failure of a `forAll`
    /// inside it fails the case.
    func evaluating<T>(_ body: () throws -> T) throws -> T {
        let nesting = PropertyNesting(seed: seed)
        do {
            return try nesting.outcome(of: PropertyNesting.$current.withValue(nesting) { try body() })
        } catch {
            throw nesting.stop ?? error
        }
    }

    /// Records `report` (`record`), or, inside another `forAll`, hands a one-line summary to the
    /// outer case.
    func finish<Value>(_ report: String?, result: PropertyResult<Value>) {
        guard let report else { return }
        guard let enclosing else {
            record(report, (result.generationError as? PropertyStopped)?.testCancelled ?? false)
            return
        }
        if let stop = result.generationError as? PropertyStopped {
            enclosing.record(stop: stop)
        } else if let failure = result.failure {
            enclosing.record(failure: NestedPropertyFailure(
                kind: "\(place) \(failure.kind)",
                description: "the forAll at \(place) inside it failed on \(ShownValue.text(failure.shrunk)) (\(failure.shrunkFailure); "
                    + "first on \(ShownValue.text(failure.original)) at its case \(failure.caseIndex)"
                    + (failure.cutShortText.map { "; cut short: \($0)" } ?? "") + ")"))
        } else {
            // The first line: the rest is a replay command, which for an inner run is the outer one's.
            let kind = result.generationError.map { "generation \(String(reflecting: type(of: $0)))" } ?? "unchecked"
            enclosing.record(failure: NestedPropertyFailure(
                kind: "\(place) \(kind)",
                description: "the forAll at \(place) inside it: " + (report.split(separator: "\n").first.map(String.init) ?? report)))
        }
    }
}

/// What `forAll` reports, separated from `XCTFail` so that it can be tested.
enum PropertyReporter {
    /// The failure report, or `nil` when the property passed.
    static func failureReport<Value>(_ result: PropertyResult<Value>, filter: String?) -> String? {
        result.passed ? nil : result.report(filter: filter)
    }

    /// A report for a statement-style property that ran but never called `expect`.
    static func uncheckedReport<Value>(_ result: PropertyResult<Value>, expectations: Int) -> String? {
        guard result.passed, result.casesRun > 0, expectations == 0 else { return nil }
        return "The property ran \(result.casesRun) cases without calling expect: it checks nothing. "
            + "Check with `try expect(condition)` (not XCTAssert or #expect, whose failures cannot be shrunk), "
            + "or return the Bool (did a `return` go missing?). A law that only says the body does not throw "
            + "(a parse or decode round trip) checks that by ending with `try expect(true)`."
    }
}
