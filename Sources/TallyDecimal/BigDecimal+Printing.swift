// to-scientific-string (`description`) and the plain form money UIs show (`plainString`).

extension BigDecimal: CustomStringConvertible {
    /// The spec's *to-scientific-string*: plain digits when the exponent is `<= 0` and the adjusted
    /// exponent is `>= -6`, otherwise `d.dddE±n`. Parsing it with limits that admit the value
    /// (`ParseLimits.widest` admits every exponent within ±999,999,999) gives back an identical
    /// value; one that arithmetic in code took beyond that exponent (`1E-999999999 * 0.1`) prints,
    /// but its text is refused as out of range.
    ///
    /// ```swift
    /// BigDecimal("12.750").description     // "12.750"
    /// BigDecimal("1E+3").description       // "1E+3"
    /// BigDecimal("0.000001").description   // "0.000001"
    /// BigDecimal("0.0000001").description  // "1E-7"
    /// ```
    /// - Complexity: O(n) in the number of digits.
    public var description: String {
        let digits = coefficient.magnitudeDigits
        let sign = coefficient.signum < 0 ? "-" : ""
        let exponent = Int(storedExponent)
        let adjusted = exponent + digits.utf8.count - 1
        if exponent <= 0 && adjusted >= -6 {
            return sign + BigDecimal.placePoint(in: digits, fractionDigits: -exponent)
        }
        var result = sign
        result.append(contentsOf: digits.prefix(1))  // digits is never empty ("0" for zero)
        if digits.utf8.count > 1 {
            result.append(".")
            result.append(contentsOf: digits.dropFirst())
        }
        result.append("E")
        result.append(adjusted >= 0 ? "+" : "-")
        result.append(String(adjusted.magnitude))
        return result
    }

    /// The value written without exponent notation, with exactly `scale` decimals: what a price
    /// label shows.
    ///
    /// ```swift
    /// BigDecimal("1E+3").plainString     // "1000"
    /// BigDecimal("1.50").plainString     // "1.50"
    /// BigDecimal("1E-7").plainString     // "0.0000001"
    /// ```
    /// - Precondition: the string has at most 1,000,000 characters (a value parsed with the
    ///   default limits always does).
    /// - Complexity: O(n) in the length of the result.
    public var plainString: String {
        let digits = coefficient.magnitudeDigits
        let sign = coefficient.signum < 0 ? "-" : ""
        let exponent = Int(storedExponent)
        // The length of what is written: a zero with a positive exponent is "0" (a review found
        // `0E+2000000` refused as two million characters).
        let length = (exponent >= 0
            ? (coefficient.isZero ? 1 : digits.utf8.count + exponent)
            : Swift.max(digits.utf8.count, -exponent + 1) + 1) + sign.utf8.count
        Coefficient.checkDigits(length, "plainString")
        if exponent >= 0 {
            return sign + digits + (coefficient.isZero ? "" : String(repeating: "0", count: exponent))
        }
        return sign + BigDecimal.placePoint(in: digits, fractionDigits: -exponent)
    }

    /// `digits` with a decimal point `fractionDigits` places from the right, zero-padded on the left.
    private static func placePoint(in digits: String, fractionDigits: Int) -> String {
        if fractionDigits == 0 { return digits }
        let count = digits.utf8.count
        if count > fractionDigits {
            let split = digits.utf8.index(digits.startIndex, offsetBy: count - fractionDigits)
            return String(digits[..<split]) + "." + String(digits[split...])
        }
        return "0." + String(repeating: "0", count: fractionDigits - count) + digits
    }
}
