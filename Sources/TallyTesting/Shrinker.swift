/// Finds a simpler failing input by editing the failing value's choice sequence and replaying
/// the generator (integrated shrinking; see `Choices`).
///
/// A candidate sequence is accepted when the value it generates still fails and the sequence the
/// generator actually consumed is *shortlex* smaller (shorter, or as long and lexicographically
/// smaller) than the best so far; that order is well-founded, so shrinking always ends. Passes,
/// repeated until none improves: delete chunks of 8, 4, 2, 1 choices (after a chunk of 8 goes,
/// larger ones at the same place, see `growChunk`); zero such chunks (likewise); lower each
/// choice (to 0, else by binary search), and equal choices together; replace sub-values'
/// spans with zeros; and, when
/// nothing else helps, move value from earlier choices to later ones, then try each choice's
/// smallest values one by one.
///
/// The passes see only choice sequences: replaying a candidate and checking the property is
/// `judge`'s work (`Shrinker.judging` for a property that returns at once; `Property.shrinkingAsync`
/// for one that awaits, which runs these passes on a thread of their own and judges in the
/// caller's task). Both kinds of property are shrunk by the same passes, in the same order.
struct Shrinker {
    /// A candidate the judge adopted: the choices its value consumed, and their spans.
    struct Accepted: Sendable {
        let used: [UInt64]
        let spans: [Range<Int>]
    }

    /// `candidate`'s value and what it consumed, when that is shortlex-smaller than `best` and
    /// the value still fails the same way; `nil` otherwise.
    let judge: (_ candidate: [UInt64], _ best: [UInt64]) -> Accepted?
    /// Why to stop at once, or `nil` to go on: in a cancelled task (a cancelled test), every
    /// replay would only meet the cancellation, and past the time limit the best value so far
    /// is the answer (see `ShrinkLimits`).
    let stopped: () -> ShrinkingStop?
    let maxAttempts: Int
    private(set) var best: [UInt64]
    /// The spans of `best` (see `Choices.spans`).
    private(set) var spans: [Range<Int>]
    private(set) var attempts = 0
    private(set) var improvements = 0
    /// Why `stopped` ended the shrinking, when it did.
    private(set) var stopReason: ShrinkingStop?

    init(
        best: [UInt64], spans: [Range<Int>], maxAttempts: Int, stopped: @escaping () -> ShrinkingStop?,
        judge: @escaping (_ candidate: [UInt64], _ best: [UInt64]) -> Accepted?
    ) {
        self.best = best
        self.spans = spans
        self.maxAttempts = maxAttempts
        self.stopped = stopped
        self.judge = judge
    }

    /// The value `candidate` generates and what it consumed, when that is shortlex-smaller than
    /// `best`; `nil` when it is not, or when the generator rejects the candidate.
    static func replay<Value>(_ generator: Gen<Value>, _ candidate: [UInt64], below best: [UInt64]) -> (Value, Accepted)? {
        var choices = Choices(replaying: candidate)
        guard let value = try? generator.generate(&choices), shortlexLess(choices.recorded, best) else { return nil }
        return (value, Accepted(used: choices.recorded, spans: choices.spans))
    }

    /// A shrinker for a property that answers at once, from the failing case's `choices` and
    /// `value`; `bestValue` is the simplest failing value found so far.
    /// `halted` ends the shrinking early, as a cancellation would (the property asked to stop).
    static func judging<Value>(
        _ generator: Gen<Value>, choices: Choices, value: Value, limits: ShrinkLimits, since start: ContinuousClock.Instant,
        halted: @escaping () -> Bool = { false }, fails: @escaping (Value) -> Bool
    ) -> (shrinker: Shrinker, bestValue: () -> Value) {
        var bestValue = value
        let shrinker = Shrinker(
            best: choices.recorded, spans: choices.spans, maxAttempts: limits.maxAttempts,
            stopped: { halted() ? .cancelled : limits.stop(since: start) }
        ) { candidate, best in
            guard let (value, accepted) = replay(generator, candidate, below: best), fails(value) else { return nil }
            bestValue = value
            return accepted
        }
        return (shrinker, { bestValue })
    }

    /// Where shrinking ended: the simplest failing choices, the replays spent, the improvements,
    /// and why it ended before running out of candidates, if it did.
    struct Outcome: Sendable {
        var best: [UInt64]
        var attempts = 0
        var improvements = 0
        var cutShort: ShrinkingStop?
    }

    /// Where this shrinker stands.
    var outcome: Outcome {
        Outcome(
            best: best, attempts: attempts, improvements: improvements,
            cutShort: stopReason ?? ShrinkLimits.replayLimitStop(attempts: attempts, maxAttempts: maxAttempts))
    }

    /// Whether another replay may be tried: the limit of replays is not used up, and nothing
    /// stopped the shrinking. Every pass loops only while this holds, so that a stop (time,
    /// cancellation) ends them at once instead of walking the rest of the sequence.
    var canGoOn: Bool { attempts < maxAttempts && stopReason == nil }

    /// Replays `candidate`; adopts it when it is simpler and still fails.
    @discardableResult
    mutating func consider(_ candidate: [UInt64]) -> Bool {
        guard attempts < maxAttempts else { return false }
        if let reason = stopped() {
            stopReason = stopReason ?? reason
            return false
        }
        attempts += 1
        guard let accepted = judge(candidate, best) else { return false }
        best = accepted.used
        spans = accepted.spans
        improvements += 1
        return true
    }

    mutating func shrink() {
        var improved = true
        while improved && canGoOn {
            improved = false
            if simplifySpans() { improved = true }
            for size in [8, 4, 2, 1] {
                var start = 0
                while start + size <= best.count && canGoOn {
                    if delete(start, size) {
                        improved = true
                        if size == 8 { growChunk(at: start, from: size, deleting: true) }
                    } else {
                        start += 1
                    }
                }
            }
            for size in [8, 4, 2] {
                var start = 0
                while start + size <= best.count && canGoOn {
                    if zero(start, size) {
                        improved = true
                        if size == 8 {
                            // The next chunks: zeroed already by as many as grew, so skip them.
                            start += size + growChunk(at: start + size, from: size, deleting: false)
                            continue
                        }
                    }
                    start += 1
                }
            }
            var index = 0
            while index < best.count && canGoOn {
                if lower(at: index) { improved = true }
                index += 1
            }
            if lowerEqualChoices() { improved = true }
            if !improved && redistribute() { improved = true }
            if !improved && trySmallValues() { improved = true }
        }
    }

    /// Deletes `count` choices from `start`, when that is simpler and still fails.
    private mutating func delete(_ start: Int, _ count: Int) -> Bool {
        guard start + count <= best.count else { return false }
        var candidate = best
        candidate.removeSubrange(start..<(start + count))
        return consider(candidate)
    }

    /// Sets `count` choices from `start` to 0, when that is simpler and still fails.
    private mutating func zero(_ start: Int, _ count: Int) -> Bool {
        guard start + count <= best.count, best[start..<(start + count)].contains(where: { $0 != 0 }) else { return false }
        var candidate = best
        for i in start..<(start + count) { candidate[i] = 0 }
        return consider(candidate)
    }

    /// After an edit of `size` choices succeeded at a place, edits more there: chunks of twice
    /// `size`, four times, … while they succeed, then half the last size, a quarter, … down to
    /// `size` (Hypothesis's `find_integer`). A value of thousands of elements failing on one of
    /// them loses the others in tens of replays instead of eight choices a replay: a string of
    /// 5,359 characters with one `x` used the 5,000 replays and ended at 4,941 characters (a
    /// complexity audit, 2026-12-02). `edit(start, count)` deletes (the next chunk is then at
    /// `start` again) or zeroes (the next one follows it); returns how many choices it covered.
    @discardableResult
    private mutating func growChunk(at start: Int, from size: Int, deleting: Bool) -> Int {
        var covered = 0
        func edit(_ shrinker: inout Shrinker, _ count: Int) -> Bool {
            let from = deleting ? start : start + covered
            return deleting ? shrinker.delete(from, count) : shrinker.zero(from, count)
        }
        var chunk = size
        while canGoOn && edit(&self, chunk) {
            covered += chunk
            chunk *= 2
        }
        chunk /= 2
        while chunk >= size && canGoOn {
            if edit(&self, chunk) { covered += chunk }
            chunk /= 2
        }
        return covered
    }

    /// Tries the values 1 … 32 of each choice one by one. The binary search of `lower` assumes a
    /// property that fails from some value up; one that fails at scattered values ("no amount is
    /// a multiple of 0.07") can fail at a small value it jumps over, so without this it stopped
    /// at 0.21 USD, or at 10,187,395,090,540,463.11 USD, instead of 0.07 (review, 2026-11-30).
    /// Run only when the other passes are stuck, which is the last round of every shrink: up to
    /// 31 replays more per choice above 1 there (a review measured `x < 500` over 20 seeds at
    /// 1,089 replays instead of 449; the shrunk values were the same).
    private mutating func trySmallValues() -> Bool {
        var index = 0
        while index < best.count && canGoOn {
            let current = best[index]
            if current > 1 {
                for small in 1..<min(current, 33) where canGoOn && index < best.count {
                    var candidate = best
                    candidate[index] = small
                    if consider(candidate) { return true }
                }
            }
            index += 1
        }
        return false
    }

    /// Moves value from an earlier choice to one of the next eight (all of it, else halves): the
    /// sequence gets lexicographically smaller while a sum-like property keeps failing, which opens
    /// the way for deletions (`[28, 36, 36]` summing past 100 becomes `[0, 14, 50, 36]`, then `[50, 50]`).
    private mutating func redistribute() -> Bool {
        var improved = false
        var i = 0
        while i < best.count && canGoOn {
            var j = i + 1
            while j < min(best.count, i + 9) && best[i] != 0 && canGoOn {
                var amount = best[i]
                while amount > 0 && canGoOn {
                    var candidate = best
                    candidate[i] -= amount
                    let (raised, overflow) = candidate[j].addingReportingOverflow(amount)
                    if !overflow {
                        candidate[j] = raised
                        if consider(candidate) {
                            improved = true
                            break
                        }
                    }
                    amount /= 2
                }
                j += 1
            }
            i += 1
        }
        return improved
    }

    /// Replaces each span (largest first) by a short run of zeros: the sub-value becomes the
    /// simplest one its generator makes from that many choices, while the values after it keep
    /// their own choices. (Deleting or zeroing choices one by one cannot do this when the simpler
    /// branch needs a different number of choices than the current one.)
    private mutating func simplifySpans() -> Bool {
        var improved = false
        var tried = Set<Range<Int>>()
        while canGoOn {
            guard let span = spans.filter({ !tried.contains($0) && $0.upperBound <= best.count })
                .max(by: { $0.count < $1.count }) else { break }
            tried.insert(span)
            for length in 0...min(span.count, 12) {
                var candidate = Array(best[..<span.lowerBound])
                candidate.append(contentsOf: repeatElement(0, count: length))
                candidate.append(contentsOf: best[span.upperBound...])
                if consider(candidate) {
                    improved = true
                    // A deleted element: its neighbours may go too, in growing chunks.
                    if length == 0 { growChunk(at: span.lowerBound, from: span.count, deleting: true) }
                    tried.removeAll()  // the spans moved; look at the new ones
                    break
                }
            }
        }
        return improved
    }

    /// Lowers equal choices together: to 0 if that still fails, else by binary search. A property
    /// that fails on equal values ("the elements are distinct", a sort that drops duplicates)
    /// passes as soon as one of them moves alone, so `lower` left `[-31, -31]` or `[22, 22]`,
    /// a different pair on every seed; together they reach `[0, 0]` (review, 2026-12-02).
    private mutating func lowerEqualChoices() -> Bool {
        var improved = false
        var counts: [UInt64: Int] = [:]
        for choice in best where choice != 0 { counts[choice, default: 0] += 1 }
        for value in counts.filter({ $0.value >= 2 }).keys.sorted(by: >) where canGoOn {
            // Every choice equal to `from` set to `to`, while at least two are left (an accepted
            // candidate may have changed the sequence).
            let lowered = lowerBySearch(from: value) { best, from, to in
                var result = best
                var changed = 0
                for i in result.indices where result[i] == from {
                    result[i] = to
                    changed += 1
                }
                return changed >= 2 ? result : nil
            }
            if lowered {
                improved = true
            } else if lowerEqualPairs(of: value) {
                improved = true
            }
        }
        return improved
    }

    /// Lowers two of the choices equal to `value` together, pair by pair, when lowering all of
    /// them did not fail: all of them may include what shapes the value — an array's "one more?"
    /// flags are 1s, so lowering two elements of choice 1 with them emptied the array, which
    /// passed, and `[1, 1]` stayed (review, 2026-12-02). Up to 16 such choices (120 pairs), each
    /// pair tried at 0 only (one replay; a binary search per pair could spend the whole replay
    /// limit here); the other passes lower what that leaves.
    private mutating func lowerEqualPairs(of value: UInt64) -> Bool {
        let positions = best.indices.filter { best[$0] == value }
        guard positions.count > 2, positions.count <= 16 else { return false }
        for a in positions.indices {
            for b in positions.index(after: a)..<positions.endIndex where canGoOn {
                var candidate = best
                candidate[positions[a]] = 0
                candidate[positions[b]] = 0
                if consider(candidate) { return true }  // `best` changed: its positions are stale
            }
        }
        return false
    }

    /// Lowers the choice at `index`: to 0 if that still fails, else by binary search between a
    /// passing lower value and the failing current one.
    private mutating func lower(at index: Int) -> Bool {
        lowerBySearch(from: best[index]) { best, _, to in
            guard index < best.count else { return nil }
            var result = best
            result[index] = to
            return result
        }
    }

    /// Lowers a failing choice `value` through `edit`, which gives `best` with the choices that
    /// hold `from` (the value, or the lower one last accepted) set to `to`, or `nil` when the edit
    /// no longer applies: to 0 if that still fails, else by binary search between a passing
    /// lower value and the failing one.
    private mutating func lowerBySearch(
        from value: UInt64, _ edit: (_ best: [UInt64], _ from: UInt64, _ to: UInt64) -> [UInt64]?
    ) -> Bool {
        guard value != 0, let zeroed = edit(best, value, 0) else { return false }
        if consider(zeroed) { return true }
        var low: UInt64 = 0, high = value  // low: does not fail (or rejected); high: fails
        var improved = false
        while low + 1 < high && canGoOn {
            let middle = low + (high - low) / 2
            guard let candidate = edit(best, high, middle) else { break }
            if consider(candidate) {
                high = middle
                improved = true
            } else {
                low = middle
            }
        }
        return improved
    }

    static func shortlexLess(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }
}

/// How far shrinking may go: a number of replays, and a time (from the first replay), both
/// checked between replays (a replay that hangs is not interrupted).
struct ShrinkLimits: Sendable {
    var maxAttempts: Int
    var timeLimit: Duration
    /// `timeLimit` came from `Property.check`'s `shrinkTimeLimit:`, not from the environment
    /// or the default (the report then does not point at `TALLY_PROPERTY_SHRINK_SECONDS`).
    var timeLimitSetInCode = false
    /// The shrinkings this run's property is being replayed by, when it is: a `forAll` inside
    /// another's property, run while the outer one shrinks, stops shrinking when the outer
    /// one's time is up too, so that the outer limit is overrun by the outer replay in progress
    /// and the final replay of the simplest value, not by the inner limit. Read from the task
    /// when the limits are made.
    var enclosing: [ShrinkWindow] = ShrinkWindow.current

    /// What is wrong with limits given in code (a negative number of replays or time), or `nil`.
    var problem: String? {
        if maxAttempts < 0 { return "maxShrinkAttempts: \(maxAttempts) is not a number of replays (0 or more)" }
        if timeLimit < .zero { return "shrinkTimeLimit: \(timeLimit) is a negative time" }
        return nil
    }

    /// Why shrinking that began at `start` must stop now, or `nil`: its task was cancelled (a
    /// cancelled test, whose replays would only meet the cancellation), or its time, or the
    /// time of a shrinking it runs inside, is up.
    func stop(since start: ContinuousClock.Instant) -> ShrinkingStop? {
        if Task.isCancelled { return .cancelled }
        if ShrinkWindow(start: start, limit: timeLimit).isOver { return .timeLimit(timeLimit) }
        return enclosing.first { $0.isOver }.map { .enclosingTimeLimit($0.limit) }
    }

    /// The time windows shrinking that began at `start` runs in: its own, and those it runs inside.
    func windows(since start: ContinuousClock.Instant) -> [ShrinkWindow] {
        [ShrinkWindow(start: start, limit: timeLimit)] + enclosing
    }

    /// The stop when `attempts` replays used up the limit. (Shrinking that happened to end on
    /// its last allowed replay is reported as stopped too: the next candidate was not tried.)
    static func replayLimitStop(attempts: Int, maxAttempts: Int) -> ShrinkingStop? {
        attempts >= maxAttempts ? .replayLimit(maxAttempts) : nil
    }
}

/// The time one shrinking may take: `limit` from `start`. Kept as the two (not as an instant
/// when it ends) so that no sum of an instant and a limit can overflow, whatever the limit.
struct ShrinkWindow: Sendable {
    /// The windows of the shrinkings running in this task, innermost first: set while a
    /// property is shrunk, so that the properties it replays see them.
    @TaskLocal static var current: [ShrinkWindow] = []

    let start: ContinuousClock.Instant
    let limit: Duration

    var isOver: Bool { ContinuousClock.now - start >= limit }
}

/// Why shrinking stopped before it ran out of simpler candidates to try
/// (`Counterexample.shrinkCutShort`): the shrunk value may then not be the simplest failing one.
public enum ShrinkingStop: Sendable, Equatable, CustomStringConvertible {
    /// It used its limit of replays (`Property.check`'s `maxShrinkAttempts`; 5,000 for
    /// `forAll`, 200 for a `forAll` inside another's property).
    case replayLimit(Int)
    /// It took its time limit (`shrinkTimeLimit`, `TALLY_PROPERTY_SHRINK_SECONDS`, else 60 s).
    case timeLimit(Duration)
    /// It ran inside the replay of another property that was being shrunk (a `forAll` inside a
    /// `forAll`), and that shrinking took its time limit.
    case enclosingTimeLimit(Duration)
    /// The task it ran in was cancelled (a cancelled test, a test's time limit).
    case cancelled

    /// What the report says: `shrinking used its limit of 5000 replays`, ….
    public var description: String {
        switch self {
        case .replayLimit(let replays): return "shrinking used its limit of \(replays) replays"
        case .timeLimit(let limit): return "shrinking took its time limit of \(limit) (TALLY_PROPERTY_SHRINK_SECONDS gives it longer)"
        case .enclosingTimeLimit(let limit):
            return "the shrinking of the property around it took its time limit of \(limit) (TALLY_PROPERTY_SHRINK_SECONDS gives it longer)"
        case .cancelled: return "the task was cancelled"
        }
    }
}
