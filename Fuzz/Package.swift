// swift-tools-version:6.0
import PackageDescription

// The libFuzzer targets. A side package, so a plain `swift build` at the root
// never needs fuzzer flags; build it with `Fuzz/fuzz build`.
let package = Package(
  name: "NotificationBodyFuzz",
  dependencies: [.package(name: "NotificationBody", path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzInvariants",
      dependencies: [.product(name: "NotificationBodyHarness", package: "NotificationBody")]
    ),
    .executableTarget(
      name: "FuzzDifferential",
      dependencies: [.product(name: "NotificationBodyHarness", package: "NotificationBody")]
    ),
    .executableTarget(
      name: "FuzzLibrary",
      dependencies: [.product(name: "NotificationBodyHarness", package: "NotificationBody")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
