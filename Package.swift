// swift-tools-version:6.0
import PackageDescription

// NOTIFICATION_BODY_WORK_METER=1 builds the library, and nothing else, with
// LLVM's profile counters, which CWorkMeter reads as the work of a call (the
// linear-work invariant, docs/cost.md). No other build sees the flag: the
// library that apps link gains no instruction.
let workMeter = Context.environment["NOTIFICATION_BODY_WORK_METER"] == "1"
let meteredSwift: [SwiftSetting] = workMeter ? [.unsafeFlags(["-profile-generate"])] : []
let meteredLinking: [LinkerSetting] = workMeter ? [.unsafeFlags(["-profile-generate"])] : []
// The C targets' debug information in DWARF 4: valgrind 3.19 (Debian 12's),
// which the planted-bug runner and the benchmark count instructions with,
// gives up on clang's default DWARF 5.
let valgrindReadable: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]
// The modules the test suite runs hot, the library, the reference and the
// harness's invariants, optimized in debug builds too, with their
// assertions kept: `swift test` spent most of its time in them unoptimized
// (every corpus input and 5,000 generated messages checked against the
// reference). Release builds are optimized anyway, without assertions.
let optimizedForTests: [SwiftSetting] = [
  .unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))
]

let package = Package(
  name: "NotificationBody",
  platforms: [.iOS(.v15), .macOS(.v12)],
  products: [
    .library(name: "NotificationBody", targets: ["NotificationBody"]),
    .executable(name: "notification-body", targets: ["notification-body"]),
    // For the side packages (Fuzz/, Benchmarks/), not for apps.
    .library(name: "NotificationBodyHarness", targets: ["NotificationBodyHarness"]),
    .library(name: "NotificationBodyReference", targets: ["NotificationBodyReference"]),
    .library(name: "NotificationBodyCost", targets: ["NotificationBodyCost"]),
  ],
  targets: [
    // The library: no Foundation, no dependencies, small enough for a
    // Notification Service Extension.
    .target(
      name: "NotificationBody", dependencies: ["NotificationBodyUnicodeData"],
      swiftSettings: meteredSwift + optimizedForTests, linkerSettings: meteredLinking),
    // The Unicode properties the contract's characters are cut by, generated
    // by `swift run unicode-tables` from unicode/<version>/: data only, read
    // by the library and the reference alike.
    .target(name: "NotificationBodyUnicodeData"),
    // The one generator of that data, for every language, beside the
    // product rather than in the shipped tool: `swift run unicode-tables`.
    .target(
      name: "NotificationBodyUnicodeTables",
      dependencies: ["NotificationBodyFixtures", "NotificationBodyText"]),
    .executableTarget(name: "unicode-tables", dependencies: ["NotificationBodyUnicodeTables"]),
    // Everything the command does, as a library so tests can call it too.
    .target(
      name: "NotificationBodyCommand",
      dependencies: [
        "NotificationBody", "NotificationBodyCost", "NotificationBodyFindings",
        "NotificationBodyFixtures", "NotificationBodyHarness", "NotificationBodyPorts",
        "NotificationBodyProcess", "NotificationBodyReference", "NotificationBodySnapshot",
        "NotificationBodyText",
      ]
    ),
    // What decides a fuzz finding's cause, name and shape, and makes it a
    // regression case: triage's replay, recheck, grouping and promotion,
    // the saved failures (FailCases), the cost shape and growth, the cause
    // of a body finding, and the one answer to "does this build still fail?".
    .target(
      name: "NotificationBodyFindings",
      dependencies: [
        "NotificationBody", "NotificationBodyFixtures", "NotificationBodyHarness",
        "NotificationBodyProcess", "NotificationBodyReference", "NotificationBodySnapshot",
        "NotificationBodyText",
      ]
    ),
    // Every file that is kept, each format with one reader and one writer:
    // the shared fixture file (read, checked, appended), the body snapshot's
    // file, the input digest, and the one atomic writer; its strings are
    // shown with NotificationBodyText's one escaper.
    .target(
      name: "NotificationBodyFixtures",
      dependencies: ["NotificationBody", "NotificationBodyText"]
    ),
    // How the tools show a string to a person (`Escaped`: one rule for the
    // invisible scalars, in a report's and JSON's spelling) and compare two
    // (`hasSameScalars`). No dependencies, no Foundation: the fuzz targets
    // link it through the harness.
    .target(name: "NotificationBodyText"),
    // An obvious transcription of docs/contract.md, rule by rule, to check
    // the fast library against. It depends on nothing but the Unicode data,
    // not even the library, so the two share no code and no constant.
    .target(
      name: "NotificationBodyReference", dependencies: ["NotificationBodyUnicodeData"],
      swiftSettings: optimizedForTests),
    // Invariants, the message generator, the shrinker and the rule where a
    // body parts from the contract's, shared by the property tests, the
    // fuzz targets (which trap in a function named for it) and the command.
    // No Foundation.
    .target(
      name: "NotificationBodyHarness",
      dependencies: [
        "NotificationBody", "NotificationBodyReference", "NotificationBodyText", "CAllocationMeter",
        "CBodyScan", "CWorkMeter",
      ],
      swiftSettings: optimizedForTests
    ),
    // The byte scans of the fuzz targets' per-execution checks, in C, where
    // the fuzzer's coverage instrumentation can be left out of them.
    .target(name: "CBodyScan", cSettings: valgrindReadable),
    // The work of a call: the sum of the library's profile counters, when
    // NOTIFICATION_BODY_WORK_METER=1 built them in; zero otherwise.
    .target(name: "CWorkMeter", cSettings: valgrindReadable),
    // What one thread allocates and frees during a call, for the no-leak
    // invariant: heard through the sanitizer's hooks in the fuzz targets,
    // and from CAllocationCounting elsewhere.
    .target(name: "CAllocationMeter", cSettings: valgrindReadable),
    // Stands in for glibc's allocation functions to tell the meter of each
    // block; linked only into the command and the tests, never into the
    // library or a sanitizer build.
    .target(
      name: "CAllocationCounting", dependencies: ["CAllocationMeter"], cSettings: valgrindReadable),
    // Every child process the tools start, each bounded, logged and ended
    // one way (process groups, signals): fuzzers, probes, builds of another
    // revision in a worktree, valgrind, the ports. No other module of the
    // project.
    .target(name: "NotificationBodyProcess"),
    // The ports' boundary: the line protocol of docs/against-protocol.md
    // (one writer, one reader), `serve`'s loop, the external implementation
    // `diff --against` runs behind it, the comparison engine of `diff` and
    // `gate --baseline` (against the reference or such a process, each
    // cause shrunk to one finding), and the ports' check of a nightly.
    .target(
      name: "NotificationBodyPorts",
      dependencies: [
        "NotificationBody", "NotificationBodyFindings", "NotificationBodyFixtures",
        "NotificationBodyHarness", "NotificationBodyProcess", "NotificationBodyReference",
        "NotificationBodySnapshot", "NotificationBodyText",
      ]
    ),
    // The cost gate's data: the workload classes, callgrind's profiles, the
    // snapshot of instruction counts (test-fixtures/library-instructions.json),
    // the comparison and its reports, and the valgrind runs that count.
    .target(
      name: "NotificationBodyCost",
      dependencies: [
        "NotificationBody", "NotificationBodyFixtures", "NotificationBodyHarness",
        "NotificationBodyPorts", "NotificationBodyProcess", "NotificationBodySnapshot",
        "NotificationBodyText",
      ]
    ),
    // The regression gate's bodies of every corpus input and fixture case:
    // made and compared here (the file is the fixtures module's), for
    // `notification-body gate` and for the test that checks it.
    .target(
      name: "NotificationBodySnapshot",
      dependencies: [
        "NotificationBody", "NotificationBodyFixtures", "NotificationBodyHarness",
        "NotificationBodyText",
      ]
    ),
    .executableTarget(
      name: "notification-body", dependencies: ["NotificationBodyCommand", "CAllocationCounting"]),
    .testTarget(
      name: "NotificationBodyTests",
      dependencies: [
        "NotificationBody", "NotificationBodyFixtures", "NotificationBodyHarness",
        "NotificationBodySnapshot", "NotificationBodyText", "CAllocationCounting",
      ]
    ),
    .testTarget(
      name: "NotificationBodyReferenceTests",
      dependencies: [
        "NotificationBody", "NotificationBodyFixtures", "NotificationBodyHarness",
        "NotificationBodyReference", "NotificationBodyText",
      ]
    ),
    .testTarget(
      name: "NotificationBodyHarnessTests",
      dependencies: [
        "NotificationBodyFindings", "NotificationBodyFixtures", "NotificationBodyHarness",
        "NotificationBodyText", "CAllocationCounting",
      ]
    ),
    .testTarget(
      name: "NotificationBodyFindingsTests",
      dependencies: [
        "NotificationBody", "NotificationBodyFindings", "NotificationBodyFixtures",
        "NotificationBodyHarness", "NotificationBodyReference", "CAllocationCounting",
      ]
    ),
    .testTarget(
      name: "NotificationBodyCommandTests",
      dependencies: [
        "NotificationBodyCommand", "NotificationBodyCost", "NotificationBodyFindings",
        "NotificationBodyFixtures", "NotificationBodyPorts", "NotificationBodyProcess",
        "NotificationBodySnapshot", "NotificationBodyText", "NotificationBodyUnicodeTables",
        "notification-body",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// NOTIFICATION_BODY_TEST_TARGETS="A B" declares only those test targets: the
// planted-bug runner rebuilds the suites its layers run once per patch, and
// no other (Fuzz/planted-bugs).
if let kept = Context.environment["NOTIFICATION_BODY_TEST_TARGETS"] {
  let names = Set(kept.split(separator: " ").map(String.init))
  package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
}
