// `forAll` for properties that await, inside an `async` test method.
import XCTest

#if compiler(>=6.2)
extension XCTestCase {
    /// Checks that `property`, which may await, holds for values from `generator`: the `forAll`
    /// of `async` test methods, for code under test behind an actor or an `async` function.
    ///
    /// ```swift
    /// func testQuotesAreExact() async {
    ///     let book = PriceBook()   // an actor
    ///     await forAll(Gen.decimal(.moneySized)) { amount in
    ///         await book.quote(amount) == amount.rounded(scale: 2)
    ///     }
    /// }
    /// ```
    /// The same runner as the synchronous form: the same seeds and report, and a failure shrunk
    /// by the same passes (`Property.check`'s `async` form). Every call of the body, the
    /// shrinker's replays included, runs in the test's task, on the test's actor, one at a time.
    /// A body that awaits nothing picks the synchronous form, which needs no `await`.
    ///
    /// Needs Swift 6.2 or later.
    /// - Parameters: as for the synchronous form.
    public nonisolated(nonsending) func forAll<Value, Verdict: PropertyVerdict>(
        _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
        file: StaticString = #filePath, line: UInt = #line, _ property: nonisolated(nonsending) (Value) async throws -> Verdict
    ) async {
        await run(seed, file: file, line: line).check(generator, count: count, property)
    }

    /// The statement form of the `async` `forAll`: the body throws on failure (`try expect(…)`),
    /// may await, and must call `expect` at least once over the run.
    /// - Parameters: as for the synchronous form.
    public nonisolated(nonsending) func forAll<Value>(
        _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
        file: StaticString = #filePath, line: UInt = #line, _ property: nonisolated(nonsending) (Value) async throws -> Void
    ) async {
        await run(seed, file: file, line: line).checkStatements(generator, count: count, property)
    }
}

extension ForAllRun {
    /// The `Bool` / `Bool?` form, for a body that awaits.
    nonisolated(nonsending) func check<Value, Verdict: PropertyVerdict>(
        _ generator: Gen<Value>, count: Int?, _ property: nonisolated(nonsending) (Value) async throws -> Verdict
    ) async {
        announce(count: count)
        var verdicts = 0
        let result = await Property.check(
            generator, count: count, seed: seed, shrinking: shrinkLimits, beforeShrinking: announceFailure
        ) { value in
            let verdict = try await watchingAssertions(value) {
                try await evaluating { try await stoppingOnSkip { try await property(value) } }
            }
            verdicts += 1
            return try Self.holds(verdict)
        }
        finish(result, verdicts: verdicts)
    }

    /// The statement form, for a body that awaits.
    ///
    /// (This and `evaluating` take the caller's `isolation` and hand it to `withValue` with a
    /// closure that captures it: `withValue`'s operation is a plain `async` closure, which would
    /// otherwise run on the global executor and take the body off the caller's actor.)
    func checkStatements<Value>(
        _ generator: Gen<Value>, count: Int?, isolation: isolated (any Actor)? = #isolation,
        _ property: nonisolated(nonsending) (Value) async throws -> Void
    ) async {
        announce(count: count)
        let counter = ExpectationCounter()
        let result = await ExpectationCounter.$current.withValue(counter, operation: {
            _ = isolation
            return await Property.check(
                generator, count: count, seed: seed, shrinking: shrinkLimits, beforeShrinking: announceFailure
            ) { value in
                try await watchingAssertions(value) { try await evaluating { try await stoppingOnSkip { try await property(value) } } }
                return true
            }
        }, isolation: isolation)
        finish(result, expectations: counter)
    }

    /// `evaluating(_:)` for a body that awaits, on the caller's actor (see `checkStatements`).
    func evaluating<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: nonisolated(nonsending) () async throws -> T
    ) async throws -> T {
        let nesting = PropertyNesting(seed: seed)
        do {
            let value = try await PropertyNesting.$current.withValue(nesting, operation: {
                _ = isolation
                return try await body()
            }, isolation: isolation)
            return try nesting.outcome(of: value)
        } catch {
            throw nesting.stop ?? error
        }
    }

    /// `watchingAssertions(_:_:)` for a body that awaits.
    private nonisolated(nonsending) func watchingAssertions<T>(
        _ value: Any, _ body: nonisolated(nonsending) () async throws -> T
    ) async throws -> T {
        guard let recordedFailures else { return try await body() }
        let before = recordedFailures()
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        if recordedFailures() > before { throw assertionStop(value) }
        return try outcome.get()
    }

    /// `stoppingOnSkip(_:)` for a body that awaits.
    private nonisolated(nonsending) func stoppingOnSkip<T>(_ body: nonisolated(nonsending) () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw stopping(error)
        }
    }
}
#endif
