// Regression tests for a review of TallyTesting (2026-11-30): how failures are told apart while
// shrinking, what stops a run, what a report shows and replays, and generators as constants.
import Foundation
import TallyCheckout
import TallyDecimal
import TallyMoney
@testable import TallyTesting
import XCTest

/// Whether `swift test --filter PATTERN` would select a test specified as `Module.Class/test`.
func selector(_ pattern: String) throws -> (String) -> Bool {
    let filter = try NSRegularExpression(pattern: pattern)
    return { name in filter.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil }
}

/// A generator shared as a constant: `Gen` is `Sendable`, so this compiles in Swift 6 mode.
enum SharedGenerators {
    static let price = Gen.money(in: .usd)
}

final class ShrinkingKindsTests: XCTestCase {
    private var capturing = false
    private var captured: [(description: String, line: Int)] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// The failures `forAll` records while `body` runs, instead of failing this test.
    private func failures(_ body: () -> Void) -> [(description: String, line: Int)] {
        capturing = true
        captured = []
        body()
        capturing = false
        // XCTFail records "failed - " before the message.
        return captured.map { (String($0.description.dropFirst($0.description.hasPrefix("failed - ") ? 9 : 0)), $0.line) }
    }

    /// A wrong answer (`false`) does not shrink into an input the body could not evaluate (`nil`:
    /// the `try?` met a division by zero). It did: `(-0.0002, 0.0141)` shrank to `(0, 0)`.
    /// Found in a review: `sample(count:)` allowed `count + 100` failed draws, a sum that
    /// overflowed (and stopped the process) for counts near `Int.max`.
    func testSampleFailureLimitSaturates() {
        XCTAssertEqual(Gen<Int>.sampleFailureLimit(count: 10), 110)
        XCTAssertEqual(Gen<Int>.sampleFailureLimit(count: Int.max - 100), Int.max)
        XCTAssertEqual(Gen<Int>.sampleFailureLimit(count: Int.max - 50), Int.max)
        XCTAssertEqual(Gen<Int>.sampleFailureLimit(count: Int.max), Int.max)
        XCTAssertEqual(Gen<Int>.sampleFailureLimit(count: -5), 95)
    }

    func testAFalseVerdictDoesNotShrinkIntoANilOne() throws {
        let reports = failures {
            forAll(Gen.zip(Gen.decimal(.moneySized), Gen.decimal(.moneySized)), count: 500, seed: 5) { a, b in
                (try? a.divided(by: b, scale: 2)).map { $0.magnitude <= a.magnitude }
            }
        }
        XCTAssertEqual(reports.count, 1)
        let report = try XCTUnwrap(reports.first?.description)
        XCTAssertTrue(report.contains("original: (-0.0002, 0.0141) (returned false)"), report)
        let shrunk = try XCTUnwrap(report.components(separatedBy: "shrunk:").last)
        XCTAssertTrue(shrunk.contains("(returned false;"), report)
        XCTAssertFalse(shrunk.contains(", 0) ("), "the divisor shrank to 0:\n\(report)")
        // And a `nil` is reported as what it is.
        let undecided = Property.check(Gen.int(in: 0...9), count: 5, seed: 1) { _ in throw PropertyReturnedNil() }
        XCTAssertEqual(undecided.failure?.originalFailure, "returned nil")
    }

    /// Errors of one type but another case are different bugs: `inexactQuotient` did shrink into
    /// `divisionByZero` (both `ArithmeticError`) on every seed tried.
    func testAnErrorDoesNotShrinkIntoAnotherCaseOfItsType() throws {
        let pairs = Gen.zip(Gen.decimal(.moneySized), Gen.decimal(.moneySized))
        var inexact = 0
        defer { XCTAssertGreaterThan(inexact, 0, "no seed found an inexact quotient first") }
        for seed: UInt64 in 0..<5 {
            let result = Property.check(pairs, count: 500, seed: seed) { a, b in
                _ = try a.divided(by: b)  // "exact division never throws": false
                return true
            }
            let failure = try XCTUnwrap(result.failure, "seed \(seed)")
            func kind(_ message: String) -> String {
                message.contains("division by zero") ? "divisionByZero" : message.contains("no exact decimal quotient") ? "inexactQuotient" : message
            }
            XCTAssertEqual(kind(failure.shrunkFailure), kind(failure.originalFailure), "seed \(seed): \(failure.original) shrank to \(failure.shrunk)")
            inexact += kind(failure.originalFailure) == "inexactQuotient" ? 1 : 0
        }
    }

    /// `XCTSkip` in a body stops the run at once, without shrinking, with one failure that says
    /// why (it was shrunk and reported as a counterexample).
    func testXCTSkipInsideAPropertyStopsTheRunAndSaysWhy() throws {
        var calls = 0
        let reports = failures {
            forAll(Gen.int(in: 0...10), seed: 1) { x in
                calls += 1
                try XCTSkipIf(x >= 0, "needs a feature this platform lacks")
                try expect(x >= 0)
            }
        }
        XCTAssertEqual(calls, 1, "no shrinking, no further cases")
        XCTAssertEqual(reports.count, 1)
        let report = try XCTUnwrap(reports.first?.description)
        XCTAssertTrue(report.hasPrefix("Property stopped at case 0 of seed 1: the property threw XCTSkip (needs a feature this platform lacks)"), report)
        XCTAssertTrue(report.contains("call XCTSkip before forAll"), report)
        XCTAssertTrue(report.contains("replay:   TALLY_PROPERTY_SEED=1"), report)
    }

    /// A non-monotone property shrinks to its least failing value: "no nonzero amount is a
    /// multiple of 0.07" stopped at 0.21 USD, 6.37 USD or 10,187,395,090,540,463.11 USD.
    func testANonMonotonePropertyShrinksToItsLeastFailingValue() {
        var shrunk: [String: Int] = [:]
        for seed: UInt64 in 0..<20 {
            let result = Property.check(Gen.money(in: .usd), seed: seed) { money in
                money.isZero || (try! money.amount.divided(by: "0.07", scale: 0, rounding: .down)) * "0.07" != money.amount
            }
            if let failure = result.failure { shrunk["\(failure.shrunk)", default: 0] += 1 }
        }
        XCTAssertEqual(shrunk.keys.sorted(), ["0.07 USD"])
    }

    /// A count below 1 is a mistake reported as one, as `TALLY_PROPERTY_COUNT=0` is; it ran no
    /// case and passed.
    func testACountBelowOneIsReported() {
        for count in [0, -5] {
            let result = Property.check(Gen.int(in: 0...10), count: count, seed: 1) { _ in false }
            XCTAssertFalse(result.passed)
            XCTAssertEqual(result.report(filter: nil), "Property not run: count: \(count) is not a positive number of cases")
        }
        let reports = failures { forAll(Gen.int(in: 0...10), count: 0, seed: 1) { x in try expect(x > 100) } }
        XCTAssertEqual(reports.map(\.description), ["Property not run: count: 0 is not a positive number of cases"])
    }

    /// `require` unwraps inside a property and fails the case once, shrunk; `XCTUnwrap` recorded
    /// a failure on every replay of the shrinker (8 for one property).
    func testRequireFailsACaseOnceAndShrinks() throws {
        let reports = failures {
            forAll(Gen.int(in: 0...1000), seed: 1) { x in
                let y = try require(x > 500 ? nil : x, "x is at most 500")
                return y >= 0
            }
        }
        XCTAssertEqual(reports.count, 1)
        let report = try XCTUnwrap(reports.first?.description)
        XCTAssertTrue(report.contains("shrunk:   501 (threw x is at most 500 (ShrinkingKindsTests.swift:"), report)
        // It counts as an expectation: a statement body that only requires checks something.
        XCTAssertEqual(failures { forAll(Gen.int(in: 0...10), seed: 1) { x in _ = try require(Optional(x)) } }.count, 0)
    }

    /// The replay filter selects this test and no other (`Class.testTotal` also ran
    /// `Class.testTotalIsExact`).
    func testTheReplayFilterIsAnchored() throws {
        XCTAssertEqual(testFilter, #"(^|\.)TallyTestingTests\.ShrinkingKindsTests/testTheReplayFilterIsAnchored$"#)
        let selects = try selector(testFilter)
        XCTAssertTrue(selects("TallyTestingTests.ShrinkingKindsTests/testTheReplayFilterIsAnchored"))
        XCTAssertFalse(selects("TallyTestingTests.ShrinkingKindsTests/testTheReplayFilterIsAnchoredToo"))
        XCTAssertFalse(selects("TallyTestingTests.MoreShrinkingKindsTests/testTheReplayFilterIsAnchored"))
        XCTAssertFalse(selects("TallyMoneyTests.ShrinkingKindsTests/testTheReplayFilterIsAnchored"), "a class of the same name in another test target")
    }

    /// The replay command keeps a raised `TALLY_PROPERTY_COUNT`: the seed announced before a run
    /// (for a crash, which ends the process before any report) did not, and replayed 100 cases
    /// of a crash found at case 240 of 20,000.
    func testTheReplayCommandKeepsARaisedCount() {
        let previous = ProcessInfo.processInfo.environment["TALLY_PROPERTY_COUNT"]
        setenv("TALLY_PROPERTY_COUNT", "20000", 1)
        defer {
            if let previous { setenv("TALLY_PROPERTY_COUNT", previous, 1) } else { unsetenv("TALLY_PROPERTY_COUNT") }
        }
        XCTAssertEqual(
            Property.replayCommand(seed: 7, filter: testFilter),
            #"TALLY_PROPERTY_SEED=7 TALLY_PROPERTY_COUNT=20000 swift test --filter '(^|\.)TallyTestingTests\.ShrinkingKindsTests/testTheReplayCommandKeepsARaisedCount$'"#)
    }

    /// A checkout counterexample shows its currency, items and rules (it showed
    /// `terms: TallyCheckout.CheckoutTerms`), the same in every run.
    func testACheckoutCounterexampleShowsWhatItIs() throws {
        let reports = failures { forAll(Gen.checkout, seed: 1) { checkout in checkout.items.count < 2 } }
        let report = try XCTUnwrap(reports.first?.description)
        let shrunk = try XCTUnwrap(report.components(separatedBy: "shrunk:").last)
        XCTAssertTrue(shrunk.contains("currency: USD"), report)
        XCTAssertTrue(shrunk.contains(#"label: "item""#), report)
        XCTAssertFalse(report.contains("unknown context") || report.contains("CheckoutTerms"), report)
        // Toward final standard lines: a shrunk checkout whose lines were all pending made
        // readers look for the bug in the pending line (review, 2026-12-02).
        XCTAssertTrue(shrunk.contains("type: TallyCheckout.SummaryItemType.final"), report)
        XCTAssertFalse(shrunk.contains(".pending") || shrunk.contains("deferred") || shrunk.contains("recurring") || shrunk.contains("automaticReload"), report)
    }

    /// Equal values are lowered together: a property that fails on duplicates passes as soon as
    /// one of them moves alone, so shrinking stopped at a different pair on every seed
    /// (`[-31, -31]`, `[22, 22]`, `[-786, -786]`; review, 2026-12-02). Now each reaches `[0, 0]`.
    func testEqualValuesShrinkTogether() {
        var failed = 0
        for seed: UInt64 in 1...20 {
            let result = Property.check(Gen.int(in: -100...100).array(count: 0...30), seed: seed) { Set($0).count == $0.count }
            guard let failure = result.failure else { continue }
            failed += 1
            XCTAssertEqual(failure.shrunk, [0, 0], "seed \(seed), from \(failure.original)")
        }
        XCTAssertGreaterThanOrEqual(failed, 10, "most runs find a duplicate")
        // Equal values that must stay apart from zero still meet at the smallest failing pair.
        let pair = Property.check(Gen.zip(Gen.int(in: 0...1000), Gen.int(in: 0...1000)), seed: 4) { a, b in a != b || a < 300 }
        XCTAssertTrue(pair.failure.map { $0.shrunk == (300, 300) } ?? true, "\(String(describing: pair.failure?.shrunk))")
    }

    /// Generators shared as constants work like any other.
    func testASharedGeneratorConstant() {
        forAll(SharedGenerators.price) { price in price.currency == .usd }
    }

    /// A long value failing on one of its elements loses the others in growing chunks: a string
    /// of thousands of characters with one `x`, and an array of thousands of numbers with one
    /// above 990, used the 5,000 replays deleting eight choices at a time (and the string
    /// ended thousands of characters long) before the chunks grew on success.
    func testLongValuesLoseTheirOtherElementsInFewReplays() throws {
        let string = try XCTUnwrap(Property.check(Gen.string(count: 0...40_000), count: 5, seed: 11) { !$0.contains("x") }.failure)
        XCTAssertGreaterThan(string.original.count, 5_000, "the case this test is about")
        XCTAssertEqual(string.shrunk, "x")
        XCTAssertLessThan(string.shrinkAttempts, 500)
        XCTAssertNil(string.shrinkCutShort)

        let array = try XCTUnwrap(
            Property.check(Gen.int(in: 0...1_000).array(count: 0...40_000), count: 5, seed: 11) { !$0.contains { $0 > 990 } }.failure)
        XCTAssertGreaterThan(array.original.count, 5_000, "the case this test is about")
        XCTAssertEqual(array.shrunk, [991])
        XCTAssertLessThan(array.shrinkAttempts, 500)
    }
}

/// A test named as XCTest names it on Apple platforms, `-[Module.Class method]`: the replay
/// filter must select it there too (anchored on a dot alone, it selected nothing).
final class AppleNamedTests: XCTestCase {
    private var appleName = false
    override var name: String { appleName ? "-[TallyTestingTests.AppleNamedTests testTheFilterOfAnAppleName]" : super.name }

    func testTheFilterOfAnAppleName() throws {
        appleName = true
        defer { appleName = false }
        XCTAssertEqual(testFilter, #"(^|\.)TallyTestingTests\.AppleNamedTests/testTheFilterOfAnAppleName$"#)
        let selects = try selector(testFilter)
        XCTAssertTrue(selects("TallyTestingTests.AppleNamedTests/testTheFilterOfAnAppleName"))
        XCTAssertFalse(selects("TallyTestingTests.AppleNamedTests/testTheFilterOfAnAppleNameToo"))
        XCTAssertFalse(selects("OtherTallyTestingTests.AppleNamedTests/testTheFilterOfAnAppleName"))
    }
}
