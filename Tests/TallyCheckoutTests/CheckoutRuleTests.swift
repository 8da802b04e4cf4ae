import TallyCheckout
import TallyDecimal
import TallyMoney
import XCTest

/// Table tests of the rules of the derived summary, validation, authorization, verification and
/// availability.
final class CheckoutRuleTests: XCTestCase {
    func make(
        items: [SummaryItem] = [SummaryItem(label: "Tea", amount: "40.00"), SummaryItem(label: "Cake", amount: "60.00")],
        methods: [ShippingMethod] = [ShippingMethod(identifier: "std", label: "Standard", amount: "5.00"), ShippingMethod(identifier: "exp", label: "Express", amount: "15.00")],
        coupons: [Coupon] = [], taxRules: [TaxRule] = [], shippingRules: [ShippingRule] = [], surcharges: [Surcharge] = [],
        rounding: RoundingRule = .toNearestOrAwayFromZero, currency: Currency = .usd, country: String = "US"
    ) throws -> Checkout {
        try Checkout(
            currency: currency, countryCode: country, merchantName: "Shop", items: items, shippingMethods: methods,
            coupons: coupons, taxRules: taxRules, shippingRules: shippingRules, surcharges: surcharges, rounding: rounding,
            requiredShippingContactFields: [.postalAddress, .emailAddress])
    }

    func lines(_ checkout: Checkout) -> [String] { checkout.summary.map { "\($0.label) \($0.amount.plainString)" } }

    func address(_ country: String, _ region: String? = nil) -> Contact {
        Contact(emailAddress: "a@example.com", postalAddress: PostalAddress(administrativeArea: region, isoCountryCode: country))
    }

    func testLineOrderAndPendingItems() throws {
        var checkout = try make(
            items: [SummaryItem(label: "Tea", amount: "40.00"), SummaryItem(label: "Tip", amount: "3.00", type: .pending)],
            coupons: [Coupon(code: "TEN", benefit: .percentOff(10))],
            taxRules: [TaxRule(country: "US", rate: "0.05", label: "Tax")],
            surcharges: [Surcharge(paymentMethodType: .credit, percent: 2, label: "Card fee")])
        _ = checkout.changeCouponCode("TEN")
        _ = checkout.selectPaymentMethod(PaymentMethod(network: .visa, type: .credit))
        // 40 - 4 = 36; shipping 5; tax 5% of 36 = 1.80; fee 2% of 42.80 = 0.856 → 0.86; total 43.66.
        XCTAssertEqual(lines(checkout), [
            "Tea 40.00", "Tip 0.00", "Discount (TEN, 10%) -4.00", "Standard 5.00", "Tax 1.80", "Card fee 0.86", "Shop 43.66",
        ])
    }

    func testCoupons() throws {
        var checkout = try make(coupons: [
            Coupon(code: "PCT", benefit: .percentOff("12.5")), Coupon(code: "BIG", benefit: .amountOff("500.00")),
            Coupon(code: "FREE", benefit: .freeShipping), Coupon(code: "OLD", benefit: .percentOff(50), isExpired: true),
        ])
        XCTAssertEqual(checkout.changeCouponCode("PCT").errors, [])
        XCTAssertEqual(checkout.summary.total, Money("92.50", .usd))  // 100 − 12.50 + 5
        XCTAssertEqual(checkout.changeCouponCode("BIG").errors, [])
        XCTAssertEqual(lines(checkout), ["Tea 40.00", "Cake 60.00", "Discount (BIG) -100.00", "Standard 5.00", "Shop 5.00"], "capped at the subtotal")
        XCTAssertEqual(checkout.changeCouponCode("FREE").errors, [])
        XCTAssertEqual(lines(checkout), ["Tea 40.00", "Cake 60.00", "Free shipping (FREE) -5.00", "Standard 5.00", "Shop 100.00"])
        let before = checkout.summary
        let invalid = checkout.changeCouponCode("NOPE")
        XCTAssertEqual(invalid.errors, [PaymentError(.couponCodeInvalid, message: #""NOPE" is not a coupon code"#)])
        XCTAssertEqual(invalid.summaryItems, before, "an unknown code leaves the summary as it was")
        let expired = checkout.changeCouponCode("OLD")
        XCTAssertEqual(expired.errors.map(\.code), [.couponCodeExpired])
        XCTAssertEqual(checkout.summary, before)
        XCTAssertEqual(checkout.changeCouponCode("").errors, [])
        XCTAssertNil(checkout.appliedCouponCode)
        XCTAssertEqual(checkout.summary.total, Money("105.00", .usd))
    }

    /// Spaces and tabs around a typed code are trimmed (Unicode Zs, so the ideographic and the
    /// no-break space too); newlines and inner spaces are part of the code.
    func testCouponCodesAreTrimmedOfSpacesAndTabs() throws {
        for typed in [" PCT", "PCT ", "\tPCT\t", "\u{3000}PCT\u{00A0}", "  PCT \u{2009}"] {
            var checkout = try make(coupons: [Coupon(code: "PCT", benefit: .percentOff(10))])
            XCTAssertEqual(checkout.changeCouponCode(typed).errors, [], String(reflecting: typed))
            XCTAssertEqual(checkout.appliedCouponCode, "PCT")
        }
        for typed in ["\nPCT", "PCT\r\n", "P CT", "pct"] {
            var checkout = try make(coupons: [Coupon(code: "PCT", benefit: .percentOff(10))])
            XCTAssertEqual(checkout.changeCouponCode(typed).errors.map(\.code), [.couponCodeInvalid], String(reflecting: typed))
            XCTAssertNil(checkout.appliedCouponCode)
        }
        // U+200B ZERO WIDTH SPACE is not a space separator: never trimmed, whatever is around it
        // (Foundation's `.whitespaces` trims it on Linux, and was used once an end was a blank).
        let coupons = [Coupon(code: "PCT", benefit: .percentOff(10)), Coupon(code: "X\u{200B}", benefit: .freeShipping)]
        for (typed, applied) in [
            ("PCT\u{200B}", nil), ("PCT\u{200B} ", nil), (" \u{200B}PCT", nil), ("X\u{200B}", "X\u{200B}"), ("X\u{200B} ", "X\u{200B}"),
            ("\u{3000}X\u{200B}\t", "X\u{200B}"), (" \t ", nil),
        ] as [(String, String?)] {
            var checkout = try make(coupons: coupons)
            let errors = checkout.changeCouponCode(typed).errors.map(\.code)
            XCTAssertEqual(checkout.appliedCouponCode, applied, String(reflecting: typed))
            XCTAssertEqual(errors, applied == nil && typed.contains("\u{200B}") ? [.couponCodeInvalid] : [], String(reflecting: typed))
        }
    }

    /// The discount line's label is kept with the coupon and follows changes to it.
    func testDiscountLabelFollowsTheCoupon() throws {
        var coupon = Coupon(code: "PCT", benefit: .percentOff("12.5"))
        XCTAssertEqual(coupon.discountLabel, "Discount (PCT, 12.5%)")
        coupon.code = "HALF"
        coupon.benefit = .percentOff(50)
        XCTAssertEqual(coupon.discountLabel, "Discount (HALF, 50%)")
        coupon.benefit = .amountOff("5.00")
        XCTAssertEqual(coupon.discountLabel, "Discount (HALF)")
        coupon.benefit = .freeShipping
        XCTAssertEqual(coupon.discountLabel, "Free shipping (HALF)")
        XCTAssertEqual(coupon, Coupon(code: "HALF", benefit: .freeShipping))
        XCTAssertEqual(Coupon.Benefit.percentOff(10), .percentOff("10.0"))
        XCTAssertNotEqual(
            Coupon(code: "A", benefit: .percentOff(10)), Coupon(code: "A", benefit: .percentOff("10.0")),
            "they show different labels")
        var checkout = try make(coupons: [coupon])
        XCTAssertEqual(checkout.changeCouponCode("HALF").errors, [])
        XCTAssertEqual(lines(checkout)[2], "Free shipping (HALF) -5.00")
    }

    func testPercentDiscountIsRoundedOnceWithTheCheckoutsRule() throws {
        let items = [SummaryItem(label: "A", amount: "0.25")]
        var even = try make(items: items, methods: [], coupons: [Coupon(code: "X", benefit: .percentOff(10))], rounding: .toNearestOrEven)
        _ = even.changeCouponCode("X")
        XCTAssertEqual(even.summary.derivedLines.first?.amount, "-0.02")  // 0.025 → 0.02 (half even)
        var away = try make(items: items, methods: [], coupons: [Coupon(code: "X", benefit: .percentOff(10))])
        _ = away.changeCouponCode("X")
        XCTAssertEqual(away.summary.derivedLines.first?.amount, "-0.03")  // 0.025 → 0.03
    }

    func testTaxRulesByRegionAndShipping() throws {
        var checkout = try make(taxRules: [
            TaxRule(country: "US", region: "CA", rate: "0.0725", label: "CA tax"),
            TaxRule(country: "US", rate: "0.05", label: "US tax", includesShipping: true),
        ])
        XCTAssertEqual(lines(checkout).suffix(2), ["US tax 5.25", "Shop 110.25"], "before a contact: the merchant's country, shipping taxed")
        _ = checkout.changeShippingContact(address("US", "CA"))
        XCTAssertEqual(lines(checkout).suffix(2), ["CA tax 7.25", "Shop 112.25"], "the region wins; shipping not taxed")
        _ = checkout.changeShippingContact(address("US", "NY"))
        XCTAssertEqual(lines(checkout).suffix(2), ["US tax 5.25", "Shop 110.25"])
    }

    func testShippingRules() throws {
        var checkout = try make(
            items: [SummaryItem(label: "Tea", amount: "12.75")],
            methods: [ShippingMethod(identifier: "free", label: "包邮", amount: 0), ShippingMethod(identifier: "express", label: "极速送达", amount: "10.00")],
            shippingRules: [ShippingRule(country: "CN", regions: ["XZ", "XJ"], methods: ["free"])],
            currency: .cny, country: "CN")
        XCTAssertEqual(checkout.selectShippingMethod("express").status, .success)
        let remote = checkout.changeShippingContact(address("CN", "XZ"))
        XCTAssertEqual(remote.errors, [])
        XCTAssertEqual(remote.shippingMethods.map(\.identifier), ["free"])
        XCTAssertEqual(checkout.selectedShippingMethodIdentifier, "free", "express is not offered there: the first offered is selected")
        XCTAssertEqual(checkout.selectShippingMethod("express").status, .failure)
        let city = checkout.changeShippingContact(address("CN", "BJ"))
        XCTAssertEqual(city.shippingMethods.map(\.identifier), ["free", "express"], "other regions of the country get every method")
        let abroad = checkout.changeShippingContact(address("US", "CA"))
        XCTAssertEqual(abroad.errors.map(\.code), [.shippingAddressUnserviceable])
        XCTAssertEqual(abroad.errors.first?.contactField, .postalAddress)
        XCTAssertEqual(checkout.shippingContact?.postalAddress?.administrativeArea, "BJ", "a refused contact changes nothing")
    }

    func testSurchargeFollowsThePaymentMethod() throws {
        var checkout = try make(surcharges: [Surcharge(paymentMethodType: .credit, percent: "2.5", label: "Card fee")])
        XCTAssertEqual(checkout.selectPaymentMethod(PaymentMethod(type: .credit)).summaryItems.total, Money("107.63", .usd))  // 105 + 2.625
        XCTAssertEqual(checkout.selectPaymentMethod(PaymentMethod(type: .debit)).summaryItems.total, Money("105.00", .usd))
    }

    func testValidationNamesThePlace() throws {
        let cases: [(() throws -> Checkout, String)] = [
            ({ try self.make(items: []) }, "items: a checkout needs at least one item"),
            ({ try self.make(items: [SummaryItem(label: "A", amount: "1.00"), SummaryItem(label: "B", amount: "12.755")]) },
             "items[1].amount: 12.755 has more decimals than USD allows (2)"),
            ({ try self.make(items: [SummaryItem(label: "A", amount: "1200.5")], methods: [], currency: .jpy) },
             "items[0].amount: 1200.5 has more decimals than JPY allows (0)"),
            ({ try self.make(items: [SummaryItem(label: "A", amount: "-1.00")], methods: []) },
             "items: the final items add up to -1.00; a negative items total can make the payment total negative"),
            ({ try self.make(items: [SummaryItem(label: "A", amount: "10.00"), SummaryItem(label: "Refund", amount: "-15.00")]) },
             "items: the final items add up to -5.00; a negative items total can make the payment total negative"),
            ({ try self.make(methods: [ShippingMethod(identifier: "a", label: "A", amount: 1), ShippingMethod(identifier: "a", label: "B", amount: 2)]) },
             #"shippingMethods[1].identifier: "a" is used twice (also shippingMethods[0])"#),
            ({ try self.make(methods: [ShippingMethod(identifier: "a", label: "A", amount: "-1")]) }, "shippingMethods[0].amount: -1 is negative"),
            ({ try self.make(coupons: [Coupon(code: "X", benefit: .percentOff(150))]) }, "coupons[0].percentOff: 150 is not a percentage in 0...100"),
            // A rate is a fraction and a surcharge a percentage: the percentage written as a rate
            // (7.25 for 7.25 %) priced a 725 % tax; a surcharge above the price was taken too.
            ({ try self.make(taxRules: [TaxRule(country: "US", rate: "7.25")]) },
             "taxRules[0].rate: 7.25 is above 1: a rate is a fraction of the price (7.25 % is 0.0725)"),
            ({ try self.make(surcharges: [Surcharge(paymentMethodType: .credit, percent: 250, label: "Fee")]) },
             "surcharges[0].percent: 250 is not a percentage in 0...100"),
            ({ try self.make(surcharges: [Surcharge(paymentMethodType: .credit, percent: -1, label: "Fee")]) },
             "surcharges[0].percent: -1 is not a percentage in 0...100"),
            // PassKit's kinds as it takes them: a positive interval count, a threshold not negative.
            ({ try self.make(items: [SummaryItem(label: "Plan", amount: 10, kind: .recurring(startDate: nil, interval: .month, intervalCount: 0, endDate: nil))]) },
             "items[0].intervalCount: 0 is not a positive number of intervals"),
            ({ try self.make(items: [SummaryItem(label: "Tea", amount: 1), SummaryItem(label: "Top-up", amount: 5, kind: .automaticReload(threshold: -3))]) },
             "items[1].threshold: -3 is negative"),
            // Rules that could never apply as written: a misspelt method, a second rule for one
            // place or one card type, a code nobody can enter.
            ({ try self.make(shippingRules: [ShippingRule(country: "US", methods: ["std"]), ShippingRule(country: "CA", methods: ["exp", "stnd"])]) },
             #"shippingRules[1].methods[1]: "stnd" is not one of the shipping methods"#),
            ({ try self.make(taxRules: [TaxRule(country: "US", region: "CA", rate: "0.07"), TaxRule(country: "US", rate: "0.05"), TaxRule(country: " us", region: "ca ", rate: "0.08")]) },
             "taxRules[2]: is for the same country and region as taxRules[0]; only one rule can apply"),
            // A blank rule code, which no contact's code matches (a blank one counts as none).
            ({ try self.make(taxRules: [TaxRule(country: "US", region: " ", rate: "0.07")]) },
             "taxRules[0].region: is blank, and no contact's code is (a blank one counts as none), so it matches no contact; leave the region out for a rule for the whole country"),
            ({ try self.make(taxRules: [TaxRule(country: "US", rate: "0.05"), TaxRule(country: "", rate: "0.07")]) },
             "taxRules[1].country: is blank, and no contact's code is (a blank one counts as none), so it matches no contact"),
            ({ try self.make(shippingRules: [ShippingRule(country: "US", regions: ["CA", "\t"], methods: ["std"])]) },
             "shippingRules[0].regions[1]: is blank, and no contact's code is (a blank one counts as none), so it matches no contact; leave the region out for a rule for the whole country"),
            ({ try self.make(shippingRules: [ShippingRule(country: "\u{3000}", methods: ["std"])]) },
             "shippingRules[0].country: is blank, and no contact's code is (a blank one counts as none), so it matches no contact"),
            ({ try self.make(surcharges: [Surcharge(paymentMethodType: .credit, percent: 2, label: "Fee"), Surcharge(paymentMethodType: .debit, percent: 1, label: "Fee"), Surcharge(paymentMethodType: .credit, percent: 3, label: "Fee")]) },
             "surcharges[2].paymentMethodType: credit cards have a surcharge already (surcharges[0])"),
            ({ try self.make(coupons: [Coupon(code: "", benefit: .amountOff(1))]) },
             #"coupons[0].code: "" cannot be entered: a code is not empty, has no space or tab at either end and no control character or line separator"#),
            ({ try self.make(coupons: [Coupon(code: "SAVE ", benefit: .amountOff(1))]) },
             #"coupons[0].code: "SAVE " cannot be entered: a code is not empty, has no space or tab at either end and no control character or line separator"#),
            ({ try self.make(coupons: [Coupon(code: "OK", benefit: .amountOff(1)), Coupon(code: "SAVE\n10", benefit: .amountOff(1))]) },
             #"coupons[1].code: "SAVE\n10" cannot be entered: a code is not empty, has no space or tab at either end and no control character or line separator"#),
            ({ try self.make(coupons: [Coupon(code: "SAVE\u{2028}10", benefit: .amountOff(1))]) },
             #"coupons[0].code: "SAVE\u{2028}10" cannot be entered: a code is not empty, has no space or tab at either end and no control character or line separator"#),
        ]
        for (build, message) in cases {
            XCTAssertThrowsError(try build()) { XCTAssertEqual("\($0)", message) }
        }
        // The request fields as PassKit takes them (the Swift API took these without a word).
        let tea = [SummaryItem(label: "Tea", amount: "10.00")]
        for (country, shown) in [("usa", #""usa""#), ("us", #""us""#), ("", #""""#), ("XX", #""XX""#)] {
            XCTAssertThrowsError(try Checkout(currency: .usd, countryCode: country, merchantName: "M", items: tea)) {
                XCTAssertEqual("\($0)", "countryCode: \(shown) is not an ISO 3166-1 alpha-2 country code (two capital letters, such as \"US\")")
            }
        }
        XCTAssertThrowsError(try Checkout(currency: .usd, countryCode: "US", merchantName: "M", items: tea, supportedNetworks: [])) {
            XCTAssertEqual("\($0)", "supportedNetworks: a payment request needs at least one supported network")
        }
        for capabilities: MerchantCapability in [[], [.credit], [.debit, .credit]] {
            XCTAssertThrowsError(try Checkout(currency: .usd, countryCode: "US", merchantName: "M", items: tea, merchantCapabilities: capabilities)) {
                XCTAssertEqual("\($0)", "merchantCapabilities: a payment request needs threeDSecure or emv (or both) among the capabilities")
            }
        }
        var checkout = try Checkout(currency: .usd, countryCode: "US", merchantName: "M", items: tea, merchantCapabilities: [.emv])
        XCTAssertThrowsError(try checkout.setMerchantCapabilities([.credit]))
        XCTAssertThrowsError(try checkout.setSupportedNetworks([]))
        XCTAssertEqual(checkout.merchantCapabilities, [.emv], "unchanged after a refusal")
        XCTAssertEqual(checkout.supportedNetworks, [.amex, .masterCard, .visa, .chinaUnionPay])
        try checkout.setMerchantCapabilities([.threeDSecure, .debit])
        XCTAssertEqual(checkout.merchantCapabilities, [.threeDSecure, .debit])
        // A delivery window that starts after it ends (PassKit's PKDateComponentsRange is nil);
        // the same day, hours only when both ends have one, and days alone are not compared.
        func window(_ start: DateComponents, _ end: DateComponents) throws -> Checkout {
            try Checkout(
                currency: .usd, countryCode: "US", merchantName: "M", items: tea,
                shippingMethods: [ShippingMethod(identifier: "std", label: "Standard", amount: 1),
                                  ShippingMethod(identifier: "exp", label: "Express", amount: 2, dateRange: ShippingDateRange(start: start, end: end))])
        }
        XCTAssertThrowsError(try window(DateComponents(year: 2026, month: 12, day: 3), DateComponents(year: 2026, month: 12, day: 1))) {
            XCTAssertEqual("\($0)", "shippingMethods[1].dateRange: starts after it ends")
        }
        XCTAssertThrowsError(try window(DateComponents(year: 2027, month: 1, day: 1), DateComponents(year: 2026, month: 12, day: 31)))
        XCTAssertThrowsError(try window(DateComponents(year: 2026, month: 12, day: 1, hour: 18), DateComponents(year: 2026, month: 12, day: 1, hour: 9)))
        XCTAssertNoThrow(try window(DateComponents(year: 2026, month: 12, day: 1), DateComponents(year: 2026, month: 12, day: 1)))
        XCTAssertNoThrow(try window(DateComponents(year: 2026, month: 12, day: 1, hour: 18), DateComponents(year: 2026, month: 12, day: 1)))
        XCTAssertNoThrow(try window(DateComponents(day: 5), DateComponents(day: 2)))
        XCTAssertNoThrow(try window(DateComponents(year: 2026, month: 11, day: 30), DateComponents(year: 2026, month: 12, day: 1)))
        // Dates in their calendars, as Foundation makes them (compared as bare numbers, Heisei 31
        // after Reiwa 1 and 5 BC after 1 BC were refused, and day 40 of December accepted).
        let japanese = Calendar(identifier: .japanese)
        XCTAssertNoThrow(try window(
            DateComponents(calendar: japanese, era: 235, year: 31, month: 4, day: 1),
            DateComponents(calendar: japanese, era: 236, year: 1, month: 5, day: 10)))
        XCTAssertNoThrow(try window(DateComponents(era: 0, year: 5, month: 1, day: 1), DateComponents(era: 0, year: 1, month: 1, day: 1)))
        XCTAssertThrowsError(try window(DateComponents(year: 2026, month: 12, day: 40), DateComponents(year: 2027, month: 1, day: 2)))
        // The request fields are checked before the items, as the initializer's doc says.
        XCTAssertThrowsError(try Checkout(
            currency: .usd, countryCode: "US", merchantName: "M", items: [],
            shippingMethods: [ShippingMethod(identifier: "exp", label: "Express", amount: 2, dateRange: ShippingDateRange(
                start: DateComponents(year: 2026, month: 12, day: 3), end: DateComponents(year: 2026, month: 12, day: 1)))])) {
            XCTAssertEqual("\($0)", "shippingMethods[0].dateRange: starts after it ends")
        }
        // The ends of the ranges are accepted: a rate of 1 (100 %), a surcharge of 100 %.
        XCTAssertNoThrow(try make(
            taxRules: [TaxRule(country: "US", rate: 1)], surcharges: [Surcharge(paymentMethodType: .credit, percent: 100, label: "Fee")]))
        XCTAssertThrowsError(try Checkout(currency: .usd, countryCode: "US", merchantName: " ", items: [SummaryItem(label: "A", amount: 1)])) {
            XCTAssertEqual($0 as? CheckoutError, .emptyMerchantName)
        }
        XCTAssertThrowsError(try Checkout(
            currency: .usd, countryCode: "US", merchantName: "S", items: [SummaryItem(label: "A", amount: 1)],
            shippingMethods: [ShippingMethod(identifier: "a", label: "A", amount: 1)], selectedShippingMethod: "b")) {
            XCTAssertEqual($0 as? CheckoutError, .unknownShippingMethod(identifier: "b"))
        }
        XCTAssertThrowsError(try Checkout(
            currency: .usd, countryCode: "US", merchantName: "S", items: [SummaryItem(label: "A", amount: "100000000.01")],
            maximumTotal: Checkout.webKitMaximumTotal)) {
            XCTAssertEqual("\($0)", "total: 100000000.01 is above the maximum of 100000000")
        }
    }

    func testAuthorizationChecksRequiredFields() throws {
        let checkout = try make(shippingRules: [ShippingRule(country: "US", methods: ["std", "exp"])])
        let card = PaymentMethod(displayName: "Visa 1234", network: .visa, type: .credit)
        XCTAssertEqual(checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: address("US", "CA"))).status, .success)
        let noAddress = checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: Contact(emailAddress: "a@example.com")))
        XCTAssertEqual(noAddress.status, .invalidShippingPostalAddress)
        XCTAssertEqual(noAddress.errors.map(\.contactField), [.postalAddress])
        let noEmail = checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: Contact(postalAddress: PostalAddress(isoCountryCode: "US"))))
        XCTAssertEqual(noEmail.status, .invalidShippingContact)
        XCTAssertEqual(noEmail.errors.first?.code, .shippingContactInvalid)
        let abroad = checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: address("FR")))
        XCTAssertEqual(abroad.status, .invalidShippingPostalAddress)
        XCTAssertEqual(abroad.errors.map(\.code), [.shippingAddressUnserviceable])
        let billing = try Checkout(currency: .usd, countryCode: "US", merchantName: "S", items: [SummaryItem(label: "A", amount: 1)], requiredBillingContactFields: [.postalAddress])
        XCTAssertEqual(billing.authorize(PaymentAuthorization(paymentMethod: card)).status, .invalidBillingPostalAddress)
    }

    /// Amounts and rates made in code beyond the default parse limits (`1E+2000000`) stopped the
    /// process when the items were summed or the summary rounded; they are typed errors now, as
    /// the same values are when parsed from text.
    func testValuesBeyondTheParseLimitsAreTypedErrors() throws {
        let huge = BigDecimal(mantissa: 1, exponent: 2_000_000, isNegative: false)
        let tiny = BigDecimal(mantissa: 1, exponent: -7_000, isNegative: false)
        let item = SummaryItem(label: "A", amount: "1.00")
        XCTAssertThrowsError(try Checkout(currency: .usd, countryCode: "US", merchantName: "S", items: [item, SummaryItem(label: "B", amount: huge)])) { error in
            XCTAssertEqual("\(error)", "items[1].amount: 1E+2000000 is beyond the default parse limits (1000 digits, exponents within ±6144)")
        }
        XCTAssertThrowsError(try Checkout(
            currency: .usd, countryCode: "US", merchantName: "S", items: [item], taxRules: [TaxRule(country: "US", rate: tiny)])) { error in
            XCTAssertEqual("\(error)", "taxRules[0].rate: 1E-7000 is beyond the default parse limits (1000 digits, exponents within ±6144)")
        }
        XCTAssertThrowsError(try Checkout(
            currency: .usd, countryCode: "US", merchantName: "S", items: [item],
            coupons: [Coupon(code: "X", benefit: .amountOff(huge))])) { XCTAssertTrue("\($0)".hasPrefix("coupons[0].amountOff: 1E+2000000 is beyond"), "\($0)") }
        XCTAssertThrowsError(try Checkout(
            currency: .usd, countryCode: "US", merchantName: "S", items: [item], maximumTotal: huge)) { XCTAssertTrue("\($0)".hasPrefix("maximumTotal: "), "\($0)") }
        var checkout = try Checkout(currency: .usd, countryCode: "US", merchantName: "S", items: [item])
        XCTAssertThrowsError(try checkout.setItems([SummaryItem(label: "C", amount: huge)]))
        XCTAssertEqual(checkout.items, [item], "a refused change leaves the checkout as it was")
        // At the limits a checkout still works.
        XCTAssertNoThrow(try Checkout(
            currency: .usd, countryCode: "US", merchantName: "S", items: [SummaryItem(label: "D", amount: "1E+6144")],
            taxRules: [TaxRule(country: "US", rate: "1E-6144")]))
    }

    /// Apple Pay's billing contact carries the postal address and the name only; an email or phone
    /// asked for billing comes with the shipping contact. Found in a review against Apple's
    /// documentation: a billing requirement of "all" refused every real payment.
    func testEmailAndPhoneRequiredForBillingMayComeWithTheShippingContact() throws {
        let checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "S", items: [SummaryItem(label: "A", amount: 1)],
            requiredBillingContactFields: [.postalAddress, .name, .emailAddress, .phoneNumber], requiredShippingContactFields: [.name])
        XCTAssertEqual(checkout.requestedBillingContactFields, [.postalAddress, .name])
        XCTAssertEqual(checkout.requestedShippingContactFields, [.name, .emailAddress, .phoneNumber])
        let card = PaymentMethod(type: .credit)
        let billing = Contact(givenName: "Ada", familyName: "L", postalAddress: PostalAddress(street: "1 Main St", city: "Town", isoCountryCode: "US"))
        let shipping = Contact(givenName: "Ada", emailAddress: "ada@example.com", phoneNumber: "+1 555 0100")
        let paid = checkout.authorize(PaymentAuthorization(paymentMethod: card, billingContact: billing, shippingContact: shipping))
        XCTAssertEqual(paid.status, .success, "\(paid.errors)")
        // Missing from both: refused as a shipping-contact error, where the sheet asked for it
        // (Apple: shippingContactInvalidError is for the name, email, phone or shipping address).
        let noPhone = checkout.authorize(PaymentAuthorization(
            paymentMethod: card, billingContact: billing, shippingContact: Contact(givenName: "Ada", emailAddress: "ada@example.com")))
        XCTAssertEqual(noPhone.status, .invalidShippingContact)
        XCTAssertEqual(noPhone.errors, [PaymentError(.shippingContactInvalid, contactField: .phoneNumber, message: "the shipping phoneNumber is missing")])
        // Either contact will do: a server building the authorization may put it in the billing one.
        let inBilling = Contact(givenName: "Ada", familyName: "L", phoneNumber: "+1 555 0100", postalAddress: billing.postalAddress)
        XCTAssertEqual(checkout.authorize(PaymentAuthorization(
            paymentMethod: card, billingContact: inBilling, shippingContact: Contact(givenName: "Ada", emailAddress: "ada@example.com"))).status, .success)
        // The postal address and the name are the billing contact's own: a shipping one does not stand in.
        let noBillingName = checkout.authorize(PaymentAuthorization(
            paymentMethod: card, billingContact: Contact(postalAddress: billing.postalAddress), shippingContact: shipping))
        XCTAssertEqual(noBillingName.errors.map(\.contactField), [.name])
    }

    /// Found by a model of `tally replay`: an address the payment carries was checked only when the
    /// request required one, so a payment to a country the merchant does not serve was authorized
    /// when only a phone number was required; and an address offered other methods than the one
    /// priced passed as "served".
    func testAuthorizationChecksTheAddressItCarriesRequiredOrNot() throws {
        var checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "Shop", items: [SummaryItem(label: "A", amount: "10.00")],
            shippingMethods: [ShippingMethod(identifier: "std", label: "Standard", amount: "5.00"),
                              ShippingMethod(identifier: "exp", label: "Express", amount: "15.00")],
            shippingRules: [ShippingRule(country: "US", regions: ["AK"], methods: ["exp"]), ShippingRule(country: "US", methods: ["std", "exp"])],
            requiredShippingContactFields: [.phoneNumber])
        let card = PaymentMethod(type: .debit)
        func paying(_ country: String, _ region: String? = nil) -> AuthorizationResult {
            checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: Contact(
                phoneNumber: "+1 555", postalAddress: PostalAddress(administrativeArea: region, isoCountryCode: country))))
        }
        let france = paying("FR")
        XCTAssertEqual(france.status, .invalidShippingPostalAddress)
        XCTAssertEqual(france.errors, [PaymentError(.shippingAddressUnserviceable, contactField: .postalAddress, message: "Shop does not ship there")])
        // Priced with Standard for California, paid with an Alaska address, where only Express goes.
        _ = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: "CA", isoCountryCode: "US")))
        XCTAssertEqual(checkout.selectedShippingMethodIdentifier, "std")
        let alaska = paying("US", "AK")
        XCTAssertEqual(alaska.status, .invalidShippingPostalAddress)
        XCTAssertEqual(alaska.errors.map(\.message), ["Standard is not offered at this address"])
        XCTAssertEqual(paying("US", "CA").status, .success)
        // No address in the payment: nothing to check beyond the required fields.
        XCTAssertEqual(checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: Contact(phoneNumber: "+1 555"))).status, .success)
    }

    /// The address and the card a payment carries must give the summary the customer approved: a
    /// review found a payment to California authorized at the total priced for Texas (no tax), and
    /// nothing checked the card's surcharge either.
    func testAuthorizationRefusesAnAddressOrCardPricedDifferently() throws {
        var checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "Shop", items: [SummaryItem(label: "A", amount: "60.50")],
            shippingMethods: [ShippingMethod(identifier: "std", label: "Standard", amount: "4.99")],
            taxRules: [TaxRule(country: "US", region: "CA", rate: "0.0725", label: "CA sales tax"),
                       TaxRule(country: "US", region: "OR", rate: "0.0725", label: "CA sales tax"),
                       TaxRule(country: "US", region: "WA", rate: "0.065", label: "CA sales tax")],
            surcharges: [Surcharge(paymentMethodType: .credit, percent: "2.5", label: "Card fee")])
        let debit = PaymentMethod(type: .debit)
        func paying(_ region: String, with card: PaymentMethod = debit) -> AuthorizationResult {
            checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: Contact(
                postalAddress: PostalAddress(street: "1 Main St", administrativeArea: region, isoCountryCode: "US"))))
        }
        _ = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: "TX", isoCountryCode: "US")))
        XCTAssertEqual(checkout.summary.total.amount, "65.49")
        let california = paying("CA")
        XCTAssertEqual(california.status, .invalidShippingPostalAddress)
        XCTAssertEqual(california.errors, [PaymentError(
            .shippingContactInvalid, contactField: .postalAddress,
            message: #"the tax at this address is "CA sales tax" 4.39 USD, not none as shown; select the address again to update the total"#)])
        XCTAssertEqual(paying("TX").status, .success)
        // Priced for California: Oregon's rule is another rule, but its line is the same, so the
        // summary is the one approved; Washington's is not (the amount differs, the label does not).
        _ = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: "CA", isoCountryCode: "US")))
        XCTAssertEqual(checkout.summary.total.amount, "69.88")
        XCTAssertEqual(paying("CA").status, .success)
        XCTAssertEqual(paying("OR").status, .success)
        XCTAssertEqual(paying("WA").errors.map(\.message), [
            #"the tax at this address is "CA sales tax" 3.93 USD, not "CA sales tax" 4.39 USD as shown; select the address again to update the total"#])
        XCTAssertEqual(paying("TX").status, .invalidShippingPostalAddress)
        // The card: the summary has no surcharge until the sheet reports a credit card.
        let credit = PaymentMethod(network: .visa, type: .credit)
        let unreported = paying("CA", with: credit)
        XCTAssertEqual(unreported.status, .failure)
        XCTAssertEqual(unreported.errors, [PaymentError(
            .unknown,
            message: #"the surcharge for this card is "Card fee" 1.75 USD, not none as shown; select the card again to update the total"#)])
        _ = checkout.selectPaymentMethod(credit)
        XCTAssertEqual(checkout.summary.total.amount, "71.63")
        XCTAssertEqual(paying("CA", with: credit).status, .success)
        XCTAssertEqual(paying("CA", with: PaymentMethod(type: .credit)).status, .success, "the type decides, not the network")
        XCTAssertEqual(paying("CA").errors.map(\.code), [.unknown])
        // Both wrong: the address error comes first and sets the status.
        let both = paying("TX")
        XCTAssertEqual(both.status, .invalidShippingPostalAddress)
        XCTAssertEqual(both.errors.map(\.code), [.shippingContactInvalid, .unknown])
        // Codes are compared without surrounding white space (and without case).
        XCTAssertEqual(paying(" ca ", with: credit).status, .success)
    }

    /// Codes are compared without surrounding white space on both sides: after contact codes
    /// were trimmed, a rule's " cn" no longer matched a contact's " cn" (the fuzz harness's
    /// model caught it); a rule's and a contact's padding now both disappear.
    func testPaddedCodesMatchOnBothSides() throws {
        for (ruleCountry, contactCountry) in [(" cn", " cn"), (" cn", "CN"), ("CN", "cn\t"), ("cn", "\u{3000}CN")] {
            var checkout = try Checkout(
                currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "1.00")],
                taxRules: [TaxRule(country: ruleCountry, rate: "0.13")])
            _ = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(isoCountryCode: contactCountry)))
            XCTAssertEqual(checkout.summary.total.amount, "1.13", "rule \(String(reflecting: ruleCountry)), contact \(String(reflecting: contactCountry))")
        }
        // White space inside a code is not ignored: "c n" is no country, and a rule for it,
        // which could match no contact, is refused (so are "USA", "XX" and a long s, which
        // uppercases to "US" but never matches; the bridge refused them and the Swift API took
        // them until a review, 2026-12-02), in a tax rule and in a shipping rule.
        for country in ["c n", "USA", "XX", "u\u{17F}", "U", "ＵＳ"] {
            XCTAssertThrowsError(try Checkout(
                currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "1.00")],
                taxRules: [TaxRule(country: "US", rate: "0.1"), TaxRule(country: country, rate: "0.13")])) { error in
                XCTAssertEqual(error as? CheckoutError, .unassignedCountryCode(place: "taxRules[1].country", code: country))
            }
            XCTAssertThrowsError(try Checkout(
                currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "1.00")],
                shippingMethods: [ShippingMethod(identifier: "s", label: "S", amount: "1.00")],
                shippingRules: [ShippingRule(country: country, methods: ["s"])])) { error in
                XCTAssertEqual(error as? CheckoutError, .unassignedCountryCode(place: "shippingRules[0].country", code: country))
            }
        }
        XCTAssertEqual(
            CheckoutError.unassignedCountryCode(place: "taxRules[0].country", code: "USA").description,
            #"taxRules[0].country: "USA" is not an ISO 3166-1 alpha-2 country code (two letters, such as "US")"#)
    }

    /// Region codes match without regard to case, surrounding white space or Unicode spelling, and
    /// nothing else: the byte comparison that answers ASCII codes agrees with whole strings.
    func testRegionCodesMatchByCaseSpaceAndSpelling() throws {
        let cases: [(rule: String, contact: String, matches: Bool)] = [
            ("CA", "CA", true), ("ca", "CA", true), ("Ca", "cA", true), ("CA", "CA ", true), (" CA", "ca", true),
            ("CA ", "CA", true), ("CA\u{A0}", "ca", true), ("CA\t", "CA", true), ("CA\u{301}", "CA", false),
            ("QUÉBEC", "québec", true), ("québec", "que\u{301}bec", true), ("É", "é", true),
            ("NY", "NJ", false), ("CA", "CAL", false), ("CAL", "CA", false), ("A-B", "a_b", false),
            ("A", "A\u{301}", false), ("E", "É", false), ("C A", "CA", false),
        ]
        for (rule, contact, matches) in cases {
            var checkout = try Checkout(
                currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "A", amount: "1.00")],
                taxRules: [TaxRule(country: "US", region: rule, rate: "0.13")])
            _ = checkout.changeShippingContact(Contact(postalAddress: PostalAddress(administrativeArea: contact, isoCountryCode: "us")))
            XCTAssertEqual(
                checkout.summary.total.amount, matches ? "1.13" : "1.00",
                "rule \(String(reflecting: rule)), contact \(String(reflecting: contact))")
        }
    }

    /// `print` (and a property test's report) shows a checkout's public state and a summary's
    /// lines, the same in every run: a review found only `CheckoutTerms` and, for a summary, a
    /// private type named by a memory address.
    func testACheckoutPrintsWhatItSellsItsRulesAndItsState() throws {
        let days = ShippingDateRange(start: DateComponents(year: 2026, month: 12, day: 1), end: DateComponents(year: 2026, month: 12, day: 3))
        var checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "M", items: [SummaryItem(label: "Tea", amount: "3.50")],
            shippingMethods: [ShippingMethod(identifier: "express", label: "Express", amount: "10.00", dateRange: days)],
            coupons: [Coupon(code: "TEN", benefit: .percentOff(10))], taxRules: [TaxRule(country: "US", region: "CA", rate: "0.0725")],
            requiredShippingContactFields: [.phoneNumber, .emailAddress, .name])
        _ = checkout.changeCouponCode("TEN")
        let text = String(describing: checkout)
        for part in [
            "currency: USD", #"merchantName: "M""#, #"label: "Tea", amount: 3.50"#, #"identifier: "express""#, "year: 2026",
            #"selectedShippingMethodIdentifier: Optional("express")"#, #"appliedCouponCode: Optional("TEN")"#,
            #"region: Optional("CA"), rate: 0.0725"#, #"requiredShippingContactFields: ["emailAddress", "name", "phoneNumber"]"#,
        ] {
            XCTAssertTrue(text.contains(part), "\(part) is not in \(text)")
        }
        XCTAssertFalse(text.contains("unknown context") || text.contains("CheckoutTerms"), text)
        var dumped = ""
        dump(checkout, to: &dumped)
        XCTAssertFalse(dumped.contains("unknown context") || dumped.contains("$"), dumped)
        XCTAssertTrue(dumped.contains("code: \"USD\""), dumped)
        let summary = String(describing: checkout.summary)
        XCTAssertTrue(summary.hasPrefix("[") && summary.contains(#"SummaryItem(label: "Tea", amount: 3.50"#), summary)
        XCTAssertTrue(summary.contains(#"SummaryItem(label: "M", amount: 13.15"#), summary)
        XCTAssertFalse(summary.contains("unknown context"), summary)
        XCTAssertTrue(String(describing: checkout.selectShippingMethod("express")).contains(#"label: "Express", amount: 10.00"#))
    }

    /// The phonetic name is a field of its own (`PKContactField.phoneticName`): a review found it
    /// satisfied by the plain name alone.
    func testAPhoneticNameIsItsOwnField() throws {
        let checkout = try Checkout(
            currency: .jpy, countryCode: "JP", merchantName: "店", items: [SummaryItem(label: "本", amount: 1500)],
            requiredShippingContactFields: [.phoneticName])
        let card = PaymentMethod(type: .credit)
        let plain = checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: Contact(givenName: "太郎", familyName: "山田")))
        XCTAssertEqual(plain.status, .invalidShippingContact)
        XCTAssertEqual(plain.errors.map(\.contactField), [.phoneticName])
        let phonetic = Contact(givenName: "太郎", familyName: "山田", phoneticGivenName: "たろう", phoneticFamilyName: "やまだ")
        XCTAssertEqual(checkout.authorize(PaymentAuthorization(paymentMethod: card, shippingContact: phonetic)).status, .success)
        XCTAssertFalse(Contact(phoneticFamilyName: "やまだ").provides(.name))
    }

    /// When selecting the address or card again cannot help, the message says why instead.
    func testAuthorizationSaysWhyTheSummaryWasPricedOtherwise() throws {
        func checkout(maximum: BigDecimal? = nil) throws -> Checkout {
            try Checkout(
                currency: .usd, countryCode: "US", merchantName: "Shop", items: [SummaryItem(label: "A", amount: "60.50")],
                taxRules: [TaxRule(country: "US", region: "CA", rate: "0.0725", label: "CA sales tax")],
                surcharges: [Surcharge(paymentMethodType: .credit, percent: "2.5", label: "Card fee")],
                maximumTotal: maximum)
        }
        let california = Contact(postalAddress: PostalAddress(street: "1 Main St", administrativeArea: "CA", isoCountryCode: "US"))
        let debit = PaymentMethod(type: .debit)
        // No contact event at all (a server that did not replay it), then one without the region.
        var order = try checkout()
        XCTAssertEqual(order.authorize(PaymentAuthorization(paymentMethod: debit, shippingContact: california)).errors.map(\.message), [
            #"the tax at this address is "CA sales tax" 4.39 USD, not none as shown; the summary was priced without a shipping country"#])
        _ = order.changeShippingContact(Contact(postalAddress: PostalAddress(isoCountryCode: "US")))
        XCTAssertEqual(order.authorize(PaymentAuthorization(paymentMethod: debit, shippingContact: california)).errors.map(\.message), [
            #"the tax at this address is "CA sales tax" 4.39 USD, not none as shown; the summary was priced without this address's region"#])
        // Above the maximum: the tax would take the total past it; a credit card's fee too.
        var capped = try checkout(maximum: "62.00")
        let atMaximum = capped.authorize(PaymentAuthorization(paymentMethod: debit, shippingContact: california))
        XCTAssertEqual(atMaximum.errors.map(\.message), [
            #"the tax at this address is "CA sales tax" 4.39 USD, not none as shown; its total would be above the maximum of 62.00 USD"#])
        XCTAssertFalse(capped.selectPaymentMethod(PaymentMethod(type: .credit)).errors.isEmpty, "the sheet refused the card")
        let card = capped.authorize(PaymentAuthorization(paymentMethod: PaymentMethod(type: .credit)))
        XCTAssertEqual(card.status, .failure)
        XCTAssertEqual(card.errors.map(\.message), [
            #"the surcharge for this card is "Card fee" 1.51 USD, not none as shown; its total would be above the maximum of 62.00 USD: choose another card"#])
    }

    /// Messages quote typed codes on one line: U+2028 and U+0085 (line breaks to many readers) are escaped.
    func testCouponMessagesStayOnOneLine() throws {
        var checkout = try make(coupons: [Coupon(code: "TEN", benefit: .percentOff(10))])
        let update = checkout.changeCouponCode("A\u{2028}B\u{85}C")
        XCTAssertEqual(update.errors.map(\.message), [#""A\u{2028}B\u{85}C" is not a coupon code"#])
    }

    /// Bidirectional overrides and isolates in a typed code are escaped: a message read in a
    /// terminal that applies the bidi algorithm cannot show the rest of its line reversed.
    func testCouponMessagesEscapeBidirectionalControls() throws {
        var checkout = try make(coupons: [Coupon(code: "TEN", benefit: .percentOff(10))])
        let update = checkout.changeCouponCode("A\u{202E}01.0\u{2066}B\u{2069}\u{202C}")
        XCTAssertEqual(update.errors.map(\.message), [#""A\u{202E}01.0\u{2066}B\u{2069}\u{202C}" is not a coupon code"#])
        // Right-to-left text itself is not a control and stays as it is.
        let hebrew = checkout.changeCouponCode("קוד\u{200F}")
        XCTAssertEqual(hebrew.errors.map(\.message), ["\"קוד\u{200F}\" is not a coupon code"])
    }

    /// A line prints its kind, not the box that stores it.
    func testSummaryItemsPrintTheirKind() {
        let date = Date(timeIntervalSince1970: 0)
        let line = SummaryItem(label: "Later", amount: "5.00", kind: .deferred(date: date))
        XCTAssertEqual(
            String(describing: line),
            "SummaryItem(label: \"Later\", amount: 5.00, type: TallyCheckout.SummaryItemType.final, kind: TallyCheckout.SummaryItemKind.deferred(date: \(date)))")
        var plain = line
        plain.kind = .standard
        XCTAssertEqual(plain, SummaryItem(label: "Later", amount: "5.00"))
        XCTAssertNotEqual(plain, line)
    }

    func testVerificationOfClientAmounts() throws {
        var checkout = try SeedScenarioTests.seedCheckout()
        _ = checkout.selectShippingMethod("expressshipping")
        XCTAssertEqual(checkout.verify(total: Money("10.01", .cny)), .matches)
        XCTAssertEqual(checkout.verify(total: Money("10.010", .cny)), .matches)
        let off = checkout.verify(total: Money("10.00", .cny))
        XCTAssertEqual(off, .amountMismatch(expected: Money("10.01", .cny), received: Money("10.00", .cny), difference: Money("-0.01", .cny)))
        XCTAssertEqual("\(off)", "the client sent 10.00 CNY, the total is 10.01 CNY (off by -0.01 CNY)")
        let dollars = checkout.verify(total: Money("10.01", .usd))
        XCTAssertEqual(dollars, .currencyMismatch(expected: Money("10.01", .cny), received: Money("10.01", .usd)))
        XCTAssertEqual("\(dollars)", "the client sent 10.01 USD, the total is 10.01 CNY (another currency)")
        XCTAssertEqual(checkout.verify(minorUnits: 1001, numericCurrencyCode: 156), .matches)
        XCTAssertFalse(checkout.verify(minorUnits: 1001, numericCurrencyCode: 840).isMatch)
        XCTAssertEqual(checkout.verify(minorUnits: 1001, numericCurrencyCode: 1), .unknownCurrency(numericCode: 1))
        // A far amount from a client makes one short line, not 12,000 characters.
        let far = checkout.verify(total: Money("1E+6000", .cny))
        XCTAssertEqual(
            "\(far)", "the client sent 1E+6000 CNY, the total is 10.01 CNY (off by 9999999999999999999999999999999999999999… (6002 digits) CNY)")
        let long = checkout.verify(total: Money(try BigDecimal(parsing: "0." + String(repeating: "1", count: 80)), .usd))
        let first40 = "0." + String(repeating: "1", count: 38)
        XCTAssertEqual("\(long)", "the client sent \(first40)… (80 digits) USD, the total is 10.01 CNY (another currency)")
        // The count is of the digits written, however the amount is stored (review, 2026-12-02:
        // `1E+90` said "(1 digits)", the same number with its zeros in the coefficient 91).
        let ones = String(repeating: "0", count: 39)
        for stored in [BigDecimal(mantissa: 1, exponent: 90, isNegative: false), try BigDecimal(parsing: "1" + String(repeating: "0", count: 90))] {
            XCTAssertEqual(
                "\(checkout.verify(total: Money(stored, .usd)))",
                "the client sent 1\(ones)… (91 digits) USD, the total is 10.01 CNY (another currency)")
        }
        // Far from zero: scientific, the exponent kept and the coefficient's digits counted.
        let wide = try BigDecimal(parsing: "1." + String(repeating: "2", count: 99) + "E+5000", limits: .widest)
        XCTAssertEqual(
            "\(checkout.verify(total: Money(wide, .usd)))",
            "the client sent 1.\(String(repeating: "2", count: 38))…E+5000 (100 significant digits) USD, the total is 10.01 CNY (another currency)")
    }

    func testPaymentAvailabilityCoversTheSeedsThreeCases() throws {
        let checkout = try SeedScenarioTests.seedCheckout()
        let unionPay = WalletCard(network: .chinaUnionPay, type: .debit)
        XCTAssertEqual(checkout.paymentAvailability(isApplePaySupported: false, canMakePayments: true, cards: [unionPay]), .unsupportedDevice)
        XCTAssertEqual(checkout.paymentAvailability(isApplePaySupported: true, canMakePayments: false, cards: [unionPay]), .paymentsNotAllowed)
        XCTAssertEqual(checkout.paymentAvailability(isApplePaySupported: true, canMakePayments: true, cards: [WalletCard(network: .discover, type: .credit)]), .noMatchingCard)
        XCTAssertEqual(checkout.paymentAvailability(isApplePaySupported: true, canMakePayments: true, cards: [unionPay]), .available)
        let creditOnly = PaymentAvailability.evaluate(
            isApplePaySupported: true, canMakePayments: true, cards: [WalletCard(network: .visa, type: .debit)],
            networks: [.visa], capabilities: [.threeDSecure, .credit])
        XCTAssertEqual(creditOnly, .noMatchingCard)
    }

    /// Apple's rule for `merchantCapabilities`: EMV for China UnionPay, 3-D Secure for the other
    /// networks, at least one of the two.
    func testPaymentAvailabilityNeedsTheNetworksPaymentProtocol() {
        func availability(_ card: WalletCard, _ capabilities: MerchantCapability) -> PaymentAvailability {
            PaymentAvailability.evaluate(
                isApplePaySupported: true, canMakePayments: true, cards: [card], networks: [.visa, .chinaUnionPay], capabilities: capabilities)
        }
        let unionPay = WalletCard(network: .chinaUnionPay, type: .debit)
        let visa = WalletCard(network: .visa, type: .credit)
        XCTAssertEqual(availability(unionPay, [.threeDSecure]), .noMatchingCard)
        XCTAssertEqual(availability(unionPay, [.emv]), .available)
        XCTAssertEqual(availability(visa, [.emv]), .noMatchingCard)
        XCTAssertEqual(availability(visa, [.threeDSecure]), .available)
        XCTAssertEqual(availability(visa, []), .noMatchingCard)
        XCTAssertEqual(availability(visa, [.credit]), .noMatchingCard)
        XCTAssertEqual(availability(visa, [.threeDSecure, .emv, .credit]), .available)
        // Both credit and debit filter nothing, as neither does (Apple Pay on the Web); one of them
        // filters (a store card has neither type). Both refused a store card before a review.
        let store = WalletCard(network: .visa, type: .store)
        XCTAssertEqual(availability(store, [.threeDSecure, .credit, .debit]), .available)
        XCTAssertEqual(availability(store, [.threeDSecure]), .available)
        XCTAssertEqual(availability(store, [.threeDSecure, .credit]), .noMatchingCard)
        XCTAssertEqual(availability(WalletCard(network: .visa, type: .prepaid), [.threeDSecure, .debit]), .available)
        XCTAssertEqual(availability(WalletCard(network: .visa, type: .prepaid), [.threeDSecure, .credit]), .noMatchingCard)
        // No capabilities at all: `canMakePayments(usingNetworks:)`, networks only.
        func byNetwork(_ card: WalletCard) -> PaymentAvailability {
            PaymentAvailability.evaluate(
                isApplePaySupported: true, canMakePayments: true, cards: [card], networks: [.visa, .chinaUnionPay], capabilities: nil)
        }
        XCTAssertEqual(byNetwork(store), .available)
        XCTAssertEqual(byNetwork(unionPay), .available)
        XCTAssertEqual(byNetwork(WalletCard(network: .discover, type: .credit)), .noMatchingCard)
        XCTAssertEqual(
            PaymentAvailability.evaluate(
                isApplePaySupported: true, canMakePayments: true, cards: [unionPay, visa], networks: [.visa, .chinaUnionPay],
                capabilities: [.threeDSecure]),
            .available)
    }

    /// Rules that can apply are still accepted: an empty method list (refusing a place on
    /// purpose), the same region in two countries, one tax rule per region and one for the whole
    /// country, one surcharge per card type.
    func testRulesThatCanApplyAreAccepted() throws {
        XCTAssertNoThrow(try make(
            coupons: [Coupon(code: "SAVE10", benefit: .amountOff(10)), Coupon(code: "Été 2026", benefit: .percentOff(5))],
            taxRules: [TaxRule(country: "US", region: "CA", rate: "0.07"), TaxRule(country: "US", rate: "0.05"), TaxRule(country: "CA", region: "CA", rate: "0.13")],
            shippingRules: [ShippingRule(country: "US", methods: ["std", "exp"]), ShippingRule(country: "US", regions: ["HI"], methods: [])],
            surcharges: [Surcharge(paymentMethodType: .credit, percent: 2, label: "Fee"), Surcharge(paymentMethodType: .debit, percent: 1, label: "Fee")]))
    }

    func testModelRawValuesMatchPassKit() {
        XCTAssertEqual(MerchantCapability.threeDSecure.rawValue, 1)
        XCTAssertEqual(MerchantCapability.emv.rawValue, 2)
        XCTAssertEqual(MerchantCapability.credit.rawValue, 4)
        XCTAssertEqual(MerchantCapability.debit.rawValue, 8)
        XCTAssertEqual(AuthorizationStatus.allCases.map(\.rawValue), Array(0...7))
        XCTAssertEqual(AuthorizationStatus.pinLockout.rawValue, 7)
        XCTAssertEqual(PaymentMethodType.credit.rawValue, 2)
        XCTAssertEqual([PaymentNetwork.amex, .masterCard, .visa, .chinaUnionPay].map(\.rawValue), ["AmEx", "MasterCard", "Visa", "ChinaUnionPay"])
        // PKPaymentError.Code: unknownError -1, then shippingContactInvalidError 1 ... couponCodeExpiredError 5.
        let passKit: [(PaymentError.Code, Int)] = [
            (.unknown, -1), (.shippingContactInvalid, 1), (.billingContactInvalid, 2), (.shippingAddressUnserviceable, 3),
            (.couponCodeInvalid, 4), (.couponCodeExpired, 5),
        ]
        XCTAssertEqual(passKit.count, PaymentError.Code.allCases.count)
        for (code, number) in passKit {
            XCTAssertEqual(code.passKitCode, number, "\(code)")
            XCTAssertEqual(PaymentError.Code(passKitCode: number), code)
        }
        XCTAssertNil(PaymentError.Code(passKitCode: 0))
        XCTAssertNil(PaymentError.Code(passKitCode: 6))
    }

    /// Events that would take the total above the maximum are refused and change nothing.
    func testEventsRespectTheMaximumTotal() throws {
        var checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "S", items: [SummaryItem(label: "A", amount: "99999990.00")],
            shippingMethods: [ShippingMethod(identifier: "std", label: "Std", amount: "5.00"), ShippingMethod(identifier: "exp", label: "Exp", amount: "20.00")],
            surcharges: [Surcharge(paymentMethodType: .credit, percent: 1, label: "Fee")], maximumTotal: Checkout.webKitMaximumTotal)
        XCTAssertEqual(checkout.selectShippingMethod("exp").status, .failure)
        XCTAssertEqual(checkout.selectedShippingMethodIdentifier, "std")
        let card = checkout.selectPaymentMethod(PaymentMethod(type: .credit))
        XCTAssertEqual(card.errors.map(\.code), [.unknown])
        XCTAssertNil(checkout.paymentMethod)
        XCTAssertEqual(checkout.summary.total, Money("99999995.00", .usd))
    }

    /// Found in review: items netting below zero let a cheaper shipping method or a free-shipping
    /// coupon take the total negative. Such items are refused; items netting to exactly zero keep
    /// every event at or above zero.
    func testItemsNettingToZeroNeverGiveANegativeTotal() throws {
        var checkout = try make(
            items: [SummaryItem(label: "A", amount: "2.00"), SummaryItem(label: "Refund", amount: "-2.00")],
            methods: [ShippingMethod(identifier: "exp", label: "Express", amount: "5.00"), ShippingMethod(identifier: "free", label: "Free", amount: 0)],
            coupons: [Coupon(code: "F", benefit: .freeShipping), Coupon(code: "P", benefit: .percentOff(10))],
            taxRules: [TaxRule(country: "US", rate: "0.1", label: "Tax", includesShipping: true)],
            surcharges: [Surcharge(paymentMethodType: .credit, percent: 10, label: "Fee")])
        XCTAssertEqual(lines(checkout), ["A 2.00", "Refund -2.00", "Express 5.00", "Tax 0.50", "Shop 5.50"])
        _ = checkout.changeCouponCode("F")
        _ = checkout.selectPaymentMethod(PaymentMethod(type: .credit))
        XCTAssertEqual(lines(checkout), ["A 2.00", "Refund -2.00", "Free shipping (F) -5.00", "Express 5.00", "Tax 0.00", "Fee 0.00", "Shop 0.00"])
        _ = checkout.changeCouponCode("P")
        XCTAssertEqual(checkout.summary.derivedLines.first?.amount, "0.00", "no discount of a zero subtotal")
        XCTAssertEqual(checkout.selectShippingMethod("free").status, .success)
        XCTAssertEqual(checkout.summary.total.amount.signum(), 0)
    }

    func testDirectionalRoundingAppliesToTheSignedLine() throws {
        var up = try make(items: [SummaryItem(label: "A", amount: "0.25")], methods: [], coupons: [Coupon(code: "X", benefit: .percentOff(10))], rounding: .up)
        _ = up.changeCouponCode("X")
        XCTAssertEqual(up.summary.derivedLines.first?.amount, "-0.02", "toward +∞")
    }

    func testCountryAndRegionCodesMatchWithoutCase() throws {
        var checkout = try make(
            taxRules: [TaxRule(country: "US", region: "CA", rate: "0.0725", label: "CA tax")],
            shippingRules: [ShippingRule(country: "US", regions: ["AK"], methods: ["exp"]), ShippingRule(country: "US", methods: ["std", "exp"])])
        XCTAssertEqual(checkout.changeShippingContact(address("us", "ak")).shippingMethods.map(\.identifier), ["exp"])
        XCTAssertEqual(checkout.changeShippingContact(address("us", "ca")).errors, [])
        XCTAssertEqual(checkout.summary.derivedLines.map(\.label), ["Express", "CA tax", "Shop"])
    }

    /// A region written with a combining accent matches the rule's precomposed spelling (the
    /// codes are compared with `==` first), and ASCII case still does not matter; a different
    /// region does not match.
    func testRegionNamesMatchInAnyUnicodeNormalization() throws {
        var checkout = try make(
            taxRules: [TaxRule(country: "CA", region: "Qu\u{E9}bec", rate: "0.14975", label: "QC tax")],
            shippingRules: [ShippingRule(country: "CA", methods: ["std"])])
        _ = checkout.changeShippingContact(address("CA", "Que\u{301}bec"))
        XCTAssertEqual(checkout.summary.derivedLines.map(\.label), ["Standard", "QC tax", "Shop"])
        _ = checkout.changeShippingContact(address("ca", "QU\u{E9}BEC"))
        XCTAssertEqual(checkout.summary.derivedLines.map(\.label), ["Standard", "QC tax", "Shop"])
        _ = checkout.changeShippingContact(address("CA", "Ontario"))
        XCTAssertEqual(checkout.summary.derivedLines.map(\.label), ["Standard", "Shop"])
    }

    /// Matching is an equivalence over case and normalization together: every spelling of a
    /// region matches every other (as rule and as contact), and none matches another region.
    /// (An independent model found "que\u{301}bec" missing "Québec": another case *and* another
    /// normalization at once.)
    func testRegionMatchingIsAnEquivalenceOverCaseAndNormalization() throws {
        let spellings: [(region: String, name: String)] = [
            ("QC", "Qu\u{E9}bec"), ("QC", "qu\u{E9}bec"), ("QC", "Que\u{301}bec"), ("QC", "que\u{301}bec"),
            ("QC", "QU\u{C9}BEC"), ("QC", "QUE\u{301}BEC"), ("QC", "qu\u{C9}bec"),
            ("none", "Quebec"), ("none", "Qu\u{E8}bec"), ("none", "Qu\u{E9}be"), ("none", "Qu\u{E9}becs"),
            ("none", "Qu\u{E9}bec\u{301}"), ("ON", "Ontario"), ("ON", "ONTARIO"),
        ]
        for rule in spellings where rule.region != "none" {
            var checkout = try make(taxRules: [TaxRule(country: "CA", region: rule.name, rate: "0.1", label: "Tax")])
            for contact in spellings {
                _ = checkout.changeShippingContact(address("CA", contact.name))
                let taxed = checkout.summary.derivedLines.contains { $0.label == "Tax" }
                XCTAssertEqual(
                    taxed, contact.region == rule.region,
                    "rule \(String(reflecting: rule.name)), contact \(String(reflecting: contact.name))")
            }
        }
    }

    /// An empty country code is no country (every method, the merchant's tax), and a refusal names
    /// only the parts of the address that are there.
    func testEmptyCountryAndRegionCountAsMissing() throws {
        var checkout = try make(
            taxRules: [TaxRule(country: "US", rate: "0.05", label: "Tax")],
            shippingRules: [ShippingRule(country: "US", methods: ["std"])])
        let empty = checkout.changeShippingContact(address("", "AK"))
        XCTAssertEqual(empty.errors, [])
        XCTAssertEqual(empty.shippingMethods.map(\.identifier), ["std", "exp"], "no country: every method")
        XCTAssertEqual(checkout.summary.derivedLines.map(\.label), ["Standard", "Tax", "Shop"], "the merchant's country's tax")
        let france = checkout.changeShippingContact(address("FR", ""))
        XCTAssertEqual(france.errors.map(\.message), ["Shop does not ship to FR"])
    }

    func testItemAmountsAreShownWithTheCurrencysScale() throws {
        let checkout = try make(items: [SummaryItem(label: "A", amount: 5), SummaryItem(label: "B", amount: "2.5")], methods: [])
        XCTAssertEqual(lines(checkout), ["A 5.00", "B 2.50", "Shop 7.50"])
        XCTAssertEqual(PaymentMethodType.eMoney.rawValue, 5)
    }

    /// Found in review: removing or swapping a coupon raised the total past the maximum unchecked.
    /// A maximum set later works as one given to `init`; one below the total is refused.
    func testAMaximumTotalCanBeSetLater() throws {
        var checkout = try make()
        XCTAssertThrowsError(try checkout.setMaximumTotal(99)) { error in
            XCTAssertEqual(error as? CheckoutError, .totalAboveMaximum(total: "105.00", maximum: 99))
        }
        XCTAssertNil(checkout.maximumTotal, "unchanged when refused")
        try checkout.setMaximumTotal(110)
        XCTAssertEqual(checkout.selectShippingMethod("exp").status, .failure, "115.00 would pass 110")
        XCTAssertEqual(checkout.summary.total.amount, "105.00")
        try checkout.setMaximumTotal(nil)
        XCTAssertEqual(checkout.selectShippingMethod("exp").status, .success)
    }

    func testCouponChangesRespectTheMaximumTotal() throws {
        var checkout = try Checkout(
            currency: .usd, countryCode: "US", merchantName: "S", items: [SummaryItem(label: "A", amount: "100.00")],
            shippingMethods: [ShippingMethod(identifier: "pickup", label: "Pickup", amount: 0), ShippingMethod(identifier: "x", label: "X", amount: "40.00")],
            coupons: [Coupon(code: "HALF", benefit: .percentOff(50))], maximumTotal: "100.00")
        XCTAssertEqual(checkout.changeCouponCode("HALF").errors, [])
        XCTAssertEqual(checkout.selectShippingMethod("x").status, .success)
        XCTAssertEqual(checkout.summary.total, Money("90.00", .usd))
        let removal = checkout.changeCouponCode("")
        XCTAssertEqual(removal.errors.map(\.code), [.unknown])
        XCTAssertEqual(checkout.appliedCouponCode, "HALF", "refused: the coupon stays")
        XCTAssertEqual(checkout.summary.total, Money("90.00", .usd))
    }

    func testVerificationOfACustomCurrencysNumericCode() throws {
        let points = Currency(code: "PTS", minorUnits: 0, name: "Points", numericCode: 901)
        let checkout = try Checkout(currency: points, countryCode: "US", merchantName: "S", items: [SummaryItem(label: "A", amount: 250)])
        XCTAssertEqual(checkout.verify(minorUnits: 250, numericCurrencyCode: 901), .matches)
    }

    func testMerchantNameOfOnlyNewlinesIsEmpty() {
        XCTAssertThrowsError(try Checkout(currency: .usd, countryCode: "US", merchantName: "\n", items: [SummaryItem(label: "A", amount: 1)])) {
            XCTAssertEqual($0 as? CheckoutError, .emptyMerchantName)
        }
    }

    /// The date range keeps its dates in a shared box: it must still behave as a value.
    func testShippingDateRangeIsAValue() {
        let monday = DateComponents(year: 2026, month: 12, day: 7)
        let wednesday = DateComponents(year: 2026, month: 12, day: 9)
        let range = ShippingDateRange(start: monday, end: wednesday)
        var copy = range
        XCTAssertEqual(copy, range)
        copy.end = DateComponents(year: 2026, month: 12, day: 11)
        XCTAssertEqual(range.end, wednesday, "setting a copy's end left the original alone")
        XCTAssertEqual(copy.start, monday)
        XCTAssertNotEqual(copy, range)
        copy.end = wednesday
        // equal and hashed alike by value, though the boxes differ
        XCTAssertEqual(copy, range)
        XCTAssertEqual(copy.hashValue, range.hashValue)
        XCTAssertEqual(Set([range, copy, ShippingDateRange(start: monday, end: monday)]).count, 2)
        let method = ShippingMethod(identifier: "x", label: "X", amount: 1, dateRange: range)
        var other = method
        other.dateRange?.start = wednesday
        XCTAssertEqual(method.dateRange?.start, monday)
        XCTAssertNotEqual(method, other)
    }
}
