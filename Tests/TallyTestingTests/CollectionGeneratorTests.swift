import TallyDecimal
import TallyTesting
import XCTest

/// `Gen.set` and `Gen.dictionary`: distinct elements (keys), sizes in range, shrinking.
final class CollectionGeneratorTests: XCTestCase {
    func testSetsHaveTheirSizeAndReachBothEnds() {
        let sets = Gen.int(in: 0...1_000).set(count: 2...6).sample(count: 300, seed: 1)
        XCTAssertEqual(sets.count, 300)
        XCTAssertTrue(sets.allSatisfy { (2...6).contains($0.count) }, "\(sets.map(\.count))")
        XCTAssertEqual(Set(sets.map(\.count)), [2, 3, 4, 5, 6])
        XCTAssertTrue(sets.allSatisfy { $0.allSatisfy { (0...1_000).contains($0) } })
        // The static spelling is the same generator.
        XCTAssertEqual(Gen.set(of: Gen.int(in: 0...1_000), count: 2...6).sample(count: 300, seed: 1), sets)
    }

    /// Past the minimum, a set stops growing when no new value turns up; below it, the
    /// generator fails and says so.
    func testASmallDomainLimitsTheSetOrFailsClearly() {
        let bools = Gen.bool.set(count: 0...5).sample(count: 200, seed: 2)
        XCTAssertEqual(bools.count, 200, "no draw fails")
        XCTAssertEqual(Set(bools.map(\.count)), [0, 1, 2])
        let result = Property.check(Gen.bool.set(count: 3...3), seed: 1) { _ in true }
        XCTAssertEqual(
            result.generationError as? GenerationError,
            .filterExhausted(attempts: 100, label: "Gen.set: a value not already in the set (2 found)"))
        XCTAssertTrue(result.report(filter: nil).contains("Could not generate a value"), result.report(filter: nil))
    }

    func testSetsShrinkByDroppingAndLoweringElements() throws {
        let large = try XCTUnwrap(Property.check(Gen.int(in: 0...1_000).set(count: 0...10), seed: 3) { $0.allSatisfy { $0 < 500 } }.failure)
        XCTAssertEqual(large.shrunk, [500])
        // Distinct elements summing past 100: the shrinker cannot make them equal.
        let sum = try XCTUnwrap(Property.check(Gen.int(in: 0...100).set(count: 0...10), seed: 4) { $0.reduce(0, +) <= 100 }.failure)
        XCTAssertEqual(sum.shrunk.reduce(0, +), 101, "\(sum.shrunk)")
        XCTAssertEqual(sum.shrunk.count, 2, "\(sum.shrunk)")
    }

    func testDictionariesHaveDistinctKeysAndShrinkBothSides() throws {
        let keys = Gen.element(of: ["tea", "cake", "wrap", "card"])
        let prices = Gen.dictionary(keys: keys, values: Gen.decimal(.cents), count: 0...3).sample(count: 300, seed: 5)
        XCTAssertTrue(prices.allSatisfy { $0.count <= 3 })
        XCTAssertEqual(Set(prices.map(\.count)), [0, 1, 2, 3])
        XCTAssertEqual(Set(prices.flatMap(\.keys)), ["tea", "cake", "wrap", "card"])
        let stock = Gen.dictionary(keys: Gen.int(in: 0...1_000), values: Gen.int(in: 0...1_000), count: 0...8)
        let failure = try XCTUnwrap(Property.check(stock, seed: 6) { $0.values.reduce(0, +) < 600 }.failure)
        XCTAssertEqual(failure.shrunk, [0: 600], "the simplest key and the least failing value")
        let tooFew = Property.check(Gen.dictionary(keys: Gen.bool, values: Gen.int(in: 0...9), count: 3...4), seed: 1) { _ in true }
        XCTAssertEqual(
            tooFew.generationError as? GenerationError,
            .filterExhausted(attempts: 100, label: "Gen.dictionary: a key not already in the dictionary (2 found)"))
    }
}
