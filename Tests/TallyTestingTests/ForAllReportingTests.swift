import TallyDecimal
@testable import TallyTesting
import XCTest

/// `forAll` itself, failure path included: this class captures the failures `forAll` records
/// while `capturing` is set, so a property that must fail can be checked without failing the suite.
final class ForAllReportingTests: XCTestCase, FailureCounting {
    private var capturing = false
    private var captured: [String] = []
    /// What `testRun` counts when failures reach XCTest: here, the captured ones.
    var recordedFailureCount: Int { captured.count }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        if capturing { captured.append(issue.compactDescription) } else { super.record(issue) }
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    /// Runs `body` and returns the failures it recorded.
    private func failures(_ body: () -> Void) -> [String] {
        capturing = true
        captured = []
        body()
        capturing = false
        return captured
    }

    /// `failures(_:)` for a body that awaits.
    private func failures(_ body: () async -> Void) async -> [String] {
        capturing = true
        captured = []
        await body()
        capturing = false
        return captured
    }

    func testAFalseBoolPropertyIsReportedWithSeedAndShrunkValue() {
        let reports = failures { forAll(Gen.int(in: 0...1000), seed: 3) { $0 < 10 } }
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.contains("Property failed at case") == true, "\(reports)")
        XCTAssertTrue(reports.first?.contains("shrunk:   10 (returned false") == true, "\(reports)")
        XCTAssertTrue(reports.first?.contains("TALLY_PROPERTY_SEED=3") == true, "\(reports)")
    }

    /// The failure README.md shows, from seed 12345 and the deliberately false law
    /// `(a + b).exponent == a.exponent`: the runner prints those lines today.
    func testTheReadmesFailureReportIsWhatTheRunnerPrints() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8).components(separatedBy: "\n")
        let shown = readme.filter { $0.hasPrefix("  original: ") || $0.hasPrefix("  shrunk:   ") }
        XCTAssertEqual(shown.count, 2, "README.md shows one report")
        let result = Property.check(Gen.zip(Gen.decimal(), Gen.decimal()), seed: 12345) { pair in (pair.0 + pair.1).exponent == pair.0.exponent }
        let report = try XCTUnwrap(PropertyReporter.failureReport(result, filter: nil))
        XCTAssertTrue(report.contains("Property failed at case 1 of seed 12345."), report)
        for line in shown { XCTAssertTrue(report.contains(line), "README.md shows \(line); the runner prints:\n\(report)") }
    }

    func testAnOptionalBoolThatIsNilFails() {
        let values: [BigDecimal] = []
        let reports = failures { forAll(Gen.int(in: 0...10), seed: 1) { _ in values.first?.isZero } }
        XCTAssertEqual(reports.count, 1, "a Bool? property must not be discarded")
        let divisions = failures { forAll(Gen.decimal(), seed: 1) { a in try? a.divided(by: 3) == a } }
        XCTAssertEqual(divisions.count, 1, "a try? property that is false or nil must fail")
    }

    /// Found in a review: the inner `forAll` replaced the outer one's count of `expect` calls, so
    /// an outer body whose checks are all in an inner property was reported as checking nothing.
    func testANestedPropertyChecksOnBehalfOfTheOuterOne() {
        let reports = failures {
            forAll(Gen.int(in: 0...10), count: 3, seed: 1) { x in
                self.forAll(Gen.int(in: 0...10), count: 3, seed: 2) { y in try expect(x + y >= 0) }
            }
        }
        XCTAssertEqual(reports, [])
        // The Bool form inside too: each verdict is a check (review, 2026-12-01: only the
        // statement form passed its count on).
        let bool = failures {
            forAll(Gen.int(in: 0...10), count: 3, seed: 1) { x in
                self.forAll(Gen.int(in: 0...10), count: 3, seed: 2) { y in x + y >= 0 }
            }
        }
        XCTAssertEqual(bool, [])
        let empty = failures {
            forAll(Gen.int(in: 0...10), count: 3, seed: 1) { _ in
                self.forAll(Gen.int(in: 0...10), count: 3, seed: 2) { y in _ = y }
            }
        }
        // The inner run that checks nothing fails the outer case, which is reported once.
        XCTAssertEqual(empty.count, 1, "\(empty)")
        XCTAssertTrue(empty.first?.contains("inside it: The property ran 3 cases without calling expect") == true, "\(empty)")
    }

    /// A failing `forAll` inside another's property fails the outer case: the outer value is
    /// shrunk and reported once, with the inner counterexample, and the inner runs take their
    /// seeds from the outer run, so a replay of the outer seed replays them. (Before, each inner
    /// failure was its own test failure naming only the inner value, 42 of them in a review's run,
    /// the outer property never failed, and the replay seed gave 45.)
    func testAFailingNestedPropertyFailsTheOuterCaseOnce() throws {
        func run() -> [String] {
            failures {
                forAll(Gen.int(in: 0...100), seed: 7) { outer in
                    self.forAll(Gen.int(in: 0...100), count: 10) { inner in inner + outer < 150 }
                }
            }
        }
        let reports = run()
        XCTAssertEqual(reports.count, 1, "\(reports)")
        let report = try XCTUnwrap(reports.first)
        XCTAssertTrue(report.contains("Property failed at case"), report)
        XCTAssertTrue(report.contains("threw the forAll at ForAllReportingTests.swift:"), report)
        XCTAssertTrue(report.contains("inside it failed on"), report)
        XCTAssertTrue(report.contains("TALLY_PROPERTY_SEED=7"), report)
        XCTAssertEqual(run(), reports, "the same outer seed gives the same inner runs")
        // The outer value is shrunk: the smallest outer value whose inner run fails.
        let shrunkLine = try XCTUnwrap(report.split(separator: "\n").first { $0.contains("shrunk:") })
        let shrunkOuter = try XCTUnwrap(Int(shrunkLine.split(separator: " ").dropFirst().first ?? ""))
        XCTAssertLessThanOrEqual(shrunkOuter, 100)
        XCTAssertGreaterThanOrEqual(shrunkOuter, 50, "no inner value in 0...100 reaches 150 below 50")
    }

    /// The outer shrinker keeps to the inner failure it found: an outer value for which the inner
    /// run fails differently (here, checks nothing, for an empty array) is another bug, and an
    /// `XCTSkip` inside the inner body stops the outer run rather than being shrunk as a failure.
    func testANestedFailureShrinksToTheSameInnerFailure() throws {
        let reports = failures {
            forAll(Gen.int(in: 0...100).array(count: 0...5), seed: 3) { xs in
                self.forAll(Gen.int(in: 0...10), count: 5) { y in
                    for x in xs { try expect(x + y < 50, "x + y below 50") }
                }
            }
        }
        XCTAssertEqual(reports.count, 1, "\(reports)")
        let report = try XCTUnwrap(reports.first)
        XCTAssertTrue(report.contains("inside it failed on"), report)
        XCTAssertFalse(report.contains("without calling expect"), report)
        XCTAssertFalse(report.contains("shrunk:   []"), report)
        let skipped = failures {
            forAll(Gen.int(in: 0...10), seed: 1) { _ in
                self.forAll(Gen.int(in: 0...10), count: 2) { _ in throw XCTSkip("not here") }
            }
        }
        XCTAssertEqual(skipped.count, 1, "\(skipped)")
        XCTAssertTrue(skipped.first?.contains("Property stopped at case 0 of seed 1: the property threw XCTSkip (not here)") == true, "\(skipped)")
    }

    /// The failing case is written out before shrinking starts, so that a crash while shrinking
    /// (in a simpler value the shrinker tried) does not hide the failure that was found.
    func testTheFailingCaseIsAnnouncedBeforeShrinking() {
        var announced: [String] = []
        let limits = Property.shrinkLimits(maxAttempts: 5_000, timeLimit: nil)
        let result = Property.check(Gen.int(in: 0...1000), count: nil, seed: 3, shrinking: limits, beforeShrinking: { announced.append($0) }) { $0 < 600 }
        let failure = result.failure
        XCTAssertNotNil(failure)
        XCTAssertEqual(announced, ["case \(failure?.caseIndex ?? -1) of seed 3 failed: \(failure?.original ?? -1) (returned false); shrinking it"])
        XCTAssertEqual(failure?.shrunk, 600)
    }

    /// A crash inside a property ends the process before any report: a run on a fresh seed says
    /// its seed first, so that the crash can be replayed. A fixed seed is not announced.
    func testARandomSeedIsAnnouncedBeforeTheRun() {
        let fixed = ForAllRun.start(42, place: "here", filter: nil) { _, _ in }
        XCTAssertEqual(fixed.seed, 42)
        XCTAssertNil(fixed.announcement(count: nil))
        if Property.environmentSeed == nil && Property.environmentProblem == nil {
            let first = ForAllRun.start(nil, place: "here", filter: testFilter) { _, _ in }
            let second = ForAllRun.start(nil, place: "here", filter: testFilter) { _, _ in }
            XCTAssertNotEqual(first.seed, second.seed, "fresh seeds")
            XCTAssertEqual(first.announcement(count: 10)?.hasPrefix("forAll at here: seed \(first.seed) (replay: TALLY_PROPERTY_SEED=\(first.seed)"), true)
            // A run that will not start announces nothing (a review found `count: 0` announced).
            XCTAssertNil(first.announcement(count: 0))
            XCTAssertNil(first.announcement(count: -3))
        }
    }

    func testAStatementBodyThatChecksNothingFails() {
        let reports = failures {
            forAll(Gen.int(in: 0...10), seed: 1) { x in
                let y = x + 1
                _ = y > 100  // a forgotten `return`: the property checks nothing
            }
        }
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.contains("without calling expect") == true, "\(reports)")
    }

    func testAStatementBodyThatThrowsIsReportedAndShrunk() {
        let reports = failures {
            forAll(Gen.int(in: 0...1000), seed: 2) { x in try expect(x < 300, "below 300") }
        }
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.contains("shrunk:   300 (threw below 300") == true, "\(reports)")
    }

    /// An `XCTAssert` in the property: its own failure and one report that stops the run at that
    /// case, naming the value, with the replay command (a review counted 56 failures from one
    /// property, none with a seed or a replay command). In every form of `forAll`.
    func testAnXCTAssertInThePropertyStopsTheRunAtItsFirstFailure() async {
        func expectOneStop(_ reports: [String], line: UInt = #line) {
            XCTAssertEqual(reports.count, 2, "\(reports)", line: line)
            XCTAssertTrue(reports.first?.contains("XCTAssertLessThan failed") == true, "\(reports)", line: line)
            guard let report = reports.last else { return }
            XCTAssertTrue(report.contains("Property stopped at case "), report, line: line)
            XCTAssertTrue(report.contains("XCTest recorded a failure while the property ran (an XCTAssert or XCTFail in it, or in other code of the test running meanwhile) on "), report, line: line)
            XCTAssertTrue(report.contains("TALLY_PROPERTY_SEED=7 swift test --filter"), report, line: line)
            // The value named is the one that failed: the first of the seed's values above 499.
            let first = Gen.int(in: 0...1000).sample(count: 100, seed: 7).first { $0 >= 500 }
            XCTAssertTrue(report.contains(" on \(first ?? -1);"), "\(report) (first failing value \(String(describing: first)))", line: line)
        }
        expectOneStop(failures { forAll(Gen.int(in: 0...1000), seed: 7) { x in XCTAssertLessThan(x, 500) } })
        expectOneStop(failures { forAll(Gen.int(in: 0...1000), seed: 7) { x -> Bool in XCTAssertLessThan(x, 500); return true } })
        expectOneStop(await failures { await forAll(Gen.int(in: 0...1000), seed: 7) { x in await Task.yield(); XCTAssertLessThan(x, 500) } })
        expectOneStop(await failures {
            await forAll(Gen.int(in: 0...1000), seed: 7) { x -> Bool in await Task.yield(); XCTAssertLessThan(x, 500); return true }
        })
        // Inside an outer property: the outer run stops at its first case, with the same report.
        let nested = failures {
            forAll(Gen.int(in: 0...3), seed: 7) { _ in forAll(Gen.int(in: 0...1000)) { x in XCTAssertLessThan(x, 500) } }
        }
        XCTAssertEqual(nested.count, 2, "\(nested)")
        XCTAssertTrue(nested.last?.contains("Property stopped at case 0 of seed 7: XCTest recorded a failure") == true, "\(nested)")
        // An assertion that fails only on a value the shrinker tries (here `b` below 10, while the
        // cases fail on `a`): the shrinking stops there too (the diff's review counted 24 failures
        // on values never reported, and no stop report).
        func expectStopWhileShrinking(_ reports: [String], line: UInt = #line) {
            XCTAssertEqual(reports.count, 2, "\(reports)", line: line)
            XCTAssertTrue(reports.first?.contains("XCTAssertGreaterThanOrEqual failed") == true, "\(reports)", line: line)
            XCTAssertTrue(reports.last?.contains("of seed 1: while shrinking it, XCTest recorded a failure") == true, "\(reports)", line: line)
        }
        let pairs = Gen.zip(Gen.int(in: 0...1000), Gen.int(in: 0...1000))
        expectStopWhileShrinking(failures { forAll(pairs, seed: 1) { a, b in XCTAssertGreaterThanOrEqual(b, 10); return a < 500 } })
        expectStopWhileShrinking(await failures {
            await forAll(pairs, seed: 1) { a, b in await Task.yield(); XCTAssertGreaterThanOrEqual(b, 10); return a < 500 }
        })
    }

    func testPassingPropertiesRecordNothing() {
        XCTAssertEqual(failures { forAll(Gen.decimal(), count: 50) { a in a == a } }, [])
        XCTAssertEqual(failures { forAll(Gen.decimal(), count: 50) { a in try expect(a - a == 0) } }, [])
    }

    // MARK: The `async` forAll, reported as the synchronous one

    func testAnAwaitingPropertyIsReportedLikeASynchronousOne() async {
        let reports = await failures { await forAll(Gen.int(in: 0...1000), seed: 3) { x in await Task.yield(); return x < 10 } }
        let now = failures { forAll(Gen.int(in: 0...1000), seed: 3) { $0 < 10 } }
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.contains("shrunk:   10 (returned false") == true, "\(reports)")
        XCTAssertEqual(reports, now, "the same report, replay command included")
        XCTAssertTrue(
            reports.first?.contains(#"--filter '(^|\.)TallyTestingTests\.ForAllReportingTests/testAnAwaitingPropertyIsReportedLikeASynchronousOne$'"#) == true,
            "\(reports)")
        let statements = await failures {
            await forAll(Gen.int(in: 0...1000), seed: 2) { x in
                await Task.yield()
                try expect(x < 300, "below 300")
            }
        }
        XCTAssertEqual(statements.count, 1)
        XCTAssertTrue(statements.first?.contains("shrunk:   300 (threw below 300") == true, "\(statements)")
        let optional = await failures { await forAll(Gen.int(in: 0...10), seed: 1) { x -> Bool? in await Task.yield(); return x > 100 ? true : nil } }
        XCTAssertTrue(optional.first?.contains("shrunk:   0 (returned nil") == true, "\(optional)")
    }

    func testAnAwaitingStatementBodyThatChecksNothingFails() async {
        let reports = await failures {
            await forAll(Gen.int(in: 0...10), seed: 1) { x in
                await Task.yield()
                _ = x + 1 > 100  // a forgotten `return`
            }
        }
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.contains("without calling expect") == true, "\(reports)")
        let passing = await failures { await forAll(Gen.decimal(), count: 50) { a in await Task.yield(); return a == a } }
        XCTAssertEqual(passing, [])
    }

    /// `XCTSkip` stops the run without shrinking; a failing `forAll` inside the body, awaiting
    /// or not, fails the outer case once; an awaiting one inside a synchronous test's
    /// property cannot be written (the body would be `async`), so nesting goes one way only.
    func testAwaitingPropertiesStopAndNestAsSynchronousOnesDo() async throws {
        let skipped = await failures { await forAll(Gen.int(in: 0...10), seed: 1) { (_: Int) async throws -> Bool in throw XCTSkip("not here") } }
        XCTAssertTrue(skipped.first?.contains("Property stopped at case 0 of seed 1: the property threw XCTSkip (not here)") == true, "\(skipped)")
        for awaitingInside in [false, true] {
            let reports = await failures {
                await forAll(Gen.int(in: 0...100), seed: 7) { outer in
                    await Task.yield()
                    if awaitingInside {
                        await self.forAll(Gen.int(in: 0...100), count: 10) { inner in await Task.yield(); return inner + outer < 150 }
                    } else {
                        self.forAll(Gen.int(in: 0...100), count: 10) { inner in inner + outer < 150 }
                    }
                }
            }
            XCTAssertEqual(reports.count, 1, "\(reports)")
            let report = try XCTUnwrap(reports.first)
            XCTAssertTrue(report.contains("inside it failed on"), report)
            XCTAssertTrue(report.contains("TALLY_PROPERTY_SEED=7"), report)
        }
    }
}
