// swift-tools-version: 6.2
//===----------------------------------------------------------------------===//
//
// Examples for CollectionAdapters: a nested package, so that the library
// itself keeps zero dependencies.
//
//   swift run -c release WebHost       # then open http://127.0.0.1:8080
//
//===----------------------------------------------------------------------===//

import PackageDescription

let package = Package(
  name: "CollectionAdaptersExamples",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    .package(name: "CollectionAdapters", path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "WebHost",
      dependencies: [
        .product(name: "CollectionAdapters", package: "CollectionAdapters"),
        .product(name: "Paging", package: "CollectionAdapters"),
        .product(name: "Windowing", package: "CollectionAdapters"),
        .product(name: "IdentityDiff", package: "CollectionAdapters"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      resources: [.copy("Public")]
    )
  ]
)
