import Foundation

/// A moment in time to the millisecond, stored as an integer so that a journal replays exactly.
///
/// Dates in the purchase flow decide which order a transaction without an order id belongs to.
/// A `Date` is a binary floating-point count of seconds; written to text and read back it may not
/// compare the same, and a journal that replays to different decisions is no journal. `Timestamp`
/// keeps whole milliseconds since 1970-01-01T00:00:00Z and writes them as ISO 8601 text in UTC:
///
/// ```swift
/// let t = try Timestamp(iso8601: "2026-11-30T10:00:00.250Z")
/// print(t.millisecondsSince1970)   // 1796032800250
/// print(t)                         // 2026-11-30T10:00:00.250Z
/// ```
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Whole milliseconds since 1970-01-01T00:00:00Z (negative before), within `range`.
    public let millisecondsSince1970: Int64

    /// The moments a timestamp can hold: 0000-01-01T00:00:00.000Z through 9999-12-31T23:59:59.999Z,
    /// the years ISO 8601 writes with four digits. Every one of them reads back from its text.
    public static let range: ClosedRange<Int64> = -62_167_219_200_000 ... 253_402_300_799_999

    /// The moment `millisecondsSince1970` milliseconds after the epoch, clamped to `range`.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = min(max(millisecondsSince1970, Self.range.lowerBound), Self.range.upperBound)
    }

    /// The moment of `date`, truncated toward the past to a whole millisecond and clamped to `range`.
    public init(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        if milliseconds.isNaN {
            self.init(millisecondsSince1970: 0)
        } else if milliseconds >= Double(Self.range.upperBound) {
            self.init(millisecondsSince1970: Self.range.upperBound)
        } else if milliseconds <= Double(Self.range.lowerBound) {
            self.init(millisecondsSince1970: Self.range.lowerBound)
        } else {
            self.init(millisecondsSince1970: Int64(milliseconds))
        }
    }

    /// The moment as a Foundation `Date`.
    public var date: Date {
        Date(timeIntervalSince1970: TimeInterval(millisecondsSince1970) / 1000)
    }

    /// This moment moved by `duration`, to the millisecond (saturating at the representable range).
    public func advanced(by duration: Duration) -> Timestamp {
        let (sum, overflow) = millisecondsSince1970.addingReportingOverflow(duration.wholeMilliseconds)
        return Timestamp(millisecondsSince1970: overflow ? (duration < .zero ? .min : .max) : sum)
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// ISO 8601 in UTC with milliseconds: `2026-11-30T10:00:00.250Z`.
    public var description: String {
        let days = millisecondsSince1970.floorDivided(by: 86_400_000)
        let inDay = millisecondsSince1970 - days * 86_400_000
        let (year, month, day) = Self.civil(fromDays: days)
        let hour = inDay / 3_600_000, minute = inDay / 60_000 % 60, second = inDay / 1000 % 60
        let milli = inDay % 1000
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value.magnitude)
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(milli, 3))Z"
    }

    /// Reads ISO 8601 in UTC: `YYYY-MM-DDTHH:MM:SS` with an optional fraction of 1 to 3 digits and a
    /// final `Z` (years 0000…9999).
    ///
    /// - Throws: `TimestampError` saying what is wrong with the text.
    public init(iso8601 text: String) throws(TimestampError) {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ width: Int, _ what: String) throws(TimestampError) -> Int64 {
            guard index + width <= bytes.count else { throw TimestampError(text: text, reason: "\(what) is missing") }
            var value: Int64 = 0
            for byte in bytes[index..<index + width] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                    throw TimestampError(text: text, reason: "\(what) must be \(width) digits")
                }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += width
            return value
        }
        func literal(_ character: Character) throws(TimestampError) {
            guard index < bytes.count, bytes[index] == character.asciiValue else {
                throw TimestampError(text: text, reason: "expected \"\(character)\" at offset \(index)")
            }
            index += 1
        }
        let year = try number(4, "the year")
        try literal("-")
        let month = try number(2, "the month")
        try literal("-")
        let day = try number(2, "the day")
        try literal("T")
        let hour = try number(2, "the hour")
        try literal(":")
        let minute = try number(2, "the minute")
        try literal(":")
        let second = try number(2, "the second")
        var milli: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                guard digits < 3 else { throw TimestampError(text: text, reason: "at most 3 fraction digits (milliseconds)") }
                milli = milli * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { throw TimestampError(text: text, reason: "a fraction needs digits") }
            for _ in digits..<3 { milli *= 10 }
        }
        try literal("Z")
        guard index == bytes.count else { throw TimestampError(text: text, reason: "unexpected text after \"Z\"") }
        guard (1...12).contains(month) else { throw TimestampError(text: text, reason: "month \(month) is not 01…12") }
        guard (1...Self.daysIn(month: month, year: year)).contains(day) else {
            throw TimestampError(text: text, reason: "day \(day) does not exist in \(year)-\(month)")
        }
        guard hour < 24, minute < 60, second < 60 else { throw TimestampError(text: text, reason: "the time of day is out of range") }
        let days = Self.days(fromCivil: year, month, day)
        millisecondsSince1970 = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + milli
    }

    private static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Days since 1970-01-01 of a proleptic Gregorian date, and back (Howard Hinnant's algorithms).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Text that is not an ISO 8601 UTC timestamp.
public struct TimestampError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that was read.
    public var text: String
    /// What is wrong with it.
    public var reason: String

    /// `"2026-11-30" is not a timestamp: expected "T" at offset 10`.
    public var description: String { "\(String(reflecting: text)) is not a timestamp: \(reason)" }
}

extension Timestamp: Codable {
    /// Decodes ISO 8601 text (`"2026-11-30T10:00:00Z"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try Timestamp(iso8601: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes ISO 8601 text with milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

extension Duration {
    /// The duration in whole milliseconds, truncated toward zero and clamped to Int64.
    var wholeMilliseconds: Int64 {
        // `components` traps when the seconds do not fit `Int64` (a `Duration` has 128 bits):
        // a review found `PurchasePolicy(orderMatchWindow: .seconds(Int64.min))` stopping the
        // ledger at the first purchase without an order id.
        if self >= .milliseconds(Int64.max) { return .max }
        if self <= .milliseconds(Int64.min) { return .min }
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return overflow2 ? (seconds < 0 ? .min : .max) : sum
    }

    /// The duration negated, in whole milliseconds as `wholeMilliseconds` clamps them: `.zero -
    /// window` traps for a window of `Int128.min` attoseconds (and, with Swift 6.3.1, for
    /// `Int128.min + 1`), which stopped the ledger at its first order (review, 2026-12-02).
    var negatedWholeMilliseconds: Duration {
        let milliseconds = wholeMilliseconds
        return .milliseconds(milliseconds == .min ? .max : -milliseconds)
    }
}
