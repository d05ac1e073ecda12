// swift-tools-version:6.0
import PackageDescription

// The benchmark: the library side by side with the reference, a port of the
// regular-expression approach, cmark and a floor, on generated corpora. A
// side package, so the library never depends on cmark or Foundation; run it
// with `Benchmarks/bench`, which installs cmark when it is missing.
let package = Package(
  name: "NotificationBodyBenchmarks",
  dependencies: [.package(name: "NotificationBody", path: "..")],
  targets: [
    // CommonMark's reference parser, from Debian's libcmark-dev.
    .systemLibrary(
      name: "CCmark",
      pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"])]
    ),
    // Counts this thread's heap allocations, by standing in for malloc.
    // DWARF 4: valgrind 3.19, which `bench counts` runs, gives up on DWARF 5.
    .target(name: "CAllocationCount", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    .executableTarget(
      name: "notification-body-benchmark",
      dependencies: [
        "CAllocationCount", "CCmark",
        .product(name: "NotificationBody", package: "NotificationBody"),
        .product(name: "NotificationBodyCost", package: "NotificationBody"),
        .product(name: "NotificationBodyHarness", package: "NotificationBody"),
        .product(name: "NotificationBodyReference", package: "NotificationBody"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
