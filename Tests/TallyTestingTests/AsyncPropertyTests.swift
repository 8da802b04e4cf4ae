// Properties whose body awaits: `Property.check`'s `async` form and `forAll` in `async` tests.
import TallyCheckout
import TallyDecimal
import TallyMoney
@testable import TallyTesting
import XCTest

/// Code under test behind an actor, as a merchant's price book might be.
private actor PriceBook {
    private(set) var quotes = 0

    func quote(_ amount: BigDecimal) -> BigDecimal {
        quotes += 1
        return amount.rounded(scale: 2)
    }
}

/// An actor that runs a property in its own isolation: the body reads and writes the actor's
/// state without `await`, which compiles only if the body runs on the actor.
private actor PropertyHost {
    private(set) var calls = 0

    /// The run's `summary`.
    func check<Value>(_ generator: Gen<Value>, seed: UInt64, _ holds: @Sendable (Value) -> Bool) async -> String {
        summary(await Property.check(generator, seed: seed) { value in
            calls += 1
            preconditionIsolated("the body runs on the caller's actor")
            await Task.yield()
            return holds(value)
        })
    }
}

/// A run's result as the tests compare it: every field of the counterexample.
private func summary<Value>(_ result: PropertyResult<Value>) -> String {
    guard let failure = result.failure else {
        return "seed \(result.seed), \(result.casesRun) cases, generation \(String(describing: result.generationError))"
    }
    return "seed \(result.seed), \(result.casesRun) cases, case \(failure.caseIndex): \(failure.original) → \(failure.shrunk) "
        + "(\(failure.originalFailure); \(failure.shrunkFailure); \(failure.shrinkSteps) steps, \(failure.shrinkAttempts) replays, "
        + "choices \(failure.choices), cut short: \(failure.shrinkCutShort.map { "\($0)" } ?? "no"))"
}

/// The actor of the guide's example (Guides/PropertyTesting.md, "7. Properties that await").
private actor Quotes {
    func quote(_ amount: BigDecimal) -> BigDecimal { amount.rounded(scale: 2, .toNearestOrEven) }
}

/// The actor the isolation probes below must run on.
private let probeHost = ProbeHost()

/// Bodies that run where their caller runs (`nonisolated(nonsending)`), and say where that is:
/// a closure literal written in an actor's method is isolated to that actor whatever the runner
/// does, so only a body like these shows whether the runner kept the caller's actor.
private nonisolated(nonsending) func runsOnTheHost(_: Int) async -> Bool { #isolation === probeHost }
private nonisolated(nonsending) func expectsTheHost(_: Int) async throws {
    let here = #isolation  // read here: inside `expect`'s autoclosure it is the autoclosure's
    try expect(here === probeHost, "runs on the host")
}

/// Fails from 10 up, on the host; anywhere else it throws, a failure of another kind, which the
/// shrinker does not take: so a property shrunk to 10 was replayed on the host every time.
private struct OffTheHost: Error {}
private nonisolated(nonsending) func belowTenOnTheHost(_ x: Int) async throws -> Bool {
    guard #isolation === probeHost else { throw OffTheHost() }
    return x < 10
}

private actor ProbeHost {
    /// Each runner's name, and whether every call of its body ran on this actor.
    func runEveryRunner() async -> [String: Bool] {
        var onHost: [String: Bool] = [:]
        // A failing property: its shrinking replays run on the host too.
        let failing = await Property.check(Gen.int(in: 0...1_000), seed: 3, belowTenOnTheHost)
        onHost["Property.check, shrinking"] = failing.failure?.shrunk == 10 && failing.failure?.shrunkFailure.description == "returned false"
        var shrunk: [String] = []
        await ForAllRun.start(3, place: "here", filter: nil) { report, _ in shrunk.append(report) }
            .check(Gen.int(in: 0...1_000), count: nil, belowTenOnTheHost)
        onHost["forAll, shrinking"] = shrunk.count == 1 && shrunk[0].contains("shrunk:   10 (returned false;")
        onHost["Property.check"] = await Property.check(Gen.int(in: 0...100), count: 5, seed: 1, runsOnTheHost).passed
        var reports: [String] = []
        await ForAllRun.start(1, place: "here", filter: nil) { report, _ in reports.append(report) }
            .check(Gen.int(in: 0...100), count: 5, runsOnTheHost)
        onHost["forAll, Bool form"] = reports.isEmpty
        await ForAllRun.start(1, place: "here", filter: nil) { report, _ in reports.append(report) }
            .checkStatements(Gen.int(in: 0...100), count: 5, expectsTheHost)
        onHost["forAll, statement form"] = reports.isEmpty
        return onHost
    }
}

private enum Context {
    @TaskLocal static var label = "none"
}

final class AsyncPropertyTests: XCTestCase {
    /// The same generator, seed and property, answered at once or after awaiting, give the same
    /// result to the last replay: the `async` runner shrinks with the same passes, in the same
    /// order, and tells failures apart the same way.
    func testAnAwaitingPropertyFindsAndShrinksWhatTheSynchronousOneDoes() async {
        func compare<Value>(_ generator: Gen<Value>, _ name: String, _ holds: @escaping @Sendable (Value) throws -> Bool) async {
            for seed: UInt64 in 1...6 {
                let now = Property.check(generator, seed: seed, holds)
                let awaited = await Property.check(generator, seed: seed) { value in
                    await Task.yield()
                    return try holds(value)
                }
                XCTAssertEqual(summary(awaited), summary(now), "\(name), seed \(seed)")
            }
        }
        await compare(Gen.int(in: 0...1000), "x < 10") { $0 < 10 }
        // Fails at scattered values: the last passes (small values one by one) have work.
        await compare(Gen.int(in: 0...1000), "not a multiple of 7") { $0 == 0 || $0 % 7 != 0 }
        await compare(Gen.zip(Gen.decimal(), Gen.decimal()), "the sum keeps a's exponent") { a, b in (a + b).exponent == a.exponent }
        await compare(Gen.array(of: Gen.int(in: -50...100), count: 0...12), "sum below 100") { $0.reduce(0, +) < 100 }
        // Two failures told apart: an exact quotient that throws, and one that is wrong.
        await compare(Gen.zip(Gen.decimal(.moneySized), Gen.decimal(.moneySized)), "a / b * b == a") { a, b in
            try a.divided(by: b) * b == a
        }
        await compare(Gen.checkout, "a checkout's total is below 100") { $0.summary.total.amount < 100 }
        await compare(Gen.int(in: 0...1000), "a true property") { $0 >= 0 }
    }

    /// Every call of the body, the shrinker's replays included, runs on the caller's actor, in
    /// the caller's task, one at a time: as many calls as the synchronous runner makes.
    func testTheBodyRunsOnTheCallersActorAsOftenAsTheSynchronousOne() async throws {
        let host = PropertyHost()
        let awaited = await host.check(Gen.int(in: 0...1000), seed: 3) { $0 < 10 }
        var calls = 0
        let now = Property.check(Gen.int(in: 0...1000), seed: 3) { x in
            calls += 1
            return x < 10
        }
        XCTAssertEqual(awaited, summary(now))
        XCTAssertGreaterThan(try XCTUnwrap(now.failure).shrinkAttempts, 0)
        let hostCalls = await host.calls
        XCTAssertEqual(hostCalls, calls)
    }

    /// A body that runs where its caller runs is called on the caller's actor by every runner
    /// (`TaskLocal.withValue`, which `forAll` sets its context with, would otherwise move it to
    /// the global executor).
    func testEveryRunnerKeepsTheCallersActor() async {
        let onHost = await probeHost.runEveryRunner()
        XCTAssertEqual(onHost, [
            "Property.check": true, "forAll, Bool form": true, "forAll, statement form": true,
            "Property.check, shrinking": true, "forAll, shrinking": true,
        ])
    }

    /// An awaiting body's child tasks inherit its context: their `expect` calls are counted and
    /// their inner `forAll`s fail the outer case, once, however many run at the same time (the
    /// counts are under a lock; CI runs this under ThreadSanitizer).
    func testChildTasksOfAnAwaitingBodyShareItsContext() async throws {
        var reports: [String] = []
        await ForAllRun.start(1, place: "here", filter: nil) { report, _ in reports.append(report) }
            .checkStatements(Gen.int(in: 0...100), count: 20) { x in
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<8 { group.addTask { for _ in 0..<500 { try? expect(x >= 0) } } }
                }
            }
        XCTAssertEqual(reports, [], "the children's expectations count")
        await ForAllRun.start(2, place: "outer", filter: nil) { report, _ in reports.append(report) }
            .check(Gen.int(in: 0...100), count: 20) { x in
                await withTaskGroup(of: Void.self) { group in
                    for child in 0..<8 {
                        group.addTask {
                            ForAllRun.start(nil, place: "inner \(child)", filter: nil) { _, _ in }
                                .check(Gen.int(in: 0...100), count: 20) { y in x + y < 150 }
                        }
                    }
                }
                return true
            }
        XCTAssertEqual(reports.count, 1, "\(reports)")
        let report = try XCTUnwrap(reports.first)
        XCTAssertTrue(report.contains("Property failed at case"), report)
        XCTAssertTrue(report.contains("threw the forAll at inner "), report)
    }

    /// Task-local values set around the run reach every call, replays included.
    func testTaskLocalValuesReachEveryCall() async throws {
        var labels: [String] = []
        let result = await Context.$label.withValue("checkout") {
            await Property.check(Gen.int(in: 0...1000), seed: 3) { x in
                await Task.yield()
                labels.append(Context.label)
                return x < 10
            }
        }
        XCTAssertGreaterThan(try XCTUnwrap(result.failure).shrinkAttempts, 10)
        XCTAssertEqual(Set(labels), ["checkout"])
    }

    /// A task cancelled while a failure is shrunk stops the shrinker at its next step (the best
    /// value so far is the answer) and returns: the shrinker's waiting thread is released.
    func testCancellingTheTaskStopsTheShrinker() async throws {
        let property: @Sendable (Int) -> Bool = { $0 < 10 }
        let full = try XCTUnwrap(Property.check(Gen.int(in: 0...1000), seed: 3, property).failure)
        XCTAssertGreaterThan(full.shrinkAttempts, 8)
        // Cancelled before the run: the failing case is found, and nothing is replayed.
        let before = await Task { () -> Int? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await Property.check(Gen.int(in: 0...1000), seed: 3) { x in
                await Task.yield()
                return property(x)
            }.failure?.shrinkAttempts
        }.value
        XCTAssertEqual(before, 0)
        // Cancelled by the body on its eighth call, in the middle of shrinking.
        let during = await Task { () -> (attempts: Int, shrunk: Int)? in
            var calls = 0
            return await Property.check(Gen.int(in: 0...1000), seed: 3) { x in
                await Task.yield()
                calls += 1
                if calls == 8 { withUnsafeCurrentTask { $0?.cancel() } }
                return property(x)
            }.failure.map { ($0.shrinkAttempts, $0.shrunk) }
        }.value
        let stopped = try XCTUnwrap(during)
        XCTAssertLessThan(stopped.attempts, full.shrinkAttempts)
        XCTAssertGreaterThan(stopped.attempts, 0)
        XCTAssertFalse(property(stopped.shrunk), "the best value so far still fails")
        // The shrinker's thread, which was waiting for an answer, ends too.
        for _ in 0..<500 where ShrinkChannel.running.value > 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertEqual(ShrinkChannel.running.value, 0, "a shrinker thread is left waiting")
    }

    /// Code behind an actor, checked with the `async` `forAll` of an `async` test method.
    func testForAllAwaitsCodeBehindAnActor() async {
        let book = PriceBook()
        await forAll(Gen.decimal(.moneySized), seed: 11) { amount in
            let quote = await book.quote(amount)
            return quote == amount.rounded(scale: 2) && quote.exponent <= -2 || quote.isZero || amount.exponent > -2
        }
        await forAll(Gen.money) { money in
            let quote = await book.quote(money.amount)
            try expect(quote.rounded(scale: 2) == quote, "a quote is in cents")
        }
        let quotes = await book.quotes
        XCTAssertEqual(quotes, 2 * Property.defaultCount)
    }

    /// The failure Guides/PropertyTesting.md shows for its awaiting example is what the runner
    /// prints today for that seed.
    func testTheGuidesAwaitingExampleReportsWhatItShows() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Guides/PropertyTesting.md"), encoding: .utf8)
        let section = try XCTUnwrap(guide.components(separatedBy: "### 7. Properties that await").dropFirst().first)
        let shown = section.components(separatedBy: "\n").filter { $0.hasPrefix("  original: ") || $0.hasPrefix("  shrunk:   ") }
        XCTAssertEqual(shown.count, 2, "the section shows one report")
        let quotes = Quotes()
        let result = await Property.check(Gen.decimal(.moneySized).map { $0.magnitude }, seed: 2026) { amount in
            await quotes.quote(amount) >= amount
        }
        let report = result.report(filter: nil)
        for line in shown { XCTAssertTrue(report.contains(line), "the guide shows \(line); the runner prints:\n\(report)") }
    }
}
