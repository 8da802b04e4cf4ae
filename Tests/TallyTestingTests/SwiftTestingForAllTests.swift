// `forAll` in Swift Testing: the same runner as the XCTest method, reporting through
// `Issue.record` with a replay filter Swift Testing understands.
#if canImport(Testing)
import Foundation
import TallyDecimal
@testable import TallyTesting
import Testing
import XCTest

/// What the issues recorded inside `withKnownIssue` said (the matcher runs on the recording
/// thread; a lock keeps the array whole).
final class RecordedIssues: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(comment: String, line: Int?)] = []

    func add(_ issue: Issue) -> Bool {
        lock.withLock { recorded.append((issue.comments.map(\.rawValue).joined(separator: "\n"), issue.sourceLocation?.line)) }
        return true
    }

    var all: [(comment: String, line: Int?)] { lock.withLock { recorded } }
}

/// The issues `body` records, each expected (so this test does not fail for them).
func recordedIssues(_ body: () -> Void) -> [(comment: String, line: Int?)] {
    let issues = RecordedIssues()
    withKnownIssue {
        body()
    } matching: { issue in
        issues.add(issue)
    }
    return issues.all
}

/// `recordedIssues(_:)` for a body that awaits.
func recordedIssues(_ body: () async -> Void) async -> [(comment: String, line: Int?)] {
    let issues = RecordedIssues()
    await withKnownIssue {
        await body()
    } matching: { issue in
        issues.add(issue)
    }
    return issues.all
}

/// A count a property body can change (the body is not `mutating`).
final class Counter: @unchecked Sendable {
    var count = 0
}

@Suite struct SwiftTestingForAllTests {
    @Test func aTruePropertyPasses() {
        forAll(Gen.zip(Gen.decimal(), Gen.decimal())) { a, b in a + b == b + a }
        forAll(Gen.decimal(.moneySized)) { a in try expect((a - a).isZero, "a - a is zero") }
    }

    /// One issue, at the `forAll` line, with the shrunk value and a replay of this test alone.
    @Test func aFalsePropertyIsOneIssueWithItsShrunkValueAndReplay() throws {
        let line = #line + 1
        let issues = recordedIssues { forAll(Gen.int(in: 0...1000), seed: 3) { $0 < 10 } }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.line == line)
        #expect(issue.comment.contains("Property failed at case"), "\(issue.comment)")
        #expect(issue.comment.contains("shrunk:   10 (returned false"), "\(issue.comment)")
        #expect(
            issue.comment.contains(
                #"replay:   TALLY_PROPERTY_SEED=3 swift test --filter '^TallyTestingTests\.SwiftTestingForAllTests/aFalsePropertyIsOneIssueWithItsShrunkValueAndReplay\(\)/'"#),
            "\(issue.comment)")
    }

    @Test func aStatementPropertyShrinksItsExpectation() throws {
        let issues = recordedIssues { forAll(Gen.int(in: 0...100), seed: 5) { x in try expect(x < 50, "below 50") } }
        #expect(issues.count == 1)
        #expect(try #require(issues.first).comment.contains("shrunk:   50 (threw below 50 (SwiftTestingForAllTests.swift:"))
    }

    @Test func aStatementBodyThatChecksNothingIsAnIssue() throws {
        let issues = recordedIssues {
            forAll(Gen.int(in: 0...10), seed: 1) { x in
                _ = x + 1 > 100  // a forgotten `return`
            }
        }
        #expect(issues.count == 1)
        #expect(try #require(issues.first).comment.contains("without calling expect: it checks nothing"))
    }

    /// A failing `forAll` inside another's property fails the outer case: one issue, which names
    /// the inner failure.
    @Test func aNestedFailureIsOneIssueOfTheOuterProperty() throws {
        let issues = recordedIssues {
            forAll(Gen.int(in: 0...100), seed: 11) { outer in
                forAll(Gen.int(in: 0...100)) { inner in inner + outer < 150 }
            }
        }
        #expect(issues.count == 1)
        let comment = try #require(issues.first).comment
        #expect(comment.contains("Property failed at case"), "\(comment)")
        #expect(comment.contains("inside it failed on"), "\(comment)")
    }

    /// The `async` form: a body that awaits is checked in this test's task, and a failure is one
    /// issue at the `forAll` line, as for the synchronous form.
    @Test func anAwaitingPropertyIsOneIssueAtItsLine() async throws {
        let line = #line + 2
        let issues = await recordedIssues {
            await forAll(Gen.int(in: 0...1000), seed: 3) { x in
                await Task.yield()
                return x < 10
            }
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.line == line)
        #expect(issue.comment.contains("shrunk:   10 (returned false"), "\(issue.comment)")
        #expect(issue.comment.contains(#"--filter '^TallyTestingTests\.SwiftTestingForAllTests/anAwaitingPropertyIsOneIssueAtItsLine\(\)/'"#), "\(issue.comment)")
        let statements = await recordedIssues {
            await forAll(Gen.int(in: 0...100), seed: 5) { x in
                await Task.yield()
                try expect(x < 50, "below 50")
            }
        }
        #expect(statements.count == 1)
        #expect(try #require(statements.first).comment.contains("shrunk:   50 (threw below 50 (SwiftTestingForAllTests.swift:"))
        // Passing: nothing recorded, and every case awaited.
        let calls = Counter()
        await forAll(Gen.decimal(), count: 20, seed: 1) { a in
            await Task.yield()
            calls.count += 1
            return a == a
        }
        #expect(calls.count == 20)
    }

    /// A helper passes its caller's place on to the `async` form.
    @Test func anAwaitingHelperPassesItsCallersPlaceOn() async {
        func checkSmall(sourceLocation: SourceLocation = #_sourceLocation) async {
            await forAll(Gen.int(in: 0...100), seed: 3, sourceLocation: sourceLocation) { x in
                await Task.yield()
                try expect(x < 10)
            }
        }
        let line = #line + 1
        let issues = await recordedIssues { await checkSmall() }
        #expect(issues.count == 1)
        #expect(issues.first?.line == line)
    }

    /// The body runs on the test's actor: here the main actor, whose state it touches without
    /// `await`.
    @MainActor @Test func anAwaitingPropertyRunsOnTheTestsActor() async {
        var calls = 0
        await forAll(Gen.int(in: 0...100), count: 10, seed: 1) { x in
            MainActor.preconditionIsolated("the property runs on the test's actor")
            await Task.yield()
            calls += 1
            return x >= 0
        }
        #expect(calls == 10)
    }

    #if compiler(>=6.3)  // `Test.cancel()` came with Swift 6.3
    /// `Test.cancel()` inside an awaiting property stops the run as in a synchronous one.
    @Test func cancelInsideAnAwaitingPropertyCancelsThisTest() async {
        let calls = Counter()
        await forAll(Gen.int(in: 0...100), seed: 1) { x in
            await Task.yield()
            calls.count += 1
            if x > 10 { try Test.cancel("this test cancels itself from inside an awaiting property, on purpose") }
            return true
        }
        #expect(calls.count == 1, "no shrinking replays after the cancel")
    }

    /// `Test.cancel()` inside a property stops the run at once, without shrinking, and records
    /// no issue: this test is shown as cancelled (an issue would fail it).
    @Test func cancelInsideAPropertyCancelsThisTest() {
        let calls = Counter()
        forAll(Gen.int(in: 0...100), seed: 1) { x in
            calls.count += 1
            if x > 10 { try Test.cancel("this test cancels itself from inside a property, on purpose") }
            return true
        }
        #expect(calls.count == 1, "no shrinking replays after the cancel")
    }

    /// An inner `forAll` cancelled the test; what the outer body throws after that, in the
    /// cancelled task, does not turn the cancelled test into a failure.
    @Test func cancelInsideANestedPropertyCancelsThisTest() {
        forAll(Gen.int(in: 0...100), seed: 1) { outer in
            forAll(Gen.int(in: 0...100)) { inner in
                if inner > 10 { try Test.cancel("this test cancels itself from inside a nested property, on purpose") }
                return true
            }
            try expect(outer < 0, "fails only because the test was cancelled")
        }
    }
    #endif

    /// In a cancelled task the shrinker spends no replays: each would only meet the cancellation.
    @Test func aCancelledTaskDoesNotShrink() async {
        let property: @Sendable (Int) -> Bool = { $0 < 10 }
        let cancelled = await Task { () -> Int? in
            withUnsafeCurrentTask { $0?.cancel() }
            return Property.check(Gen.int(in: 0...1000), seed: 3, property).failure?.shrinkAttempts
        }.value
        #expect(cancelled == 0)
        #expect((Property.check(Gen.int(in: 0...1000), seed: 3, property).failure?.shrinkAttempts ?? 0) > 0)
    }

    /// A place passed on by a helper may be anything: `SourceLocation` stops the process on a
    /// line or column of 0 or a file ID without a module, so `forAll` mends them.
    @Test func aPlaceOutOfShapeIsMendedNotACrash() throws {
        let place = SwiftTestingRun.Place(fileID: "Cart.swift", filePath: "/src/Cart.swift", line: 0, column: 0)
        #expect(place.sourceLocation.fileID == "__C/Cart.swift")
        #expect(place.sourceLocation.line == 1 && place.sourceLocation.column == 1)
        let issues = recordedIssues { forAll(Gen.int(in: 0...100), seed: 3, fileID: "Cart.swift", line: 0, column: 0) { $0 < 10 } }
        #expect(issues.count == 1)
        #expect(issues.first?.line == 1)
    }

    /// A helper that takes its caller's place the Swift Testing way passes it on.
    @Test func aHelperPassesItsCallersPlaceOn() throws {
        func checkSmall(sourceLocation: SourceLocation = #_sourceLocation) {
            forAll(Gen.int(in: 0...100), seed: 3, sourceLocation: sourceLocation) { $0 < 10 }
        }
        let line = #line + 1
        let issues = recordedIssues { checkSmall() }
        #expect(issues.count == 1)
        #expect(issues.first?.line == line)
    }

    /// Any other error a property throws once its task is cancelled stops the run (replays would
    /// only meet the cancellation again) and is recorded: a review found a failed `expect` in a
    /// cancelled task swallowed, and the test shown as passed.
    @Test func anErrorThrownInACancelledTaskIsRecorded() async {
        let recorded = await Task { () -> [(report: String, testCancelled: Bool)] in
            withUnsafeCurrentTask { $0?.cancel() }
            var recorded: [(report: String, testCancelled: Bool)] = []
            ForAllRun.start(1, place: "here", filter: nil) { recorded.append(($0, $1)) }
                .checkStatements(Gen.int(in: 0...100), count: 100) { x in
                    try Task.checkCancellation()
                    try expect(x >= 0)
                }
            return recorded
        }.value
        #expect(recorded.count == 1)
        #expect(recorded.first?.testCancelled == false)
        #expect(
            recorded.first?.report.hasPrefix("Property stopped at case 0 of seed 1: the task was cancelled, and the property threw CancellationError()") == true,
            "\(recorded)")
    }

    /// A `#require` inside a property: its own issue says what failed; the report says so
    /// instead of dumping the error's internals.
    @Test func aRequireInsideAPropertyIsNamed() throws {
        let issues = recordedIssues {
            forAll(Gen.int(in: 0...100), seed: 2) { x in
                _ = try #require(x < 50 ? x : nil)
            }
        }
        let report = try #require(issues.first { $0.comment.contains("Property failed") }).comment
        #expect(report.contains("threw #require's error (its own issue says what failed"), "\(report)")
        #expect(!report.contains("ExpectationFailedError"), "\(report)")
    }

    /// Swift Testing matches `--filter` against `Module.Suite/test()/File.swift:line:column`.
    @Test func theReplayFilterSelectsThisTestAlone() throws {
        let id = try #require(Test.current?.id)
        let filter = try #require(SwiftTestingRun.filter(for: id))
        #expect(filter == #"^TallyTestingTests\.SwiftTestingForAllTests/theReplayFilterSelectsThisTestAlone\(\)/"#)
        let selects = try selector(filter)
        #expect(selects("\(id)"), "\(id)")
        #expect(!selects("TallyTestingTests.SwiftTestingForAllTests/theReplayFilterSelectsThisTestAloneToo()/A.swift:1:2"))
        #expect(!selects("TallyTestingTests.Other.SwiftTestingForAllTests/theReplayFilterSelectsThisTestAlone()/A.swift:1:2"))
        #expect(!selects("TallyMoneyTests.SwiftTestingForAllTests/theReplayFilterSelectsThisTestAlone()/A.swift:1:2"))
        #expect(SwiftTestingRun.filter(for: nil) == nil)
    }
}

#endif
