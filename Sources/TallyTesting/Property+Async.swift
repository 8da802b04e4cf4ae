// Properties whose body awaits: `Property.check` with an `async` body, and the shrinking it needs.
import Dispatch
import Foundation

#if compiler(>=6.2)

extension Property {
    /// Checks `property`, which may await (an actor, an `async` function under test), on values
    /// from `generator`: `check(_:count:seed:maxShrinkAttempts:_:)` for an `async` body, with the
    /// same cases, the same shrinking and the same result for a body that awaits nothing.
    ///
    /// ```swift
    /// let prices = PriceBook()   // an actor
    /// let result = await Property.check(Gen.decimal(.moneySized), seed: 7) { amount in
    ///     await prices.quote(amount) == amount.rounded(scale: 2)
    /// }
    /// ```
    ///
    /// Every call of `property` runs in the calling task, on the caller's actor, one at a time,
    /// the shrinker's replays included, so task-local values, the current test and cancellation
    /// are the caller's. While a failure is shrunk, the shrinker's own bookkeeping (which
    /// choices to try next) runs on a thread of its own; the values are made and checked in the
    /// calling task.
    ///
    /// Needs Swift 6.2 or later (the body is a `nonisolated(nonsending)` function type, which
    /// runs where the caller runs).
    /// - Parameters: as for the synchronous form.
    /// - Returns: the seed, the cases run, and the counterexample if one was found.
    public nonisolated(nonsending) static func check<Value>(
        _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil, maxShrinkAttempts: Int = 5_000,
        shrinkTimeLimit: Duration? = nil, _ property: nonisolated(nonsending) (Value) async throws -> Bool
    ) async -> PropertyResult<Value> {
        await check(
            generator, count: count, seed: seed, shrinking: shrinkLimits(maxAttempts: maxShrinkAttempts, timeLimit: shrinkTimeLimit),
            beforeShrinking: nil, property)
    }

    /// The `async` form of `check(_:count:seed:shrinking:beforeShrinking:_:)`.
    ///
    /// (It takes the caller's `isolation` and hands it to `withValue` with a closure that
    /// captures it, as `ForAllRun.evaluating` does: `withValue`'s operation would otherwise run
    /// on the global executor, and the property's replays with it.)
    static func check<Value>(
        _ generator: Gen<Value>, count: Int?, seed: UInt64?, shrinking limits: ShrinkLimits,
        beforeShrinking: ((String) -> Void)?, isolation: isolated (any Actor)? = #isolation,
        _ property: nonisolated(nonsending) (Value) async throws -> Bool
    ) async -> PropertyResult<Value> {
        var run = CaseRun(generator, count: count, seed: seed, limits: limits)
        if let result = run.refused { return result }
        while let (choices, value) = run.nextCase() {
            guard let failure = await evaluate(property, value) else { continue }
            if let result = run.stops(on: failure) { return result }
            beforeShrinking?(run.failingCaseLine(value, failure))
            let start = ContinuousClock.now
            // A `forAll` in the property, replayed here, keeps to this shrinking's time too.
            let (shrinking, shrunk, shrunkFailure) = await ShrinkWindow.$current.withValue(limits.windows(since: start), operation: {
                () async -> (Shrinker.Outcome, Value, Failure?) in
                _ = isolation
                var bestValue = value
                // A replay that asks to stop ends the run (see the synchronous form); the
                // passes' remaining questions are then refused without replaying anything.
                var replayStop: Failure? = nil
                let shrinking = await shrinkingAsync(best: choices.recorded, spans: choices.spans, limits: limits, since: start) {
                    candidate, best in
                    guard replayStop == nil, let (value, accepted) = Shrinker.replay(generator, candidate, below: best) else { return nil }
                    let replayed = await evaluate(property, value)
                    if replayed?.stop != nil { replayStop = replayed }
                    guard replayed?.kind == failure.kind else { return nil }
                    bestValue = value
                    return accepted
                }
                if let replayStop { return (shrinking, bestValue, replayStop) }
                return (shrinking, bestValue, await evaluate(property, bestValue))
            }, isolation: isolation)
            if let shrunkFailure, shrunkFailure.stop != nil { return run.stopsWhileShrinking(on: shrunkFailure) }
            return run.found(value, failure, shrinking, shrunk: shrunk, shrunkFailure: shrunkFailure)
        }
        return run.passed
    }

    /// The `async` form of `evaluate(_:_:)`.
    nonisolated(nonsending) static func evaluate<Value>(
        _ property: nonisolated(nonsending) (Value) async throws -> Bool, _ value: Value
    ) async -> Failure? {
        do {
            return try await property(value) ? nil : Failure(kind: "false", message: "returned false")
        } catch {
            return failure(throwing: error)
        }
    }

    /// Runs the shrinker's passes from the failing case's choices (`best`, with its `spans`),
    /// each candidate judged by `judge`, which may await, and says where shrinking ended.
    ///
    /// The passes are loops that ask for a judgement and go on at once, so they run on a thread
    /// of their own (never one of the cooperative pool's, which a waiting thread could starve),
    /// which waits for each judgement; `judge` runs here, in the calling task, one candidate at a
    /// time. Only choice sequences cross between the two: the values are made and checked on
    /// this side. The limits (time, cancellation of the calling task) are checked here, before
    /// each judgement, and stop the passes; the replay limit is the passes' own.
    nonisolated(nonsending) static func shrinkingAsync(
        best: [UInt64], spans: [Range<Int>], limits: ShrinkLimits, since start: ContinuousClock.Instant,
        judge: nonisolated(nonsending) (_ candidate: [UInt64], _ best: [UInt64]) async -> Shrinker.Accepted?
    ) async -> Shrinker.Outcome {
        let channel = ShrinkChannel()
        let maxAttempts = limits.maxAttempts
        let thread = Thread {
            ShrinkChannel.running.add(1)
            defer { ShrinkChannel.running.add(-1) }
            var stop = false
            var passes = Shrinker(best: best, spans: spans, maxAttempts: maxAttempts, stopped: { stop ? .cancelled : nil }) { candidate, best in
                let reply = channel.ask(ShrinkChannel.Question(candidate: candidate, best: best))
                if reply.stop { stop = true }
                return reply.accepted
            }
            passes.shrink()
            channel.finish()
        }
        thread.name = "TallyTesting shrinker"
        thread.start()
        // The same bookkeeping as the passes' own: one attempt per question, one improvement per
        // candidate accepted.
        var outcome = Shrinker.Outcome(best: best)
        for await question in channel.questions {
            if let stop = limits.stop(since: start) {
                outcome.cutShort = stop
                break
            }
            let accepted = await judge(question.candidate, question.best)
            outcome.attempts += 1
            if let accepted {
                outcome.best = accepted.used
                outcome.improvements += 1
            }
            channel.answer(accepted)
        }
        // Cancelled (here, or while waiting for a question, which ends the stream), or out of
        // time: the passes stop at their next step, and a question they asked meanwhile is
        // answered "stop".
        // (A cancellation after the passes ended, with the stream, stopped nothing.)
        if outcome.cutShort == nil, Task.isCancelled, !channel.passesEnded { outcome.cutShort = .cancelled }
        outcome.cutShort = outcome.cutShort ?? ShrinkLimits.replayLimitStop(attempts: outcome.attempts, maxAttempts: maxAttempts)
        channel.stop()
        return outcome
    }
}

/// Where the shrinker's thread asks for judgements and the calling task answers them.
///
/// The two sides take turns: the thread yields a question and waits on `answered`; the task
/// writes the reply, then signals. At the end the task may also call `stop`, which can overlap
/// the thread reading the last reply, so the reply and the stop are read and written under a
/// lock.
final class ShrinkChannel: @unchecked Sendable {
    struct Question: Sendable {
        let candidate: [UInt64]
        let best: [UInt64]
    }

    struct Reply: Sendable {
        let accepted: Shrinker.Accepted?
        /// The task was cancelled or is done: the passes stop.
        let stop: Bool
    }

    /// How many shrinker threads are running, for the tests: each must end when its run does.
    static let running = RunningCount()

    final class RunningCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add(_ n: Int) { lock.withLock { count += n } }
        var value: Int { lock.withLock { count } }
    }

    let questions: AsyncStream<Question>
    private let continuation: AsyncStream<Question>.Continuation
    private let answered = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var reply: Shrinker.Accepted?
    private var stopped = false
    private var ended = false

    init() {
        (questions, continuation) = AsyncStream.makeStream(of: Question.self, bufferingPolicy: .unbounded)
    }

    /// The thread's side: asks, and waits for the reply.
    func ask(_ question: Question) -> Reply {
        continuation.yield(question)
        answered.wait()
        return lock.withLock { Reply(accepted: reply, stop: stopped) }
    }

    /// The task's side: replies to the question asked last.
    func answer(_ accepted: Shrinker.Accepted?) {
        lock.withLock { reply = accepted }
        answered.signal()
    }

    /// The task's side, at the end: the passes stop, and a question asked and not answered gets
    /// no judgement. (When none is waiting, the extra signal is never consumed, which is
    /// harmless: a semaphore may be freed with a value above its initial one.)
    func stop() {
        lock.withLock {
            reply = nil
            stopped = true
        }
        answered.signal()
    }

    /// The thread's side, when the passes are done.
    func finish() {
        lock.withLock { ended = true }
        continuation.finish()
    }

    /// Whether the passes ran to their end (`finish`).
    var passesEnded: Bool { lock.withLock { ended } }
}
#endif
