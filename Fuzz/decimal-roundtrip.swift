// Fuzz target `decimal-roundtrip`: parsing and printing of BigDecimal.
//
// The input bytes, decoded as UTF-8 (invalid sequences become U+FFFD), are parsed with the
// default limits. Parsing may fail (with a DecimalParsingError, never a crash); when it succeeds:
//   - `description` parses back (default limits) to an identical value (same coefficient and
//     exponent), and `BigDecimal(_: String)` (LosslessStringConvertible) agrees;
//   - `plainString` parses (widest limits) to an equal value, identical to the value rounded to
//     its own `scale` (plainString shows exactly `scale` decimals);
//   - negation twice is identical, `magnitude` is not negative, `reduced()` is equal, hashes alike
//     and is its own reduction;
//   - the error of a failed parse has a non-empty description and an offset inside the text.
// A violation stops the process (fatalError), which libFuzzer reports as a crash.
import TallyDecimal

@inline(never)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    // fatalError, not preconditionFailure: -O builds drop a precondition's message.
    if !condition() { fatalError("invariant violated: \(message())", file: file, line: line) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecimalRoundtrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    let value: BigDecimal
    do {
        value = try BigDecimal(parsing: text)
    } catch {
        let message = error.description
        check(!message.isEmpty, "empty error description")
        check(error.offset >= 0 && error.offset <= text.count, "error offset \(error.offset) outside \(text.count) characters")
        check(BigDecimal(text) == nil, "init?(_:) accepted what init(parsing:) refused: \(String(reflecting: text))")
        return 0
    }
    let input = String(reflecting: text)

    // description: parses back to an identical value with the default limits.
    let description = value.description
    guard let reparsed = try? BigDecimal(parsing: description) else {
        fatalError("invariant violated: description \(String(reflecting: description)) of \(input) does not parse")
    }
    check(reparsed.isIdentical(to: value), "description \(description) of \(input) parses to \(reparsed.description), not identical")
    check(reparsed == value, "description \(description) of \(input) parses to a different number")
    check(BigDecimal(description)?.isIdentical(to: value) == true, "init?(_:) on \(description) disagrees")
    check(value.description == reparsed.description, "description is not stable: \(description) then \(reparsed.description)")

    // plainString: parses with the widest limits to an equal value with exactly `scale` decimals.
    let plain = value.plainString
    guard let fromPlain = try? BigDecimal(parsing: plain, limits: .widest) else {
        fatalError("invariant violated: plainString \(String(reflecting: plain)) of \(input) does not parse")
    }
    check(fromPlain == value, "plainString \(plain) of \(input) parses to a different number \(fromPlain)")
    check(!plain.contains("E") && !plain.contains("e"), "plainString \(plain) has an exponent")
    check(fromPlain.exponent == -value.scale, "plainString \(plain) of \(input) has exponent \(fromPlain.exponent), scale is \(value.scale)")
    let atScale = value.rounded(scale: value.scale)
    check(fromPlain.isIdentical(to: atScale), "plainString \(plain) is not \(input) at its scale (\(atScale))")

    // Sign, magnitude, reduction, hashing.
    check((-(-value)).isIdentical(to: value), "double negation of \(input) is not identical")
    check(value.magnitude.signum() >= 0, "magnitude of \(input) is negative")
    check(value.magnitude.exponent == value.exponent, "magnitude of \(input) changed the exponent")
    check((value.signum() == 0) == value.isZero, "signum and isZero disagree for \(input)")
    check((-value).signum() == -value.signum(), "negation did not flip the sign of \(input)")
    let reduced = value.reduced()
    check(reduced == value, "reduced() of \(input) is \(reduced), not equal")
    check(reduced.hashValue == value.hashValue, "reduced() of \(input) hashes differently")
    check(reduced.reduced().isIdentical(to: reduced), "reduced() of \(input) is not idempotent")
    check(!(value < value) && value <= value, "\(input) is ordered before itself")
    if !value.isZero {
        // No trailing zero left: the value cannot be rescaled exactly to one more power of ten.
        check((try? reduced.rescaled(exactlyTo: -(reduced.exponent + 1))) == nil,
              "reduced() of \(input) kept a trailing zero: \(reduced)")
    } else {
        check(reduced.isIdentical(to: .zero), "reduced() of zero \(input) is \(reduced)")
    }
    return 0
}
