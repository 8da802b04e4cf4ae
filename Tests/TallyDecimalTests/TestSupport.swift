// A small seeded generator for the property tests of the decimal core. (The shipped property-testing
// library, TallyTesting, is a later layer; until it exists the decimal tests use this.)
import XCTest
@testable import TallyDecimal

/// SplitMix64: tiny, fast, and reproducible from a seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs `body` `count` times with values drawn from one seeded generator; on a failure the message
/// names the seed and the case so it can be replayed with `TALLY_PROPERTY_SEED=<seed>`.
func property(
    _ name: String, count: Int = 300, file: StaticString = #filePath, line: UInt = #line,
    _ body: (inout SplitMix64) throws -> String?
) rethrows {
    // A fixed default per property (FNV-1a of its name), so every run checks the same cases.
    let seed = ProcessInfo.processInfo.environment["TALLY_PROPERTY_SEED"].flatMap(UInt64.init)
        ?? name.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    var rng = SplitMix64(seed: seed)
    for i in 0..<count {
        if let failure = try body(&rng) {
            XCTFail("property \(name) failed at case \(i) (seed \(seed)): \(failure)", file: file, line: line)
            return
        }
    }
}

/// Random decimal digits, no leading zero.
func randomDigits(_ count: Int, using rng: inout SplitMix64) -> String {
    var s = String(Int.random(in: 1...9, using: &rng))
    for _ in 1..<max(count, 1) { s.append(String(Int.random(in: 0...9, using: &rng))) }
    return s
}

/// Decimals biased toward what breaks money code: cents, zeros with exponents, Int64's edges,
/// 19–39 digits, and 40–200 digits that take the GMP path.
func randomDecimal(using rng: inout SplitMix64) -> BigDecimal {
    let negative = Bool.random(using: &rng)
    let sign = negative ? "-" : ""
    let text: String
    switch Int.random(in: 0..<8, using: &rng) {
    case 0:  // money-sized
        text = "\(sign)\(Int.random(in: 0...1_000_000_000, using: &rng))E\(Int.random(in: -3...0, using: &rng))"
    case 1:  // exact cents
        text = "\(sign)\(Int64.random(in: 0...Int64.max / 1000, using: &rng))E-2"
    case 2:  // 40–200 digits
        text = "\(sign)\(randomDigits(Int.random(in: 40...200, using: &rng), using: &rng))E\(Int.random(in: -60...60, using: &rng))"
    case 3:  // zero with an exponent
        text = "0E\(Int.random(in: -12...12, using: &rng))"
    case 4:  // next to Int64's limits
        let base = negative ? Int64.min : Int64.max
        let offset = Int64.random(in: 0...3, using: &rng)
        text = "\(negative ? base + offset : base - offset)E\(Int.random(in: -4...2, using: &rng))"
    case 5:  // 19–39 digits
        text = "\(sign)\(randomDigits(Int.random(in: 19...39, using: &rng), using: &rng))E\(Int.random(in: -20...5, using: &rng))"
    case 6:  // small values with spread exponents
        text = "\(sign)\(Int.random(in: 1...999, using: &rng))E\(Int.random(in: -25...25, using: &rng))"
    default:  // one or two digits, trailing zeros
        text = "\(sign)\(Int.random(in: 0...99, using: &rng))\(String(repeating: "0", count: Int.random(in: 0...4, using: &rng)))E\(Int.random(in: -6...2, using: &rng))"
    }
    return BigDecimal(stringLiteral: text)
}

/// A nonzero random decimal.
func randomNonzeroDecimal(using rng: inout SplitMix64) -> BigDecimal {
    while true {
        let value = randomDecimal(using: &rng)
        if !value.isZero { return value }
    }
}

/// Asserts that two decimals are identical (same coefficient and exponent).
func XCTAssertIdentical(
    _ actual: BigDecimal, _ expected: BigDecimal, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertTrue(
        actual.isIdentical(to: expected), "\(actual) is not identical to \(expected) \(message)", file: file, line: line)
}
