import XCTest
import TallyTesting
@testable import TallyDecimal

/// The portable Swift integers that hold large coefficients where GMP is not available (Apple's
/// device platforms; `TALLY_PORTABLE_INTEGERS=1`). In a GMP build every operation is checked
/// against GMP on the same operands; in a portable build the fixed vectors still run, and the
/// rest of this test target (decTest conformance included) runs on the portable integers.
final class PortableIntegerTests: XCTestCase {
    /// Limbs that find carries and borrows: zeros, ones, all bits, the top bit alone. Mostly
    /// these, so that division often meets the rare step that adds the divisor back.
    static let limb = Gen<UInt64>.frequency([
        (1, Gen.int64(in: .min ... .max).map { UInt64(bitPattern: $0) }),
        (3, Gen.element(of: [0, 1, 2, .max, .max - 1, 1 << 63, (1 << 63) - 1, (1 << 63) + 1, 10_000_000_000_000_000_000])),
    ])
    /// Magnitudes built from `limb`: `count` limbs, then the high zero limbs dropped.
    static func magnitude(count: ClosedRange<Int>) -> Gen<[UInt64]> {
        limb.array(count: count).map { limbs in
            var limbs = limbs
            Limbs.normalize(&limbs)
            return limbs
        }
    }

    static let signed = Gen.zip(Gen.bool, limb.array(count: 0...6)).map { SignedLimbs(isNegative: $0, magnitude: $1) }
    static let nonzero = signed.filter("nonzero") { $0.signum != 0 }

    /// Dividends and divisors of a few limbs, nearly all of them special: the shapes for which
    /// a quotient limb's estimate is still one too large after its correction (about one pair in
    /// a thousand here).
    static let divisionPair = Gen.zip(Gen.int(in: 2...3), Gen.int(in: 0...2), Gen.bool, Gen.bool).flatMap { n, extra, p, q in
        let special = Gen<UInt64>.frequency([
            (1, Gen.int64(in: .min ... .max).map { UInt64(bitPattern: $0) }),
            (7, Gen.element(of: [0, 1, .max, .max - 1, 1 << 63, (1 << 63) - 1, (1 << 63) + 1])),
        ])
        return Gen.zip(special.array(count: (n + extra)...(n + extra)), special.array(count: n...n)).map { u, v in
            (SignedLimbs(isNegative: p, magnitude: u), SignedLimbs(isNegative: q, magnitude: v.dropLast() + [Swift.max(v[n - 1], 1)]))
        }
    }

    var isGMPBuild: Bool { largeIntegerBackend == "GMP" }

    /// CI's portable run sets `TALLY_PORTABLE_INTEGERS=1`: make sure that run really is portable
    /// (and that the usual Linux build really uses GMP), or it would test the same code twice.
    func testTheBuildUsesTheBackendItWasAskedFor() {
        let asked = ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment["TALLY_PORTABLE_INTEGERS"]?.lowercased() ?? "")
        #if os(Linux) || os(macOS) || os(OpenBSD)
        XCTAssertEqual(largeIntegerBackend, asked ? "portable Swift" : "GMP")
        #else
        XCTAssertEqual(largeIntegerBackend, "portable Swift")
        #endif
        print("PortableIntegerTests: coefficients beyond Int64 use \(largeIntegerBackend)")
    }

    // MARK: - Fixed vectors (Python's integers), on either backend

    /// Quotients whose first estimate survives the two-limb correction one too large, so that
    /// algorithm D adds the divisor back (found by simulating the algorithm on 64-bit limbs).
    func testDivisionThatAddsTheDivisorBack() throws {
        let vectors: [(String, String, String, String)] = [
            ("115792089237316195417293883273301227088753630508591020696460517438373409326630",
             "340282366920938463481821351505477763073", "340282366920938463426481119284349108223",
             "87378322008979277351"),
            ("1067993517960455041313302942322092252721784695319320952445213176232067532185208502648667633614846",
             "3138550867693340382428318261985240903273909749490233901055", "340282366920938463444927863358058659839",
             "1701411834604692317344543153269405384701"),
            ("115792089237316195411016781537914546325768547002685700438993783794737799495680",
             "6277101735386680763155224689365789489185482601097654172080", "18446744073709551615",
             "6277101735386680763143178975441340831810080422386947586480"),
            ("57896044618658097714924043372037294308723028227884584459503297074995958074385",
             "3138550867693340382088035895064302439792088397984756137985", "18446744073709551615",
             "3138550867693340382088035895064302439765281699002538478610"),
        ]
        for (u, v, q, r) in vectors {
            let (quotient, remainder) = Limbs.divide(Limbs.parse(digits: u.utf8), Limbs.parse(digits: v.utf8))
            XCTAssertEqual(Limbs.decimalString(quotient), q, "\(u) / \(v)")
            XCTAssertEqual(Limbs.decimalString(remainder), r, "\(u) % \(v)")
            // and through BigDecimal, on whichever backend this build uses
            let (bq, br) = try BigDecimal(u)!.quotientAndRemainder(dividingBy: BigDecimal(v)!)
            XCTAssertEqual(bq.description, q)
            XCTAssertEqual(br.description, r)
        }
    }

    func testConversionsAndEdges() {
        XCTAssertEqual(Limbs.decimalString([]), "0")
        XCTAssertEqual(Limbs.parse(digits: "0000".utf8), [])
        XCTAssertEqual(Limbs.decimalString([0, 1]), "18446744073709551616")
        XCTAssertEqual(Limbs.decimalString(Limbs.powerOfTen(40)), "1" + String(repeating: "0", count: 40))
        XCTAssertEqual(Limbs.decimalString(Limbs.parse(digits: "10000000000000000000000000000000000000007".utf8)),
                       "10000000000000000000000000000000000000007")
        XCTAssertEqual(SignedLimbs(.min).int64, .min)
        XCTAssertEqual(SignedLimbs(isNegative: false, magnitude: [1 << 63]).int64, nil)
        XCTAssertEqual(SignedLimbs(isNegative: true, magnitude: [1 << 63]).int64, .min)
        XCTAssertEqual(SignedLimbs(isNegative: true, magnitude: []).signum, 0, "no negative zero")
        let (rest, count) = SignedLimbs(isNegative: true, magnitude: Limbs.powerOfTen(45)).removingFactor(10)
        XCTAssertEqual(count, 45)
        XCTAssertEqual(rest.int64, -1)
        // Many factors, up and down the ladder of powers; rests without the factor, though some
        // have one of its primes (2 and 25 for 10).
        for k in [0, 1, 2, 3, 19, 20, 27, 28, 63, 64, 65, 127, 128, 1_000, 4_097] {
            for (f, rest) in [(10, 7), (10, 2), (10, 25), (2, 5), (5, 2), (5, 12)] as [(UInt64, UInt64)] {
                var value = [rest]
                for _ in 0..<k { Limbs.multiplyAddInPlace(&value, small: f, adding: 0) }
                let (left, removed) = SignedLimbs(isNegative: false, magnitude: value).removingFactor(f)
                XCTAssertEqual(removed, k, "\(rest) × \(f)^\(k)")
                XCTAssertEqual(left.magnitude, [rest], "\(rest) × \(f)^\(k)")
            }
        }
    }

    /// The digit-count bound is exact or one too many (`BigDecimal.compare` relies on it), at
    /// every power of two and power of ten up to 800 digits and next to them.
    func testDigitCountBoundIsExactOrOneTooMany() {
        var samples: [[UInt64]] = []
        for bits in 1...2_660 {
            var limbs = [UInt64](repeating: 0, count: (bits - 1) / 64 + 1)
            limbs[limbs.count - 1] = 1 << UInt64((bits - 1) % 64)
            samples.append(limbs)  // 2^(bits−1)
            samples.append(Limbs.subtract(Limbs.add(limbs, limbs), [1]))  // 2^bits − 1
        }
        for digits in 1...800 {
            let power = Limbs.powerOfTen(digits)
            XCTAssertEqual(Limbs.decimalString(power), "1" + String(repeating: "0", count: digits))
            samples.append(power)
            samples.append(Limbs.subtract(power, [1]))
        }
        for sample in samples {
            let exact = Limbs.decimalString(sample).utf8.count
            let bound = Limbs.decimalDigitsUpperBound(sample)
            XCTAssertTrue(bound == exact || bound == exact + 1, "\(Limbs.decimalString(sample)): bound \(bound)")
        }
    }

    /// Karatsuba's products (operands of 40 limbs and more, balanced or not) against the
    /// schoolbook ones, and the divide-and-conquer parser against the chunk-at-a-time one: two
    /// methods each, so this runs on either backend.
    func testLongOperandsAgreeAcrossMethods() {
        let long = Self.magnitude(count: 1...180)
        forAll(Gen.zip(long, long), count: 150) { a, b in
            try expect(Limbs.multiply(a, b) == Limbs.schoolbookMultiply(a, b), "product of \(a.count) by \(b.count) limbs")
            try expect(Limbs.square(a) == Limbs.schoolbookMultiply(a, a), "square of \(a.count) limbs")
            let text = Limbs.decimalString(Limbs.multiply(a, b))
            try expect(Limbs.parse(digits: text.utf8) == Limbs.parseByChunks(Array(text.utf8)[...]), "parse of \(text.utf8.count) digits")
            try expect(Limbs.decimalString(Limbs.parse(digits: text.utf8)) == text, "round trip")
        }
    }

    /// The divide-and-conquer printing against the chunk-at-a-time one, on random magnitudes
    /// of 1 to 1,200 limbs (up to four levels of splitting) and on values whose pieces are all
    /// zeros or all nines, where the padding of a low part shows: powers of ten, one less and
    /// one more than them, and their squares, at and around the piece widths.
    func testPrintingAgreesAcrossMethods() {
        let magnitude = Gen.oneOf([Self.magnitude(count: 1...80), Self.magnitude(count: 81...400), Self.magnitude(count: 401...1_200)])
        forAll(magnitude, count: 60) { a in
            try expect(Limbs.decimalString(a) == Limbs.decimalStringByChunks(a), "\(a.count) limbs")
        }
        let width = Limbs.printBaseDigits
        for digits in [width - 1, width, width + 1, 2 * width, 2 * width + 1, 4 * width - 1, 4 * width, 8 * width + 3, 20_000] {
            let power = Limbs.powerOfTen(digits)
            for value in [power, Limbs.subtract(power, [1]), Limbs.add(power, [1]), Limbs.multiply(power, power)] {
                XCTAssertEqual(Limbs.decimalString(value), Limbs.decimalStringByChunks(value), "around 10^\(digits)")
            }
            XCTAssertEqual(Limbs.decimalString(power), "1" + String(repeating: "0", count: digits))
        }
        XCTAssertEqual(Limbs.decimalString([0]), "0")  // high zero limbs, as before
        XCTAssertEqual(Limbs.decimalString([UInt64](repeating: 0, count: 100)), "0")
    }

    /// Printing's division by 10^19 through a reciprocal against the hardware division, at
    /// every step of printing random magnitudes and fixed ones: all ones, multiples of 10^19 and
    /// one either side (remainders of 0 and 10^19 − 1 at every step), which take the first
    /// correction, and a two-limb value whose first step takes the second, rare one (random
    /// values take it a few dozen times per run). The printed digits are then checked against
    /// division by ten, and the reciprocal against its definition.
    func testDivisionByTheDecimalChunkAgreesWithHardwareDivision() {
        let chunk = Limbs.decimalChunk
        // ⌊(2^128 − 1) / 10^19⌋ − 2^64 is the quotient of (2^64 − 1 − 10^19, 2^64 − 1) by 10^19.
        XCTAssertEqual(Limbs.decimalChunkReciprocal, chunk.dividingFullWidth((.max - chunk, .max)).quotient)
        /// The first step of printing `a` where the two divisions differ, or nil.
        func firstDifference(_ a: [UInt64]) -> Int? {
            var (fast, slow) = (a, a)
            var step = 0
            while !slow.isEmpty {
                let (r1, r2) = (Limbs.divideInPlaceByDecimalChunk(&fast), Limbs.divideInPlace(&slow, small: chunk))
                if fast != slow || r1 != r2 { return step }
                step += 1
            }
            return nil
        }
        let edges: [[UInt64]] = [
            [.max], [.max, .max, .max], [chunk], [chunk - 1], [chunk + 1], [0, chunk - 1], [chunk - 1, chunk - 1],
            Limbs.powerOfTen(19 * 40), Limbs.subtract(Limbs.powerOfTen(19 * 40), [1]), Limbs.add(Limbs.powerOfTen(19 * 40), [1]),
            Limbs.multiply(Limbs.powerOfTen(190), [chunk - 1]),
            [18_197_009_953_321_881_872, 9_981_631_351_077_466_768],  // the second correction
        ]
        for edge in edges {
            let difference = firstDifference(edge)
            XCTAssertNil(difference, "\(edge.count) limbs")
            if difference == nil { XCTAssertEqual(Limbs.decimalString(edge), digitsByTens(edge)) }
        }
        forAll(Self.magnitude(count: 1...60), count: 500) { a in
            let difference = firstDifference(a)
            try expect(difference == nil, "step \(difference ?? 0) of printing \(a.count) limbs")
            try expect(Limbs.decimalString(a) == digitsByTens(a), "the digits of \(a.count) limbs")
        }
    }

    /// The digits of `a` by repeated division by 10 with the hardware division: slow, simple,
    /// and independent of the printing under test.
    func digitsByTens(_ a: [UInt64]) -> String {
        if a.isEmpty { return "0" }
        var rest = a
        var digits: [UInt8] = []
        while !rest.isEmpty { digits.append(UInt8(ascii: "0") + UInt8(Limbs.divideInPlace(&rest, small: 10))) }
        return String(decoding: digits.reversed(), as: UTF8.self)
    }

    // MARK: - Against GMP (GMP builds only)

    /// `value` through `BigDecimal` (an integer with exponent 0), on this build's backend.
    func decimal(_ value: SignedLimbs) -> BigDecimal {
        let text = (value.isNegative ? "-" : "") + Limbs.decimalString(value.magnitude)
        return try! BigDecimal(parsing: text, limits: .widest)
    }

    func text(_ value: SignedLimbs) -> String { decimal(value).description }

    /// `value` built from its limbs by `BigDecimal` arithmetic (Horner's rule in base 2⁶⁴), so
    /// that the portable decimal conversions are checked against the backend's, not themselves.
    func gmpValue(_ value: SignedLimbs) -> BigDecimal {
        let base = BigDecimal(UInt64.max) + 1
        var result = BigDecimal.zero
        for limb in value.magnitude.reversed() { result = result * base + BigDecimal(limb) }
        return value.isNegative ? -result : result
    }

    /// `+=`, `-=` and `*=` on a uniquely referenced large coefficient update it in place; a
    /// result that fits `Int64` must then be stored inline again (equality and hashing rely on
    /// one representation per value). On either backend: in a portable build this is the only
    /// test of the in-place paths with results that fit.
    func testInPlaceResultsThatFitAreInlineAgain() throws {
        let big = try BigDecimal(parsing: "1180591620717411303424", limits: .widest)  // 2^70
        var sum = big
        sum += -(big - 5)
        XCTAssertEqual(sum.inlineCoefficient, 5)
        var difference = big
        difference -= big + 7
        XCTAssertEqual(difference.inlineCoefficient, -7)
        var product = big
        product *= 0
        XCTAssertEqual(product.inlineCoefficient, 0)
        var minimum = try BigDecimal(parsing: "-9223372036854775809", limits: .widest)
        minimum += 1
        XCTAssertEqual(minimum.inlineCoefficient, .min)
        forAll(Gen.zip(Self.signed, Self.signed), count: 500) { a, b in
            let expected = a + b
            var x = decimal(a)
            x += decimal(b)
            try expect((x.inlineCoefficient != nil) == (expected.int64 != nil) && x.description == text(expected), "+=")
            var y = decimal(a)
            y -= decimal(b)
            try expect((y.inlineCoefficient != nil) == ((a - b).int64 != nil) && y.description == text(a - b), "-=")
            var z = decimal(a)
            z *= decimal(b)
            try expect((z.inlineCoefficient != nil) == ((a * b).int64 != nil) && z.description == text(a * b), "*=")
        }
    }

    /// In-place operations with one value on both sides (`x += x`, `x -= x`, `x *= x`), and on a
    /// value whose storage another value shares: the results of the operators that build a new
    /// value, and the other value unchanged. On the portable backend the coefficient's object has
    /// no dynamic exclusivity check (`PortableInteger.value`), so this is what would show an
    /// in-place path reading what it writes.
    func testInPlaceOperationsWithAliasedOperands() {
        forAll(Self.signed, count: 500) { a in
            let value = decimal(a)
            var x = value
            x += x
            try expect(x.description == text(a + a), "x += x")
            x = value
            x -= x
            try expect(x.isIdentical(to: 0), "x -= x")
            x = value
            x *= x
            try expect(x.description == text(a * a), "x *= x")
            x = value
            let shared = x
            x += value
            x *= value
            x -= value
            try expect(x.description == text((a + a) * a - a), "a chain of in-place operations")
            try expect(shared.description == text(a), "the value sharing the storage is unchanged")
        }
    }

    func testArithmeticAgreesWithGMP() throws {
        guard isGMPBuild else { throw XCTSkip("this build has no GMP to compare with") }
        let operands = Gen.oneOf([Self.signed, Gen.zip(Gen.bool, Self.limb.array(count: 30...120)).map { SignedLimbs(isNegative: $0, magnitude: $1) }])
        forAll(Gen.zip(operands, operands), count: 2_000) { a, b in
            let (x, y) = (decimal(a), decimal(b))
            try expect(text(a + b) == (x + y).description, "sum")
            try expect(text(a - b) == (x - y).description, "difference")
            try expect(text(a * b) == (x * y).description, "product")
            try expect(Limbs.square(a.magnitude) == Limbs.multiply(a.magnitude, a.magnitude), "square")
            try expect(SignedLimbs.compare(a, b) == BigDecimal.compare(x, y), "comparison")
            try expect(Limbs.compare(a.magnitude, b.magnitude) == BigDecimal.compare(x.magnitude, y.magnitude), "magnitudes")
            let built = gmpValue(a)
            try expect(Limbs.decimalString(a.magnitude) == built.magnitude.description, "printing")
            try expect(Limbs.parse(digits: built.magnitude.description.utf8) == a.magnitude, "parsing")
            try expect(text(SignedLimbs(isNegative: false, magnitude: Limbs.square(a.magnitude))) == (x * x).description, "square")
            try expect(a.int64 == x.inlineCoefficient, "fits Int64 exactly when GMP's value does")
        }
    }

    func testDivisionAgreesWithGMP() throws {
        guard isGMPBuild else { throw XCTSkip("this build has no GMP to compare with") }
        forAll(Gen.oneOf([Gen.zip(Self.signed, Self.nonzero), Self.divisionPair]), count: 6_000) { a, b in
            let (q, r) = a.quotientAndRemainder(dividingBy: b)
            let (gq, gr) = try decimal(a).quotientAndRemainder(dividingBy: decimal(b))
            try expect(text(q) == gq.description, "quotient")
            try expect(text(r) == gr.description, "remainder")
            // and exactness: q × b + r == a, |r| < |b|
            try expect(text(q * b + r) == text(a), "q × b + r")
            try expect(Limbs.compare(r.magnitude, b.magnitude) < 0, "|r| < |b|")
        }
    }

    func testNumberTheoryAgreesWithGMP() throws {
        guard isGMPBuild else { throw XCTSkip("this build has no GMP to compare with") }
        forAll(Gen.zip(Self.signed, Self.nonzero, Gen.int(in: 0...60)), count: 1_000) { a, b, zeros in
            let x = decimal(a).coefficient
            // a value with `zeros` trailing zeros (and more from the factors it has)
            let padded = SignedLimbs(isNegative: b.isNegative, magnitude: Limbs.multipliedByPowerOfTen(b.magnitude, zeros))
            let coefficient = decimal(padded).coefficient
            try expect(text(padded) == (try (decimal(b) * BigDecimal(mantissa: 1, exponent: zeros, isNegative: false)).rescaled(exactlyTo: 0)).description, "× 10^k")
            for factor: Int64 in [2, 5, 10] {
                let (rest, count) = padded.removingFactor(UInt64(factor))
                let (gmpRest, gmpCount) = coefficient.removingFactor(factor)
                try expect(count == gmpCount && text(rest) == BigDecimal(coefficient: gmpRest, storedExponent: 0).description, "remove \(factor)")
            }
            try expect(Int(Limbs.remainder(a.magnitude, small: 10)) == x.lastDigit, "last digit")
            let digits = Limbs.decimalString(padded.magnitude).utf8.count
            try expect(padded.magnitude.isEmpty || [digits, digits + 1].contains(Limbs.decimalDigitsUpperBound(padded.magnitude)), "digit bound")
        }
    }
}
