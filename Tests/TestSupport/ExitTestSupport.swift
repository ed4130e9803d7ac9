//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing

#if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
  /// The standard error an exit test's child process wrote, as text, so a
  /// test can check that a trap names the bad value.
  public func standardErrorText(of result: ExitTest.Result?) -> String {
    guard let result else { return "" }
    return String(decoding: result.standardErrorContent, as: UTF8.self)
  }
#endif

/// A key whose hash is chosen by the test: many keys share a bucket, which
/// exercises collision chains and deletion inside clusters.
public struct CollidingKey: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  /// The identity of the key.
  public var value: Int
  /// Keys with equal `value % buckets` hash alike.
  public var buckets: Int

  /// Creates a key that collides with every key of equal `value % buckets`.
  public init(_ value: Int, buckets: Int = 3) {
    self.value = value
    self.buckets = buckets
  }

  /// Equal values are equal keys.
  public static func == (a: Self, b: Self) -> Bool { a.value == b.value }
  /// Ordered by value.
  public static func < (a: Self, b: Self) -> Bool { a.value < b.value }
  /// Hashes only `value % buckets`.
  public func hash(into hasher: inout Hasher) { hasher.combine(value % buckets) }
  /// The value.
  public var description: String { "k\(value)" }
}
