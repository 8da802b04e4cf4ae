// swift-tools-version:6.0
// An outside package that depends on Tally and writes property tests with TallyTesting.
// Guides/PropertyTesting.md walks through it; CI runs its tests.
import PackageDescription

let package = Package(
    name: "PropertyTestingConsumer",
    dependencies: [
        .package(name: "Tally", path: "../.."),
    ],
    targets: [
        .target(name: "Cart", dependencies: [.product(name: "Tally", package: "Tally")]),
        .testTarget(
            name: "CartTests",
            dependencies: ["Cart", .product(name: "TallyTesting", package: "Tally")]
        ),
    ]
)
