// swift-tools-version:6.0
// Tally: an exact decimal money and payment-summary calculation kit.
// Layout and layering: see Guides/ and the module list below (lower layers never import higher ones).
import PackageDescription

// Coefficients beyond `Int64` live in GMP where a package manager provides it (apt on Linux, brew
// on macOS). Apple's device platforms (iOS, tvOS, watchOS, visionOS, Mac Catalyst) have no libgmp,
// so there, and in any build with TALLY_PORTABLE_INTEGERS=1 in the environment (how CI tests that
// path on Linux), TallyDecimal uses its portable Swift integers instead. The code chooses by the
// `TALLY_GMP` compilation condition, not by `canImport(CGMP)`: Xcode has been reported to build
// conditional dependencies for every platform. See Guides/Platforms.md.
let portableIntegers = ["1", "true", "yes"].contains(Context.environment["TALLY_PORTABLE_INTEGERS"]?.lowercased() ?? "")
let gmpPlatforms: [Platform] = [.linux, .macOS, .openbsd]
let gmp: [Target.Dependency] = portableIntegers ? [] : [.target(name: "CGMP", condition: .when(platforms: gmpPlatforms))]
let gmpSettings: [SwiftSetting] = portableIntegers ? [] : [.define("TALLY_GMP", .when(platforms: gmpPlatforms))]

let package = Package(
    name: "Tally",
    // Apple minimums: Foundation's currency FormatStyle (macOS 12 / iOS 15), String's
    // unsafeUninitializedCapacity initializer (macOS 11) and task-locals (macOS 10.15); rounded up
    // to the releases Swift 6 toolchains test against. Linux has no minimum.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Tally", targets: ["Tally"]),
        .library(name: "TallyDecimal", targets: ["TallyDecimal"]),
        .library(name: "TallyMoney", targets: ["TallyMoney"]),
        .library(name: "TallyCheckout", targets: ["TallyCheckout"]),
        .library(name: "TallyBridge", targets: ["TallyBridge"]),
        .library(name: "TallyPurchases", targets: ["TallyPurchases"]),
        .library(name: "TallyTesting", targets: ["TallyTesting"]),
        .executable(name: "tally", targets: ["TallyCLI"]),
    ],
    targets: [
        // GMP through a shim header of static inline wrappers (GMP's mpz_* names are macros).
        .systemLibrary(
            name: "CGMP",
            pkgConfig: "gmp",
            providers: [.apt(["libgmp-dev"]), .brew(["gmp"])]
        ),
        .target(name: "TallyDecimal", dependencies: gmp, swiftSettings: gmpSettings),
        .target(name: "TallyMoney", dependencies: ["TallyDecimal"]),
        .target(name: "TallyCheckout", dependencies: ["TallyDecimal", "TallyMoney"]),
        // The in-app purchase flow as a crash-safe ledger: a pure state machine and its journal.
        .target(name: "TallyPurchases", dependencies: ["TallyDecimal", "TallyMoney"]),
        // JSON in and out: an exact JSON reader, the checkout document, the CLI's commands.
        .target(name: "TallyBridge", dependencies: ["TallyDecimal", "TallyMoney", "TallyCheckout", "TallyPurchases"]),
        .target(name: "Tally", dependencies: ["TallyDecimal", "TallyMoney", "TallyCheckout", "TallyPurchases", "TallyBridge"]),
        // Property-based testing for XCTest: seeded generators, runner, integrated shrinking.
        .target(name: "TallyTesting", dependencies: ["TallyDecimal", "TallyMoney", "TallyCheckout"]),
        .executableTarget(name: "TallyCLI", dependencies: ["Tally"]),
        // Counts malloc calls in the benchmark process only (glibc); never linked into the library.
        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        .executableTarget(
            name: "TallyBenchmarks",
            dependencies: ["TallyDecimal", "TallyMoney", "TallyCheckout", "TallyBridge", "CGMP", "CAllocationCounter"],
            path: "Benchmarks/TallyBenchmarks"
        ),
        .testTarget(name: "TallyDecimalTests", dependencies: ["TallyDecimal", "TallyTesting"]),
        .testTarget(name: "TallyTestingTests", dependencies: ["TallyTesting", "TallyDecimal"]),
        .testTarget(name: "TallyMoneyTests", dependencies: ["TallyMoney", "TallyTesting"]),
        .testTarget(name: "TallyCheckoutTests", dependencies: ["TallyCheckout", "TallyTesting"]),
        .testTarget(name: "TallyPurchasesTests", dependencies: ["TallyPurchases", "TallyTesting"]),
        .testTarget(name: "TallyBridgeTests", dependencies: ["TallyBridge", "TallyTesting"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
