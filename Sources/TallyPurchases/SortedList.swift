/// A sorted collection of distinct elements with O(log n) search and O(c + n / c) insertion
/// and removal (c, the chunk size, is at most 512): a list of sorted chunks, split when one passes
/// 512 elements and merged with a neighbour when the two fit in 256.
///
/// The ledger keeps the transactions held for want of an order and the orders nobody claims in
/// these, so that matching one to the other looks at the few elements within a time window
/// instead of at every order or every held transaction (a review found a log of 1,000 held
/// transactions followed by 1,000 orders of another product taking 13 s: every order looked at
/// every held transaction, and each of those at every order).
struct SortedList<Element: Comparable>: Sendable where Element: Sendable {
    /// Non-empty chunks, each sorted, each element below every element of the next chunk.
    private var chunks: [[Element]] = []
    /// The number of elements.
    private(set) var count = 0

    static var maximumChunk: Int { 512 }

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The smallest element.
    var first: Element? { chunks.first?.first }

    /// The elements in order.
    var elements: [Element] { chunks.flatMap { $0 } }

    /// The index of the first chunk whose last element satisfies `isAtOrAfter` (a predicate that
    /// holds for a suffix of the elements), or `chunks.count`.
    private func chunkIndex(firstWhere isAtOrAfter: (Element) -> Bool) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(chunks[middle][chunks[middle].count - 1]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The index in `chunk` of its first element satisfying `isAtOrAfter`, or `chunk.count`.
    private static func position(in chunk: [Element], firstWhere isAtOrAfter: (Element) -> Bool) -> Int {
        var low = 0, high = chunk.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(chunk[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The first element satisfying `isAtOrAfter`, a predicate that is false for a prefix of the
    /// elements and true for the rest.
    func first(where isAtOrAfter: (Element) -> Bool) -> Element? {
        let c = chunkIndex(firstWhere: isAtOrAfter)
        guard c < chunks.count else { return nil }
        return chunks[c][Self.position(in: chunks[c], firstWhere: isAtOrAfter)]
    }

    /// The last element satisfying `isAtOrBefore`, a predicate that is true for a prefix of the
    /// elements and false for the rest.
    func last(where isAtOrBefore: (Element) -> Bool) -> Element? {
        let c = chunkIndex(firstWhere: { !isAtOrBefore($0) })
        if c < chunks.count {
            let p = Self.position(in: chunks[c], firstWhere: { !isAtOrBefore($0) })
            if p > 0 { return chunks[c][p - 1] }
        }
        return c > 0 ? chunks[c - 1][chunks[c - 1].count - 1] : nil
    }

    /// Whether `element` is in the list.
    func contains(_ element: Element) -> Bool {
        first(where: { $0 >= element }) == element
    }

    /// Inserts `element`; nothing happens when it is there already.
    mutating func insert(_ element: Element) {
        var c = chunkIndex(firstWhere: { $0 >= element })
        if c == chunks.count {
            // After every element: appended to the last chunk, or a new one when it is full.
            if c > 0, chunks[c - 1].count < Self.maximumChunk {
                chunks[c - 1].append(element)
            } else {
                chunks.append([element])
            }
            count += 1
            return
        }
        let p = Self.position(in: chunks[c], firstWhere: { $0 >= element })
        if chunks[c][p] == element { return }
        chunks[c].insert(element, at: p)
        count += 1
        if chunks[c].count > Self.maximumChunk {
            let upper = Array(chunks[c][(Self.maximumChunk / 2)...])
            chunks[c].removeLast(chunks[c].count - Self.maximumChunk / 2)
            c += 1
            chunks.insert(upper, at: c)
        }
    }

    /// Removes `element`; nothing happens when it is not there.
    mutating func remove(_ element: Element) {
        let c = chunkIndex(firstWhere: { $0 >= element })
        guard c < chunks.count else { return }
        let p = Self.position(in: chunks[c], firstWhere: { $0 >= element })
        guard chunks[c][p] == element else { return }
        chunks[c].remove(at: p)
        count -= 1
        if chunks[c].isEmpty {
            chunks.remove(at: c)
        } else if c + 1 < chunks.count, chunks[c].count + chunks[c + 1].count <= Self.maximumChunk / 2 {
            // Two neighbours that fit in half a chunk become one, so that removals do not leave
            // many small chunks behind.
            chunks[c] += chunks[c + 1]
            chunks.remove(at: c + 1)
        } else if c > 0, chunks[c - 1].count + chunks[c].count <= Self.maximumChunk / 2 {
            chunks[c - 1] += chunks[c]
            chunks.remove(at: c)
        }
    }
}

extension SortedList: Equatable {
    /// Equal when they hold the same elements, however they are chunked.
    static func == (lhs: SortedList, rhs: SortedList) -> Bool {
        lhs.count == rhs.count && lhs.elements == rhs.elements
    }
}
