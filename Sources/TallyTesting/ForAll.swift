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
final class ExpectationCounter: @unchecked Sendable {
    var count = 0
    @TaskLocal static var current: ExpectationCounter?
}

/// Fails the current property case unless `condition` holds.
///
/// Use it (or return a `Bool`) inside `forAll` instead of `XCTAssert`: a thrown failure lets the
/// runner shrink the input, while an `XCTAssert` failure is recorded at once, cannot be shrunk,
/// and is recorded again on every replay of the shrinker (one failing property, a dozen
/// failures). For an optional, use `require` rather than `XCTUnwrap`, for the same reason.
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
    ExpectationCounter.current?.count += 1
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
    ExpectationCounter.current?.count += 1
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
        var verdicts = 0
        let result = Property.check(generator, count: count, seed: announcedSeed(seed, file: file, line: line)) { value in
            let verdict = try stoppingOnSkip { try property(value) }
            verdicts += 1
            if verdict.propertyUndecided { throw PropertyReturnedNil() }
            return verdict.propertyHolds
        }
        // Each verdict is a check: inside a statement-form `forAll`'s body this one checks on the
        // outer body's behalf, as a statement-form one does.
        ExpectationCounter.current?.count += verdicts
        if let report = PropertyReporter.failureReport(result, filter: testFilter) {
            XCTFail(report, file: file, line: line)
        }
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
        let counter = ExpectationCounter()
        let runSeed = announcedSeed(seed, file: file, line: line)
        let result = ExpectationCounter.$current.withValue(counter) {
            Property.check(generator, count: count, seed: runSeed) { value in
                try stoppingOnSkip { try property(value) }
                return true
            }
        }
        // A `forAll` inside another one's body checks on the outer body's behalf too.
        ExpectationCounter.current?.count += counter.count
        let report = PropertyReporter.failureReport(result, filter: testFilter)
            ?? PropertyReporter.uncheckedReport(result, expectations: counter.count)
        if let report { XCTFail(report, file: file, line: line) }
    }

    /// The seed a run will use. A run on a fresh random seed first writes it to standard error:
    /// a crash inside the property (a precondition, an overflow trap) ends the process before any
    /// report, and the last seed written is then the one that replays it.
    func announcedSeed(_ seed: UInt64?, file: StaticString, line: UInt) -> UInt64 {
        if let seed = seed ?? Property.environmentSeed { return seed }
        let fresh = UInt64.random(in: 0...UInt64.max)
        let place = "\(file)".split(separator: "/").last.map(String.init) ?? "\(file)"
        // The whole command, a raised count included: a crash at case 5,000 of a soak run is
        // replayed only by a run that reaches case 5,000.
        let replay = Property.replayCommand(seed: fresh, filter: testFilter)
        FileHandle.standardError.write(Data("forAll at \(place):\(line): seed \(fresh) (replay: \(replay))\n".utf8))
        return fresh
    }

    /// `body`, with an `XCTSkip` it throws turned into `PropertyStopped`.
    func stoppingOnSkip<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let skip as XCTSkip {
            throw PropertyStopped(
                message: "the property threw XCTSkip (\(skip.message ?? "no message")), which cannot skip the test "
                    + "from inside forAll; call XCTSkip before forAll")
        }
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
            + "Check with `try expect(condition)`, or return the Bool (did a `return` go missing?)."
    }
}
