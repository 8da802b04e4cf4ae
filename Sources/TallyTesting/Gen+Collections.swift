// Sets and dictionaries: collections whose elements (keys) must be distinct.

extension Gen where Value: Hashable {
    /// Sets of distinct generated values whose size lies in `count`, as for unique identifiers
    /// (a checkout's shipping methods must have distinct ones).
    ///
    /// ```swift
    /// let identifiers = Gen.string(of: .element(of: Array("abcdefgh")), count: 1...8).set(count: 1...6)
    /// ```
    /// A value already in the set is drawn again, up to 100 times in a row. The first
    /// `count.lowerBound` values must be found that way (a generator with fewer distinct values
    /// fails with `GenerationError.filterExhausted`); past them, a set stops growing when no new
    /// value turns up, so `Gen.bool.set(count: 0...5)` gives sets of at most two. A minimum
    /// close to the number of values the generator makes can fail now and then too (a set of
    /// at least 95 values of `Gen.int(in: 1...100)` fails about once in 320 draws): for
    /// most of a small domain, shuffle it instead (`Gen.int(in:)` indices into an array you
    /// remove them from, in a `Gen { }`). Sets shrink as arrays do: by dropping values and
    /// shrinking those that remain.
    ///
    /// A set's iteration order follows Swift's hashing, which seeds every set of its own, so two
    /// equal sets drawn from one seed in one process may iterate in different orders: a property
    /// that depends on the order (`first`, an order-sensitive sum of rounded parts) may not fail
    /// again when replayed unless the tests run with `SWIFT_DETERMINISTIC_HASHING=1`.
    /// - Precondition: `count.lowerBound` is not negative.
    public func set(count: ClosedRange<Int>) -> Gen<Set<Value>> {
        Gen<[Value: Void]>.distinct(count: count, keys: self, values: .constant(()), what: "Gen.set", key: "value", in: "set").mapUnchecked { Set($0.keys) }
    }

    /// Sets of values from `element`, with a size in `count` (`Gen.set(of: Gen.int(in: 0...99), count: 0...5)`).
    public static func set<Element: Hashable>(of element: Gen<Element>, count: ClosedRange<Int>) -> Gen<Set<Element>>
    where Value == Set<Element> {
        element.set(count: count)
    }
}

extension Gen {
    /// Dictionaries whose keys come from `keys` and values from `values`, with a size in
    /// `count`, as for a price list or a stock count by product.
    ///
    /// ```swift
    /// let prices = Gen.dictionary(keys: Gen.element(of: ["tea", "cake", "wrap"]), values: Gen.decimal(.cents), count: 0...3)
    /// ```
    /// Keys are distinct as in `set(count:)`: a key already present is drawn again, up to 100
    /// times in a row; the first `count.lowerBound` keys must be found, and past them the
    /// dictionary stops growing when no new key turns up. Each key's value is drawn after it,
    /// and both shrink. Iteration order follows Swift's per-process hashing, as for sets.
    /// - Precondition: `count.lowerBound` is not negative.
    public static func dictionary<Key: Hashable, Element>(
        keys: Gen<Key>, values: Gen<Element>, count: ClosedRange<Int>
    ) -> Gen<[Key: Element]> where Value == [Key: Element] {
        distinct(count: count, keys: keys, values: values, what: "Gen.dictionary", key: "key", in: "dictionary")
    }

    /// How many times in a row a key already present is drawn again.
    static var distinctAttempts: Int { 100 }

    /// Entries with distinct keys, laid out on the choices as `array(count:)` lays out elements:
    /// the minimum entries, then each further one behind a "one more?" choice, in a span with it.
    static func distinct<Key: Hashable, Element>(
        count: ClosedRange<Int>, keys: Gen<Key>, values: Gen<Element>, what: String, key noun: String, in collection: String
    ) -> Gen<[Key: Element]> where Value == [Key: Element] {
        precondition(count.lowerBound >= 0, "\(what): the count must not be negative")
        let meanExtra = UInt64(max(1, (count.upperBound - count.lowerBound) / 2))
        return .unchecked { choices in
            if count.lowerBound > choices.budget { throw GenerationError.tooManyChoices(choices.budget) }
            var result: [Key: Element] = [:]
            /// Adds an entry with a new key; `false` when none turned up.
            func addEntry() throws -> Bool {
                try choices.countElement()
                for _ in 0..<distinctAttempts {
                    let key = try choices.span(keys)
                    if result[key] == nil {
                        result[key] = try choices.span(values)
                        return true
                    }
                }
                return false
            }
            while result.count < count.lowerBound {
                guard try addEntry() else {
                    throw GenerationError.filterExhausted(
                        attempts: distinctAttempts, label: "\(what): a \(noun) not already in the \(collection) (\(result.count) found)")
                }
            }
            while result.count < count.upperBound {
                let start = choices.recorded.count
                guard try choices.draw(upTo: meanExtra) != 0 else { break }
                guard try addEntry() else { break }
                choices.markSpan(from: start)  // the flag and its entry: deleting both drops it
            }
            return result
        }
    }
}
