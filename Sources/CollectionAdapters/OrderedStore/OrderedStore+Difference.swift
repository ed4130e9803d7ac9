//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

extension OrderedStore {
  /// Applies a difference between this store (the old snapshot) and `new`,
  /// computed with the keys as identity, as a batch: removals by old
  /// position, descending; insertions by new position, ascending; then
  /// updated values. Afterwards the store equals `new`.
  ///
  /// ```swift
  /// import CollectionAdapters
  /// import IdentityDiff
  ///
  /// var shown: OrderedStore<String, Int> = ["a": 1, "b": 2, "c": 3]
  /// let latest: OrderedStore<String, Int> = ["c": 3, "a": 10, "d": 4]
  /// let difference = IdentityDifference(
  ///   from: shown, to: latest, id: { $0.key }, contentEquals: { $0.value == $1.value })
  /// shown.apply(difference, from: latest)   // shown == latest
  /// ```
  ///
  /// - Complexity: O(*k* × min(position, `count` − position)) for *k*
  ///   changes: each edit moves the shorter side.
  public mutating func apply(_ difference: IdentityDifference, from new: OrderedStore) {
    precondition(
      count == difference.oldCount,
      "The difference is from \(difference.oldCount) elements, not \(count)")
    precondition(
      new.count == difference.newCount,
      "The difference is to \(difference.newCount) elements, not \(new.count)")
    var leaving = difference.deletions
    leaving.append(contentsOf: difference.moves.map(\.from))
    leaving.sort(by: >)
    var moved: [Int: Element] = [:]
    let movedFrom = Set(difference.moves.map(\.from))
    for position in leaving {
      let element = remove(at: position)
      if movedFrom.contains(position) { moved[position] = element }
    }
    var arriving: [(position: Int, element: Element)] = difference.insertions.map { ($0, new[$0]) }
    arriving.append(contentsOf: difference.moves.map { ($0.to, moved[$0.from]!) })
    arriving.sort { $0.position < $1.position }
    for (position, element) in arriving {
      updateValue(element.value, forKey: element.key, insertingAt: position)
    }
    for old in difference.updates {
      guard let position = difference.newPositions[old] else { continue }
      values[position] = new.values[position]
    }
    _checkInvariants()
  }
}
