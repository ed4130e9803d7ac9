// swift-tools-version: 6.2
//===----------------------------------------------------------------------===//
//
// Fuzz targets: each decodes libFuzzer's bytes into a sequence of public API
// calls, with hostile values, and checks the results against a simple
// reference. Built and run by `Fuzz/run` (CI runs each for a bounded time):
//
//   swift build -c release --package-path Fuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
//===----------------------------------------------------------------------===//

import PackageDescription

let fuzzTargets = [
  "FuzzOrderedStore", "FuzzLinkedList", "FuzzOutline", "FuzzWindowing", "FuzzIdentityDiff",
  "FuzzPager", "FuzzSections", "FuzzRowChanges",
]

let package = Package(
  name: "Fuzz",
  dependencies: [.package(name: "CollectionAdapters", path: "..")],
  targets: [
    .target(name: "FuzzSupport")
  ]
    + fuzzTargets.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "FuzzSupport",
          .product(name: "CollectionAdapters", package: "CollectionAdapters"),
          .product(name: "Paging", package: "CollectionAdapters"),
          .product(name: "Windowing", package: "CollectionAdapters"),
          .product(name: "IdentityDiff", package: "CollectionAdapters"),
        ])
    },
  swiftLanguageModes: [.v6]
)
