// Swift Testing integration: `forAll` inside an `@Test` function.
#if canImport(Testing)
import Foundation
import Testing
import XCTest

/// Checks that `property` holds for values from `generator` inside a Swift Testing `@Test`,
/// recording a shrunk counterexample as one issue at the caller's line.
///
/// ```swift
/// import Testing
/// import TallyTesting
///
/// @Test func additionCommutes() {
///     forAll(Gen.zip(Gen.decimal(), Gen.decimal())) { a, b in a + b == b + a }
/// }
/// ```
/// The same engine as the `XCTestCase` method: the same generators, seeds
/// (`TALLY_PROPERTY_SEED`, `TALLY_PROPERTY_COUNT`), shrinking, nesting and report. The replay
/// command's filter names the test by its Swift Testing identifier
/// (`^Module\.Suite/test\(\)/`), which `swift test --filter` matches. Inside an `XCTestCase`
/// method the method form is the one called.
///
/// Where no Swift Testing test is current (a detached task, a helper called from XCTest, an
/// exit test), the failure is recorded both as a Swift Testing issue and with `XCTFail`, at the
/// caller's line: each runner ignores the other's call, and a failure must not be lost. Its
/// replay command then has no `--filter`, since no test is known. (The `sourceLocation:` form
/// cannot hand `XCTFail` a file: its `XCTFail` message names the place instead.)
///
/// Use `try expect(…)` (or return the `Bool`) inside the property, not `#expect`: a thrown
/// failure is what the runner shrinks, while a `#expect` failure is recorded at once, unshrunk,
/// for every case that fails. A property that calls `try Test.cancel()` stops the run there,
/// and the test is shown as cancelled. Any other error a property throws is a counterexample;
/// thrown once the test's task is cancelled, it stops the run without shrinking (replays would
/// only meet the cancellation again) and is recorded.
/// - Parameters:
///   - generator: the inputs.
///   - count: cases (default 100; `TALLY_PROPERTY_COUNT` raises every count).
///   - seed: fixes the run; by default `TALLY_PROPERTY_SEED` or a fresh random seed.
///   - fileID, filePath, line, column: where the issue is recorded; the caller's place by
///     default.
///   - property: returns `false` (or `nil`) or throws (see `expect`) for a counterexample.
public func forAll<Value, Verdict: PropertyVerdict>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ property: (Value) throws -> Verdict
) {
    SwiftTestingRun.start(seed, at: SwiftTestingRun.Place(fileID: fileID, filePath: filePath, line: line, column: column))
        .check(generator, count: count, property)
}

/// Checks a property written as statements that throw on failure (`try expect(…)`) inside a
/// Swift Testing `@Test`.
///
/// The body must call `expect` at least once over the run: a body that checks nothing (only
/// `#expect`, or a `Bool` whose `return` went missing) is recorded as an issue.
/// - Parameters: as for the `Bool` form.
public func forAll<Value>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ property: (Value) throws -> Void
) {
    SwiftTestingRun.start(seed, at: SwiftTestingRun.Place(fileID: fileID, filePath: filePath, line: line, column: column))
        .checkStatements(generator, count: count, property)
}

/// Checks `property` as `forAll(_:count:seed:_:)` does, recording a failure at `sourceLocation`:
/// for a helper of your own that takes its caller's place the Swift Testing way
/// (`sourceLocation: SourceLocation = #_sourceLocation`) and passes it on.
public func forAll<Value, Verdict: PropertyVerdict>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil, sourceLocation: SourceLocation,
    _ property: (Value) throws -> Verdict
) {
    SwiftTestingRun.start(seed, at: SwiftTestingRun.Place(sourceLocation)).check(generator, count: count, property)
}

/// The statement form of `forAll(_:count:seed:sourceLocation:_:)`.
public func forAll<Value>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil, sourceLocation: SourceLocation,
    _ property: (Value) throws -> Void
) {
    SwiftTestingRun.start(seed, at: SwiftTestingRun.Place(sourceLocation)).checkStatements(generator, count: count, property)
}

#if compiler(>=6.2)
/// Checks that `property`, which may await, holds for values from `generator` inside a Swift
/// Testing `@Test`: the `forAll` of `async` tests.
///
/// ```swift
/// @Test func quotesAreExact() async {
///     let book = PriceBook()   // an actor
///     await forAll(Gen.decimal(.moneySized)) { amount in
///         await book.quote(amount) == amount.rounded(scale: 2)
///     }
/// }
/// ```
/// The same runner as the synchronous form, with the failure shrunk by the same passes; every
/// call of the body, the shrinker's replays included, runs in the test's task, on the test's
/// actor, one at a time. A body that awaits nothing picks the synchronous form. Needs Swift 6.2
/// or later.
/// - Parameters: as for the synchronous form.
public nonisolated(nonsending) func forAll<Value, Verdict: PropertyVerdict>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ property: nonisolated(nonsending) (Value) async throws -> Verdict
) async {
    await SwiftTestingRun.start(seed, at: SwiftTestingRun.Place(fileID: fileID, filePath: filePath, line: line, column: column))
        .check(generator, count: count, property)
}

/// The statement form of the `async` `forAll`: the body throws on failure (`try expect(…)`),
/// may await, and must call `expect` at least once over the run.
/// - Parameters: as for the synchronous form.
public nonisolated(nonsending) func forAll<Value>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ property: nonisolated(nonsending) (Value) async throws -> Void
) async {
    await SwiftTestingRun.start(seed, at: SwiftTestingRun.Place(fileID: fileID, filePath: filePath, line: line, column: column))
        .checkStatements(generator, count: count, property)
}

/// The `async` `forAll` recording a failure at `sourceLocation`, for helpers.
public nonisolated(nonsending) func forAll<Value, Verdict: PropertyVerdict>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil, sourceLocation: SourceLocation,
    _ property: nonisolated(nonsending) (Value) async throws -> Verdict
) async {
    await SwiftTestingRun.start(seed, at: SwiftTestingRun.Place(sourceLocation)).check(generator, count: count, property)
}

/// The statement form of the `async` `forAll` recording a failure at `sourceLocation`.
public nonisolated(nonsending) func forAll<Value>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil, sourceLocation: SourceLocation,
    _ property: nonisolated(nonsending) (Value) async throws -> Void
) async {
    await SwiftTestingRun.start(seed, at: SwiftTestingRun.Place(sourceLocation)).checkStatements(generator, count: count, property)
}
#endif

/// How a Swift Testing `forAll` names its place and test, and records a failure.
enum SwiftTestingRun {
    /// The caller's place, as both runners take it. (Plain `#fileID`-style defaults, not
    /// `#_sourceLocation`: that macro only expands in a file that imports `Testing`, and a
    /// helper file that imports only XCTest must compile too.)
    struct Place {
        let sourceLocation: SourceLocation
        /// For `XCTFail`, which takes a `StaticString`; `nil` for a place given as a
        /// `SourceLocation` (`XCTFail` then files the failure at its own line in this file, and
        /// its message names the place).
        let staticFilePath: StaticString?

        /// A place passed on by a helper may be anything: `SourceLocation` stops the process on
        /// a line or column below 1 or a file ID without a module (`Cart.swift`), so those are
        /// mended here rather than when a counterexample is reported.
        init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
            let id = "\(fileID)"
            sourceLocation = SourceLocation(
                fileID: id.contains("/") ? id : "__C/" + id, filePath: "\(filePath)",
                line: max(1, Int(clamping: line)), column: max(1, Int(clamping: column)))
            staticFilePath = filePath
        }

        init(_ sourceLocation: SourceLocation) {
            self.sourceLocation = sourceLocation
            staticFilePath = nil
        }

        /// `File.swift:12`.
        var shown: String { ForAllRun.place(sourceLocation.fileID, UInt(sourceLocation.line)) }
    }

    static func start(_ seed: UInt64?, at place: Place) -> ForAllRun {
        ForAllRun.start(seed, place: place.shown, filter: filter(for: Test.current?.id)) { report, testCancelled in
            // A test cancelled with `Test.cancel()` is shown as cancelled; an issue would turn it
            // into a failure.
            if testCancelled && Test.current != nil { return }
            Issue.record(Comment(rawValue: report), sourceLocation: place.sourceLocation)
            // No test is current: the call may come from XCTest, which ignores `Issue.record` on
            // this toolchain. (Were XCTest to forward issues, as Swift Testing's interoperability
            // proposal ST-0021 allows, this would report the failure twice rather than lose it.)
            guard Test.current == nil else { return }
            if let file = place.staticFilePath {
                XCTFail(report, file: file, line: UInt(place.sourceLocation.line))
            } else {
                XCTFail("forAll at \(place.shown): \(report)")
            }
        }
    }

    /// A `swift test --filter` regular expression that selects the test `id` and no other, or
    /// `nil` without a test. Swift Testing matches the filter against the identifier as text,
    /// `Module.Suite/test(x:)/File.swift:12:6`: the name is anchored at the start and ended by
    /// the slash before the source location, so `passes()` does not select `passesToo()`, and
    /// an edit that moves the test does not change the filter.
    static func filter(for id: Test.ID?) -> String? {
        guard let id else { return nil }
        // The module and the first name are joined by a dot, the names after it by slashes.
        let escaped = id.nameComponents.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "/")
        let name = NSRegularExpression.escapedPattern(for: id.moduleName) + (escaped.isEmpty ? "" : #"\."# + escaped)
        return "^" + name + (id.sourceLocation == nil ? "$" : "/")
    }
}
#endif
