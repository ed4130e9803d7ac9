//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// One chunk of `_ChunkedLengths`: `count` equal lengths kept as one value
/// until one of them changes, then a Fenwick tree. A layout of a million
/// estimated rows is ready without a value per row, and only the chunks
/// the reader has measured hold one.
@usableFromInline
internal struct _LengthChunk: Sendable {
  @usableFromInline
  internal enum _Storage: Sendable {
    case uniform(value: Double, count: Int)
    case tree(_FenwickTree)
  }

  @usableFromInline var _storage: _Storage

  /// `count` lengths of `value`, with no storage per length.
  @inlinable
  init(repeating value: Double, count: Int) {
    _storage = .uniform(value: value, count: count)
  }

  /// The lengths `values`.
  @usableFromInline
  init(_ values: some Collection<Double>) {
    _storage = .tree(_FenwickTree(values))
  }

  @inlinable
  var count: Int {
    switch _storage {
    case .uniform(_, let count): return count
    case .tree(let tree): return tree.count
    }
  }

  /// The sum of the first `k` lengths.
  @inlinable
  func prefix(_ k: Int) -> Double {
    switch _storage {
    case .uniform(let value, _): return Double(k) * value
    case .tree(let tree): return tree.prefix(k)
    }
  }

  /// The length at `index`.
  @inlinable
  func value(at index: Int) -> Double {
    switch _storage {
    case .uniform(let value, _): return value
    case .tree(let tree): return tree.value(at: index)
    }
  }

  /// The number of leading lengths whose sum is at most `target`.
  @inlinable
  func count(whereSumAtMost target: Double) -> Int {
    switch _storage {
    case .uniform(let value, let count):
      guard target >= 0 else { return 0 }
      guard value > 0 else { return count }
      // The division's estimate, corrected against `prefix` so that both
      // agree at every boundary.
      var k = Swift.min(count, Int(Swift.min(target / value, Double(count))))
      while k < count, Double(k + 1) * value <= target { k += 1 }
      while k > 0, Double(k) * value > target { k -= 1 }
      return k
    case .tree(let tree): return tree.count(whereSumAtMost: target)
    }
  }

  /// Adds `delta` to the length at `index`, making the chunk a tree.
  @inlinable
  mutating func add(_ delta: Double, at index: Int) {
    _withTree { $0.add(delta, at: index) }
  }

  /// Appends `value`: a uniform chunk of the same length stays uniform.
  @inlinable
  mutating func append(_ value: Double) {
    if case .uniform(let length, let count) = _storage, length == value || count == 0 {
      _storage = .uniform(value: value, count: count + 1)
      return
    }
    _withTree { $0.append(value) }
  }

  /// Edits the lengths in place as plain values, making the chunk a tree.
  @usableFromInline
  mutating func _withValues<R>(_ body: (inout [Double]) throws -> R) rethrows -> R {
    try _withTree { try $0._withValues(body) }
  }

  /// Runs `body` on the chunk as a tree, made one if it was uniform; the
  /// tree's storage stays unique while `body` edits it.
  @inlinable
  mutating func _withTree<R>(_ body: (inout _FenwickTree) throws -> R) rethrows -> R {
    var tree: _FenwickTree
    switch _storage {
    case .uniform(let value, let count): tree = _FenwickTree(repeating: value, count: count)
    case .tree(let existing): tree = existing
    }
    _storage = .uniform(value: 0, count: 0)
    defer { _storage = .tree(tree) }
    return try body(&tree)
  }

  /// All lengths, in order. O(count).
  @usableFromInline
  var values: [Double] {
    switch _storage {
    case .uniform(let value, let count): return Array(repeating: value, count: count)
    case .tree(let tree): return tree.values
    }
  }

  /// Whether every length is known to be `value` without reading them.
  @inlinable
  func isUniform(_ value: Double) -> Bool {
    if case .uniform(let length, _) = _storage { return length == value }
    return false
  }
}
