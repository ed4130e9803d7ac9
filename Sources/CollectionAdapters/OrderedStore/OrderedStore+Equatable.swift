//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension OrderedStore: Equatable where Value: Equatable {
  /// Whether two stores hold equal pairs in the same order.
  ///
  /// - Complexity: O(`count`); O(1) for copies that share storage.
  @inlinable
  public static func == (left: Self, right: Self) -> Bool {
    if left._storage === right._storage { return true }
    guard left.count == right.count else { return false }
    return left.elementsEqual(right) { $0.key == $1.key && $0.value == $1.value }
  }
}

extension OrderedStore: Hashable where Value: Hashable {
  /// Hashes the pairs in order.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for (key, value) in self {
      hasher.combine(key)
      hasher.combine(value)
    }
  }
}
