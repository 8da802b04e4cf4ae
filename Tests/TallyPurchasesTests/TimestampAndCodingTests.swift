import Foundation
import TallyMoney
import TallyPurchases
import XCTest

/// Timestamps read and write ISO 8601 exactly to the millisecond; events decode strictly, with
/// errors that name the key.
final class TimestampAndCodingTests: XCTestCase {
    func testTimestampsRoundTripToTheMillisecond() throws {
        let table: [(String, Int64, String)] = [
            ("1970-01-01T00:00:00Z", 0, "1970-01-01T00:00:00.000Z"),
            ("2026-11-30T10:00:00.25Z", 1_796_032_800_250, "2026-11-30T10:00:00.250Z"),
            ("1969-12-31T23:59:59.999Z", -1, "1969-12-31T23:59:59.999Z"),
            ("2024-02-29T12:00:00.5Z", 1_709_208_000_500, "2024-02-29T12:00:00.500Z"),
            ("0000-01-01T00:00:00Z", Timestamp.range.lowerBound, "0000-01-01T00:00:00.000Z"),
            ("9999-12-31T23:59:59.999Z", Timestamp.range.upperBound, "9999-12-31T23:59:59.999Z"),
        ]
        for (text, milliseconds, written) in table {
            let timestamp = try Timestamp(iso8601: text)
            XCTAssertEqual(timestamp.millisecondsSince1970, milliseconds, text)
            XCTAssertEqual(timestamp.description, written)
            XCTAssertEqual(try Timestamp(iso8601: written), timestamp)
        }
        // Every millisecond of a few random days reads back from its text.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let t = Timestamp(millisecondsSince1970: Int64.random(in: Timestamp.range, using: &generator))
            XCTAssertEqual(try Timestamp(iso8601: t.description), t, t.description)
        }
    }

    func testTimestampsAreClampedAndFollowDates() {
        XCTAssertEqual(Timestamp(millisecondsSince1970: .max).millisecondsSince1970, Timestamp.range.upperBound)
        XCTAssertEqual(Timestamp(millisecondsSince1970: .min).millisecondsSince1970, Timestamp.range.lowerBound)
        XCTAssertEqual(Timestamp(Date(timeIntervalSince1970: 1.2345)).millisecondsSince1970, 1234)
        XCTAssertEqual(Timestamp(Date(timeIntervalSince1970: -0.0005)).millisecondsSince1970, -1, "toward the past")
        XCTAssertEqual(Timestamp(Date.distantFuture).description, "4001-01-01T00:00:00.000Z")
        XCTAssertEqual(Timestamp(Date(timeIntervalSince1970: TimeInterval(Int64.max))).millisecondsSince1970, Timestamp.range.upperBound)
        XCTAssertEqual(Timestamp(Date(timeIntervalSince1970: -TimeInterval(Int64.max))).millisecondsSince1970, Timestamp.range.lowerBound)
        XCTAssertEqual(Timestamp(millisecondsSince1970: 1500).date, Date(timeIntervalSince1970: 1.5))
        XCTAssertEqual(Timestamp(millisecondsSince1970: 0).advanced(by: .seconds(-2)).millisecondsSince1970, -2000)
    }

    func testBadTimestampsSayWhatIsWrong() {
        let table: [(String, String)] = [
            ("2026-11-30", "\"2026-11-30\" is not a timestamp: expected \"T\" at offset 10"),
            ("2026-13-01T00:00:00Z", "\"2026-13-01T00:00:00Z\" is not a timestamp: month 13 is not 01…12"),
            ("2025-02-29T00:00:00Z", "\"2025-02-29T00:00:00Z\" is not a timestamp: day 29 does not exist in 2025-2"),
            ("2026-11-30T24:00:00Z", "\"2026-11-30T24:00:00Z\" is not a timestamp: the time of day is out of range"),
            ("2026-11-30T10:00:00.1234Z", "\"2026-11-30T10:00:00.1234Z\" is not a timestamp: at most 3 fraction digits (milliseconds)"),
            ("2026-11-30T10:00:00+01:00", "\"2026-11-30T10:00:00+01:00\" is not a timestamp: expected \"Z\" at offset 19"),
            ("2026-11-30T10:00:00Zjunk", "\"2026-11-30T10:00:00Zjunk\" is not a timestamp: unexpected text after \"Z\""),
            ("２026-11-30T10:00:00Z", "\"２026-11-30T10:00:00Z\" is not a timestamp: the year must be 4 digits"),
            ("", "\"\" is not a timestamp: the year is missing"),
        ]
        for (text, message) in table {
            XCTAssertThrowsError(try Timestamp(iso8601: text), text) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    func testEventsDecodeStrictly() throws {
        func message(_ json: String) -> String {
            do {
                _ = try PurchaseLog.events(fromJSONLines: "\n" + json + "\n")
                return "decoded"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(message(#"{}"#), "line 2: an event is an object with exactly one of the keys order, transaction, receiptAccepted, receiptRejected, uploadFailed")
        XCTAssertEqual(message(#"{"receiptAccepted": {"transaction": "T"}, "uploadFailed": {"transaction": "T"}}"#),
                       "line 2: an event is an object with exactly one of the keys order, transaction, receiptAccepted, receiptRejected, uploadFailed; found receiptAccepted, uploadFailed")
        XCTAssertEqual(message(#"{"transaction": {"id": "T", "product": "p", "date": "2026-11-30T10:00:00Z", "state": "bought"}}"#),
                       "line 2: at transaction.state: unknown state \"bought\"; expected purchasing, purchased, restored, failed or deferred")
        XCTAssertEqual(message(#"{"transaction": {"id": "T", "product": "p", "date": "yesterday", "state": "purchased"}}"#),
                       "line 2: at transaction.date: \"yesterday\" is not a timestamp: the year must be 4 digits")
        XCTAssertEqual(message(#"{"transaction": {"id": "T", "product": "p", "quantity": 0, "date": "2026-11-30T10:00:00Z", "state": "purchased"}}"#),
                       "line 2: at transaction.quantity: quantity 0 is not 1…10")
        XCTAssertEqual(message(#"{"order": {"id": "A", "product": {"identifier": "p", "price": {"amount": "1e999999", "currency": "USD"}, "displayName": "P"}, "createdAt": "2026-11-30T10:00:00Z"}}"#),
                       "line 2: at order.product.price.amount: \"1e999999\" is not a decimal number: exponent out of range (limit ±6144)")
        XCTAssertEqual(message(#"{"order": {"id": "A", "product": {"identifier": "p", "price": {"amount": "1.00", "currency": "XYZ"}, "displayName": "P"}, "createdAt": "2026-11-30T10:00:00Z"}}"#),
                       "line 2: at order.product.price.currency: \"XYZ\" is not an ISO 4217 code")
        XCTAssertEqual(message(#"{"receiptRejected": {"reason": "x"}}"#), "line 2: at receiptRejected: missing \"transaction\"")
    }
}
