import XCTest
@testable import TallyDecimal

/// Numeric equality and ordering over cohorts; hashing that agrees with `==`.
final class ComparisonTests: XCTestCase {
    func testCohortsAreEqualButNotIdentical() {
        let pairs: [(BigDecimal, BigDecimal)] = [
            ("1.0", "1.00"), ("1E+2", "100"), ("0", "0.000"), ("0E+5", "0E-5"),
            ("12300000000000000000000000000000000000000", "1.23E+40"),
            ("-5.50", "-5.5"), ("9223372036854775807", "9223372036854775807.000"),
        ]
        for (a, b) in pairs {
            XCTAssertEqual(a, b)
            XCTAssertFalse(a < b)
            XCTAssertFalse(b < a)
            XCTAssertEqual(a.hashValue, b.hashValue, "\(a) and \(b) must hash alike")
            XCTAssertEqual(Set([a, b]).count, 1)
        }
        XCTAssertFalse(BigDecimal("1.0").isIdentical(to: "1.00"))
        XCTAssertTrue(BigDecimal("1.00").isIdentical(to: "1.00"))
    }

    func testOrdering() {
        let sorted: [BigDecimal] = [
            "-123456789012345678901234567890", "-9223372036854775809", "-1E+3", "-2.5", "-0.001", "0",
            "1E-30", "0.001", "0.01", "0.1", "0.99999999999999999999999", "1", "1.0000000000000000000001",
            "2.5", "1E+3", "9223372036854775807", "9223372036854775808", "1.23E+40",
        ]
        for i in sorted.indices {
            for j in sorted.indices {
                XCTAssertEqual(sorted[i] < sorted[j], i < j, "\(sorted[i]) < \(sorted[j])")
                XCTAssertEqual(sorted[i] == sorted[j], i == j, "\(sorted[i]) == \(sorted[j])")
            }
        }
        XCTAssertEqual(sorted.shuffled().sorted(), sorted)
    }
}
