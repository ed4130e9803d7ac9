// swift-tools-version: 6.2
//===----------------------------------------------------------------------===//
//
// CollectionAdapters: data structures that feed list UIs directly, as
// random-access collections, without converting to `Array`.
//
//===----------------------------------------------------------------------===//

import PackageDescription

/// `_checkInvariants()` runs after every mutation only when this package's
/// own build asks for it: `COLLECTION_ADAPTERS_INTERNAL_CHECKS=1 swift test`
/// (CI does). A client that depends on the package never sets the variable,
/// so its debug builds pay only the documented costs (swift-collections keeps
/// its `COLLECTIONS_INTERNAL_CHECKS` off the same way).
let internalChecks: [SwiftSetting] =
  Context.environment["COLLECTION_ADAPTERS_INTERNAL_CHECKS"] == "1"
  ? [.define("COLLECTION_ADAPTERS_INTERNAL_CHECKS", .when(configuration: .debug))]
  : []

/// CI's thread-sanitizer run needs only the tests that read from several
/// threads: with `COLLECTION_ADAPTERS_CONCURRENT_TESTS_ONLY=1` they are the
/// package's one test target, so the sanitizer does not build the others.
let concurrentTestsOnly = Context.environment["COLLECTION_ADAPTERS_CONCURRENT_TESTS_ONLY"] == "1"

let package = Package(
  name: "CollectionAdapters",
  // The floors of the public API: `Pager` is `@Observable` (Observation:
  // macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1), which also covers
  // `Duration` (macOS 13) and `Identifiable` (macOS 10.15).
  // `.ci/check-availability` checks every module against them.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "CollectionAdapters", targets: ["CollectionAdapters"]),
    .library(name: "Paging", targets: ["Paging"]),
    .library(name: "Windowing", targets: ["Windowing"]),
    .library(name: "IdentityDiff", targets: ["IdentityDiff"]),
    .executable(name: "adapters-demo", targets: ["adapters-demo"]),
  ],
  targets: [
    // O(n + m) identity diff between snapshots; depends only on the shared
    // internals.
    .target(
      name: "IdentityDiff",
      dependencies: ["_AdapterInternals"]
    ),
    // The one home of internals shared by the library modules (a lock, the
    // out-of-range trap, the Fenwick-tree arithmetic); not a product.
    .target(
      name: "_AdapterInternals",
      dependencies: ["_AdapterInternalsShims"]
    ),
    // Relaxed atomics on a word and the calling thread's identifier, for
    // the lock's re-entrancy check, at every platform floor.
    .target(
      name: "_AdapterInternalsShims"
    ),
    .target(
      name: "CollectionAdapters",
      dependencies: ["IdentityDiff", "_AdapterInternals"],
      swiftSettings: internalChecks
    ),
    // Pagers: async sources (positional or keyed) published as collections.
    .target(
      name: "Paging",
      dependencies: ["IdentityDiff", "_AdapterInternals"],
      swiftSettings: internalChecks
    ),
    // Headless virtualized layout; knows only RandomAccessCollection.
    // Rounding (`rounded(.down)`) compiles to libm's `floor` on x86_64 without
    // SSE 4.1: a client that imports no Foundation must still link it.
    .target(
      name: "Windowing",
      dependencies: ["IdentityDiff", "_AdapterInternals"],
      swiftSettings: internalChecks,
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]
    ),
    // The allocator's in-use byte count, for the demo's memory column.
    .target(
      name: "CHeapStatistics"
    ),
    .executableTarget(
      name: "adapters-demo",
      dependencies: [
        "CollectionAdapters", "Paging", "Windowing", "IdentityDiff", "CHeapStatistics",
      ]
    ),
    // Test kit shared by every test target, kept beside the tests; not a
    // product.
    .target(
      name: "_TestSupport",
      dependencies: ["IdentityDiff", "Windowing"],
      path: "Tests/TestSupport"
    ),
    // Snapshots read from several threads, also run under the thread
    // sanitizer.
    .testTarget(
      name: "ConcurrentTests",
      dependencies: ["CollectionAdapters", "Paging", "_AdapterInternals", "_TestSupport"],
      swiftSettings: internalChecks
    ),
  ]
    + (concurrentTestsOnly
      ? []
      : [
        .testTarget(
          name: "CollectionAdaptersTests",
          dependencies: ["CollectionAdapters", "_AdapterInternals", "_TestSupport"],
          swiftSettings: internalChecks
        ),
        .testTarget(
          name: "PagingTests",
          dependencies: ["Paging", "_TestSupport"],
          swiftSettings: internalChecks
        ),
        .testTarget(
          name: "IdentityDiffTests",
          dependencies: ["IdentityDiff", "_TestSupport"]
        ),
        .testTarget(
          name: "WindowingTests",
          dependencies: ["Windowing", "IdentityDiff", "_TestSupport"],
          swiftSettings: internalChecks
        ),
        // The modules together, as an app composes them: adapters inside a list,
        // their changes through the UIKit rule checker.
        .testTarget(
          name: "IntegrationTests",
          dependencies: [
            "CollectionAdapters", "Paging", "Windowing", "IdentityDiff", "_TestSupport",
          ],
          swiftSettings: internalChecks
        ),
      ]),
  swiftLanguageModes: [.v6]
)
