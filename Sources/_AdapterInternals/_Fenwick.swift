//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Fenwick-tree (binary indexed tree) arithmetic over a buffer: the one
/// implementation of the outline's row counts (a tree per expanded node, in
/// segments of one array of `Int32`) and of the windowing layouts' lengths
/// (trees of `Double`).
///
/// The tree is 1-based: element `i - 1` holds the sum of the values
/// `(i - lowbit(i), i]`, where `lowbit(i) == i & -i`. Every operation takes
/// the buffer of one tree, so a caller that keeps several trees in one array
/// passes a rebased slice.
@usableFromInline
package enum _Fenwick {
  /// The sum of the first `k` values; `k` in `0...tree.count`.
  ///
  /// - Complexity: O(log `k`).
  @inlinable
  package static func prefix<T: AdditiveArithmetic>(_ tree: UnsafeBufferPointer<T>, _ k: Int) -> T {
    var sum = T.zero
    var i = k
    while i > 0 {
      sum += tree[i &- 1]
      i &= i &- 1
    }
    return sum
  }

  /// Adds `delta` to value `index`.
  ///
  /// - Complexity: O(log `tree.count`).
  @inlinable
  package static func add<T: AdditiveArithmetic>(
    _ delta: T, at index: Int, in tree: UnsafeMutableBufferPointer<T>
  ) {
    var i = index &+ 1
    while i <= tree.count {
      tree[i &- 1] += delta
      i &+= i & -i
    }
  }

  /// The largest `k` whose prefix sum is at most `target`, for non-negative
  /// values, and what is left of `target` after that prefix: a descent from
  /// the largest power of two, subtracting (so floating-point values compare
  /// as the layouts always have).
  ///
  /// - Complexity: O(log `tree.count`).
  @inlinable
  package static func search<T: AdditiveArithmetic & Comparable>(
    _ tree: UnsafeBufferPointer<T>, atMost target: T
  ) -> (count: Int, remaining: T) {
    let n = tree.count
    var position = 0
    var remaining = target
    var step = n == 0 ? 0 : 1 << (Int.bitWidth &- 1 &- n.leadingZeroBitCount)
    while step > 0 {
      let next = position &+ step
      if next <= n, tree[next &- 1] <= remaining {
        position = next
        remaining -= tree[next &- 1]
      }
      step >>= 1
    }
    return (position, remaining)
  }

  /// Turns values into their tree, in place.
  ///
  /// - Complexity: O(`tree.count`).
  @inlinable
  package static func build<T: AdditiveArithmetic>(_ tree: UnsafeMutableBufferPointer<T>) {
    let n = tree.count
    var i = 1
    while i <= n {
      let parent = i &+ (i & -i)
      if parent <= n { tree[parent &- 1] += tree[i &- 1] }
      i &+= 1
    }
  }

  /// Turns a tree back into its values, in place.
  ///
  /// - Complexity: O(`tree.count`).
  @inlinable
  package static func unbuild<T: AdditiveArithmetic>(_ tree: UnsafeMutableBufferPointer<T>) {
    let n = tree.count
    var i = n
    while i >= 1 {
      let parent = i &+ (i & -i)
      if parent <= n { tree[parent &- 1] -= tree[i &- 1] }
      i &-= 1
    }
  }

  /// Appends the tree of `count` copies of `value` to `array`, without a
  /// build pass: element `i - 1` is `value × lowbit(i)`.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  package static func append<T: Numeric>(repeating value: T, count: Int, to array: inout [T]) {
    // Grow geometrically: reserving exactly `count` more would
    // reallocate on every call, and a whole-tree expansion appends once per
    // node (quadratic copying).
    let needed = array.count + count
    if needed > array.capacity { array.reserveCapacity(Swift.max(needed, 2 * array.capacity)) }
    var i = 1
    while i <= count {
      array.append(value * T(exactly: i & -i)!)
      i &+= 1
    }
  }
}
