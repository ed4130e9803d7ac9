//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

// Sections whose items are keyed stores find an item by its key without a
// scan, so a reorder by ids (SwiftUI's `ReorderDifference`, across sections)
// costs its lookups and the items it moves, not the collection's length.

extension SectionedCollection {
  /// Moves the items of `keys`, in their order in the collection, to just
  /// before the item of `destination` in the section identified by
  /// `section`, or to that section's end when `destination` is `nil`, and
  /// says which rows moved: a reorder by ids across sections, as a drag hands
  /// it over (SwiftUI's `ReorderDifference` names its sources, a destination
  /// collection, and `.before(id)` or `.end`).
  ///
  /// ```swift
  /// import CollectionAdapters
  /// import IdentityDiff
  ///
  /// var board = SectionedCollection([
  ///   ListSection(id: "To do", items: ["a": 1, "b": 2, "c": 3] as OrderedStore, header: true),
  ///   ListSection(id: "Done", items: ["d": 4] as OrderedStore, header: true),
  /// ])
  /// let changes = board.moveItems(keys: ["c", "a"], before: "d", inSection: "Done")
  /// assert(board[section: 0].items.keys.elementsEqual(["b"]))
  /// assert(board[section: 1].items.keys.elementsEqual(["a", "c", "d"]))
  /// assert(changes == RowChanges(movingOffsets: [1, 3], toOffset: 5))
  /// ```
  ///
  /// The keys come from the UI, so none of them traps: a key no section
  /// holds (removed by a sync meanwhile) is ignored, and a section or a
  /// destination the collection does not hold moves nothing and returns no
  /// change. A key the destination section holds is taken from there, else
  /// from the first section that holds it. A destination among the moved
  /// keys places them where that key was.
  ///
  /// - Parameters:
  ///   - keys: The keys of the items to move, in any order; repeated keys
  ///     count once.
  ///   - destination: The key of the item the moved items land before, in
  ///     the destination section, or `nil` for that section's end.
  ///   - section: The identity of the destination section.
  /// - Returns: The rows moved, as `RowChanges(movingOffsets:toOffset:)`
  ///   describes them.
  /// - Complexity: O(*s* + *k* (*s* + log *k*)) for *s* sections and *k*
  ///   keys (a hash lookup per section a key is looked for in), plus the
  ///   stores' own removals and insertions; within one section, as
  ///   `OrderedStore.move(keys:before:)`.
  @inlinable
  @discardableResult
  public mutating func moveItems<Key: Hashable, Value>(
    keys: some Sequence<Key>, before destination: Key?, inSection section: SectionID
  ) -> RowChanges where Items == OrderedStore<Key, Value> {
    guard let target = _sections.firstIndex(where: { $0.id == section }) else {
      return RowChanges()
    }
    // No copy of a store is held across the mutations below: they would
    // copy it.
    let targetOffset: Int
    if let destination {
      guard let offset = _sections[target].items.index(forKey: destination) else {
        return RowChanges()
      }
      targetOffset = offset
    } else {
      targetOffset = _sections[target].items.count
    }
    let sources = _itemPaths(ofKeys: keys, preferring: target)
    guard !sources.isEmpty else { return RowChanges() }
    let changes = RowChanges(
      movingOffsets: sources.map { position(of: $0) },
      toOffset: _sectionStarts[target] + (_sections[target].hasHeader ? 1 : 0) + targetOffset)
    if sources.allSatisfy({ $0.section == target }) {
      _sections[target].items.move(
        fromOffsets: sources.map(\.item), toOffset: targetOffset)
    } else {
      _moveItems(at: sources, toSection: target, offset: targetOffset)
    }
    return changes
  }

  /// The paths of the items of `keys`, ascending, each once: in section
  /// `preferred` if it holds the key, else in the first section that does.
  @inlinable
  internal func _itemPaths<Key: Hashable, Value>(
    ofKeys keys: some Sequence<Key>, preferring preferred: Int
  ) -> [ItemPath] where Items == OrderedStore<Key, Value> {
    var paths: [ItemPath] = []
    for key in keys {
      if let item = _sections[preferred].items.index(forKey: key) {
        paths.append(ItemPath(section: preferred, item: item))
        continue
      }
      for k in _sections.indices where k != preferred {
        if let item = _sections[k].items.index(forKey: key) {
          paths.append(ItemPath(section: k, item: item))
          break
        }
      }
    }
    paths.sort()
    var distinct: [ItemPath] = []
    for path in paths where path != distinct.last { distinct.append(path) }
    return distinct
  }

  /// Moves the items at `sources` (ascending, distinct), in order, to just
  /// before item `offset` of section `target`, as numbered before the move.
  @inlinable
  internal mutating func _moveItems<Key: Hashable, Value>(
    at sources: [ItemPath], toSection target: Int, offset: Int
  ) where Items == OrderedStore<Key, Value> {
    let moving = sources.map { path in
      let items = _sections[path.section].items
      return (key: items.keys[path.item], value: items.values[path.item])
    }
    var landing = offset
    var first = 0
    while first < sources.count {
      let section = sources[first].section
      var last = first
      while last + 1 < sources.count && sources[last + 1].section == section { last += 1 }
      if section == target { landing -= sources[first...last].count { $0.item < offset } }
      _sections[section].items.removeValues(forKeys: moving[first...last].map(\.key))
      first = last + 1
    }
    for (k, element) in moving.enumerated() {
      _sections[target].items.updateValue(
        element.value, forKey: element.key, insertingAt: landing + k)
    }
    _recountRows(from: Swift.min(sources[0].section, target))
  }
}
