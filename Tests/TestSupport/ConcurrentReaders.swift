//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The failures `reader` counts, summed over `readers` tasks that run it at
/// once, each with a generator seeded by its own index.
public func failuresOfConcurrentReaders(
  _ readers: Int = 8, _ reader: @escaping @Sendable (inout SplitMix64) -> Int
) async -> Int {
  await withTaskGroup(of: Int.self) { group in
    for seed in 0..<readers {
      group.addTask {
        var generator = SplitMix64(seed: UInt64(seed))
        return reader(&generator)
      }
    }
    return await group.reduce(0, +)
  }
}
