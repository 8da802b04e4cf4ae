// Text and optionals: the labels, codes and documents money code reads, and values that may be
// missing. Each maps choice 0 to its simplest value ("a", "", nil), so shrinking moves toward it.

extension Gen where Value == Character {
    /// Characters that exercise text handling: printable ASCII most often (letters first, so a
    /// counterexample shrinks toward `"a"`), then accented Latin letters, other scripts
    /// (right-to-left ones included), look-alikes of the characters amounts are written with
    /// (`"１"`, `"٣"`, `"−"`, `"٫"`, a thin space, currency signs), combining marks and emoji
    /// (a skin tone, a family joined by zero-width joiners, a flag, a lone regional indicator),
    /// and control and format characters (tab, newline, CR LF, NUL, DEL, zero-width space and
    /// joiner, a byte-order mark, the right-to-left override, a line separator, a no-break
    /// space).
    ///
    /// Every character is one grapheme on its own; drawn next to each other, some join into one
    /// or pair differently, as in real text (a combining mark after a letter; a lone regional
    /// indicator before a flag pairs with the flag's first half).
    public static var character: Gen<Character> {
        Gen.frequency([
            (12, .element(of: TextPools.ascii)),
            (2, .element(of: TextPools.latin)),
            (2, .element(of: TextPools.scripts)),
            (2, .element(of: TextPools.lookalikes)),
            (1, .element(of: TextPools.marksAndEmoji)),
            (1, .element(of: TextPools.controlsAndFormats)),
        ])
    }

    /// Characters whose single Unicode scalar lies in `range`, uniformly over its scalar values;
    /// shrinks toward the lower bound. The surrogate code points (U+D800 … U+DFFF), which are not
    /// scalars, are skipped.
    ///
    /// ```swift
    /// Gen.character(in: "a"..."z")
    /// Gen.character(in: "\u{0}"..."\u{10FFFF}")  // any scalar
    /// ```
    public static func character(in range: ClosedRange<Unicode.Scalar>) -> Gen<Character> {
        let low = range.lowerBound.value
        let high = range.upperBound.value
        // How many surrogate code points lie inside the range: they are left out of the count.
        let gap = low <= 0xD7FF && high >= 0xE000 ? UInt32(0x800) : 0
        let span = UInt64(high - low - gap)
        return Gen { choices in
            var value = low + UInt32(try choices.draw(upTo: span))
            if gap > 0 && value >= 0xD800 { value += gap }
            // Exact: `value` is at most `high` and never a surrogate.
            return Character(Unicode.Scalar(value)!)
        }
    }
}

extension Gen where Value == String {
    /// Strings of `count` drawn characters from `Gen.character` (see there for the mix): from
    /// `""` to text with accents, other scripts, look-alike digits, emoji and control characters.
    /// Shrinks toward shorter strings of `"a"`.
    ///
    /// `count` counts the characters drawn; the string's own `count` can differ where adjacent
    /// ones join into one grapheme or pair differently (in about 3 % of 3-character strings).
    /// - Precondition: `count.lowerBound` is not negative.
    public static func string(count: ClosedRange<Int> = 0...20) -> Gen<String> {
        string(of: .character, count: count)
    }

    /// Strings of `count` drawn characters from `characters`:
    /// `Gen.string(of: .character(in: "A"..."Z"), count: 3...3)` makes currency-code-shaped text.
    /// Shrinks toward shorter strings of `characters`' simplest character. As with
    /// `string(count:)`, adjacent characters may join, so the string's own `count` can differ.
    /// - Precondition: `count.lowerBound` is not negative.
    public static func string(of characters: Gen<Character>, count: ClosedRange<Int> = 0...20) -> Gen<String> {
        characters.array(count: count).map { String($0) }
    }
}

extension Gen {
    /// `nil` one time in four, otherwise a value of `wrapped`; shrinks toward `nil`, and, for a
    /// failure that needs a value, toward a simpler one.
    ///
    /// ```swift
    /// Gen.optional(Gen.decimal(.cents))
    /// ```
    public static func optional<Wrapped>(_ wrapped: Gen<Wrapped>) -> Gen<Wrapped?> where Value == Wrapped? {
        Gen { choices in
            let start = choices.recorded.count
            guard try choices.draw(upTo: 3) != 0 else { return nil }
            let value = try choices.span(wrapped)
            choices.markSpan(from: start)  // the presence choice and the value
            return value
        }
    }
}

/// The characters of `Gen.character`, each list simplest first.
enum TextPools {
    static let ascii: [Character] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-+'\"!?:;/()[]{}<>@#$%&*=_\\|^`~")
    static let latin: [Character] = ["é", "ü", "ñ", "ç", "ß", "ø", "Å", "œ", "È", "ÿ"]
    static let scripts: [Character] = ["Ω", "Ж", "ש", "ش", "ह", "ก", "中", "日", "ひ", "한"]
    static let lookalikes: [Character] = [
        "１", "٣", "۵", "−", "–", "٫", "٬", "\u{2009}", "\u{202F}", "€", "£", "¥", "₹", "¢",
    ]
    static let marksAndEmoji: [Character] = [
        "\u{301}", "e\u{301}", "👍", "👍🏽", "👨‍👩‍👧", "🇺🇸", "🇺", "❤️", "\u{FE0F}",
    ]
    static let controlsAndFormats: [Character] = [
        "\t", "\n", "\r\n", "\0", "\u{7F}", "\u{1F}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{202E}", "\u{2028}", "\u{A0}",
    ]
}
