//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Prefix sums of item lengths with O(log n) update, prefix and search, and
/// one `Double` per item (a value is read back as the difference of two
/// prefixes, so no second array of lengths is kept).
@usableFromInline
internal struct _FenwickTree: Hashable, Sendable {
  /// 1-based: `tree[i - 1]` holds the sum of `(i - lowbit(i), i]`.
  @usableFromInline var tree: [Double]

  @usableFromInline
  init(repeating value: Double, count: Int) {
    tree = []
    tree.reserveCapacity(count)
    var i = 1
    while i <= count {
      tree.append(value * Double(i & -i))
      i += 1
    }
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
    var sum = 0.0
    var i = k
    while i > 0 {
      sum += tree[i - 1]
      i &= i - 1
    }
    return sum
  }

  /// The value at `index`.
  @inlinable
  func value(at index: Int) -> Double { prefix(index + 1) - prefix(index) }

  /// Adds `delta` to the value at `index`.
  @inlinable
  mutating func add(_ delta: Double, at index: Int) {
    var i = index + 1
    while i <= tree.count {
      tree[i - 1] += delta
      i += i & -i
    }
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
    var position = 0
    var remaining = target
    var step = tree.isEmpty ? 0 : 1 << (Int.bitWidth - 1 - tree.count.leadingZeroBitCount)
    while step > 0 {
      let next = position + step
      if next <= tree.count, tree[next - 1] <= remaining {
        position = next
        remaining -= tree[next - 1]
      }
      step >>= 1
    }
    return position
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
  /// `parent` and `i` stay in `1...count`.
  @usableFromInline
  mutating func _unbuild() {
    tree.withUnsafeMutableBufferPointer { tree in
      let n = tree.count
      var i = n
      while i >= 1 {
        let parent = i &+ (i & -i)
        if parent <= n { tree[parent &- 1] -= tree[i &- 1] }
        i &-= 1
      }
    }
  }

  /// Turns plain values into the tree, in place. O(n).
  @usableFromInline
  mutating func _build() {
    tree.withUnsafeMutableBufferPointer { tree in
      let n = tree.count
      var i = 1
      while i <= n {
        let parent = i &+ (i & -i)
        if parent <= n { tree[parent &- 1] += tree[i &- 1] }
        i &+= 1
      }
    }
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
