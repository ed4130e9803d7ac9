//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// Prefix sums of item lengths with O(log n) update, prefix and search, and
/// one `Double` per item (a value is read back as the difference of two
/// prefixes, so no second array of lengths is kept). The arithmetic is the
/// package's one Fenwick implementation, `_Fenwick`, which the outline's
/// row counts use too.
@usableFromInline
internal struct _FenwickTree: Hashable, Sendable {
  /// 1-based: `tree[i - 1]` holds the sum of `(i - lowbit(i), i]`.
  @usableFromInline var tree: [Double]

  @usableFromInline
  init(repeating value: Double, count: Int) {
    tree = []
    _Fenwick.append(repeating: value, count: count, to: &tree)
  }

  @usableFromInline
  init(_ values: some Collection<Double>) {
    tree = Array(values)
    _build()
  }

  @inlinable var count: Int { tree.count }

  /// The sum of the first `k` values.
  @inlinable
  func prefix(_ k: Int) -> Double {
    tree.withUnsafeBufferPointer { _Fenwick.prefix($0, k) }
  }

  /// The value at `index`.
  @inlinable
  func value(at index: Int) -> Double { prefix(index + 1) - prefix(index) }

  /// Adds `delta` to the value at `index`.
  @inlinable
  mutating func add(_ delta: Double, at index: Int) {
    tree.withUnsafeMutableBufferPointer { _Fenwick.add(delta, at: index, in: $0) }
  }

  /// Appends `value` in O(log n).
  @inlinable
  mutating func append(_ value: Double) {
    let i = tree.count + 1
    // Node i covers (i - lowbit(i), i]: the new value plus the earlier ones.
    tree.append(value + prefix(i - 1) - prefix(i - (i & -i)))
  }

  /// The number of leading values whose sum is at most `target`: the index
  /// of the item that contains offset `target`.
  @inlinable
  func count(whereSumAtMost target: Double) -> Int {
    tree.withUnsafeBufferPointer { _Fenwick.search($0, atMost: target).count }
  }

  /// All values, in order. O(n).
  @usableFromInline
  var values: [Double] {
    var copy = self
    copy._unbuild()
    return copy.tree
  }

  /// Turns the tree into its plain values, in place. O(n).
  ///
  /// Through the buffer: a split of a chunk runs this and `_build` over the
  /// chunk and the index, and the array's per-element uniqueness and bounds
  /// checks doubled their cost (`prepend 100 items to 1M` in WindowingQuery).
  @usableFromInline
  mutating func _unbuild() {
    tree.withUnsafeMutableBufferPointer { _Fenwick.unbuild($0) }
  }

  /// Turns plain values into the tree, in place. O(n).
  @usableFromInline
  mutating func _build() {
    tree.withUnsafeMutableBufferPointer { _Fenwick.build($0) }
  }

  /// Edits the values in place (`body` sees and changes the plain values),
  /// reusing the tree's storage: O(n) plus the edit.
  @usableFromInline
  mutating func _withValues<R>(_ body: (inout [Double]) throws -> R) rethrows -> R {
    _unbuild()
    defer { _build() }
    return try body(&tree)
  }
}
