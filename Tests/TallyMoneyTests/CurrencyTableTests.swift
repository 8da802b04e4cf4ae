import Foundation
import TallyDecimal
import TallyMoney
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The currency table against its source, ISO 4217 List One as committed in Data/ (the same file
/// Scripts/generate-iso4217.py reads), entry by entry.
final class CurrencyTableTests: XCTestCase {
    struct Entry: Equatable {
        var code = "", number = "", minorUnits = "", name = ""
    }

    /// Reads Data/iso4217-list-one.xml from this checkout (found relative to this file).
    func sourceEntries() throws -> (published: String, entries: [String: Entry]) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Data/iso4217-list-one.xml"))
        final class Reader: NSObject, XMLParserDelegate {
            var published = "", entries: [String: Entry] = [:], current = Entry(), text = ""
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == "ISO_4217" { published = attributes["Pblshd"] ?? "" }
                if name == "CcyNtry" { current = Entry() }
                text = ""
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                let value = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                switch name {
                case "Ccy": current.code = value
                case "CcyNbr": current.number = value
                case "CcyMnrUnts": current.minorUnits = value
                case "CcyNm": current.name = value
                case "CcyNtry": if !current.code.isEmpty { entries[current.code] = current }
                default: break
                }
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "the committed ISO 4217 XML must parse")
        return (reader.published, reader.entries)
    }

    func testEveryCodeMatchesTheSource() throws {
        let (published, entries) = try sourceEntries()
        XCTAssertEqual(published, Currency.isoTablePublicationDate)
        XCTAssertEqual(entries.count, 178, "ISO 4217 List One of 2026-01-01 has 178 codes")
        var withMinorUnits = 0
        for (code, entry) in entries {
            let number = try XCTUnwrap(Int(entry.number), code)
            if entry.minorUnits == "N.A." {
                XCTAssertThrowsError(try Currency(code)) { error in
                    XCTAssertEqual(error as? MoneyError, .currencyWithoutMinorUnits(code: code, name: entry.name))
                }
                XCTAssertThrowsError(try Currency(numericCode: number))
                continue
            }
            withMinorUnits += 1
            let currency = try Currency(code)
            XCTAssertEqual(currency.minorUnits, Int(entry.minorUnits), code)
            XCTAssertEqual(currency.numericCode, number, code)
            XCTAssertEqual(currency.name, entry.name, code)
            XCTAssertTrue(currency.isISO)
            XCTAssertEqual(try Currency(numericCode: number), currency, code)
        }
        XCTAssertEqual(Currency.allISO.count, withMinorUnits)
        XCTAssertEqual(Set(Currency.allISO.map(\.code)).count, withMinorUnits)
    }

    /// The minor units that money libraries keep getting wrong, pinned by hand as well.
    func testMinorUnitsOfTheUsualSuspects() throws {
        let expected: [String: Int] = [
            "USD": 2, "EUR": 2, "CNY": 2, "JPY": 0, "KRW": 0, "ISK": 0, "CLP": 0, "VND": 0, "HUF": 2,
            "KWD": 3, "BHD": 3, "JOD": 3, "OMR": 3, "TND": 3, "IQD": 3, "LYD": 3, "CLF": 4, "UYW": 4,
        ]
        for (code, minorUnits) in expected { XCTAssertEqual(try Currency(code).minorUnits, minorUnits, code) }
        XCTAssertEqual(try Currency(numericCode: 392).code, "JPY")
        XCTAssertEqual(try Currency(numericCode: 156).code, "CNY")
        XCTAssertEqual(try Currency(numericCode: 8).code, "ALL")
    }

    func testLookupErrorsAreTyped() {
        XCTAssertThrowsError(try Currency("usd")) { error in
            XCTAssertEqual(error as? MoneyError, .unknownCurrencyCode("usd"))
            XCTAssertEqual("\(error)", #""usd" is not an ISO 4217 code"#)
        }
        XCTAssertThrowsError(try Currency("XXY")) { XCTAssertEqual("\($0)", #""XXY" is not an ISO 4217 code"#) }
        XCTAssertThrowsError(try Currency(numericCode: 1)) { XCTAssertEqual($0 as? MoneyError, .unknownNumericCurrencyCode(1)) }
        XCTAssertThrowsError(try Currency("XAU")) { error in
            XCTAssertEqual("\(error)", "XAU (Gold) has no minor units in ISO 4217; use Currency(code:minorUnits:) with the precision you need")
        }
    }

    func testCustomCurrencies() throws {
        let token = Currency(code: "TOK", minorUnits: 8, name: "Token")
        XCTAssertEqual(token.minorUnits, 8)
        XCTAssertEqual(token.minorUnit, "0.00000001")
        XCTAssertFalse(token.isISO)
        XCTAssertNil(token.numericCode)
        XCTAssertNotEqual(Currency(code: "USD", minorUnits: 2), .usd, "a custom currency is never an ISO one")
    }

    /// Where Foundation's locale data (ICU/CLDR) shows a different number of digits than ISO 4217's
    /// minor units. Tally validates and rounds with ISO's, and formats with ISO's digits too (see
    /// Guides/Currencies.md). Pinned for the ICU that ships with Swift 6.3.1 on Linux, en_US locale.
    func testWhereICUDisplayDigitsDifferFromISO() throws {
        var differences: [String: Int] = [:]
        for currency in Currency.allISO {
            let shown = Decimal(1).formatted(.currency(code: currency.code).locale(Locale(identifier: "en_US")))
            // From the first digit on ("Cg. 1.00" has a point in its symbol), count the digits after the point.
            let number = shown.drop { !$0.isNumber }
            let fraction = number.split(separator: ".").dropFirst().first.map { $0.filter(\.isNumber).count } ?? 0
            if fraction != currency.minorUnits { differences[currency.code] = fraction }
        }
        // ISO says 2 (IQD: 3); CLDR says 0 for all of them: their minor units are not used in practice.
        let expected = [
            "AFN", "ALL", "COP", "IDR", "IQD", "IRR", "KPW", "LAK", "LBP", "MGA", "MMK", "PKR", "RSD", "SOS", "SYP", "YER",
        ]
        XCTAssertEqual(differences.keys.sorted(), expected)
        XCTAssertTrue(differences.values.allSatisfy { $0 == 0 })
        // The guide's XCG example, no-break space and all (a review found a plain one written there).
        XCTAssertEqual(Money("1", try Currency("XCG")).formatted(locale: Locale(identifier: "en_US")), "Cg.\u{A0}1.00")
    }
}
