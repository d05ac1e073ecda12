// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "NotificationBody",
  platforms: [.iOS(.v15), .macOS(.v12)],
  products: [
    .library(name: "NotificationBody", targets: ["NotificationBody"]),
    .executable(name: "notification-body", targets: ["notification-body"]),
    // For the side packages (Fuzz/, Benchmarks/), not for apps.
    .library(name: "NotificationBodyHarness", targets: ["NotificationBodyHarness"]),
    .library(name: "NotificationBodyReference", targets: ["NotificationBodyReference"]),
  ],
  targets: [
    // The library: no Foundation, no dependencies, small enough for a
    // Notification Service Extension.
    .target(name: "NotificationBody"),
    // Everything the command does, as a library so tests can call it too.
    .target(
      name: "NotificationBodyCommand",
      dependencies: [
        "NotificationBody", "NotificationBodyFixtures", "NotificationBodyHarness",
        "NotificationBodyReference", "NotificationBodySnapshot",
      ]
    ),
    // The shared fixture file's schema, read by the command and the tests;
    // its strings are shown with the harness's one escaper.
    .target(name: "NotificationBodyFixtures", dependencies: ["NotificationBodyHarness"]),
    // An obvious transcription of docs/contract.md, rule by rule, to check
    // the fast library against. It depends on nothing, not even the library,
    // so the two share no code and no constant.
    .target(name: "NotificationBodyReference"),
    // Invariants, the message generator and the shrinker, shared by the
    // property tests, the fuzz targets and the command. No Foundation.
    .target(
      name: "NotificationBodyHarness",
      dependencies: ["NotificationBody", "NotificationBodyReference", "CAllocationMeter"]
    ),
    // What one thread allocates and frees during a call, for the no-leak
    // invariant: heard through the sanitizer's hooks in the fuzz targets,
    // and from CAllocationCounting elsewhere.
    .target(name: "CAllocationMeter"),
    // Stands in for glibc's allocation functions to tell the meter of each
    // block; linked only into the command and the tests, never into the
    // library or a sanitizer build.
    .target(name: "CAllocationCounting", dependencies: ["CAllocationMeter"]),
    // The snapshot of every corpus input's and fixture case's bodies
    // (test-fixtures/corpus-bodies.json): made, read and compared here, for
    // `notification-body gate` and for the test that checks it.
    .target(
      name: "NotificationBodySnapshot",
      dependencies: ["NotificationBody", "NotificationBodyFixtures", "NotificationBodyHarness"]
    ),
    .executableTarget(
      name: "notification-body", dependencies: ["NotificationBodyCommand", "CAllocationCounting"]),
    .testTarget(
      name: "NotificationBodyTests",
      dependencies: [
        "NotificationBody", "NotificationBodyFixtures", "NotificationBodyHarness",
        "NotificationBodySnapshot", "CAllocationCounting",
      ]
    ),
    .testTarget(
      name: "NotificationBodyReferenceTests",
      dependencies: [
        "NotificationBody", "NotificationBodyReference", "NotificationBodyFixtures",
        "NotificationBodyHarness",
      ]
    ),
    .testTarget(
      name: "NotificationBodyHarnessTests",
      dependencies: ["NotificationBodyHarness", "NotificationBodyFixtures", "CAllocationCounting"]
    ),
    .testTarget(
      name: "NotificationBodyCommandTests",
      dependencies: ["NotificationBodyCommand", "NotificationBodySnapshot", "notification-body"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
