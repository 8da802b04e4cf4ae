import Foundation
import TallyDecimal
import XCTest

/// `Decimal`'s own constants, in a file that imports TallyDecimal, are Foundation's. A copy of
/// them that TallyDecimal once declared (so that `BigDecimal(exactly: .zero)` compiled) was chosen
/// over Foundation's and called itself: `Decimal.zero` ended the process with a stack overflow in
/// any code that imported Tally.
final class DecimalConstantTests: XCTestCase {
    func testDecimalsConstantsAreFoundations() {
        XCTAssertEqual(Decimal.zero, Decimal())
        let zero: Decimal = .zero
        XCTAssertTrue(zero.isZero)
        XCTAssertEqual(Decimal.pi.description, "3.14159265358979323846264338327950288419")
        XCTAssertTrue(Decimal.greatestFiniteMagnitude > Decimal(string: "1E+100")!)
        XCTAssertTrue(Decimal.leastNonzeroMagnitude > 0)
        XCTAssertTrue(Decimal.leastFiniteMagnitude < 0)
    }

    func testTheConstantsConvertExactly() throws {
        XCTAssertEqual(try XCTUnwrap(BigDecimal(exactly: Decimal.zero)), 0)
        XCTAssertEqual(try XCTUnwrap(BigDecimal(exactly: Decimal.pi)).description, "3.14159265358979323846264338327950288419")
        XCTAssertEqual(try XCTUnwrap(BigDecimal(exactly: Decimal.leastNonzeroMagnitude)).description, "1E-127")
        XCTAssertEqual(try XCTUnwrap(BigDecimal(exactly: Decimal.greatestFiniteMagnitude)).description, "3.40282366920938463463374607431768211455E+165")
    }
}
