// swift-tools-version: 6.2
// Clients of the package, as apps would depend on it: one executable per
// product, each importing only that product (no Foundation, which would
// bring libraries a product forgot to link: Windowing once needed libm and
// linked only in clients that also imported Foundation). `.ci/run` builds
// them in release, where the optimizer emits those library calls, and runs them.
import PackageDescription

let products = ["CollectionAdapters", "Paging", "Windowing", "IdentityDiff"]

let package = Package(
  name: "client",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(name: "CollectionAdapters", path: "../..")],
  targets: products.map { product in
    .executableTarget(
      name: "Uses\(product)",
      dependencies: [.product(name: product, package: "CollectionAdapters")]
    )
  },
  swiftLanguageModes: [.v6]
)
