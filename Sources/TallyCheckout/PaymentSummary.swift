import Foundation
import TallyDecimal
import TallyMoney

/// The summary items the payment sheet shows: the checkout's items as given, then the derived
/// lines — discount, shipping, tax, surcharge, each when it applies — and last the total, labelled
/// with the merchant name. The total is the exact sum of the lines above it.
///
/// A random-access collection that shares the checkout's item storage and rules: building it
/// after an event copies no items and no labels, and retains one object — two when a derived
/// amount is beyond money size (a coefficient of more than 18 digits) and the five are kept in an
/// array (pending items are shown with amount 0, and every amount with the currency's scale, as
/// they are read).
///
/// Two summaries are equal when they have the same currency, the same items and the same derived
/// lines (labels and amounts).
///
/// - Complexity: O(1) to build; O(1) to read a line.
public struct PaymentSummary: RandomAccessCollection, Hashable, Sendable {
    /// The checkout's items and rules, where the lines' labels come from.
    let terms: CheckoutTerms
    /// The derived amounts, already at the currency's scale.
    let pricing: Pricing

    /// The number of lines: the items, the derived lines, the total (stored: callers in other
    /// modules read it without a call).
    public let count: Int

    init(terms: CheckoutTerms, pricing: Pricing) {
        self.terms = terms
        self.pricing = pricing
        count = terms.items.count + pricing.lineCount
    }

    /// The currency of every amount.
    public var currency: Currency { terms.currency }

    /// The lines after the items, the total last (built when asked for).
    public var derivedLines: [SummaryItem] { (0..<pricing.lineCount).map { derivedLine($0) } }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of lines.
    public var endIndex: Int { count }

    /// The line at `position`; a pending item shows amount 0 (it is not in the total).
    /// - Precondition: `position` is in `indices` (`0..<count`), as for an array.
    public subscript(position: Int) -> SummaryItem {
        let items = terms.items
        guard position < items.count else { return derivedLine(position - items.count) }
        var item = items[position]
        let scale = currency.minorUnits
        item.amount = item.type == .pending ? .zero(scale: scale) : item.amount.shown(scale: scale)
        return item
    }

    /// The total line's amount, as `Money`.
    public var total: Money { Money(pricing.total, currency) }

    /// The total line (the last one), labelled with the merchant name.
    public var totalLine: SummaryItem { SummaryItem(label: terms.merchantName, amount: pricing.total) }

    /// The derived line at `index` (0 is the first line after the items).
    func derivedLine(_ index: Int) -> SummaryItem {
        precondition(index >= 0 && index < pricing.lineCount, "index out of range")
        var remaining = index
        if let coupon = pricing.couponIndex.value {
            if remaining == 0 { return SummaryItem(label: terms.coupons[coupon].discountLabel, amount: pricing.discount) }
            remaining -= 1
        }
        if let method = pricing.methodIndex.value {
            if remaining == 0 { return SummaryItem(label: terms.shippingMethods[method].label, amount: pricing.shipping) }
            remaining -= 1
        }
        if let rule = pricing.taxRuleIndex.value {
            if remaining == 0 { return SummaryItem(label: terms.taxRules[rule].label, amount: pricing.tax) }
            remaining -= 1
        }
        if let surcharge = pricing.surchargeIndex.value {
            if remaining == 0 { return SummaryItem(label: terms.surcharges[surcharge].label, amount: pricing.surcharge) }
        }
        return totalLine
    }

    /// Whether two summaries show the same lines: the same currency, the same items, and derived
    /// lines with the same labels and (numerically) equal amounts.
    public static func == (a: PaymentSummary, b: PaymentSummary) -> Bool {
        guard a.pricing.lineCount == b.pricing.lineCount, a.currency == b.currency else { return false }
        guard a.terms === b.terms || a.terms.items == b.terms.items else { return false }
        for index in 0..<a.pricing.lineCount {
            let (x, y) = (a.derivedLine(index), b.derivedLine(index))
            if x.label != y.label || x.amount != y.amount { return false }
        }
        return true
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(currency)
        hasher.combine(terms.items)
        hasher.combine(pricing.lineCount)
        for index in 0..<pricing.lineCount {
            let line = derivedLine(index)
            hasher.combine(line.label)
            hasher.combine(line.amount)
        }
    }
}

extension BigDecimal {
    /// The amount with exactly `scale` decimals, as the sheet shows it (`5` as `5.00`). Exact for
    /// the amounts of a checkout, which are whole minor units: rescaled only when written with
    /// fewer decimals.
    @inline(__always)
    func shown(scale: Int) -> BigDecimal {
        exponent == -scale ? self : rounded(scale: scale, .towardZero)
    }

    /// Zero with `scale` decimals (`0.00`), `scale` being a currency's minor units (0...18).
    @inline(__always)
    static func zero(scale: Int) -> BigDecimal {
        BigDecimal(inlineCoefficient: 0, storedExponent: Int32(-scale))
    }
}

/// An index into one of the checkout's arrays of rules, or none, in four bytes (a summary keeps
/// four of them).
struct RuleIndex: Hashable, Sendable {
    private let raw: Int32

    static let none = RuleIndex(raw: -1)

    private init(raw: Int32) { self.raw = raw }

    /// `index`, which must fit in 31 bits (arrays of rules are far smaller), or `.none`.
    init(_ index: Int?) {
        guard let index else {
            self = .none
            return
        }
        raw = Int32(index)
    }

    var value: Int? { raw < 0 ? nil : Int(raw) }
}

/// Whether two country or region codes are the same: equal once both are trimmed of surrounding
/// white space and lowercased, compared as Unicode strings are (canonically equivalent spellings
/// are equal). So "ca" and " CA " are "CA", and "QUÉBEC", "québec" and "que\u{301}bec" (a
/// combining accent) are one region. An equivalence, answered without building strings unless
/// a byte outside ASCII, or white space, differs.
///
/// Both codes must be in `matchableCode` form (an ASCII code as given, any other its key): the
/// rule loops compare the forms made beforehand (`CheckoutTerms.matchingTaxRules`,
/// `.matchingShippingRules` and the contact's), so that a code outside ASCII costs one
/// comparison of keys per rule rather than the making of two keys.
func sameCode(_ a: String, _ b: String) -> Bool {
    // The usual case, a sheet reporting "US" for a rule's "US", answered by `==`, which compares
    // small ASCII strings as raw bits; the byte loop below is for codes that differ in ASCII case
    // or not at all. The loop alone took 14 % of a shipping swap's instructions (W9, two codes per
    // event) and 29 % of a contact change's (W11) under callgrind before `==` came first.
    if a == b { return true }
    // The bytes read in place: walking `String.UTF8View` iterators cost a contact change about 400
    // instructions more (W11: 6,857 against 6,455 per event). Without `==` first, reading the
    // bytes of equal codes too cost 430 more.
    let verdict = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y in sameASCIICode(x, y) }
    }
    if case .some(.some(let answer?)) = verdict { return answer }
    return sameCodeSpelledOtherwise(a, b)
}

/// `sameCode` on UTF-8 bytes when ASCII alone decides: equal but for ASCII letter case, or two
/// different ASCII characters at one place. `nil` when a differing byte (or one past the shorter
/// code) is outside ASCII or white space: another case, another normalization or padding, which
/// only whole strings can tell.
@inline(__always)
private func sameASCIICode(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool? {
    let common = Swift.min(x.count, y.count)
    var index = 0
    while index < common {
        let p = x[index]
        let q = y[index]
        index += 1
        if p == q { continue }
        if p >= 0x80 || q >= 0x80 || isCodeSpace(p) || isCodeSpace(q) { return nil }
        let lp = p &- 65 < 26 ? p | 0x20 : p
        let lq = q &- 65 < 26 ? q | 0x20 : q
        if lp != lq { return false }  // two different ASCII characters: no spelling unites them
    }
    if x.count == y.count { return true }
    let longer = x.count > y.count ? x : y
    let next = longer[common]
    return next >= 0x80 || isCodeSpace(next) ? nil : false
}

/// `sameCode` for codes that differ outside ASCII or at a white space. On `matchableCode` forms
/// (trimmed ASCII codes, and keys) it makes nothing: two keys are equal exactly when their bytes
/// are, and any other pair that reaches it differs. A raw code with white space at an end (as
/// tests pass) is keyed here.
///
/// Out of line and declared read-only: the strings it makes are its own, so callers that lend it
/// rule fields need not retain them around the call (without this, the possible releases inside
/// `lowercased()` made every rule loop retain and release its elements: +17 % instructions for a
/// contact change, W11).
///
/// An ASCII code and a key outside ASCII are never the same: the ASCII code's key is ASCII, and
/// a composed key outside ASCII is canonically equivalent to no ASCII text (the characters
/// whose decomposition is ASCII — KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA — compose to it
/// or lowercase to it). Answering that without keying the ASCII side saved a review's contact
/// change, a 251-byte region against 36,000 ASCII regions, a `lowercased()` per region.
@inline(never) @_effects(readonly)
func sameCodeSpelledOtherwise(_ a: String, _ b: String) -> Bool {
    // A code with white space at an end is a raw code (a test's; matchable forms are
    // trimmed): its key decides.
    if hasCodeSpaceAtAnEnd(a) || hasCodeSpaceAtAnEnd(b) { return codeMatchingKey(a) == codeMatchingKey(b) }
    // Two trimmed ASCII codes left here by `sameASCIICode` differ at a white space inside one,
    // or one goes on past the other: they differ, lowercased or not (lowercasing never makes a
    // space). An ASCII code and a key outside ASCII differ too (above). So only two keys are
    // compared, byte for byte. The shorter code is tested for ASCII first: keying both ASCII
    // codes on every comparison, then testing a 256-byte contact code, cost a review's 190,000
    // rules "\tUS" against a contact's "u xxx…" 25 s, then 7 s, over 52 contact changes.
    let (shorter, longer) = a.utf8.count <= b.utf8.count ? (a, b) : (b, a)
    if isASCII(shorter) || isASCII(longer) { return false }
    return a.utf8.elementsEqual(b.utf8)
}

/// Whether `code` begins or ends with white space.
@inline(__always)
func hasCodeSpaceAtAnEnd(_ code: String) -> Bool {
    codeEnds(code).map { isCodeSpace($0.first) || isCodeSpace($0.last) } ?? false
}

/// The first and last UTF-8 bytes of `code`, or `nil` when it is empty: read from the storage in
/// place (`utf8.last` walks String indices: W11, a contact change, took 620 more instructions
/// per event that way), through the indices only for a string without contiguous storage.
@inline(__always)
private func codeEnds(_ code: String) -> (first: UInt8, last: UInt8)? {
    if let ends = code.utf8.withContiguousStorageIfAvailable({ bytes in bytes.first.map { ($0, bytes[bytes.count - 1]) } }) {
        return ends
    }
    guard let first = code.utf8.first, let last = code.utf8.last else { return nil }
    return (first, last)
}

/// `code` as the rule loops compare it (see `sameCode`): an ASCII code trimmed of white space at
/// its ends (as given when it has none, as nearly every code), any other its
/// `codeMatchingKey`, made once per rule when the checkout's rules are set and once per contact
/// when it changes. Keying every code instead cost a contact change (W11) 12–40 % more
/// instructions; a code outside ASCII keyed on every comparison instead cost about 100 µs per rule
/// entry for a 160-byte region spelled decomposed against composed ones (10,000 contact changes
/// against 1,000 such rules, within a replay's bound, would have taken some 17 minutes).
@inline(__always)
func matchableCode(_ code: String) -> String {
    isASCII(code) ? trimmedCode(code) ?? "" : codeMatchingKey(code)
}

/// Whether `code` is its own `matchableCode`: ASCII without white space at its ends.
@inline(__always)
func isMatchableAsIs(_ code: String) -> Bool { isASCII(code) && !hasCodeSpaceAtAnEnd(code) }

extension TaxRule {
    /// Whether the country and region are already in `matchableCode` form.
    var hasASCIICodes: Bool { isMatchableAsIs(country) && region.map(isMatchableAsIs) != false }
    /// The rule with its country and region in `matchableCode` form.
    var matchable: TaxRule {
        var rule = self
        rule.country = matchableCode(country)
        rule.region = region.map(matchableCode)
        return rule
    }
}

/// A shipping rule as the rule loops read it: its country and regions in `matchableCode` form,
/// and its methods as indices into the checkout's `shippingMethods`, ascending, each once.
///
/// Indices because an event compares or hashes no identifier that way: a review's rule naming
/// ten 300-byte identifiers 1,000 times each, spelled decomposed (the methods composed), made
/// each contact change hash 10,000 identifiers, 0.56 s, and a replay within its rule-check
/// bound could have taken nine minutes.
struct MatchingShippingRule: Sendable {
    var country: String
    var regions: [String]
    var methods: [Int]

    /// `rule` read for the loops; `indices` gives each of the checkout's method identifiers its
    /// index (validation refuses a rule naming an unknown method; such a name is left out here).
    init(_ rule: ShippingRule, methodIndices indices: [String: Int]) {
        country = matchableCode(rule.country)
        regions = rule.regions.allSatisfy(isMatchableAsIs) ? rule.regions : rule.regions.map(matchableCode)
        var offered = Set<Int>()
        methods = rule.methods.compactMap { indices[$0] }.filter { offered.insert($0).inserted }.sorted()
    }
}

/// Whether every byte of `code`'s UTF-8 is ASCII, read in place.
@inline(__always)
func isASCII(_ code: String) -> Bool {
    code.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } }
        ?? code.utf8.allSatisfy { $0 < 0x80 }
}

/// A country or region code as `sameCode` compares it: trimmed of surrounding white space,
/// lowercased, and in Unicode's composed normal form (NFC), so that codes equal under `sameCode`
/// have equal keys (the checkout finds duplicate tax rules by them) and a key is its own key.
///
/// Trimmed scalar by scalar in Swift (`isCodeTrimmed`: the scalars of Foundation's
/// `CharacterSet.whitespacesAndNewlines`), not through Foundation: its trimming bridged every
/// code to UTF-16 and back, most of the 30 µs each comparison of a 200-byte region with a
/// rule's took (a review's 100,000 region entries made one contact change take 3 s).
///
/// Composed because `String`'s `==` composes as it compares: 39 µs for two 200-byte regions
/// of which one spells "é" as "e" and a combining accent, against 0.2 µs for two composed ones;
/// two keys are equal exactly when their bytes are.
/// Making a key outside ASCII costs about as much as that one slow comparison, so keys are made
/// once and compared many times (`matchableCode`).
@inline(never)
func codeMatchingKey(_ code: String) -> String {
    let scalars = code.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isCodeTrimmed($0) }),
        let last = scalars.lastIndex(where: { !isCodeTrimmed($0) })
    else { return "" }
    let whole = first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex
    let lowered = (whole ? code : String(scalars[first...last])).lowercased()
    if isASCII(lowered) { return lowered }
    // Composed by the standard library, whose Unicode data `==` uses: Foundation's
    // `precomposedStringWithCanonicalMapping` has older data (it leaves Unicode 16's U+16D67
    // U+16D67 apart, which `==` takes for U+16D68), so keys of equal codes differed in their
    // bytes and every comparison of them composed again (26 µs each, a review found).
    var composed: [UInt8] = []
    composed.reserveCapacity(lowered.utf8.count)
    lowered._withNFCCodeUnits { composed.append($0) }
    return String(decoding: composed, as: UTF8.self)
}

/// Whether `codeMatchingKey` trims `scalar` from the ends of a code: Foundation's
/// `CharacterSet.whitespacesAndNewlines` as this toolchain's Foundation has it: Unicode's general
/// category Z* (space, line and paragraph separators), U+0009–U+000D, U+0085 and U+200B (ZERO
/// WIDTH SPACE, a space separator in early Unicode). `CodeMatchingTests` checks every scalar.
func isCodeTrimmed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0x200B: return true
    case 0..<0xA0: return false
    default:
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}

/// An ASCII white-space byte (space, tab, line feed, carriage return, vertical tab, form feed).
@inline(__always)
func isCodeSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }

extension PostalAddress {
    /// The ISO country code without surrounding white space, `nil` when it is missing or blank
    /// (an empty code is no country).
    var knownCountryCode: String? { isoCountryCode.flatMap(trimmedCode) }
    /// The region without surrounding white space, `nil` when it is missing or blank. (A sheet's
    /// redacted contact and the full one at authorization must name the same region: a review
    /// found `"CA "` in one and `"CA"` in the other refused as another tax region.)
    var knownRegion: String? { administrativeArea.flatMap(trimmedCode) }

    /// Why the country or region code (trimmed) cannot be compared with the rules' (`the
    /// address's administrativeArea is 300 bytes long, …`), else `nil`: longer than
    /// `Checkout.maximumCodeLength`, or more than 30 combining marks in a row. No rule's code can
    /// be either, and comparing such a code with each rule's would take time quadratic in its
    /// length, so an address with one is served by no rule: `changeShippingContact` and
    /// `authorize` refuse it as an invalid postal address.
    var unmatchableCode: String? {
        if let code = knownCountryCode, let reason = unmatchable(code) { return "the address's isoCountryCode \(reason)" }
        if let code = knownRegion, let reason = unmatchable(code) { return "the address's administrativeArea \(reason)" }
        return nil
    }
}

/// Whether `code` is longer than `Checkout.maximumCodeLength` or not stream-safe: `unmatchable`'s
/// test (which writes its reason only for such a code), two length comparisons for a real code.
@inline(__always)
func isUnmatchable(_ code: String?) -> Bool {
    code.map { unmatchable($0) != nil } ?? false
}

/// Why `code` cannot be a country or region code a rule has (see `unmatchableCode`), or `nil`.
private func unmatchable(_ code: String) -> String? {
    let bytes = code.utf8.count
    if bytes > Checkout.maximumCodeLength {
        return "is \(bytes) bytes long, more than the \(Checkout.maximumCodeLength) a country or region code may have"
    }
    return isStreamSafe(code) ? nil : combiningRunReason
}

/// `code` without leading and trailing white space, or `nil` when nothing is left. Codes without
/// such space (all of them, in practice) are returned as they are, without a copy.
func trimmedCode(_ code: String) -> String? {
    guard let (first, last) = codeEnds(code) else { return nil }  // empty
    if first < 0x80 && !isCodeSpace(first) && last < 0x80 && !isCodeSpace(last) { return code }
    // Trimmed as `codeMatchingKey` trims (`isCodeTrimmed`), not through Foundation's character
    // set, so that the two cannot come apart on a Foundation that changes it (a review).
    let scalars = code.unicodeScalars
    guard let start = scalars.firstIndex(where: { !isCodeTrimmed($0) }), let end = scalars.lastIndex(where: { !isCodeTrimmed($0) }) else {
        return nil
    }
    return String(scalars[start...end])
}

/// The amounts the summary is derived from, each rounded once to the currency's minor units
/// and kept at its scale, and the indices of the rules they come from (a line is shown when its
/// rule applies: a coupon, a shipping method, a tax rule, a surcharge).
struct Pricing: Sendable {
    var amounts: DerivedAmounts
    var couponIndex: RuleIndex
    var methodIndex: RuleIndex
    var taxRuleIndex: RuleIndex
    var surchargeIndex: RuleIndex

    var discount: BigDecimal { amounts[0] }
    var shipping: BigDecimal { amounts[1] }
    var tax: BigDecimal { amounts[2] }
    var surcharge: BigDecimal { amounts[3] }
    var total: BigDecimal { amounts[4] }

    /// The derived lines: those that apply, and the total.
    var lineCount: Int {
        (couponIndex == .none ? 0 : 1) + (methodIndex == .none ? 0 : 1) + (taxRuleIndex == .none ? 0 : 1)
            + (surchargeIndex == .none ? 0 : 1) + 1
    }
}

/// The five derived amounts (discount, shipping, tax, surcharge, total) of a summary. When they
/// share one exponent and every coefficient fits `Int64` — money-sized amounts at the currency's
/// scale, the usual case — they are stored inline, so that copying a summary or an update copies
/// words and retains only the checkout's terms; otherwise they live in a shared array.
struct DerivedAmounts: Sendable {
    private enum Storage: Sendable {
        case inline(Int64, Int64, Int64, Int64, Int64, exponent: Int32)
        case shared([BigDecimal])
    }

    private let storage: Storage

    init(discount: BigDecimal, shipping: BigDecimal, tax: BigDecimal, surcharge: BigDecimal, total: BigDecimal) {
        let exponent = total.exponent
        if discount.exponent == exponent, shipping.exponent == exponent, tax.exponent == exponent,
            surcharge.exponent == exponent, let d = discount.inlineCoefficient, let s = shipping.inlineCoefficient,
            let t = tax.inlineCoefficient, let c = surcharge.inlineCoefficient, let n = total.inlineCoefficient
        {
            storage = .inline(d, s, t, c, n, exponent: Int32(exponent))  // exact: a BigDecimal exponent fits Int32
        } else {
            storage = .shared([discount, shipping, tax, surcharge, total])
        }
    }

    /// The amount at `index`: 0 discount, 1 shipping, 2 tax, 3 surcharge, 4 total.
    subscript(index: Int) -> BigDecimal {
        switch storage {
        case .inline(let d, let s, let t, let c, let n, let exponent):
            let coefficient: Int64
            switch index {
            case 0: coefficient = d
            case 1: coefficient = s
            case 2: coefficient = t
            case 3: coefficient = c
            default: coefficient = n
            }
            return BigDecimal(inlineCoefficient: coefficient, storedExponent: exponent)
        case .shared(let amounts):
            return amounts[index]
        }
    }
}

extension Checkout {
    /// The summary the payment sheet shows now (see `PaymentSummary`).
    ///
    /// - Complexity: O(1): the items subtotal is kept, only the derived lines are computed.
    public var summary: PaymentSummary { summary(pricing) }

    /// The summary for `pricing` (computed from this checkout's state).
    func summary(_ pricing: Pricing) -> PaymentSummary { PaymentSummary(terms: terms, pricing: pricing) }

    /// The index of the method with `identifier`; `nil` for an unknown one, and for one with
    /// more than 30 combining marks in a row, which no valid checkout's method has (comparing it
    /// would take time quadratic in its length).
    func shippingMethodIndex(_ identifier: String) -> Int? {
        guard isStreamSafe(identifier) else { return nil }
        return terms.methodIndex(identifier)
    }

    /// Whether the method with `identifier` is one the rules offer the current shipping contact
    /// (`false` for an unknown identifier). For saying why a selection was refused; the
    /// identifier is looked up once, not compared with each offered one.
    public func offersShippingMethod(_ identifier: String) -> Bool {
        shippingMethodIndex(identifier).map(offers) ?? false
    }

    /// The selected shipping method (events keep it among the methods offered to the contact).
    public var selectedShippingMethod: ShippingMethod? { selectedShippingMethodIndex.map { shippingMethods[$0] } }

    /// The applied coupon.
    public var appliedCoupon: Coupon? { appliedCouponIndex.map { coupons[$0] } }

    /// The derived amounts under the current state: the rules of `Checkout` in one place.
    var pricing: Pricing {
        pricing(
            methodIndex: selectedShippingMethodIndex, couponIndex: appliedCouponIndex,
            taxRuleIndex: destination.taxRuleIndex, surchargeIndex: payment?.surchargeIndex)
    }

    /// 0.01: percentages are multiplied by it.
    static let hundredth = BigDecimal(mantissa: 1, exponent: -2, isNegative: false)

    /// The derived amounts with the given method, coupon, tax rule and surcharge (indices into
    /// `shippingMethods`, `coupons`, `taxRules`, `surcharges`): what an event would produce,
    /// computed before the event changes anything.
    func pricing(methodIndex: Int?, couponIndex: Int?, taxRuleIndex: Int?, surchargeIndex: Int?) -> Pricing {
        let scale = currency.minorUnits
        let rounding = self.rounding
        // Every line at the currency's scale, as the sheet shows it; absent lines are this
        // scale's zero and are not added.
        let zero = BigDecimal.zero(scale: scale)
        let subtotal = itemsSubtotal
        let shipping = methodIndex.map { shippingMethods[$0].amount.shown(scale: scale) } ?? zero
        // Coupon: percent or amount off the items subtotal, capped so that the total before
        // shipping never goes below zero (so a negative subtotal gets no item discount); or the
        // shipping amount off, capped so that the total before tax never goes below zero. Each
        // discount is a signed line, rounded as shown (`.up` rounds −0.025 to −0.02).
        var discount = zero
        var itemDiscount = zero
        var shippingDiscount = zero
        if let couponIndex {
            let positiveSubtotal = Swift.max(subtotal, .zero)
            switch coupons[couponIndex].benefit {
            case .percentOff(let percent):
                itemDiscount = (-(positiveSubtotal * percent * Checkout.hundredth)).rounded(scale: scale, rounding)
            case .amountOff(let amount):
                itemDiscount = -amount
            case .freeShipping:
                let beforeTax = subtotal + shipping
                shippingDiscount = -Swift.min(shipping, Swift.max(beforeTax, .zero))
            }
            if itemDiscount < -positiveSubtotal { itemDiscount = -positiveSubtotal }
            discount = (itemDiscount + shippingDiscount).shown(scale: scale)
        }
        // Tax on the items after the discount, and on shipping when the rule says so; a negative
        // base (lines that net to a refund) is taxed as zero.
        var tax = zero
        if let ruleIndex = taxRuleIndex {
            var base = subtotal + itemDiscount
            if taxRules[ruleIndex].includesShipping {
                base += shipping
                base += shippingDiscount
            }
            tax = (Swift.max(base, .zero) * taxRules[ruleIndex].rate).rounded(scale: scale, rounding)
        }
        // Surcharge: a percentage of everything before it.
        var total = subtotal
        if couponIndex != nil { total += discount }
        if methodIndex != nil { total += shipping }
        if taxRuleIndex != nil { total += tax }
        var surcharge = zero
        if let surchargeIndex {
            surcharge = (Swift.max(total, .zero) * surcharges[surchargeIndex].percent * Checkout.hundredth)
                .rounded(scale: scale, rounding)
            total += surcharge
        }
        return Pricing(
            amounts: DerivedAmounts(discount: discount, shipping: shipping, tax: tax, surcharge: surcharge, total: total.shown(scale: scale)),
            couponIndex: RuleIndex(couponIndex), methodIndex: RuleIndex(methodIndex),
            taxRuleIndex: RuleIndex(taxRuleIndex), surchargeIndex: RuleIndex(surchargeIndex))
    }

    /// The shipping methods offered to `contact` under the shipping rules, or `nil` when the
    /// address is not served (see `ShippingRule`), as when its country or region code is longer
    /// than `maximumCodeLength` or has more than 30 combining marks in a row (no rule's code can).
    public func offeredShippingMethods(for contact: Contact?) -> [ShippingMethod]? {
        terms.offeredShippingMethods(under: terms.shippingRuleChoice(for: contact))
    }

    /// Which part of `contact`'s address keeps it from being served: `.country` when no rule
    /// serves its country or the country's own rule offers nothing, `.region` when a rule for
    /// its region offers nothing; `nil` when it is served. (For the W3C bridge's `retry`, which
    /// names the address field at fault.)
    package func unservedAddressPart(for contact: Contact?) -> UnservedAddressPart? {
        let choice = terms.shippingRuleChoice(for: contact)
        guard terms.offeredShippingMethods(under: choice) == nil else { return nil }
        if case .rules(_, _, regional: true) = choice { return .region }
        return .country
    }

    /// Whether the method at `index` in `shippingMethods` is offered to the shipping contact
    /// (`offeredShippingMethods` without building the array).
    func offers(methodAt index: Int) -> Bool {
        destination.offered?.contains(index) ?? false
    }

    /// The shipping methods offered to the current shipping contact.
    public var offeredShippingMethods: [ShippingMethod] {
        destination.offered.map(terms.methods) ?? []
    }
}

/// Which of the checkout's shipping methods the rules offer a destination, by index in
/// `shippingMethods`, found once when the destination changes (`Destination.offered`) and read
/// by every update and every shipping-method selection since.
enum OfferedMethods: Sendable {
    /// Every method (no rules apply).
    case all
    /// Bit `i` for method `i`, for checkouts of at most 64 methods (no allocation).
    case mask(UInt64)
    /// `true` at `i` for method `i`, for more methods.
    case table([Bool])

    /// Whether method `index` is offered.
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        switch self {
        case .all: return true
        case .mask(let mask): return mask & (1 << UInt64(index)) != 0
        case .table(let table): return table[index]
        }
    }
}

/// The part of an address that keeps it from being served (see `Checkout.unservedAddressPart`).
package enum UnservedAddressPart: Hashable, Sendable {
    /// The country: no rule serves it, or its rule offers nothing.
    case country
    /// The region: the rule for it offers nothing.
    case region
}

/// Which shipping rules apply to a contact, found without building arrays or sets.
enum ShippingRuleChoice: Hashable, Sendable {
    /// No rule serves the contact's country.
    case unserved
    /// Every method is offered (no rules, no address yet, or rules only for other regions).
    case all
    /// The rules for `country` (and `region`, when `regional`) decide; both codes in
    /// `matchableCode` form.
    case rules(country: String, region: String?, regional: Bool)
}

extension CheckoutTerms {
    /// The tax rule for the shipping contact's address (or the merchant's country before one is
    /// known): a rule for the region wins over one for the whole country. `nil` for an address
    /// with an `unmatchableCode` (the events refuse it).
    func applicableTaxRuleIndex(for contact: Contact?) -> Int? {
        let code = contact?.postalAddress?.knownCountryCode ?? countryCode
        let regionCode = contact?.postalAddress?.knownRegion
        if isUnmatchable(code) || isUnmatchable(regionCode) { return nil }  // the events refuse such a contact
        let country = matchableCode(code)
        let region = regionCode.map(matchableCode)
        let taxRules = matchingTaxRules
        if let region {
            for index in taxRules.indices
            where sameCode(taxRules[index].country, country) && taxRules[index].region.map({ sameCode($0, region) }) == true {
                return index
            }
        }
        for index in taxRules.indices where sameCode(taxRules[index].country, country) && taxRules[index].region == nil {
            return index
        }
        return nil
    }

    /// The index in `surcharges` of the surcharge for `method`'s type, if any.
    func applicableSurchargeIndex(for method: PaymentMethod?) -> Int? {
        guard let type = method?.type else { return nil }
        return surcharges.firstIndex { $0.paymentMethodType == type }
    }

    /// The shipping methods offered under `choice`, or `nil` when none is.
    func offeredShippingMethods(under choice: ShippingRuleChoice) -> [ShippingMethod]? {
        offeredMethods(under: choice).map(methods)
    }

    /// The methods `offered` holds, in the checkout's order.
    func methods(_ offered: OfferedMethods) -> [ShippingMethod] {
        if case .all = offered { return shippingMethods }
        var methods: [ShippingMethod] = []
        methods.reserveCapacity(shippingMethods.count)
        for index in shippingMethods.indices where offered.contains(index) { methods.append(shippingMethods[index]) }
        return methods
    }

    /// Which shipping methods are offered under `choice`, or `nil` when none is: one pass over
    /// the rules, each rule's regions read once whatever the number of methods. (Asked method by
    /// method, a contact change read a rule's regions once per method and again for the
    /// update's list, about 17 times what a replay's rule-check bound counts: a review's 36,000
    /// regions of 250 bytes took 124 s over 277 contact changes.)
    func offeredMethods(under choice: ShippingRuleChoice) -> OfferedMethods? {
        // ISO codes are matched without regard to case: sheets report "cn" as well as "CN".
        switch choice {
        case .unserved: return nil
        case .all: return .all
        case .rules(let country, let region, let regional):
            if shippingMethods.count <= 64 {
                var mask: UInt64 = 0
                for rule in matchingShippingRules where sameCode(rule.country, country) && decides(rule, region: region, regional: regional) {
                    for index in rule.methods { mask |= 1 << UInt64(index) }
                }
                return mask == 0 ? nil : .mask(mask)
            }
            var table = [Bool](repeating: false, count: shippingMethods.count)
            var any = false
            for rule in matchingShippingRules where sameCode(rule.country, country) && decides(rule, region: region, regional: regional) {
                for index in rule.methods { table[index] = true }
                any = any || !rule.methods.isEmpty
            }
            return any ? .table(table) : nil
        }
    }

    /// Whether `rule`, one for the contact's country, is one of those that decide: a rule naming
    /// the region when one does (`regional`), else a rule for the whole country.
    func decides(_ rule: MatchingShippingRule, region: String?, regional: Bool) -> Bool {
        regional ? region.map { region in rule.regions.contains { sameCode($0, region) } } ?? false : rule.regions.isEmpty
    }

    /// Which shipping rules apply to `contact`: none (`.unserved`) for an address with an
    /// `unmatchableCode`, even without shipping rules (the events refuse it).
    func shippingRuleChoice(for contact: Contact?) -> ShippingRuleChoice {
        let code = contact?.postalAddress?.knownCountryCode
        let regionCode = contact?.postalAddress?.knownRegion
        // Codes no rule can have (see `unmatchableCode`) are not compared with the rules at all.
        if isUnmatchable(code) || isUnmatchable(regionCode) { return .unserved }
        let shippingRules = matchingShippingRules
        guard !shippingRules.isEmpty, let code else { return .all }
        let country = matchableCode(code)
        let region = regionCode.map(matchableCode)
        var forCountry = false
        var regional = false
        var wholeCountry = false
        for rule in shippingRules where sameCode(rule.country, country) {
            forCountry = true
            if let region, rule.regions.contains(where: { sameCode($0, region) }) { regional = true }
            if rule.regions.isEmpty { wholeCountry = true }
        }
        if !forCountry { return .unserved }
        if !regional && !wholeCountry { return .all }  // rules only for other regions of the country
        return .rules(country: country, region: region, regional: regional)
    }
}
