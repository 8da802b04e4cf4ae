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
/// method the method form is the one called; called where no Swift Testing test is running
/// (a helper run from XCTest), this one records its failure with `XCTFail`.
///
/// Use `try expect(…)` (or return the `Bool`) inside the property, not `#expect`: a thrown
/// failure is what the runner shrinks, while a `#expect` failure is recorded at once, once per
/// replay of the shrinker. A property that calls `Test.cancel()` stops the run there, and the
/// test is shown as cancelled; one that throws `XCTSkip` stops it as a failure.
/// - Parameters:
///   - generator: the inputs.
///   - count: cases (default 100; `TALLY_PROPERTY_COUNT` raises every count).
///   - seed: fixes the run; by default `TALLY_PROPERTY_SEED` or a fresh random seed.
///   - sourceLocation: where the issue is recorded; the caller's line by default.
///   - property: returns `false` (or `nil`) or throws (see `expect`) for a counterexample.
public func forAll<Value, Verdict: PropertyVerdict>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ property: (Value) throws -> Verdict
) {
    SwiftTestingRun.start(seed, at: sourceLocation).check(generator, count: count, property)
}

/// Checks a property written as statements that throw on failure (`try expect(…)`) inside a
/// Swift Testing `@Test`.
///
/// The body must call `expect` at least once over the run: a body that checks nothing is
/// recorded as an issue.
/// - Parameters: as for the `Bool` form.
public func forAll<Value>(
    _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ property: (Value) throws -> Void
) {
    SwiftTestingRun.start(seed, at: sourceLocation).checkStatements(generator, count: count, property)
}

/// How a Swift Testing `forAll` names its place and test, and records a failure.
enum SwiftTestingRun {
    static func start(_ seed: UInt64?, at location: SourceLocation) -> ForAllRun {
        let place = "\(location.fileName):\(location.line)"
        return ForAllRun.start(seed, place: place, filter: filter(for: Test.current?.id)) { report, cancelled in
            if Test.current != nil {
                // A cancelled test is shown as cancelled; an issue would turn it into a failure.
                if cancelled { return }
                Issue.record(Comment(rawValue: report), sourceLocation: location)
            } else {
                // XCTFail takes its file as a `StaticString`, which a `SourceLocation` cannot
                // give: the message names the place instead.
                XCTFail("forAll at \(place): \(report)")
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
