import TallyDecimal

extension Money {
    /// The amount rounded to the currency's minor units (`1.051875 USD` → `1.05 USD`).
    ///
    /// - Parameter rule: `.toNearestOrAwayFromZero` by default; every `RoundingRule` works.
    /// - Precondition: the amount has at most about a million digits at the currency's scale, as
    ///   every amount within the default `ParseLimits` has (`1E+999999` USD, made in code,
    ///   stops); `minorUnits` and `formatted(locale:)` answer for any amount.
    public func rounded(_ rule: RoundingRule = .toNearestOrAwayFromZero) -> Money {
        Money(amount.rounded(scale: currency.minorUnits, rule), currency)
    }

    /// The amount rounded to a multiple of a cash `increment`, shown with the currency's scale.
    ///
    /// ```swift
    /// try Money("12.32", .chf).roundedToCash(increment: "0.05")  // 12.30 CHF
    /// try Money("12.33", .chf).roundedToCash(increment: "0.05")  // 12.35 CHF
    /// try Money("-12.33", .chf).roundedToCash(increment: "0.05") // -12.35 CHF
    /// ```
    /// `Currency.cashIncrement` gives the usual increment of countries that round cash payments.
    /// - Throws: `MoneyError.invalidCashIncrement` when the increment is not positive, has more
    ///   decimals than the currency, or is more minor units than `Int64` holds;
    ///   `.amountTooLarge` when the count of increments would pass `Money.maximumUnitDigits`.
    public func roundedToCash(
        increment: BigDecimal, _ rule: RoundingRule = .toNearestOrAwayFromZero
    ) throws(MoneyError) -> Money {
        try currency.validateCashIncrement(increment)
        // The count of increments, as an integer, must stay within the decimal's bound.
        // (An increment is at least 10^exponent, so the count has at most this many digits.)
        if Money.unitCountDigits(amount, unitExponent: increment.exponent) > Money.maximumUnitDigits {
            throw .amountTooLarge(amount: amount, currency: currency)
        }
        // amount / increment, rounded to a whole count of increments, times the increment.
        let count: BigDecimal
        do {
            count = try amount.divided(by: increment, scale: 0, rounding: rule)
        } catch {
            throw .invalidCashIncrement(increment: increment, currency: currency)
        }
        return Money((count * increment).rounded(scale: currency.minorUnits, .towardZero), currency)
    }
}

extension Currency {
    /// The smallest cash payment step where cash totals are rounded (CHF 0.05, SEK 1), or `nil`.
    ///
    /// Card and Apple Pay payments are never cash-rounded; apply `roundedToCash(increment:)` to
    /// cash tenders only. See `Currency.cashIncrements` for the table and its sources.
    public var cashIncrement: BigDecimal? {
        isISO ? Currency.cashIncrements[code] : nil
    }

    /// Common cash rounding increments by currency, as national practice has them (documented in
    /// Guides/Currencies.md): the smallest coin in circulation or the legal rounding rule.
    public static let cashIncrements: [String: BigDecimal] = [
        "CHF": "0.05",  // Switzerland: the 5-centime coin is the smallest
        "CAD": "0.05",  // Canada: cent withdrawn in 2013, cash totals round to 5 cents
        "AUD": "0.05",  // Australia: 1- and 2-cent coins withdrawn in 1992
        "NZD": "0.10",  // New Zealand: 5-cent coin withdrawn in 2006
        "SEK": "1",  // Sweden: öre coins withdrawn in 2010
        "NOK": "1",  // Norway: 50-øre coin withdrawn in 2012
        "DKK": "0.50",  // Denmark: 25-øre coin withdrawn in 2008
        "CZK": "1",  // Czechia: haléř coins withdrawn in 2008
        "HUF": "5",  // Hungary: 1- and 2-forint coins withdrawn in 2008
        "ZAR": "0.05",  // South Africa: 1- and 2-cent coins no longer minted since 2002
        "SGD": "0.05",  // Singapore: 1-cent coin no longer issued since 2002
    ]

    /// Throws unless `increment` is positive and a count of minor units that fits `Int64` (a
    /// bound no coin comes near, which keeps `1E+2000000` from being spelled out to the cent).
    func validateCashIncrement(_ increment: BigDecimal) throws(MoneyError) {
        guard increment.signum() > 0, (try? Money(increment, self).minorUnits) != nil else {
            throw .invalidCashIncrement(increment: increment, currency: self)
        }
    }
}
