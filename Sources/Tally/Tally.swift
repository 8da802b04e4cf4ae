// The umbrella module: `import Tally` brings in every layer. It only re-exports.
@_exported import TallyBridge
@_exported import TallyCheckout
@_exported import TallyDecimal
@_exported import TallyMoney
@_exported import TallyPurchases
