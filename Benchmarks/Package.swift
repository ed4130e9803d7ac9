// swift-tools-version: 6.2
//===----------------------------------------------------------------------===//
//
// Benchmarks for CollectionAdapters: a nested package, so that the library
// itself keeps zero dependencies. Peers (swift-collections,
// swift-identified-collections) are measured in the same run.
//
//   swift package --disable-sandbox benchmark
//
//===----------------------------------------------------------------------===//

import PackageDescription

let benchmarkDependencies: [Target.Dependency] = [
  .product(name: "Benchmark", package: "benchmark"),
  .product(name: "CollectionAdapters", package: "CollectionAdapters"),
  .product(name: "Paging", package: "CollectionAdapters"),
  .product(name: "Windowing", package: "CollectionAdapters"),
  .product(name: "IdentityDiff", package: "CollectionAdapters"),
  .product(name: "OrderedCollections", package: "swift-collections"),
  .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
  "BenchmarkSupport",
]

// Each suite declares its own entry point (a `BenchmarkRunnerHooks` type)
// rather than taking it from package-benchmark's build-tool plugin: that
// plugin writes its file anew at every build, so every `swift package
// benchmark` run would compile each suite it runs again.
func suite(_ name: String) -> Target {
  .executableTarget(
    name: name,
    dependencies: benchmarkDependencies,
    path: "Benchmarks/\(name)"
  )
}

let package = Package(
  name: "CollectionAdaptersBenchmarks",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    .package(name: "CollectionAdapters", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .target(
      name: "BenchmarkSupport",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "CollectionAdapters", package: "CollectionAdapters"),
        .product(name: "Windowing", package: "CollectionAdapters"),
      ]),
    suite("ArrayConversion"),
    suite("OrderedStoreVsPeers"),
    suite("LinkedList"),
    suite("ChatHistory"),
    suite("Outline"),
    suite("WindowingQuery"),
    suite("PagingTriggers"),
    suite("Diff"),
    suite("ListMutations"),
    // A real database: only this suite links GRDB.
    .executableTarget(
      name: "SQLitePaging",
      dependencies: benchmarkDependencies + [.product(name: "GRDB", package: "GRDB.swift")],
      path: "Benchmarks/SQLitePaging"
    ),
  ],
  swiftLanguageModes: [.v6]
)
