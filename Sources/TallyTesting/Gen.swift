/// A generator of random values of one type, with integrated shrinking.
///
/// Build generators from the ones Tally ships (`Gen.int(in:)`, `Gen.bool`, `Gen.decimal()`,
/// `Gen.roundingRule`, …) and the combinators below. Every generator shrinks: when a property
/// fails, the runner finds a smaller input that still fails, through whatever `map`, `filter` and
/// `flatMap` you used.
///
/// ```swift
/// struct Line { var label: String; var amount: BigDecimal }
/// let line = Gen.zip(Gen.element(of: ["Tea", "Cake"]), Gen.decimal(.cents))
///     .map { Line(label: $0, amount: $1) }
/// let cart = line.array(count: 0...8)
/// ```
public struct Gen<Value> {
    let generate: (inout Choices) throws -> Value

    /// A generator from a function of the choice stream (for what the combinators cannot say).
    ///
    /// Draw with `choices.draw(upTo:)` and make choice 0 mean the simplest value, so that shrinking
    /// (which lowers choices toward 0) simplifies your values too. Every generator counts one
    /// level of nesting while it runs (`Choices.maximumDepth`), so a generator that calls itself
    /// without end is reported (`GenerationError.tooDeep`) instead of overflowing the stack.
    /// The function is `@Sendable`: it must be pure (see `Gen`'s `Sendable` conformance), and
    /// the compiler then refuses one that captures mutable state.
    public init(_ generate: @escaping @Sendable (inout Choices) throws -> Value) {
        self.init(wrapping: generate)
    }

    /// `init(_:)` for the library's own combinators, whose functions hold values of a type that
    /// need not be `Sendable` (`constant`, `element(of:)`): see the conformance below.
    static func unchecked(_ generate: @escaping (inout Choices) throws -> Value) -> Gen<Value> {
        Gen(wrapping: generate)
    }

    /// `map` for the library's own generic combinators, whose transforms name a type parameter
    /// (`Set($0.keys)`): a `@Sendable` closure that does would need the type to be `Sendable`.
    func mapUnchecked<T>(_ transform: @escaping (Value) throws -> T) -> Gen<T> {
        .unchecked { choices in try transform(self.generate(&choices)) }
    }

    /// (The unnamed `Void` keeps a trailing closure, `Gen { … }` in this file, from reaching
    /// this initializer too: with it, such calls were ambiguous.)
    private init(wrapping generate: @escaping (inout Choices) throws -> Value, _: Void = ()) {
        self.generate = { choices in
            try choices.enter()
            defer { choices.leave() }
            return try generate(&choices)
        }
    }

    /// A generator that always gives `value`.
    public static func constant(_ value: Value) -> Gen<Value> {
        .unchecked { _ in value }
    }

    /// Transforms every generated value; shrinking happens on the input side, so it still works.
    public func map<T>(_ transform: @escaping @Sendable (Value) throws -> T) -> Gen<T> {
        mapUnchecked(transform)
    }

    /// Generates a value, then uses it to choose the next generator.
    ///
    /// ```swift
    /// let scaleAndValue = Gen.int(in: 0...4).flatMap { scale in
    ///     Gen.decimal(.moneySized).map { ($0.rounded(scale: scale), scale) }
    /// }
    /// ```
    public func flatMap<T>(_ transform: @escaping @Sendable (Value) throws -> Gen<T>) -> Gen<T> {
        Gen<T> { choices in try transform(self.generate(&choices)).generate(&choices) }
    }

    /// Keeps only values that satisfy `isIncluded`, retrying up to `maxAttempts` times in a row.
    ///
    /// - Parameters:
    ///   - label: names the filter in the error when every attempt is rejected.
    ///   - maxAttempts: 100 by default; after that, generation fails with
    ///     `GenerationError.filterExhausted` and the runner reports it clearly.
    /// - Precondition: `maxAttempts` is at least 1.
    public func filter(
        _ label: String = "", maxAttempts: Int = 100, _ isIncluded: @escaping @Sendable (Value) throws -> Bool
    ) -> Gen<Value> {
        precondition(maxAttempts >= 1, "Gen.filter: maxAttempts must be at least 1, not \(maxAttempts)")
        return Gen { choices in
            for _ in 0..<maxAttempts {
                let value = try self.generate(&choices)
                if try isIncluded(value) { return value }
            }
            throw GenerationError.filterExhausted(attempts: maxAttempts, label: label)
        }
    }

    /// Arrays of generated values whose length lies in `count`.
    ///
    /// Arrays shrink by dropping elements and by shrinking the elements that remain.
    /// - Precondition: `count.lowerBound` is not negative.
    /// - Complexity: O(n) choices for n elements.
    public func array(count: ClosedRange<Int>) -> Gen<[Value]> {
        precondition(count.lowerBound >= 0, "Gen.array: the count must not be negative")
        // Each element after the minimum is preceded by a "one more?" choice; 0 means stop, so
        // deleting an element's choices (or zeroing its flag) shortens the array cleanly.
        let extra = count.upperBound - count.lowerBound
        let meanExtra = UInt64(max(1, extra / 2))
        return Gen<[Value]> { choices in
            // Every element counts against the budget of choices, even one that draws none (a
            // constant), in this array and in any it is nested in: a minimum of two billion
            // elements fails with the budget's message instead of reserving 64 GB.
            if count.lowerBound > choices.budget { throw GenerationError.tooManyChoices(choices.budget) }
            var result: [Value] = []
            result.reserveCapacity(count.lowerBound)
            for _ in 0..<count.lowerBound {
                try choices.countElement()
                result.append(try choices.span(self))
            }
            while result.count < count.upperBound {
                // P(stop) = 1 / (meanExtra + 1), for a mean near the middle of the range.
                let start = choices.recorded.count
                guard try choices.draw(upTo: meanExtra) != 0 else { break }
                try choices.countElement()
                result.append(try choices.span(self))
                choices.markSpan(from: start)  // the flag and its element: deleting both drops it
            }
            return result
        }
    }

    /// Arrays of values from `element`, with a length in `count` (`Gen.array(of: .bool, count: 0...5)`).
    /// - Precondition: `count.lowerBound` is not negative.
    public static func array<Element>(of element: Gen<Element>, count: ClosedRange<Int>) -> Gen<[Element]>
    where Value == [Element] {
        element.array(count: count)
    }
}

extension Gen {
    /// Pairs of values from two generators.
    public static func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> where Value == (A, B) {
        Gen { choices in (try choices.span(a), try choices.span(b)) }
    }

    /// Triples of values from three generators.
    public static func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)> where Value == (A, B, C) {
        Gen { choices in (try choices.span(a), try choices.span(b), try choices.span(c)) }
    }

    /// Quadruples of values from four generators.
    public static func zip<A, B, C, D>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>) -> Gen<(A, B, C, D)>
    where Value == (A, B, C, D) {
        Gen { choices in
            (try choices.span(a), try choices.span(b), try choices.span(c), try choices.span(d))
        }
    }

    /// Values from one of `generators`, chosen uniformly; shrinks toward the first.
    /// - Precondition: `generators` is not empty.
    public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        precondition(!generators.isEmpty, "Gen.oneOf needs at least one generator")
        return Gen { choices in
            let start = choices.recorded.count
            let index = Int(try choices.draw(upTo: UInt64(generators.count - 1)))
            let value = try choices.span(generators[index])
            choices.markSpan(from: start)
            return value
        }
    }

    /// Values from `generators` chosen with the given weights; shrinks toward the first.
    ///
    /// ```swift
    /// Gen.frequency([(9, Gen.decimal(.cents)), (1, Gen.decimal(.manyDigits))])
    /// ```
    /// - Precondition: `weighted` is not empty, no weight is negative, and the weights add up to
    ///   more than 0 and at most `Int.max`.
    public static func frequency(_ weighted: [(Int, Gen<Value>)]) -> Gen<Value> {
        precondition(!weighted.isEmpty && weighted.allSatisfy { $0.0 >= 0 }, "Gen.frequency needs non-negative weights")
        var total = 0
        for (weight, _) in weighted {
            let (sum, overflow) = total.addingReportingOverflow(weight)
            precondition(!overflow, "Gen.frequency: the weights add up to more than Int.max")
            total = sum
        }
        precondition(total > 0, "Gen.frequency needs a positive total weight")
        let totalWeight = total
        return Gen { choices in
            let start = choices.recorded.count
            var pick = Int(try choices.draw(upTo: UInt64(totalWeight - 1)))
            var chosen = weighted[weighted.count - 1].1
            for (weight, generator) in weighted {
                if pick < weight {
                    chosen = generator
                    break
                }
                pick -= weight
            }
            let value = try choices.span(chosen)
            choices.markSpan(from: start)  // the branch choice and its value
            return value
        }
    }

    /// One of `elements`, uniformly; shrinks toward the first.
    /// - Precondition: `elements` is not empty.
    public static func element(of elements: [Value]) -> Gen<Value> {
        precondition(!elements.isEmpty, "Gen.element(of:) needs at least one element")
        return .unchecked { choices in elements[Int(try choices.draw(upTo: UInt64(elements.count - 1)))] }
    }
}

extension Gen {
    /// Generates `count` values with a seeded generator (for looking at what a generator makes).
    ///
    /// ```swift
    /// Gen.decimal().sample(count: 3, seed: 1)
    /// ```
    /// - Returns: the values; fewer than `count` when the generator fails (a filter that rejects
    ///   everything) `count + 100` times in all.
    public func sample(count: Int = 10, seed: UInt64 = 0) -> [Value] {
        var rng = SplitMix64(seed: seed)
        var values: [Value] = []
        var failures = 0
        let failureLimit = Self.sampleFailureLimit(count: count)
        while values.count < count && failures < failureLimit {
            var choices = Choices(random: SplitMix64(seed: rng.next()))
            if let value = try? generate(&choices) { values.append(value) } else { failures += 1 }
        }
        return values
    }

    /// How many failed draws `sample(count:)` allows: `count + 100`, saturating (the sum
    /// overflowed for counts near `Int.max`: a review's `sample(count: Int.max - 50)` stopped the
    /// process).
    static func sampleFailureLimit(count: Int) -> Int {
        count > Int.max - 100 ? Int.max : count + 100
    }
}

/// A generator may be shared between tests and threads (`static let price = Gen.money(in: .usd)`
/// in Swift 6 mode). It holds its function of the choice stream, which must be pure (the same
/// choices give the same value, no shared mutable state), as replaying a seed and shrinking
/// already require: the closures given to `Gen.init`, `map`, `flatMap` and `filter` are
/// `@Sendable`, so the compiler refuses one that changes captured state (a review's counter in
/// a `Gen { }` lost updates when four tasks sampled it).
///
/// The conformance is unconditional, and so it is unchecked for a `Value` that is not
/// `Sendable`: `constant`, `element(of:)`, `oneOf` and `frequency` hand the *same* instance of
/// a class to every draw, so a generator of a mutable class made with them must not be shared
/// between threads (each thread its own generator). A conformance only `where Value: Sendable`
/// would let the compiler check that, but with Swift 6.3 it stops `Gen.array(of:count:)` from
/// inferring its type at call sites, which would break the documented spelling.
extension Gen: @unchecked Sendable {}
