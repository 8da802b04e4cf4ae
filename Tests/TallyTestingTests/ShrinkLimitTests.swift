import Foundation
@testable import TallyTesting
import XCTest

/// Shrinking stops at its replay limit, its time limit, or when its task is cancelled, and the
/// counterexample says which.
final class ShrinkLimitTests: XCTestCase {
    /// A property that takes `milliseconds` per call and fails from 10 up.
    private func slowlyBelowTen(_ milliseconds: UInt32) -> (Int) -> Bool {
        { x in
            usleep(milliseconds * 1_000)
            return x < 10
        }
    }

    func testAShrinkThatRunsOutOfCandidatesSaysNothing() throws {
        let failure = try XCTUnwrap(Property.check(Gen.int(in: 0...1_000), seed: 3) { $0 < 10 }.failure)
        XCTAssertEqual(failure.shrunk, 10)
        XCTAssertNil(failure.shrinkCutShort)
        XCTAssertFalse(Property.check(Gen.int(in: 0...1_000), seed: 3) { $0 < 10 }.report(filter: nil).contains("cut short"))
    }

    /// A stop ends every pass at once: the passes ask nothing more (they used to walk the rest
    /// of a long sequence, copying it for every candidate, after the time was up).
    func testAStopEndsThePassesAtOnce() {
        var asked = 0
        var judged = 0
        var shrinker = Shrinker(
            best: Array(repeating: 7, count: 2_000), spans: [], maxAttempts: 5_000,
            stopped: {
                asked += 1
                return asked > 10 ? .cancelled : nil
            }
        ) { candidate, _ in
            judged += 1
            return nil
        }
        shrinker.shrink()
        XCTAssertEqual(judged, 10)
        XCTAssertEqual(asked, 11, "no candidate is considered after the stop")
        XCTAssertEqual(shrinker.outcome.cutShort, .cancelled)
    }

    /// An inner `forAll` whose shrinking stopped early says so in the outer failure (its limit
    /// is 200 replays).
    func testANestedRunSaysItsShrinkingWasCutShort() throws {
        var reports: [String] = []
        ForAllRun.start(1, place: "outer", filter: nil) { report, _ in reports.append(report) }
            .check(Gen.int(in: 0...3), count: 5) { _ in
                ForAllRun.start(nil, place: "inner", filter: nil) { _, _ in }
                    .check(Gen.int(in: 0...1_000).array(count: 0...40), count: 50) { $0.reduce(0, +) % 997 != 5 && $0.count < 30 }
                return true
            }
        let report = try XCTUnwrap(reports.first)
        XCTAssertTrue(report.contains("; cut short: shrinking used its limit of 200 replays)"), report)
    }

    /// A run inside a property that is being shrunk keeps to that shrinking's time as well as
    /// its own: once the enclosing time is up, it reports its first failing value unshrunk.
    func testARunInsideAShrinkingKeepsToItsTime() throws {
        let over = [ShrinkWindow(start: .now - .seconds(5), limit: .seconds(2))]
        let inside = ShrinkWindow.$current.withValue(over) { Property.check(Gen.int(in: 0...1_000), seed: 3) { $0 < 10 } }
        let failure = try XCTUnwrap(inside.failure)
        XCTAssertEqual(failure.shrinkAttempts, 0)
        XCTAssertEqual(failure.shrunk, failure.original)
        XCTAssertEqual(failure.shrinkCutShort, .enclosingTimeLimit(.seconds(2)), "the enclosing limit is the one reported")
        XCTAssertTrue(
            inside.report(filter: nil).contains(
                "cut short: the shrinking of the property around it took its time limit of 2.0 seconds (TALLY_PROPERTY_SHRINK_SECONDS gives it longer))"),
            inside.report(filter: nil))
        let open = [ShrinkWindow(start: .now, limit: .seconds(600))]
        let stillOpen = ShrinkWindow.$current.withValue(open) { Property.check(Gen.int(in: 0...1_000), seed: 3) { $0 < 10 } }
        XCTAssertEqual(stillOpen.failure?.shrunk, 10, "an enclosing time not yet up changes nothing")
        XCTAssertNil(stillOpen.failure?.shrinkCutShort)
    }

    /// The windows a property sees: none while its cases run, its own shrinking's while it is
    /// shrunk (the last replay, of the shrunk value, included), and one more for each shrinking
    /// it is nested in.
    func testAShrinkingShowsItsTimeToThePropertiesItReplays() throws {
        var outerCalls: [(x: Int, windows: Int)] = []
        var innerWindows = Set<Int>()
        let result = Property.check(Gen.int(in: 0...1_000), seed: 3, shrinkTimeLimit: .seconds(30)) { x in
            outerCalls.append((x, ShrinkWindow.current.count))
            _ = Property.check(Gen.int(in: 0...100), seed: 5, shrinkTimeLimit: .seconds(20)) { y in
                innerWindows.insert(ShrinkWindow.current.count)
                return y < 50
            }
            return x < 10
        }
        XCTAssertEqual(result.failure?.shrunk, 10)
        // The case loop ends at the first failing value; every later call is a replay.
        let failingCase = try XCTUnwrap(outerCalls.firstIndex { $0.x >= 10 })
        XCTAssertEqual(Set(outerCalls[...failingCase].map(\.windows)), [0], "cases run outside any shrinking")
        XCTAssertEqual(Set(outerCalls[(failingCase + 1)...].map(\.windows)), [1], "every replay, the last one included")
        XCTAssertEqual(innerWindows, [0, 1, 2], "the inner property: its cases, its shrinking, and its shrinking inside the outer one")
        XCTAssertEqual(ShrinkWindow.current.count, 0, "nothing left behind")
    }

    func testAnAwaitingShrinkingShowsItsTimeToo() async throws {
        var calls: [Int] = []
        let result = await Property.check(Gen.int(in: 0...1_000), seed: 3, shrinkTimeLimit: .seconds(30)) { x in
            await Task.yield()
            calls.append(ShrinkWindow.current.count)
            return x < 10
        }
        XCTAssertEqual(result.failure?.shrunk, 10)
        let firstFailure = try XCTUnwrap(calls.firstIndex(of: 1)) - 1
        XCTAssertEqual(Array(calls[...firstFailure]), Array(repeating: 0, count: firstFailure + 1))
        XCTAssertEqual(Set(calls[(firstFailure + 1)...]), [1], "every replay, the last one included")
        let over = [ShrinkWindow(start: .now - .seconds(5), limit: .seconds(2))]
        let inside = await ShrinkWindow.$current.withValue(over) {
            await Property.check(Gen.int(in: 0...1_000), seed: 3) { x in
                await Task.yield()
                return x < 10
            }
        }
        XCTAssertEqual(inside.failure?.shrinkAttempts, 0)
        XCTAssertEqual(inside.failure?.shrinkCutShort, .enclosingTimeLimit(.seconds(2)))
    }

    /// A zero time limit does not shrink: the first failing value is the counterexample.
    func testAZeroTimeLimitDoesNotShrink() throws {
        let failure = try XCTUnwrap(Property.check(Gen.int(in: 0...1_000), seed: 3, shrinkTimeLimit: .zero) { $0 < 10 }.failure)
        XCTAssertEqual(failure.shrunk, failure.original)
        XCTAssertEqual(failure.shrinkAttempts, 0)
        XCTAssertEqual(failure.shrinkCutShort, .timeLimit(.zero))
    }

    func testTheReplayLimitIsReported() throws {
        let result = Property.check(Gen.int(in: 0...1_000), seed: 3, maxShrinkAttempts: 3) { $0 < 10 }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.shrinkAttempts, 3)
        XCTAssertEqual(failure.shrinkCutShort, .replayLimit(3))
        XCTAssertTrue(result.report(filter: nil).contains("3 replays; cut short: shrinking used its limit of 3 replays)"), result.report(filter: nil))
    }

    /// 20 ms a call against a 100 ms limit: a handful of replays, not the 25 a full shrink takes.
    func testTheTimeLimitStopsAShrinkOfASlowProperty() throws {
        let result = Property.check(Gen.int(in: 0...1_000), seed: 3, shrinkTimeLimit: .milliseconds(100), slowlyBelowTen(20))
        let failure = try XCTUnwrap(result.failure)
        XCTAssertLessThan(failure.shrinkAttempts, 10)
        XCTAssertGreaterThanOrEqual(failure.shrunk, 10, "still a failing value")
        XCTAssertEqual(failure.shrinkCutShort, .timeLimit(.milliseconds(100)))
        XCTAssertTrue(
            result.report(filter: nil).contains("; cut short: shrinking took its time limit of 0.1 seconds (shrinkTimeLimit: in the call))"),
            result.report(filter: nil))
    }

    /// A limit given in the call is reported as that, not as one the environment variable could
    /// lift (review, 2026-12-02: `.zero` read "cut short … (TALLY_PROPERTY_SHRINK_SECONDS gives it
    /// longer)", which it does not); negative limits in code are refused as negative counts are.
    func testLimitsGivenInTheCallAreReportedAndCheckedAsSuch() throws {
        let zero = Property.check(Gen.int(in: 0...1_000), seed: 3, shrinkTimeLimit: .zero) { $0 < 10 }
        let report = zero.report(filter: nil)
        XCTAssertTrue(report.contains("0 steps, 0 replays; cut short: not shrunk (shrinkTimeLimit: .zero))"), report)
        XCTAssertFalse(report.contains("gives it longer"), report)
        XCTAssertEqual(zero.failure?.shrinkCutShort, .timeLimit(.zero))
        let replays = Property.check(Gen.int(in: 0...1_000), seed: 3, maxShrinkAttempts: -5) { $0 < 10 }
        XCTAssertEqual(replays.report(filter: nil), "Property not run: maxShrinkAttempts: -5 is not a number of replays (0 or more)")
        XCTAssertEqual(replays.casesRun, 0)
        let time = Property.check(Gen.int(in: 0...1_000), seed: 3, shrinkTimeLimit: .seconds(-3)) { $0 < 10 }
        XCTAssertEqual(time.report(filter: nil), "Property not run: shrinkTimeLimit: -3.0 seconds is a negative time")
        XCTAssertEqual(Property.check(Gen.int(in: 0...1_000), seed: 3, maxShrinkAttempts: 0) { $0 < 10 }.failure?.shrinkAttempts, 0)
        // An environment number too large for `Int` is called that, not "not positive".
        XCTAssertTrue(Property.isTooLarge("99999999999999999999"))
        XCTAssertTrue(Property.isTooLarge("+99999999999999999999"))
        for text in ["12", "-99999999999999999999", "abc", "", "+", "1e30", "0"] { XCTAssertFalse(Property.isTooLarge(text), text) }
    }

    /// A result crosses tasks: `PropertyResult` and `Counterexample` are `Sendable` for a
    /// `Sendable` value (review, 2026-12-02: `Task { Property.check(…) }` did not compile).
    func testAResultCrossesTasks() async throws {
        let task = Task { Property.check(Gen.int(in: 0...1_000), seed: 3) { $0 < 10 } }
        let result = await task.value
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.shrunk, 10)
    }

    func testTheTimeLimitStopsAnAwaitingShrinkToo() async throws {
        let result = await Property.check(Gen.int(in: 0...1_000), seed: 3, shrinkTimeLimit: .milliseconds(100)) { x in
            try await Task.sleep(nanoseconds: 20_000_000)
            return x < 10
        }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertLessThan(failure.shrinkAttempts, 10)
        XCTAssertGreaterThanOrEqual(failure.shrunk, 10)
        XCTAssertEqual(failure.shrinkCutShort, .timeLimit(.milliseconds(100)))
        let replays = try XCTUnwrap(Property.check(Gen.int(in: 0...1_000), seed: 3, maxShrinkAttempts: 3) { $0 < 10 }.failure)
        let awaited = await Property.check(Gen.int(in: 0...1_000), seed: 3, maxShrinkAttempts: 3) { x in
            await Task.yield()
            return x < 10
        }
        let awaitedReplays = try XCTUnwrap(awaited.failure)
        XCTAssertEqual(awaitedReplays.shrinkCutShort, replays.shrinkCutShort)
        XCTAssertEqual(awaitedReplays.shrinkAttempts, 3)
    }

    func testACancelledTaskIsTheReason() async throws {
        let reasons = await Task { () -> [ShrinkingStop?] in
            withUnsafeCurrentTask { $0?.cancel() }
            let now = Property.check(Gen.int(in: 0...1_000), seed: 3) { $0 < 10 }.failure?.shrinkCutShort
            let awaited = await Property.check(Gen.int(in: 0...1_000), seed: 3) { x in
                await Task.yield()
                return x < 10
            }.failure?.shrinkCutShort
            return [now, awaited]
        }.value
        XCTAssertEqual(reasons, [.cancelled, .cancelled])
    }

    /// `TALLY_PROPERTY_SHRINK_SECONDS` sets the limit of properties that do not set their own,
    /// and a value that is not a positive number of seconds is a mistake reported as one.
    func testTheEnvironmentSetsTheTimeLimit() {
        let previous = ProcessInfo.processInfo.environment["TALLY_PROPERTY_SHRINK_SECONDS"]
        defer {
            if let previous { setenv("TALLY_PROPERTY_SHRINK_SECONDS", previous, 1) } else { unsetenv("TALLY_PROPERTY_SHRINK_SECONDS") }
        }
        unsetenv("TALLY_PROPERTY_SHRINK_SECONDS")
        XCTAssertEqual(Property.shrinkLimits(maxAttempts: 5, timeLimit: nil).timeLimit, .seconds(60))
        setenv("TALLY_PROPERTY_SHRINK_SECONDS", "600", 1)
        XCTAssertEqual(Property.shrinkLimits(maxAttempts: 5, timeLimit: nil).timeLimit, .seconds(600))
        XCTAssertEqual(Property.shrinkLimits(maxAttempts: 5, timeLimit: .seconds(2)).timeLimit, .seconds(2), "the property's own limit wins")
        XCTAssertEqual(Property.replayCommand(seed: 7, filter: nil), "TALLY_PROPERTY_SEED=7 TALLY_PROPERTY_SHRINK_SECONDS=600 swift test")
        for bad in ["0", "-3", "ten", "0.5"] {
            setenv("TALLY_PROPERTY_SHRINK_SECONDS", bad, 1)
            XCTAssertEqual(
                Property.check(Gen.int(in: 0...10), seed: 1) { _ in true }.report(filter: nil),
                "Property not run: TALLY_PROPERTY_SHRINK_SECONDS=\(bad) is not a positive whole number of seconds")
        }
    }
}
