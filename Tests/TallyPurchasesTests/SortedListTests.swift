import TallyTesting
import XCTest
@testable import TallyPurchases

/// `SortedList` against a sorted array of distinct elements: inserts and removes (enough of them
/// to split chunks of 512 and empty them again), and the searches the ledger makes.
final class SortedListTests: XCTestCase {
    func testAgreesWithASortedArray() {
        // Each operation: insert (true) or remove a value; values from a range small enough that
        // removes often find their value and inserts often find it there already.
        let operation = Gen.zip(Gen<Bool>.frequency([(3, .constant(true)), (2, .constant(false))]), Gen.int(in: 0...2_999))
        forAll(operation.array(count: 0...6_000), count: 30) { operations in
            var list = SortedList<Int>()
            var reference: Set<Int> = []
            for (number, (inserts, value)) in operations.enumerated() {
                if inserts { list.insert(value); reference.insert(value) } else { list.remove(value); reference.remove(value) }
                guard number % 97 == 0 || number == operations.count - 1 else { continue }
                let sorted = reference.sorted()
                try expect(list.elements == sorted, "after operation \(number): \(list.count) elements, expected \(sorted.count)")
                try expect(list.count == sorted.count, "count")
                try expect(list.first == sorted.first, "first")
                for probe in [-1, 0, value - 1, value, value + 1, 1_500, 3_000] {
                    try expect(list.first(where: { $0 >= probe }) == sorted.first(where: { $0 >= probe }), "first ≥ \(probe)")
                    try expect(list.first(where: { $0 > probe }) == sorted.first(where: { $0 > probe }), "first > \(probe)")
                    try expect(list.last(where: { $0 <= probe }) == sorted.last(where: { $0 <= probe }), "last ≤ \(probe)")
                    try expect(list.last(where: { $0 < probe }) == sorted.last(where: { $0 < probe }), "last < \(probe)")
                    try expect(list.contains(probe) == reference.contains(probe), "contains \(probe)")
                }
            }
        }
    }

    func testChunksSplitAndEqualityIgnoresThem() {
        // Ascending inserts fill chunks by appending; descending ones split them.
        var ascending = SortedList<Int>(), descending = SortedList<Int>()
        for value in 0..<5_000 { ascending.insert(value) }
        for value in (0..<5_000).reversed() { descending.insert(value) }
        XCTAssertEqual(ascending.elements, Array(0..<5_000))
        XCTAssertEqual(ascending, descending)
        for value in stride(from: 0, to: 5_000, by: 2) { descending.remove(value) }
        XCTAssertEqual(descending.elements, Array(stride(from: 1, to: 5_000, by: 2)))
        XCTAssertNotEqual(ascending, descending)
        XCTAssertEqual(descending.last(where: { $0 <= 4_000 }), 3_999)
        XCTAssertEqual(descending.first(where: { $0 >= 4_000 }), 4_001)
        for value in 0..<5_000 { descending.remove(value) }
        XCTAssertTrue(descending.isEmpty)
        XCTAssertNil(descending.first)
        XCTAssertNil(descending.last(where: { _ in true }))
    }

    /// Removals that shrink every chunk (every seventh value, then the next residue…) until
    /// neighbours merge, with the searches checked along the way (a review counted no merge in
    /// the random runs above).
    func testSearchesAgreeAfterMerges() {
        var list = SortedList<Int>(), reference = Set<Int>()
        for value in (0..<2_000).reversed() { list.insert(value); reference.insert(value) }
        for (number, value) in (0..<2_000).sorted(by: { ($0 % 7, $0) < ($1 % 7, $1) }).enumerated() {
            list.remove(value)
            reference.remove(value)
            guard number % 5 == 0 else { continue }
            let sorted = reference.sorted()
            XCTAssertEqual(list.elements, sorted)
            XCTAssertEqual(list.first, sorted.first)
            for probe in [value - 1, value, value + 1, 999, 1_999] {
                XCTAssertEqual(list.first(where: { $0 >= probe }), sorted.first(where: { $0 >= probe }), "\(number)")
                XCTAssertEqual(list.last(where: { $0 <= probe }), sorted.last(where: { $0 <= probe }), "\(number)")
                XCTAssertEqual(list.last(where: { $0 < probe }), sorted.last(where: { $0 < probe }), "\(number)")
            }
        }
        XCTAssertTrue(list.isEmpty)
    }
}
