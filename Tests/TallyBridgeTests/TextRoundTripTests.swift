import Foundation
@testable import TallyBridge
import TallyCheckout
import TallyDecimal
import TallyMoney
import TallyTesting
import XCTest

/// Arbitrary text (`Gen.string`: accents, right-to-left scripts, look-alike digits, emoji,
/// control and format characters) through the JSON writer, the reader and the checkout document.
final class TextRoundTripTests: XCTestCase {
    /// The same Unicode scalars, not merely the same text under canonical equivalence (which
    /// `String ==` uses, and which would let a writer that normalized text pass).
    private func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    /// What the writer writes, the reader reads back scalar for scalar, and so does Foundation's
    /// `JSONSerialization`: the escaping is JSON for other readers too.
    func testAnyStringRoundTripsThroughTheWriterAndTheReader() {
        forAll(Gen.string(count: 0...30), count: 500) { text in
            let written = JSONWriter.write(.array([.string(text)]), pretty: false)
            guard case .array(let values) = try JSONReader.read(written), values.count == 1, case .string(let read) = values[0] else {
                return try expect(false, "\(written.debugDescription) is not read as one string")
            }
            try expect(self.scalars(read) == self.scalars(text), "Tally reads back \(written.debugDescription) as \(read.debugDescription)")
            let foundation = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String]
            try expect(foundation.map { $0.map(self.scalars) } == [self.scalars(text)], "Foundation reads \(written.debugDescription)")
        }
    }

    /// The case the property above found: Foundation's `JSONSerialization` (Linux) dropped a
    /// U+FEFF that began a string, so the writer escapes it (and U+2028 and U+2029, which end a
    /// string literal in JavaScript before ES2019).
    func testAByteOrderMarkAndTheLineSeparatorsAreEscaped() throws {
        XCTAssertEqual(JSONWriter.write(.array([.string("\u{FEFF}a\u{2028}b\u{2029}")]), pretty: false), #"["\ufeffa\u2028b\u2029"]"#)
        for text in ["\u{FEFF}", "\u{FEFF}a", "a\u{FEFF}"] {
            let written = JSONWriter.write(.array([.string(text)]), pretty: false)
            let read = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String])
            XCTAssertEqual(read.map(scalars), [scalars(text)], written)
        }
    }

    /// DEL, the C1 controls and the bidirectional controls, which JSON allows raw, are written as
    /// `\u` escapes (a review found them raw: U+009B is a one-character CSI to a terminal that
    /// honours C1 controls, and U+202E shows the rest of a line reversed, an amount included),
    /// and read back the same by `JSONReader` and by Foundation; their neighbours stay raw.
    func testDeleteC1AndBidirectionalControlsAreEscaped() throws {
        let escaped: [UInt32] = Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        let raw: [UInt32] = [0x7E, 0xA0, 0xA1, 0x061B, 0x061D, 0x200D, 0x2010, 0x2027, 0x202F, 0x2064, 0x206A]
        for value in escaped + raw {
            let scalar = try XCTUnwrap(Unicode.Scalar(value))
            let text = "a" + String(Character(scalar)) + "10.0"
            let written = JSONWriter.write(.array([.string(text)]), pretty: false)
            let hex = String(value, radix: 16)
            let expected = escaped.contains(value)
                ? #"["a\u"# + String(repeating: "0", count: 4 - hex.count) + hex + #"10.0"]"#
                : #"["a"# + String(Character(scalar)) + #"10.0"]"#
            XCTAssertEqual(Array(written.unicodeScalars), Array(expected.unicodeScalars), "U+\(hex)")
            guard case .array(let values) = try JSONReader.read(written), values.count == 1, case .string(let read) = values[0] else {
                return XCTFail("\(written.debugDescription) is not read as one string")
            }
            XCTAssertEqual(scalars(read), scalars(text), "Tally reads back U+\(hex)")
            let foundation = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String])
            XCTAssertEqual(foundation.map(scalars), [scalars(text)], "Foundation reads back U+\(hex)")
        }
    }

    /// The JSON outputs of the commands (`tally quote --format json|applepay|w3c`, each line of
    /// `tally replay`) carry no raw C1 or bidirectional control from a document's labels,
    /// identifiers or merchant name.
    func testTheJSONOutputsCarryNoRawC1OrBidirectionalControl() throws {
        let controls = #"\u007f\u0085\u009b31m\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"#
        let document = #"{"merchantName": "Shop"# + controls + #"", "currencyCode": "USD", "countryCode": "US", "#
            + #""items": [{"label": "Item"# + controls + #"", "amount": "10.00"}], "#
            + #""shippingMethods": [{"identifier": "ship"# + controls + #"", "label": "Post"# + controls + #"", "amount": "1.00"}]}"#
        func raw(_ output: String) -> [String] {
            output.unicodeScalars.filter { JSONWriter.escaped($0) && $0 != "\n" }.map { String($0.value, radix: 16) }
        }
        for format in ["json", "applepay", "w3c"] {
            let quote = QuoteCommand.run(["doc.json", "--format", format]) { _ in document }
            XCTAssertEqual(quote.status, 0, quote.errors)
            XCTAssertTrue(quote.output.contains(#"Item\u007f\u0085\u009b31m\u061c"#), quote.output)
            XCTAssertEqual(raw(quote.output), [], format)
        }
        let replay = #"{"document": \#(document), "events": [{"selectShippingMethod": "ship\#(controls)"}]}"#
        let result = ReplayCommand.run(["doc.json"]) { _ in replay }
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains(#"\u202e"#), result.output)
        XCTAssertEqual(raw(result.output), [])
    }

    /// An item label of any text is either kept exactly or refused with a typed error that names
    /// the label's place in the document; nothing in between, and nothing crashes.
    func testAnyItemLabelIsKeptExactlyOrRefusedByName() {
        forAll(Gen.string(count: 0...30), count: 500) { label in
            let document = #"{"merchantName": "Shop", "currencyCode": "USD", "countryCode": "US", "items": [{"label": "#
                + JSONWriter.write(.string(label), pretty: false) + #", "amount": "1.00"}]}"#
            do {
                let checkout = try CheckoutDocument.checkout(from: document)
                try expect(self.scalars(checkout.items[0].label) == self.scalars(label), "the label is kept as written")
                try expect(checkout.summary.total.amount == 1, "the total is the item")
            } catch let error as DocumentError {
                try expect("\(error)".contains("items[0].label"), "the refusal names the label: \(error)")
            }
        }
    }

    /// Columns as terminals show them: a review of the table found decomposed accents and emoji
    /// counted by scalar (`e` + U+0301 as 2, `👨‍👩‍👧` as 5, `👍` as 1), which pushed the amounts of
    /// those rows out of line.
    func testDisplayWidthCountsCharactersAsTerminalsShowThem() {
        let widths: [(String, Int)] = [
            ("abc", 3), ("商品价格", 8), ("Café", 4), ("Cafe\u{301}", 4), ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2),
            ("🇺🇸", 2), ("❤️", 2), ("❤", 1), ("#️⃣", 2), ("#", 1), ("a\u{200B}b", 2), ("\u{FEFF}", 0),
            ("\u{301}", 0), ("𠀀", 2), ("한", 2), ("\u{1100}\u{1161}", 2), ("ＡＢ", 4), ("Ω", 1), ("", 0),
        ]
        for (text, width) in widths {
            XCTAssertEqual(SummaryRenderer.displayWidth(text), width, "\(text.debugDescription) \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Characters a review found miscounted, with the columns glibc's `wcwidth` gives them and
    /// terminals show: wide punctuation, Hangul jamo, kana and Tangut counted 1 instead of 2,
    /// U+303F counted 2 instead of 1, the soft hyphen counted 0 instead of 1, and a Hangul vowel
    /// or final consonant that joins no syllable counted 1 instead of 0.
    static let miscounted: [(text: String, columns: Int)] = [
        ("\u{FE10}\u{FE19}", 4), ("\u{FE30}\u{FE4F}", 4), ("\u{A960}x\u{A97C}", 5), ("\u{2329}x\u{232A}", 5),
        ("\u{1B000}\u{1B122}\u{1B150}", 6), ("\u{17000}\u{187F7}", 4), ("\u{18800}\u{18AFF}", 4), ("\u{1F200}\u{1F260}", 4),
        ("a\u{303F}b", 3), ("co\u{AD}op", 5), ("a\u{1160}\u{11FF}b", 2), ("a\u{D7B0}\u{D7CB}b", 2),
        ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{4DC0}\u{3248}", 4), ("\u{3250}", 2), ("\u{3099}", 0),
    ]

    /// `displayWidth` of each miscounted text, and a table of them aligned: every row's amount
    /// starts in the same column, counted from the columns above (known independently of
    /// `displayWidth`) and the spaces the table actually printed.
    func testTheMiscountedCharactersAlign() throws {
        for (text, columns) in Self.miscounted {
            XCTAssertEqual(SummaryRenderer.displayWidth(text), columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        let items = Self.miscounted.map { SummaryItem(label: $0.text, amount: 1) }
        let checkout = try Checkout(currency: .usd, countryCode: "US", merchantName: "Shop", items: items)
        let rendered = SummaryRenderer.table(checkout)
        let rows = rendered.split(separator: "\n").map(String.init)
        let widest = Self.miscounted.map(\.columns).max() ?? 0
        let total = "\(Self.miscounted.count).00"
        for (index, (text, columns)) in Self.miscounted.enumerated() {
            let row = rows[index]
            XCTAssertTrue(row.hasPrefix(text) && row.hasSuffix(" 1.00"), row.debugDescription)
            let spaces = row.unicodeScalars.count - text.unicodeScalars.count - "1.00".count
            XCTAssertEqual(columns + spaces, widest + 2 + total.count - "1.00".count, "the amount's column in row \(index): \(row.debugDescription)")
            XCTAssertEqual(SummaryRenderer.displayWidth(row), widest + 2 + total.count, "row \(index)")
        }
        XCTAssertEqual(rows[Self.miscounted.count], String(repeating: "-", count: widest + 2 + total.count))
        XCTAssertEqual(SummaryRenderer.displayWidth(rows[Self.miscounted.count + 1]), widest + 2 + total.count)
    }

    /// `wideRanges` is what `isWide` searches: sorted, disjoint ranges, each first code point at
    /// most its last; and the search finds each range's ends and nothing just outside them.
    func testTheWideRangesAreSortedAndSearched() {
        let ranges = SummaryRenderer.wideRanges
        XCTAssertEqual(ranges.count % 2, 0)
        for index in stride(from: 0, to: ranges.count, by: 2) {
            XCTAssertLessThanOrEqual(ranges[index], ranges[index + 1], "range \(index / 2)")
            if index > 0 { XCTAssertGreaterThan(ranges[index], ranges[index - 1] + 1, "range \(index / 2) follows the one before, apart") }
            XCTAssertTrue(SummaryRenderer.isWide(ranges[index]) && SummaryRenderer.isWide(ranges[index + 1]), "range \(index / 2)")
            XCTAssertFalse(SummaryRenderer.isWide(ranges[index] - 1) || SummaryRenderer.isWide(ranges[index + 1] + 1), "around range \(index / 2)")
        }
        XCTAssertFalse(SummaryRenderer.isWide(0) || SummaryRenderer.isWide(0x10FFFF))
    }

    /// A table cell (a summary label, a transaction identifier in `tally purchases replay`) is one
    /// line, with tabs escaped as well as line breaks and bidirectional controls.
    func testATableCellIsOneLineWithoutTabs() {
        XCTAssertEqual(SummaryRenderer.tableCell("a\tb\nc\u{202E}d"), #"a\tb\nc\u{202E}d"#)
        XCTAssertEqual(SummaryRenderer.displayWidth(SummaryRenderer.tableCell("\t")), 2)
    }

    /// Whatever the labels, the table pads each to the widest, by widths known independently of
    /// `displayWidth`: labels are built from pieces whose columns are fixed (a tab is shown as
    /// `\t`, two columns: a terminal would show it as 1 to 8).
    func testTableRowsAlignForAnyLabels() {
        let pieces: [(text: String, columns: Int)] = [
            ("a", 1), ("Z", 1), ("中", 2), ("한", 2), ("👍🏽", 2), ("🇺🇸", 2), ("e\u{301}", 1), ("\u{200B}", 0), ("\t", 2), ("ｘ", 2),
        ]
        let label = Gen.element(of: pieces).array(count: 1...8).map { ($0.map(\.text).joined(), $0.map(\.columns).reduce(0, +)) }
        forAll(label.array(count: 1...4), count: 300) { labels in
            let items = labels.map { SummaryItem(label: $0.0, amount: 1) }
            let checkout = try Checkout(currency: .usd, countryCode: "US", merchantName: "Shop", items: items)
            let rows = SummaryRenderer.table(checkout).split(separator: "\n").map(String.init)
            let widest = max(labels.map(\.1).max() ?? 0, 4)  // "Shop", the total's label
            for (index, (text, columns)) in labels.enumerated() {
                let shown = text.replacingOccurrences(of: "\t", with: "\\t")
                try expect(rows[index].hasPrefix(shown), "row \(index) starts with its label: \(rows[index].debugDescription)")
                let padding = rows[index].dropFirst(shown.count).prefix { $0 == " " }.count
                // Two spaces between the columns, and every amount is 1.00 (the total at most 4.00).
                try expect(padding == widest - columns + 2, "row \(index): \(padding) spaces after \(shown.debugDescription) (\(columns) columns, widest \(widest))")
            }
        }
    }
}
