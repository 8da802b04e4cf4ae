// W9, W10 and W11: the payment sheet's hot path, a total recalculated after an event. Each event
// runs on a checkout of 8 items and on one of 1,000 items, interleaved in the same run, producing
// the full PassKit-shaped update (`selectShippingMethod`, `changeCouponCode`,
// `changeShippingContact`); W9 also runs the seed tutorial's own approach (summary lines patched by
// index, the total adjusted by subtracting the old shipping amount and adding the new one) with
// `Foundation.Decimal` on the same 8 items, and as the seed writes it, with `NSDecimalNumber` objects. `verify` runs one cycle of the events on every variant's
// live checkout and checks the totals against each other, against a from-scratch recomputation,
// and against the same rules written on cents.
import Foundation
import TallyCheckout
import TallyDecimal
import TallyMoney

// MARK: - blackHole overloads (see Harness.swift: concrete types are passed like any argument)

/// `Money` overload of `blackHole`.
@inline(never) @_optimize(none)
func blackHole(_ value: Money) {}

/// `ShippingMethodUpdate` overload: the update as the delegate hands it to the sheet.
@inline(never) @_optimize(none)
func blackHole(_ value: ShippingMethodUpdate) {}

/// `CouponCodeUpdate` overload.
@inline(never) @_optimize(none)
func blackHole(_ value: CouponCodeUpdate) {}

/// `ShippingContactUpdate` overload.
@inline(never) @_optimize(none)
func blackHole(_ value: ShippingContactUpdate) {}

/// `[SummaryItem]` overload: a summary materialized as an array.
@inline(never) @_optimize(none)
func blackHole(_ value: [SummaryItem]) {}

/// `[DecimalLine]` overload: the seed's summary array.
@inline(never) @_optimize(none)
func blackHole(_ value: [DecimalLine]) {}

/// `[TallyLine]` overload: the seed's summary array on `BigDecimal`.
@inline(never) @_optimize(none)
func blackHole(_ value: [TallyLine]) {}

/// `[SeedSummaryItem]` overload: the seed's summary array of objects.
@inline(never) @_optimize(none)
func blackHole(_ value: [SeedSummaryItem]) {}

/// `NSDecimalNumber` overload.
@inline(never) @_optimize(none)
func blackHole(_ value: NSDecimalNumber) {}

// MARK: - The checkouts

/// The rules every checkout of these workloads shares (USD, merchant country US).
enum CheckoutFixture {
    static let merchantName = "Tally Store"
    static let itemCents = centAmounts(count: 8, seed: 9, range: 100...99_999)
    /// The three methods, by cents: free 0.00, standard 3.99, express 10.00.
    static let methods: [(identifier: String, label: String, detail: String, cents: Int64)] = [
        ("free", "Free shipping", "6-8 days", 0),
        ("standard", "Standard shipping", "3-5 days", 399),
        ("express", "Express shipping", "2-3 hours", 1000),
    ]
    /// W9 selects these in turn, starting from the initial `free`, so every event changes the method.
    static let shippingCycle = ["standard", "express", "free"]

    /// The percent coupon of W10, and the cents rule it stands for.
    static let couponCode = "SAVE15"
    static let couponPercent: Int64 = 15

    /// California: 7.25 % on the items, free or express shipping. New York: 8.875 % on the items
    /// and shipping, standard or express shipping. Before a contact is known no tax applies (the
    /// rules are regional) and every method is offered.
    static let california = Contact(
        givenName: "Ada", familyName: "Lovelace",
        postalAddress: PostalAddress(
            city: "San Francisco", administrativeArea: "CA", postalCode: "94103", country: "United States",
            isoCountryCode: "US"))
    static let newYork = Contact(
        givenName: "Ada", familyName: "Lovelace",
        postalAddress: PostalAddress(
            city: "New York", administrativeArea: "NY", postalCode: "10001", country: "United States", isoCountryCode: "US"))
    /// W11 alternates: New York (free is not offered there, so standard is selected), then
    /// California (standard is not offered there, so free is selected again).
    static let contactCycle = [newYork, california]

    /// The 8 items, or 1,000: the same 8 items followed by 496 items each with a promotional line
    /// that cancels it (−the same amount), so that every total equals the 8-item checkout's.
    static func items(count: Int) -> [SummaryItem] {
        var items = itemCents.enumerated().map { index, cents in
            SummaryItem(label: "Item \(index + 1)", amount: tally(cents: cents))
        }
        var generator = SplitMix64(state: 10)
        while items.count < count {
            let cents = generator.next(in: 100...99_999)
            let number = items.count + 1
            items.append(SummaryItem(label: "Item \(number)", amount: tally(cents: cents)))
            items.append(SummaryItem(label: "Promotion on item \(number)", amount: tally(cents: -cents)))
        }
        precondition(items.count == count)
        return items
    }

    static func checkout(items count: Int) -> Checkout {
        try! Checkout(
            currency: .usd, countryCode: "US", merchantName: merchantName, items: items(count: count),
            shippingMethods: methods.map {
                ShippingMethod(identifier: $0.identifier, label: $0.label, detail: $0.detail, amount: tally(cents: $0.cents))
            },
            coupons: [
                Coupon(code: "WELCOME10", benefit: .amountOff(tally(cents: 1000))),
                Coupon(code: "FREESHIP", benefit: .freeShipping),
                Coupon(code: couponCode, benefit: .percentOff(BigDecimal(couponPercent))),
            ],
            taxRules: [
                TaxRule(country: "US", region: "CA", rate: "0.0725", label: "Sales tax (CA)"),
                TaxRule(country: "US", region: "NY", rate: "0.08875", label: "Sales tax (NY)", includesShipping: true),
            ],
            shippingRules: [
                ShippingRule(country: "US", regions: ["CA"], methods: ["free", "express"]),
                ShippingRule(country: "US", regions: ["NY"], methods: ["standard", "express"]),
            ],
            merchantIdentifier: "merchant.com.example.tally")
    }

    // The same rules on cents, for `verify` (round half away from zero, the checkout's default).

    static var subtotalCents: Int64 { itemCents.reduce(0, +) }

    /// `numerator / denominator` rounded half away from zero, for a non-negative numerator.
    static func roundedHalfUp(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        let (q, r) = numerator.quotientAndRemainder(dividingBy: denominator)
        return 2 * r >= denominator ? q + 1 : q
    }

    static func methodCents(_ identifier: String) -> Int64 { methods.first { $0.identifier == identifier }!.cents }

    /// W9: items + shipping (no contact yet, so no tax).
    static func shippingTotalCents(_ identifier: String) -> Int64 { subtotalCents + methodCents(identifier) }

    /// W10: 15 % off the items when applied (no contact, free shipping selected).
    static func couponTotalCents(applied: Bool) -> Int64 {
        applied ? subtotalCents - roundedHalfUp(subtotalCents * couponPercent, 100) : subtotalCents
    }

    /// W11: New York: standard shipping, 8.875 % on items and shipping; California: free shipping,
    /// 7.25 % on the items.
    static func contactTotalCents(_ contact: Contact) -> Int64 {
        if contact == newYork {
            let base = subtotalCents + methodCents("standard")
            return base + roundedHalfUp(base * 8875, 100_000)
        }
        return subtotalCents + roundedHalfUp(subtotalCents * 725, 10_000)
    }
}

/// Checks a summary the sheet would receive: `lines` lines, the total equal to `cents`, to the
/// last line, to the sum of the lines above it, and to a from-scratch recomputation.
func checkSummary(_ summary: PaymentSummary, of checkout: Checkout, lines: Int, cents: Int64, _ label: String) -> String? {
    let expected = Money(tally(cents: cents), .usd)
    guard summary.total == expected else { return "\(label): total \(summary.total), expected \(expected)" }
    guard summary.count == lines else { return "\(label): \(summary.count) lines, expected \(lines)" }
    let array = Array(summary)
    guard array.count == lines, array.last?.amount == expected.amount, array.last?.label == CheckoutFixture.merchantName,
        array.dropLast().reduce(BigDecimal.zero, { $0 + $1.amount }) == expected.amount
    else { return "\(label): the lines do not add up to the total \(expected)" }
    guard checkout.recomputed().summary == summary else { return "\(label): differs from a full recomputation" }
    return nil
}

// MARK: - W9: shipping swap

@inline(never)
func shippingSwapTally(_ checkout: inout Checkout, _ identifiers: [String], rounds: Int) {
    for _ in 0..<rounds {
        for identifier in identifiers {
            let update = checkout.selectShippingMethod(identifier)
            blackHole(update.summaryItems.total)
            blackHole(Int64(update.summaryItems.count))
            blackHole(update)
        }
    }
}

/// What W9's loop costs without the event: updates computed in advance, each copied out of an
/// array (a retain of the checkout's terms, as an update built by the event has) and read as
/// `shippingSwapTally` reads its update. Information only (variant `Reads`): a floor under
/// `Tally8`, since no event can cost less than nothing.
@inline(never)
func shippingSwapReads(_ updates: [ShippingMethodUpdate], rounds: Int) {
    for _ in 0..<rounds {
        for update in updates {
            blackHole(update.summaryItems.total)
            blackHole(Int64(update.summaryItems.count))
            blackHole(update)
        }
    }
}

@inline(never)
func shippingSwapTallyArray(_ checkout: inout Checkout, _ identifiers: [String], rounds: Int) {
    for _ in 0..<rounds {
        for identifier in identifiers {
            let update = checkout.selectShippingMethod(identifier)
            blackHole(update.summaryItems.total)
            blackHole(Int64(update.summaryItems.count))
            blackHole(Array(update.summaryItems))
        }
    }
}

/// A line of the seed's summary: a label and a `Foundation.Decimal` amount.
struct DecimalLine {
    var label: String
    var amount: Decimal
}

/// The seed tutorial's `didSelectShippingMethod`: the shipping line is the second last, the total
/// the last; the total is adjusted by subtracting the old shipping amount and adding the new one,
/// and both lines are written back by index. The array is what the sheet receives.
@inline(never)
func shippingSwapSeed(_ lines: inout [DecimalLine], _ methods: [DecimalLine], rounds: Int) {
    for _ in 0..<rounds {
        for method in methods {
            let shippingIndex = lines.count - 2
            let totalIndex = lines.count - 1
            let old = lines[shippingIndex]
            var total = lines[totalIndex]
            total.amount = total.amount - old.amount
            total.amount = total.amount + method.amount
            lines[shippingIndex] = method
            lines[totalIndex] = total
            blackHole(total.amount)
            blackHole(Int64(lines.count))
            blackHole(lines)
        }
    }
}

/// A line of the seed's summary with a Tally amount (`SeedTally`: the seed's method, Tally's numbers).
struct TallyLine {
    var label: String
    var amount: BigDecimal
}

/// `shippingSwapSeed` with `BigDecimal` amounts: what Tally's arithmetic alone costs in the seed's
/// method (no rules, no lookups, no new summary).
@inline(never)
func shippingSwapSeedTally(_ lines: inout [TallyLine], _ methods: [TallyLine], rounds: Int) {
    for _ in 0..<rounds {
        for method in methods {
            let shippingIndex = lines.count - 2
            let totalIndex = lines.count - 1
            let old = lines[shippingIndex]
            var total = lines[totalIndex]
            total.amount = total.amount - old.amount
            total.amount = total.amount + method.amount
            lines[shippingIndex] = method
            lines[totalIndex] = total
            blackHole(total.amount)
            blackHole(Int64(lines.count))
            blackHole(lines)
        }
    }
}

/// A line of the seed's summary as the seed has it: an object (its `PKPaymentSummaryItem`, whose
/// `amount` is an `NSDecimalNumber`), so that the total line is changed in place.
final class SeedSummaryItem {
    let label: String
    var amount: NSDecimalNumber

    init(label: String, amount: NSDecimalNumber) {
        self.label = label
        self.amount = amount
    }
}

/// The seed tutorial's `didSelectShippingMethod` as written: `decimalNumberBySubtracting:` and
/// `decimalNumberByAdding:` on the total object, then both objects written back by index (a Swift
/// array of objects for the seed's `NSMutableArray`). `NSDecimal` in W9: information only, the
/// target is judged against the `Decimal` port, the faster of the two.
@inline(never)
func shippingSwapSeedObjects(_ lines: inout [SeedSummaryItem], _ methods: [SeedSummaryItem], rounds: Int) {
    for _ in 0..<rounds {
        for method in methods {
            let shippingIndex = lines.count - 2
            let totalIndex = lines.count - 1
            let old = lines[shippingIndex]
            let total = lines[totalIndex]
            total.amount = total.amount.subtracting(old.amount)
            total.amount = total.amount.adding(method.amount)
            lines[shippingIndex] = method
            lines[totalIndex] = total
            blackHole(total.amount)
            blackHole(Int64(lines.count))
            blackHole(lines)
        }
    }
}

/// The seed's summary for `items` 8 items: the items, the shipping line (free), the total.
func seedLines() -> [DecimalLine] {
    let items = CheckoutFixture.itemCents.enumerated().map { index, cents in
        DecimalLine(label: "Item \(index + 1)", amount: decimal(cents: cents))
    }
    let free = CheckoutFixture.methods[0]
    var total = Decimal(0)
    for item in items { total += item.amount }
    total += decimal(cents: free.cents)
    return items + [
        DecimalLine(label: free.label, amount: decimal(cents: free.cents)),
        DecimalLine(label: CheckoutFixture.merchantName, amount: total),
    ]
}

let checkoutLargeItemCount = 1_000

func shippingSwapWorkload() -> Workload {
    var small = CheckoutFixture.checkout(items: 8)
    var large = CheckoutFixture.checkout(items: checkoutLargeItemCount)
    var smallArray = small
    var largeArray = large
    var seed = seedLines()
    var seedTally = seed.enumerated().map { index, line in
        // the same amounts as BigDecimal (the total is the sum of the items and free shipping)
        TallyLine(
            label: line.label,
            amount: index < 8 ? tally(cents: CheckoutFixture.itemCents[index])
                : index == 8 ? tally(cents: CheckoutFixture.methods[0].cents) : tally(cents: CheckoutFixture.subtotalCents))
    }
    let identifiers = opaque(CheckoutFixture.shippingCycle)
    let seedMethods = opaque(
        CheckoutFixture.shippingCycle.map { identifier in
            let method = CheckoutFixture.methods.first { $0.identifier == identifier }!
            return DecimalLine(label: method.label, amount: decimal(cents: method.cents))
        })
    var seedObjects = seed.map { SeedSummaryItem(label: $0.label, amount: NSDecimalNumber(decimal: $0.amount)) }
    let seedObjectMethods = opaque(seedMethods.map { SeedSummaryItem(label: $0.label, amount: NSDecimalNumber(decimal: $0.amount)) })
    let seedTallyMethods = opaque(
        CheckoutFixture.shippingCycle.map { identifier in
            let method = CheckoutFixture.methods.first { $0.identifier == identifier }!
            return TallyLine(label: method.label, amount: tally(cents: method.cents))
        })
    // `Reads`: the three updates of the cycle, computed once on a copy of the 8-item checkout.
    var precomputedCheckout = small
    let precomputed = opaque(identifiers.map { precomputedCheckout.selectShippingMethod($0) })
    return Workload(
        id: "W9", title: "shipping swap: `selectShippingMethod` in turn standard 3.99 / express 10.00 / free 0.00",
        unit: "update", operationsPerRound: identifiers.count, baseline: "Tally8",
        variants: [
            Variant(name: "Tally8") { shippingSwapTally(&small, identifiers, rounds: $0) },
            Variant(name: "Tally1000") { shippingSwapTally(&large, identifiers, rounds: $0) },
            Variant(name: "Array8") { shippingSwapTallyArray(&smallArray, identifiers, rounds: $0) },
            Variant(name: "Array1000") { shippingSwapTallyArray(&largeArray, identifiers, rounds: $0) },
            Variant(name: "Reads") { shippingSwapReads(precomputed, rounds: $0) },
            Variant(name: "SeedTally") { shippingSwapSeedTally(&seedTally, seedTallyMethods, rounds: $0) },
            Variant(name: "Decimal") { shippingSwapSeed(&seed, seedMethods, rounds: $0) },
            Variant(name: "NSDecimal") { shippingSwapSeedObjects(&seedObjects, seedObjectMethods, rounds: $0) },
        ],
        verify: {
            for (step, identifier) in CheckoutFixture.shippingCycle.enumerated() {
                let cents = CheckoutFixture.shippingTotalCents(identifier)
                let checkouts: [(String, Int)] = [("Tally8", 8), ("Tally1000", 1000), ("Array8", 8), ("Array1000", 1000)]
                for (name, itemCount) in checkouts {
                    let update: ShippingMethodUpdate
                    let checkout: Checkout
                    switch name {
                    case "Tally8": update = small.selectShippingMethod(identifier); checkout = small
                    case "Tally1000": update = large.selectShippingMethod(identifier); checkout = large
                    case "Array8": update = smallArray.selectShippingMethod(identifier); checkout = smallArray
                    default: update = largeArray.selectShippingMethod(identifier); checkout = largeArray
                    }
                    guard update.status == .success, checkout.selectedShippingMethodIdentifier == identifier else {
                        return "W9 \(name): selecting \(identifier) failed"
                    }
                    if let problem = checkSummary(
                        update.summaryItems, of: checkout, lines: itemCount + 2, cents: cents, "W9 \(name) after \(identifier)")
                    {
                        return problem
                    }
                }
                guard precomputed[step].status == .success,
                    precomputed[step].summaryItems.total == Money(tally(cents: cents), .usd)
                else { return "W9 Reads: the update computed in advance for \(identifier) is wrong" }
                var one = seed
                shippingSwapSeed(&one, [seedMethods[step]], rounds: 1)
                seed = one
                guard seed.count == 10, seed[8].label == seedMethods[step].label, seed[9].amount == decimal(cents: cents)
                else { return "W9 Decimal: total \(seed[9].amount) after \(identifier), expected \(decimal(cents: cents))" }
                var oneObjects = seedObjects
                shippingSwapSeedObjects(&oneObjects, [seedObjectMethods[step]], rounds: 1)
                seedObjects = oneObjects
                guard seedObjects.count == 10, seedObjects[8] === seedObjectMethods[step],
                    seedObjects[9].amount.decimalValue == decimal(cents: cents)
                else {
                    return "W9 NSDecimal: total \(seedObjects[9].amount) after \(identifier), expected \(decimal(cents: cents))"
                }
                var oneTally = seedTally
                shippingSwapSeedTally(&oneTally, [seedTallyMethods[step]], rounds: 1)
                seedTally = oneTally
                guard seedTally.count == 10, seedTally[8].label == seedTallyMethods[step].label,
                    seedTally[9].amount == tally(cents: cents), seedTally[9].amount.exponent == -2
                else { return "W9 SeedTally: total \(seedTally[9].amount) after \(identifier), expected \(tally(cents: cents))" }
            }
            return nil
        },
        targets: .checkout(shippingSwap: true))
}

// MARK: - W10: coupon applied and removed

@inline(never)
func couponTally(_ checkout: inout Checkout, _ codes: [String], rounds: Int) {
    for _ in 0..<rounds {
        for code in codes {
            let update = checkout.changeCouponCode(code)
            blackHole(update.summaryItems.total)
            blackHole(Int64(update.summaryItems.count))
            blackHole(update)
        }
    }
}

@inline(never)
func couponTallyArray(_ checkout: inout Checkout, _ codes: [String], rounds: Int) {
    for _ in 0..<rounds {
        for code in codes {
            let update = checkout.changeCouponCode(code)
            blackHole(update.summaryItems.total)
            blackHole(Int64(update.summaryItems.count))
            blackHole(Array(update.summaryItems))
        }
    }
}

func couponWorkload() -> Workload {
    var small = CheckoutFixture.checkout(items: 8)
    var large = CheckoutFixture.checkout(items: checkoutLargeItemCount)
    var smallArray = small
    var largeArray = large
    let codes = opaque([CheckoutFixture.couponCode, ""])
    return Workload(
        id: "W10", title: "coupon: `changeCouponCode` in turn \"SAVE15\" (15 % off the items) and \"\" (removed)",
        unit: "update", operationsPerRound: codes.count, baseline: "Tally8",
        variants: [
            Variant(name: "Tally8") { couponTally(&small, codes, rounds: $0) },
            Variant(name: "Tally1000") { couponTally(&large, codes, rounds: $0) },
            Variant(name: "Array8") { couponTallyArray(&smallArray, codes, rounds: $0) },
            Variant(name: "Array1000") { couponTallyArray(&largeArray, codes, rounds: $0) },
        ],
        verify: {
            for code in [CheckoutFixture.couponCode, ""] {
                let applied = !code.isEmpty
                let cents = CheckoutFixture.couponTotalCents(applied: applied)
                for name in ["Tally8", "Tally1000", "Array8", "Array1000"] {
                    let update: CouponCodeUpdate
                    let checkout: Checkout
                    switch name {
                    case "Tally8": update = small.changeCouponCode(code); checkout = small
                    case "Tally1000": update = large.changeCouponCode(code); checkout = large
                    case "Array8": update = smallArray.changeCouponCode(code); checkout = smallArray
                    default: update = largeArray.changeCouponCode(code); checkout = largeArray
                    }
                    guard update.errors.isEmpty, checkout.appliedCouponCode == (applied ? code : nil) else {
                        return "W10 \(name): coupon \(String(reflecting: code)) gave \(update.errors)"
                    }
                    let itemCount = name.hasSuffix("1000") ? checkoutLargeItemCount : 8
                    // items, the discount line when applied, shipping, total
                    if let problem = checkSummary(
                        update.summaryItems, of: checkout, lines: itemCount + (applied ? 3 : 2), cents: cents,
                        "W10 \(name) after \(String(reflecting: code))")
                    {
                        return problem
                    }
                }
            }
            return nil
        },
        targets: .checkout(shippingSwap: false))
}

// MARK: - W11: shipping contact changed

@inline(never)
func contactTally(_ checkout: inout Checkout, _ contacts: [Contact], rounds: Int) {
    for _ in 0..<rounds {
        for contact in contacts {
            let update = checkout.changeShippingContact(contact)
            blackHole(update.summaryItems.total)
            blackHole(Int64(update.summaryItems.count))
            blackHole(update)
        }
    }
}

@inline(never)
func contactTallyArray(_ checkout: inout Checkout, _ contacts: [Contact], rounds: Int) {
    for _ in 0..<rounds {
        for contact in contacts {
            let update = checkout.changeShippingContact(contact)
            blackHole(update.summaryItems.total)
            blackHole(Int64(update.summaryItems.count))
            blackHole(Array(update.summaryItems))
        }
    }
}

func contactWorkload() -> Workload {
    var small = CheckoutFixture.checkout(items: 8)
    var large = CheckoutFixture.checkout(items: checkoutLargeItemCount)
    var smallArray = small
    var largeArray = large
    let contacts = opaque(CheckoutFixture.contactCycle)
    return Workload(
        id: "W11", title: "contact: `changeShippingContact` in turn NY (8.875 %, standard) and CA (7.25 %, free)",
        unit: "update", operationsPerRound: contacts.count, baseline: "Tally8",
        variants: [
            Variant(name: "Tally8") { contactTally(&small, contacts, rounds: $0) },
            Variant(name: "Tally1000") { contactTally(&large, contacts, rounds: $0) },
            Variant(name: "Array8") { contactTallyArray(&smallArray, contacts, rounds: $0) },
            Variant(name: "Array1000") { contactTallyArray(&largeArray, contacts, rounds: $0) },
        ],
        verify: {
            for contact in CheckoutFixture.contactCycle {
                let isNewYork = contact == CheckoutFixture.newYork
                let cents = CheckoutFixture.contactTotalCents(contact)
                let method = isNewYork ? "standard" : "free"
                let offered = isNewYork ? ["standard", "express"] : ["free", "express"]
                for name in ["Tally8", "Tally1000", "Array8", "Array1000"] {
                    let update: ShippingContactUpdate
                    let checkout: Checkout
                    switch name {
                    case "Tally8": update = small.changeShippingContact(contact); checkout = small
                    case "Tally1000": update = large.changeShippingContact(contact); checkout = large
                    case "Array8": update = smallArray.changeShippingContact(contact); checkout = smallArray
                    default: update = largeArray.changeShippingContact(contact); checkout = largeArray
                    }
                    let place = isNewYork ? "NY" : "CA"
                    guard update.errors.isEmpty, checkout.selectedShippingMethodIdentifier == method,
                        update.shippingMethods.map(\.identifier) == offered
                    else {
                        let method = String(describing: checkout.selectedShippingMethodIdentifier)
                        return "W11 \(name): the contact in \(place) gave \(update.errors), method \(method)"
                    }
                    let itemCount = name.hasSuffix("1000") ? checkoutLargeItemCount : 8
                    // items, shipping, tax, total
                    if let problem = checkSummary(
                        update.summaryItems, of: checkout, lines: itemCount + 3, cents: cents, "W11 \(name) in \(place)")
                    {
                        return problem
                    }
                }
            }
            return nil
        },
        targets: .checkout(shippingSwap: false))
}
