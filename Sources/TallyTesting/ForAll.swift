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
/// runner shrink the input, while an `XCTAssert` failure is recorded at once and cannot be shrunk.
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

/// What a property body may return: `Bool` (`true` when the property holds) or `Bool?` (`nil`
/// counts as a failure: the property could not be evaluated; the report says "returned false").
///
/// Bodies that return nothing are checked by whether they throw (see `expect`). The two `forAll`
/// forms are told apart by this protocol: a body that returns a `Bool` or `Bool?` picks this one,
/// and a body of statements without a `return` picks the other.
public protocol PropertyVerdict {
    /// Whether the property held.
    var propertyHolds: Bool { get }
}

extension Bool: PropertyVerdict {
    /// `self`.
    public var propertyHolds: Bool { self }
}

extension Optional: PropertyVerdict where Wrapped == Bool {
    /// `true` only for `.some(true)`: `nil` (an optional chain or `try?` that gave up) fails.
    public var propertyHolds: Bool { self ?? false }
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
    ///   shrunk:   (0, 0.0) (returned false; 7 steps, 214 replays)
    ///   replay:   TALLY_PROPERTY_SEED=12345 swift test --filter 'TmpFail.testExponentLaw'
    /// ```
    /// A run on a fresh random seed first writes that seed to standard error
    /// (`forAll at File.swift:12: seed … (replay: TALLY_PROPERTY_SEED=…)`), so that a crash inside
    /// the property, which ends the process before any report, can be replayed too.
    /// - Parameters:
    ///   - generator: the inputs.
    ///   - count: cases (default 100; `TALLY_PROPERTY_COUNT` raises every count).
    ///   - seed: fixes the run; by default `TALLY_PROPERTY_SEED` or a fresh random seed.
    ///   - property: returns `false` (or `nil`) or throws (see `expect`) for a counterexample.
    public func forAll<Value, Verdict: PropertyVerdict>(
        _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
        file: StaticString = #filePath, line: UInt = #line, _ property: (Value) throws -> Verdict
    ) {
        let result = Property.check(generator, count: count, seed: announcedSeed(seed, file: file, line: line)) {
            try property($0).propertyHolds
        }
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
                try property(value)
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
        FileHandle.standardError.write(Data("forAll at \(place):\(line): seed \(fresh) (replay: TALLY_PROPERTY_SEED=\(fresh))\n".utf8))
        return fresh
    }

    /// `Class.testMethod` from XCTest's name (`-[Class testMethod]` on Apple platforms,
    /// `Class.testMethod` elsewhere); a `swift test --filter` regular expression.
    var testFilter: String {
        var text = name
        if text.hasPrefix("-[") && text.hasSuffix("]") {
            text = String(text.dropFirst(2).dropLast()).replacingOccurrences(of: " ", with: ".")
        }
        return text
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
