// Generators for the money layer, biased toward the currencies money code gets wrong.
import TallyDecimal
import TallyMoney

extension Gen where Value == Currency {
    /// ISO currencies, most often the everyday ones, often those with 0, 3 or 4 minor units
    /// (JPY, KRW, KWD, BHD, CLF), sometimes any ISO code, sometimes a custom currency with up to 8
    /// decimals. Shrinks toward USD.
    public static var currency: Gen<Currency> {
        let everyday: [Currency] = [.usd, .eur, .cny, .gbp, .jpy, .chf]
        let edges = ["JPY", "KRW", "ISK", "CLP", "KWD", "BHD", "JOD", "TND", "CLF", "UYW"].compactMap { try? Currency($0) }
        return .frequency([
            (4, .element(of: everyday)),
            (3, .element(of: edges)),
            (2, .element(of: Currency.allISO)),
            (1, Gen<Int>.int(in: 0...8).map { Currency(code: "TOK", minorUnits: $0, name: "Test token") }),
        ])
    }
}

extension Gen where Value == Money {
    /// Whole-minor-unit amounts in `currency`: mostly within ±100,000,000 minor units (a million
    /// dollars, a hundred million yen), often within ±1,000, sometimes any `Int64` count of minor
    /// units, sometimes zero; negative as often as not.
    /// Shrinks toward zero.
    public static func money(in currency: Currency) -> Gen<Money> {
        Gen<Int64>.frequency([
            (6, .int64(in: -100_000_000...100_000_000)),
            (2, .int64(in: -1_000...1_000)),
            (1, .int64(in: .min ... .max)),
            (1, .constant(0)),
        ]).map { Money(minorUnits: $0, currency: currency) }
    }

    /// Whole-minor-unit amounts in currencies from `Gen.currency`.
    public static var money: Gen<Money> {
        Gen<Currency>.currency.flatMap { money(in: $0) }
    }
}
