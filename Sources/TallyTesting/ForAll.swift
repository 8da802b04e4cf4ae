// XCTest integration: `forAll` inside a test method.
import XCTest

/// Thrown by `expect` when a property's condition does not hold.
public struct PropertyExpectationFailure: Error, CustomStringConvertible {
    /// What was expected.
    public let message: String
    /// Where.
    public let file: StaticString
    /// Where.
    public let line: UInt
    /// `message (File.swift:12)`.
    public var description: String { "\(message) (\(("\(file)" as NSString).lastPathComponent):\(line))" }
}

/// Fails the current property case unless `condition` holds.
///
/// Use it (or return a `Bool`) inside `forAll` instead of `XCTAssert`: a thrown failure lets the
/// runner shrink the input, while an `XCTAssert` failure is recorded at once and cannot be shrunk.
///
/// ```swift
/// forAll(Gen.decimal()) { a in
///     try expect((a - a).isZero, "a - a is zero")
/// }
/// ```
public func expect(
    _ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "expectation failed",
    file: StaticString = #filePath, line: UInt = #line
) throws {
    guard try condition() else { throw PropertyExpectationFailure(message: message(), file: file, line: line) }
}

/// What a property body may return: `Bool`, `true` when the property holds for the value.
///
/// Bodies that return nothing are checked by whether they throw (see `expect`). The two `forAll`
/// forms are told apart by this protocol: a body that returns a `Bool` picks this one, and a body
/// of statements without a `return` picks the other.
public protocol PropertyVerdict {
    /// Whether the property held.
    var propertyHolds: Bool { get }
}

extension Bool: PropertyVerdict {
    /// `self`.
    public var propertyHolds: Bool { self }
}

extension XCTestCase {
    /// Checks that `property` holds for values from `generator`, reporting a shrunk counterexample
    /// with `XCTFail` at the caller's line.
    ///
    /// ```swift
    /// func testAdditionCommutes() {
    ///     forAll(Gen.zip(Gen.decimal(), Gen.decimal())) { a, b in a + b == b + a }
    /// }
    /// ```
    /// A failure reads:
    /// ```
    /// Property failed at case 3 of seed 8113749272957391540.
    ///   original: (-42.17, 0E-7) (returned false)
    ///   shrunk:   (0, 0E-1) (returned false; 9 steps, 61 replays)
    ///   replay:   TALLY_PROPERTY_SEED=8113749272957391540 swift test --filter 'MyTests.testExponent'
    /// ```
    /// - Parameters:
    ///   - count: cases (default 100, or `TALLY_PROPERTY_COUNT`, which raises every count).
    ///   - seed: fixes the run; by default `TALLY_PROPERTY_SEED` or a fresh random seed.
    ///   - property: returns `false` or throws (see `expect`) for a counterexample.
    public func forAll<Value, Verdict: PropertyVerdict>(
        _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
        file: StaticString = #filePath, line: UInt = #line, _ property: (Value) throws -> Verdict
    ) {
        let result = Property.check(generator, count: count, seed: seed) { try property($0).propertyHolds }
        if !result.passed {
            XCTFail(result.report(filter: testFilter), file: file, line: line)
        }
    }

    /// Checks a property written as statements that throw on failure (`try expect(…)`).
    public func forAll<Value>(
        _ generator: Gen<Value>, count: Int? = nil, seed: UInt64? = nil,
        file: StaticString = #filePath, line: UInt = #line, _ property: (Value) throws -> Void
    ) {
        forAll(generator, count: count, seed: seed, file: file, line: line) { (value: Value) throws -> Bool in
            try property(value)
            return true
        }
    }

    /// `Class.testMethod` from XCTest's name (`-[Class testMethod]` on Apple platforms,
    /// `Class.testMethod` elsewhere); a `swift test --filter` regular expression.
    var testFilter: String {
        var text = name
        if text.hasPrefix("-[") && text.hasSuffix("]") {
            text = String(text.dropFirst(2).dropLast()).replacingOccurrences(of: " ", with: ".")
        }
        return text
    }
}
