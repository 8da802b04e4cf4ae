import Foundation
import XCTest
import TallyCheckout
import TallyDecimal
import TallyTesting

/// The combinators and the domain generators: ranges respected, edges reached, shrinking through
/// map, filter and arrays.
final class GeneratorTests: XCTestCase {
    func testIntegersStayInRangeAndShrinkTowardZero() throws {
        for value in Gen.int(in: -5...100).sample(count: 500, seed: 3) { XCTAssertTrue((-5...100).contains(value)) }
        XCTAssertEqual(Set(Gen.int(in: -2...2).sample(count: 200, seed: 4)), [-2, -1, 0, 1, 2])
        XCTAssertEqual(try XCTUnwrap(Property.check(Gen.int(in: -100...100), seed: 1) { $0 < 50 }.failure).shrunk, 50)
        XCTAssertEqual(try XCTUnwrap(Property.check(Gen.int(in: -100...100), seed: 1) { $0 > -37 }.failure).shrunk, -37)
        XCTAssertEqual(try XCTUnwrap(Property.check(Gen.int(in: 10...20), seed: 1) { _ in false }.failure).shrunk, 10)
        XCTAssertEqual(try XCTUnwrap(Property.check(Gen.int(in: -20 ... -10), seed: 1) { _ in false }.failure).shrunk, -10)
        let full = Gen<Int64>.int64(in: .min ... .max).sample(count: 200, seed: 9)
        XCTAssertTrue(full.contains { $0 < -1 << 60 } && full.contains { $0 > 1 << 60 })
    }

    func testShrinkingSeesThroughMapAndFilter() throws {
        let doubled = Gen.int(in: 0...1000).map { $0 * 2 }
        XCTAssertEqual(try XCTUnwrap(Property.check(doubled, seed: 2) { $0 < 100 }.failure).shrunk, 100)
        let odd = Gen.int(in: 0...1000).filter("odd") { $0 % 2 == 1 }
        XCTAssertEqual(try XCTUnwrap(Property.check(odd, seed: 2) { $0 < 100 }.failure).shrunk, 101)
    }

    func testImpossibleFilterIsAClearGenerationFailure() {
        let result = Property.check(Gen.int(in: 0...10).filter("above 1000") { $0 > 1000 }, seed: 1) { _ in true }
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.generationError as? GenerationError, .filterExhausted(attempts: 100, label: "above 1000"))
        XCTAssertTrue(result.report(filter: nil).contains("filter \"above 1000\" rejected 100 values in a row"))
        XCTAssertTrue(result.report(filter: "GeneratorTests.testX").hasSuffix("  replay:   TALLY_PROPERTY_SEED=1 swift test --filter 'GeneratorTests.testX'"), result.report(filter: "GeneratorTests.testX"))
    }

    /// Found in a review: an array whose minimum length is beyond the budget of choices reserved
    /// memory for it first (two billion constants: 64 GB, a crash) when the elements draw nothing.
    func testAHugeMinimumLengthIsABudgetFailureNotAnAllocation() {
        let huge = Gen.constant(0).array(count: 2_000_000_000...2_000_000_000)
        let result = Property.check(huge, seed: 1) { _ in true }
        XCTAssertEqual(result.generationError as? GenerationError, .tooManyChoices(100_000))
        XCTAssertEqual(huge.sample(count: 1), [])
        XCTAssertEqual(Gen.constant(0).array(count: 3...3).sample(count: 1), [[0, 0, 0]])
        // Nested arrays count every element: 2 × 60,000 constants are over the budget too.
        let nested = Gen.constant(0).array(count: 60_000...60_000).array(count: 2...2)
        XCTAssertEqual(Property.check(nested, seed: 1) { _ in true }.generationError as? GenerationError, .tooManyChoices(100_000))
        XCTAssertEqual(Gen.constant(0).array(count: 40_000...40_000).array(count: 2...2).sample(count: 1).first?.map(\.count), [40_000, 40_000])
    }

    /// A generator that calls itself without end is a generation error, not a stack overflow:
    /// a review's `flatMap` chain 40,000 deep crashed the test process (signal 11) far below the
    /// choice budget, and a recursion that draws nothing was not counted at all.
    func testRunawayRecursionIsReportedNotACrash() {
        @Sendable func fixedDepth(_ n: Int) -> Gen<Int> { n == 0 ? .constant(0) : Gen.bool.flatMap { _ in fixedDepth(n - 1) } }
        let deep = Gen.bool.flatMap { _ in fixedDepth(40_000) }
        XCTAssertEqual(Property.check(deep, seed: 1) { _ in true }.generationError as? GenerationError, .tooDeep(Choices.maximumDepth))
        @Sendable func forever() -> Gen<Int> { Gen.constant(0).flatMap { _ in forever() } }
        XCTAssertEqual(Property.check(forever(), seed: 1) { _ in true }.generationError as? GenerationError, .tooDeep(Choices.maximumDepth))
        @Sendable func mostlyDeeper() -> Gen<Int> { Gen.frequency([(1, .constant(0)), (1_000_000, Gen.constant(()).flatMap { mostlyDeeper() })]) }
        XCTAssertEqual(Property.check(mostlyDeeper(), seed: 1) { _ in true }.generationError as? GenerationError, .tooDeep(Choices.maximumDepth))
        XCTAssertTrue("\(GenerationError.tooDeep(500))".contains("nested more than 500 deep"))
        // Real nesting is far below the bound.
        XCTAssertEqual(fixedDepth(300).sample(count: 2, seed: 1), [0, 0])
        XCTAssertNil(Property.check(Gen<Checkout>.checkout, count: 20, seed: 1) { _ in true }.generationError)
    }

    /// The depth bound is low enough for the smallest thread stacks: generators nested to just
    /// under it run on a thread of 512 KB (a secondary thread's default on Apple platforms) in
    /// this debug build, and past it the generation error comes, not a crash. (With a bound of
    /// 1,000 this crashed: such a thread overflowed between 900 and 925 levels.)
    func testTheDepthBoundFitsASmallThreadStack() {
        let done = expectation(description: "generated on a small stack")
        nonisolated(unsafe) var results: [GenerationError?] = []
        let thread = Thread {
            results = [Choices.maximumDepth - 1, Choices.maximumDepth + 10].map { depth in
                Property.check(GeneratorTests.fixedDepth(depth), count: 3, seed: 1) { _ in true }.generationError as? GenerationError
            }
            done.fulfill()
        }
        // AddressSanitizer's frames are several times larger (CI runs the suite under it too):
        // there the thread gets 4 MB.
        thread.stackSize = Self.underAddressSanitizer ? 4 << 20 : 512 << 10
        thread.start()
        wait(for: [done], timeout: 60)
        XCTAssertEqual(results, [nil, .tooDeep(Choices.maximumDepth)])
    }

    /// Whether AddressSanitizer's runtime is in the process.
    static var underAddressSanitizer: Bool {
        #if canImport(Glibc)
        let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
        let defaultHandle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT on Darwin
        #endif
        return dlsym(defaultHandle, "__asan_init") != nil
    }

    /// Generators nested `n` deep: each level a `flatMap` whose next generator is the next level.
    static func fixedDepth(_ n: Int) -> Gen<Int> { n == 0 ? .constant(0) : Gen.bool.flatMap { _ in fixedDepth(n - 1) } }

    func testArraysShrinkByDroppingAndShrinkingElements() throws {
        let arrays = Gen.array(of: Gen.int(in: 0...50), count: 0...20)
        for array in arrays.sample(count: 200, seed: 5) { XCTAssertLessThanOrEqual(array.count, 20) }
        XCTAssertTrue(arrays.sample(count: 200, seed: 5).contains { $0.isEmpty })
        XCTAssertTrue(arrays.sample(count: 200, seed: 5).contains { $0.count >= 15 })
        let failure = try XCTUnwrap(Property.check(arrays, seed: 6) { $0.reduce(0, +) < 100 }.failure)
        XCTAssertEqual(failure.shrunk, [50, 50], "the smallest array of 0...50 summing to 100 or more")
        let bounded = Gen.array(of: Gen.bool, count: 3...5)
        for array in bounded.sample(count: 100, seed: 1) { XCTAssertTrue((3...5).contains(array.count)) }
    }

    func testChoiceCombinators() throws {
        XCTAssertEqual(Set(Gen.element(of: ["a", "b", "c"]).sample(count: 100, seed: 1)), ["a", "b", "c"])
        XCTAssertEqual(try XCTUnwrap(Property.check(Gen.element(of: ["a", "b", "c"]), seed: 1) { _ in false }.failure).shrunk, "a")
        let picks = Gen.oneOf([Gen.constant(1), Gen.constant(2)]).sample(count: 100, seed: 1)
        XCTAssertEqual(Set(picks), [1, 2])
        let weighted = Gen.frequency([(9, Gen.constant("common")), (1, Gen.constant("rare"))]).sample(count: 1000, seed: 1)
        let rare = weighted.filter { $0 == "rare" }.count
        XCTAssertTrue((40...170).contains(rare), "rare drawn \(rare) times of 1000")
        let dependent = Gen.int(in: 1...5).flatMap { n in Gen.array(of: Gen.bool, count: n...n) }
        for array in dependent.sample(count: 50, seed: 1) { XCTAssertTrue((1...5).contains(array.count)) }
        XCTAssertEqual(Set(Gen.roundingRule.sample(count: 200, seed: 1)), Set(RoundingRule.allCases))
    }

    /// Every shape of decimal the generator promises actually appears.
    /// One value in 16 of a range of more than 64 values is one of its edges, which a uniform
    /// draw seldom gives (a review: 100 values of `0...1000` met 1000 on 23 seeds of 200, and
    /// 1,000 USD amounts never met `Int64.min` cents); each edge has the choice a uniform draw
    /// gives it, so it shrinks like any other value.
    func testIntegersReachTheEdgesOfTheirRange() throws {
        let full = Set(Gen<Int64>.int64(in: .min ... .max).sample(count: 2_000, seed: 1))
        for edge: Int64 in [.min, .max, .min + 1, .max - 1, 0, 1, -1] { XCTAssertTrue(full.contains(edge), "\(edge)") }
        let thousand = Set(Gen.int(in: 0...1000).sample(count: 1_000, seed: 2))
        for edge in [0, 1, 999, 1000] { XCTAssertTrue(thousand.contains(edge), "\(edge)") }
        let negative = Set(Gen.int(in: -500 ... -100).sample(count: 1_000, seed: 3))
        for edge in [-500, -499, -101, -100] { XCTAssertTrue(negative.contains(edge), "\(edge)") }
        // Found, and shrunk to the edge itself: the property fails only there.
        let found = (0..<20).filter { seed in !Property.check(Gen.int(in: 0...1000), seed: UInt64(seed)) { $0 != 1000 }.passed }
        XCTAssertGreaterThanOrEqual(found.count, 12, "an edge turns up on most seeds")
        XCTAssertEqual(try XCTUnwrap(Property.check(Gen.int(in: 0...1000), seed: UInt64(found.first ?? 0)) { $0 != 1000 }.failure).shrunk, 1000)
        let money = (0..<10).filter { seed in
            !Property.check(Gen.money(in: .usd), count: 1_000, seed: UInt64(seed)) { (try? $0.minorUnits) != Int64.min }.passed
        }
        XCTAssertGreaterThanOrEqual(money.count, 3, "Int64.min cents")
        // Small ranges stay uniform: every value about as often.
        let small = Gen.int(in: 0...9).sample(count: 10_000, seed: 4)
        for digit in 0...9 { XCTAssertLessThanOrEqual(abs(small.filter { $0 == digit }.count - 1_000), 150, "\(digit)") }
    }

    /// What `Gen.checkout` says it covers turns up (a review found no deferred, recurring or
    /// automatic-reload item, no required contact field, no merchant outside China and never a
    /// selected method but the first).
    func testCheckoutsCoverWhatTheGeneratorPromises() {
        let checkouts = Gen.checkout.sample(count: 400, seed: 5)
        let kinds = checkouts.flatMap(\.items).map(\.kind)
        XCTAssertTrue(kinds.contains { if case .deferred = $0 { true } else { false } }, "deferred")
        XCTAssertTrue(kinds.contains { if case .recurring = $0 { true } else { false } }, "recurring")
        XCTAssertTrue(kinds.contains { if case .automaticReload = $0 { true } else { false } }, "automatic reload")
        XCTAssertTrue(checkouts.flatMap(\.items).contains { $0.type == .pending }, "pending")
        XCTAssertTrue(checkouts.contains { !$0.requiredBillingContactFields.isEmpty }, "billing fields")
        XCTAssertTrue(checkouts.contains { !$0.requiredShippingContactFields.isEmpty }, "shipping fields")
        XCTAssertEqual(Set(checkouts.map(\.countryCode)), ["CN", "US"])
        XCTAssertTrue(checkouts.contains { $0.selectedShippingMethodIdentifier.map { $0 != "m0" } ?? false }, "a method other than the first")
        XCTAssertTrue(checkouts.contains { $0.maximumTotal != nil }, "a ceiling")
    }

    func testDecimalGeneratorReachesTheEdges() {
        let values = Gen.decimal().sample(count: 3000, seed: 11)
        XCTAssertTrue(values.contains { $0.signum() < 0 }, "negative")
        XCTAssertTrue(values.contains { $0.isZero && $0.exponent != 0 }, "zero with an exponent")
        XCTAssertTrue(values.contains { !$0.isStoredInline }, "beyond Int64")
        XCTAssertTrue(values.contains { $0.digitCount > 38 }, "beyond 38 digits")
        XCTAssertTrue(values.contains { $0.digitCount >= 150 }, "very many digits")
        XCTAssertTrue(values.contains { $0.exponent == -2 && $0.digitCount >= 17 }, "Int64 counts of cents")
        // The coefficient (the value scaled to exponent 0) within 3 of Int64.min or Int64.max.
        func coefficient(_ x: BigDecimal) -> BigDecimal { x * BigDecimal(mantissa: 1, exponent: -x.exponent, isNegative: false) }
        let nearLimit: (BigDecimal) -> Bool = { x in
            let c = coefficient(x)
            return c >= BigDecimal(Int64.max) - 3 || c <= BigDecimal(Int64.min) + 3
        }
        XCTAssertTrue(values.contains(where: nearLimit), "next to Int64's limits")
        XCTAssertTrue(Gen.decimal(.nearInt64Limits).sample(count: 200, seed: 2).allSatisfy(nearLimit))
        XCTAssertTrue(Gen.decimal(.beyondInt64).sample(count: 500, seed: 3).allSatisfy { !$0.isStoredInline || $0.digitCount == 19 })
        XCTAssertTrue(Gen.decimal(.beyondInt64).sample(count: 500, seed: 3).allSatisfy { (19...38).contains($0.digitCount) })
        let money = Gen.decimal(.moneySized).sample(count: 500, seed: 1)
        XCTAssertTrue(money.allSatisfy { $0.isStoredInline && $0.digitCount <= 9 && (-4...0).contains($0.exponent) })
    }
}
