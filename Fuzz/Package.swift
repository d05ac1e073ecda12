// swift-tools-version:6.0
import PackageDescription

// The libFuzzer targets. A side package, so a plain `swift build` at the root
// never needs fuzzer flags; build it with `Fuzz/fuzz build`.
let package = Package(
  name: "NotificationBodyFuzz",
  dependencies: [.package(name: "NotificationBody", path: "..")],
  targets: [
    // libFuzzer's `LLVMFuzzerMutate`, declared for the targets' custom
    // mutator; the fuzzer's runtime defines it.
    .systemLibrary(name: "CLibFuzzer"),
    // Work per byte as libFuzzer's extra features, so fuzzing climbs toward
    // the inputs that cost the library most.
    .target(name: "CWorkFeatures", linkerSettings: [.linkedLibrary("m")]),
    // The entry points every target shares: initialization, the mutator,
    // and running one input with its work reported.
    .target(
      name: "FuzzCommon",
      dependencies: [
        "CLibFuzzer", "CWorkFeatures",
        .product(name: "NotificationBodyHarness", package: "NotificationBody"),
      ]
    ),
    .executableTarget(name: "FuzzDifferential", dependencies: ["FuzzCommon"]),
    .executableTarget(name: "FuzzLibrary", dependencies: ["FuzzCommon"]),
    // The floors `Fuzz/fuzz speed` measures the targets against: the same
    // build and mutator, one body (and the reference's), no check.
    .executableTarget(name: "FuzzFloor", dependencies: ["FuzzCommon"]),
    .executableTarget(name: "FuzzFloorDifferential", dependencies: ["FuzzCommon"]),
  ],
  swiftLanguageModes: [.v6]
)
