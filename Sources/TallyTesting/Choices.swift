/// The stream of choices a generator draws from — the heart of integrated shrinking.
///
/// Every generator turns a sequence of small integer *choices* into a value. While testing, the
/// choices come from a seeded `SplitMix64` and are recorded; when a property fails, the shrinker
/// edits the recorded sequence (deletes chunks, lowers numbers toward 0) and replays the same
/// generator on it. Because values are always *generated* — never edited directly — shrinking
/// respects `map`, `filter` and `flatMap` automatically (the design of Hypothesis).
///
/// Generators are written so that choice 0 gives the simplest value (`false`, the number nearest
/// zero, the first element, an empty array), and so that a replay that runs out of choices reads
/// zeros: shorter and smaller choice sequences mean simpler values.
///
/// Most users never touch `Choices`; they combine the generators in `Gen`. Write
/// `Gen { choices in … }` with `choices.draw(upTo:)` only for a generator no combinator expresses.
public struct Choices {
    enum Source {
        case random(SplitMix64)
        case replay([UInt64])
    }

    var source: Source
    /// Every choice made so far (for replay, clamped to the bound that was asked for).
    public private(set) var recorded: [UInt64] = []
    /// Where each sub-value's choices start and end (the parts of a `zip`, the elements of an
    /// array, the branch a `frequency` took). The shrinker replaces whole spans with simpler ones
    /// without disturbing the choices of the values after them.
    private(set) var spans: [Range<Int>] = []
    /// The most choices one value may use; beyond it generation fails (with `maximumDepth`,
    /// guards runaway recursion). Array elements count too, so arrays of constants, nested or
    /// not, are bounded as well.
    let budget: Int
    /// Array elements generated so far for this value (see `countElement`).
    private(set) var elements = 0
    /// How many generators are running inside one another now (see `enter`).
    private(set) var depth = 0
    /// The deepest generators may nest. Each level is a few stack frames, and a generator that
    /// calls itself (through `flatMap`, `frequency` or `Gen { }`) nests one level per call,
    /// whether or not it draws: a review's `flatMap` recursion 40,000 levels deep overflowed the
    /// stack (a crash, not a report) far below the choice budget, and one that draws nothing was
    /// never counted at all. Real generators nest tens of levels. In a debug build a level takes
    /// about 560 bytes of stack: a thread of 512 KB (a secondary thread's default on Apple
    /// platforms) overflowed between 900 and 925 levels, so the bound is 500, which leaves half
    /// of such a stack to the property and the test runner (`GeneratorTests` checks it there).
    public static let maximumDepth = 500

    init(random rng: SplitMix64, budget: Int = 100_000) {
        source = .random(rng)
        self.budget = budget
    }

    init(replaying choices: [UInt64], budget: Int = 100_000) {
        source = .replay(choices)
        self.budget = budget
    }

    /// Draws a choice in `0...bound`: uniform while testing, read back (clamped) while shrinking.
    ///
    /// - Throws: `GenerationError.tooManyChoices` when one value draws more than the budget.
    public mutating func draw(upTo bound: UInt64) throws -> UInt64 {
        try draw(upTo: bound, favouring: [])
    }

    /// Draws a choice in `0...bound` as `draw(upTo:)` does, except that while testing one draw
    /// in 16 is one of `favoured` (each in `0...bound`), evenly. Recorded and replayed as the
    /// value it gave: a favoured value has the same choice as when the uniform draw gives it, so
    /// shrinking sees one encoding of each value.
    mutating func draw(upTo bound: UInt64, favouring favoured: [UInt64]) throws -> UInt64 {
        guard recorded.count + elements < budget else { throw GenerationError.tooManyChoices(budget) }
        let value: UInt64
        switch source {
        case .random(var rng):
            value = !favoured.isEmpty && Choices.uniform(upTo: 15, using: &rng) == 15
                ? favoured[Int(Choices.uniform(upTo: UInt64(favoured.count - 1), using: &rng))]
                : Choices.uniform(upTo: bound, using: &rng)
            source = .random(rng)
        case .replay(let choices):
            value = recorded.count < choices.count ? min(choices[recorded.count], bound) : 0
        }
        recorded.append(value)
        return value
    }
}

extension Choices {
    /// Counts one more array element against the budget, for elements that draw no choices (an
    /// array of constants, or arrays of them nested: 2 × 60,000 constants used to pass).
    mutating func countElement() throws {
        elements += 1
        guard recorded.count + elements <= budget else { throw GenerationError.tooManyChoices(budget) }
    }

    /// One generator more inside the others (`Gen` calls it around every generator it runs).
    ///
    /// - Throws: `GenerationError.tooDeep` beyond `maximumDepth`.
    mutating func enter() throws {
        guard depth < Choices.maximumDepth else { throw GenerationError.tooDeep(Choices.maximumDepth) }
        depth += 1
    }

    /// Ends what `enter` began.
    mutating func leave() {
        depth -= 1
    }

    /// Generates with `generator`, recording the choices it uses as one span.
    mutating func span<T>(_ generator: Gen<T>) throws -> T {
        let start = recorded.count
        let value = try generator.generate(&self)
        markSpan(from: start)
        return value
    }

    /// Records the choices from `start` to now as one span (when there are at least two).
    mutating func markSpan(from start: Int) {
        if recorded.count > start + 1 { spans.append(start..<recorded.count) }
    }
}

extension Choices {
    /// A uniform value in `0...bound` from `rng`, by rejection (no modulo bias). Written out here
    /// rather than taken from the standard library's `next(upperBound:)`, whose algorithm may change
    /// between Swift versions: a seed must replay the same values everywhere.
    static func uniform(upTo bound: UInt64, using rng: inout SplitMix64) -> UInt64 {
        if bound == .max { return rng.next() }
        let range = bound + 1
        // Accept r when it lies below the largest multiple of `range`; then r % range is uniform.
        let limit = UInt64.max - (UInt64.max % range + 1) % range
        while true {
            let r = rng.next()
            if r <= limit { return r % range }
        }
    }
}

/// Why a generator could not produce a value.
public enum GenerationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `filter` rejected every candidate it tried.
    case filterExhausted(attempts: Int, label: String)
    /// A single value needed more choices than the budget (usually unbounded recursion).
    case tooManyChoices(Int)
    /// Generators nested deeper than `Choices.maximumDepth` (unbounded recursion, drawing or not).
    case tooDeep(Int)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .filterExhausted(let attempts, let label):
            return "filter\(label.isEmpty ? "" : " \"\(label)\"") rejected \(attempts) values in a row; "
                + "generate the values you want directly (map) instead of filtering most of them away"
        case .tooManyChoices(let budget):
            return "one value drew more than \(budget) random choices (each array, set or string element counts, "
                + "with the choices it draws: arrays of tens of thousands of elements reach it); "
                + "is an array too long, or a generator recursing without bound?"
        case .tooDeep(let depth):
            return "generators nested more than \(depth) deep (a generator that calls itself through flatMap, "
                + "frequency or Gen { }); is a generator recursing without bound?"
        }
    }
}
