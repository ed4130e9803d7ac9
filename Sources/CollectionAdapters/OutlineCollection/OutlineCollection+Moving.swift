//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

extension OutlineCollection where Children: RangeReplaceableCollection {
  /// Moves the nodes with `ids` to the children of `parent`, just before its
  /// child `sibling`, and says which rows moved: a reorder by ids, as a drag
  /// hands it over (SwiftUI's `ReorderDifference` names its sources and a
  /// destination `.before(id)` or `.end`).
  ///
  /// ```swift
  /// import CollectionAdapters
  ///
  /// nonisolated final class File: Identifiable, Sendable {
  ///   let id: String
  ///   let children: [File]?
  ///   init(_ id: String, _ children: [File]? = nil) {
  ///     self.id = id
  ///     self.children = children
  ///   }
  /// }
  ///
  /// let tree = [File("docs", [File("a.md"), File("b.md")]), File("src", [])]
  /// var outline = OutlineCollection(roots: tree, children: { $0.children })
  /// outline.expand("docs")
  /// outline.expand("src")  // rows: docs, a.md, b.md, src
  /// let change = outline.move(["b.md"], toParent: "src", before: nil)
  /// assert(outline.map(\.id) == ["docs", "a.md", "src", "b.md"])
  /// assert(change.rowChanges.moves == [.init(from: 2, to: 3)])
  /// // list.update { $0.move(ids, toParent: folder, before: nil).rowChanges }
  /// ```
  ///
  /// The outline moves the nodes in the children it holds, in their order
  /// in the tree (depth-first), and keeps their expanded state. Move them
  /// the same way in your tree: the outline reads `children` again only for
  /// nodes it has not indexed, and `reloadChildren(of:)` reads your tree.
  ///
  /// The identifiers come from the UI, so none of them traps:
  /// - an identifier the outline does not know is ignored, and so is one
  ///   below another moved node (it moves with it);
  /// - a `sibling` among the moved nodes places them where it was;
  /// - a move into a node's own subtree changes nothing and returns
  ///   `.refused(reason:)`, which names the identifiers: check it before you
  ///   move the nodes in your tree;
  /// - a `parent` the outline does not know, or a `sibling` that is not one
  ///   of its children, changes nothing and returns `.unknownID`.
  ///
  /// Into a node never expanded, the moved nodes leave the outline with
  /// their expanded state, and `children` lists them when that node is
  /// expanded (`sibling` is then not checked).
  ///
  /// - Parameters:
  ///   - ids: The identifiers of the nodes to move; repeated ones count once.
  ///   - parent: The identifier of the new parent, or `nil` for the roots.
  ///   - sibling: The identifier of the child of `parent` the nodes land
  ///     before, or `nil` for the end.
  /// - Returns: `.changed` with the rows that moved (subtrees included), those
  ///   hidden or shown by the move, and the parent's row if it gained its
  ///   first children; `.unchanged`, `.unknownID` or `.refused(reason:)`.
  /// - Complexity: O(*m* × depth × log fan-out) for the *m* moved nodes,
  ///   plus O(*k*) for the *k* children of each parent that gains or loses
  ///   nodes (no call to `children`, `hasChildren` or `id` for them, except
  ///   to keep the index of identifiers when it was built), plus O(*r*)
  ///   for the *r* visible rows that move. The first call for an identifier
  ///   without expanded children builds the index of identifiers, as
  ///   `expand(_:)` does.
  @inlinable
  @discardableResult
  public mutating func move(
    _ ids: some Sequence<ID>, toParent parent: ID?, before sibling: ID?
  ) -> OutlineChange {
    guard let destination = _moveDestination(parent) else { return .unknownID }
    let moving = _movingNodes(ids)
    if let ancestor = _movedAncestor(of: destination, among: moving) {
      let names = moving.map { "\(_id($0.node))" }.joined(separator: ", ")
      return .refused(
        reason: "Moving \(names) into \(parent.map { "\($0)" } ?? "the roots") would put "
          + "\(_id(ancestor)) inside its own subtree")
    }
    guard !moving.isEmpty else { return .unchanged }
    var landing: Int?
    if case .record(let record) = destination {
      guard let index = _landing(in: record, before: sibling, moving) else { return .unknownID }
      landing = index
    }
    defer { _rowsChanged() }
    let updated = _placeMoved(moving, into: destination, at: landing)
    var newRows: [Int?]?
    if case .record(let record) = destination, let landing {
      newRows = moving.indices.map { _rowPosition(record: record, index: landing + $0) }
    }
    return _moveChange(moving, newRows: newRows, updated: updated)
  }
}

// MARK: - Internals

extension OutlineCollection {
  /// Where moved nodes go: among the children of a record, or below a node
  /// the outline has not indexed (child `index` of `parent`).
  @usableFromInline
  internal enum _MoveDestination {
    case record(Int32)
    case unindexed(parent: Int32, index: Int)
  }

  /// A node being moved, as it was before the move.
  @usableFromInline
  internal struct _MovingNode {
    @usableFromInline var node: Node
    /// Its parent's record and its index among the parent's children.
    @usableFromInline var record: Int32
    @usableFromInline var index: Int
    @usableFromInline var entry: _ChildEntry
    /// The child indices from the roots down to it: its place in the tree.
    @usableFromInline var path: [Int32]
    /// Its row position, or `nil` if a collapsed ancestor hid it.
    @usableFromInline var row: Int?
    /// Its row and the visible rows of its subtree.
    @usableFromInline var rows: Int
  }

  @inlinable
  internal mutating func _moveDestination(_ parent: ID?) -> _MoveDestination? {
    guard let parent else { return .record(0) }
    if let record = _recordForID[parent] { return .record(record) }
    guard let (record, index) = _location(of: parent) else { return nil }
    return .unindexed(parent: record, index: index)
  }

  /// The known nodes with `ids`, each once, in their order in the tree,
  /// without those below another of them. (Not inlinable: it makes the
  /// nodes with their memberwise initializer, once a move.)
  @usableFromInline
  internal mutating func _movingNodes(_ ids: some Sequence<ID>) -> [_MovingNode] {
    var seen = Set<ID>()
    var located: [(record: Int32, index: Int)] = []
    for id in ids where seen.insert(id).inserted {
      if let location = _location(of: id) { located.append(location) }
    }
    let records = Set(located.compactMap { _childRecord($0.record, $0.index).record })
    var moving: [_MovingNode] = []
    for (record, index) in located where !_isBelow(record, records) {
      let entry = _childRecord(record, index)
      var rows = 1
      if let child = entry.record, _records[Int(child)].isExpanded { rows += _total(of: child) }
      moving.append(
        _MovingNode(
          node: _node(record: record, index: index), record: record, index: index, entry: entry,
          path: _path(record: record, index: index),
          row: _rowPosition(record: record, index: index), rows: rows))
    }
    moving.sort { $0.path.lexicographicallyPrecedes($1.path) }
    return moving
  }

  /// Whether `record` or one of its ancestors is in `records`.
  @inlinable
  internal func _isBelow(_ record: Int32, _ records: Set<Int32>) -> Bool {
    var current = record
    while current != 0 {
      if records.contains(current) { return true }
      current = _records[Int(current)].parent
    }
    return false
  }

  /// The child indices from the roots down to child `index` of `record`.
  @inlinable
  internal func _path(record: Int32, index: Int) -> [Int32] {
    var path = [Int32(truncatingIfNeeded: index)]
    var current = record
    while current != 0 {
      let r = _records[Int(current)]
      path.append(r.indexInParent)
      current = r.parent
    }
    path.reverse()
    return path
  }

  /// The moved node that `destination` is, or is below, if any.
  @inlinable
  internal func _movedAncestor(
    of destination: _MoveDestination, among moving: [_MovingNode]
  ) -> Node? {
    var ancestors: [(record: Int32, index: Int)] = []
    var current: Int32
    switch destination {
    case .record(let record): current = record
    case .unindexed(let parent, let index):
      ancestors.append((parent, index))
      current = parent
    }
    while current != 0 {
      let r = _records[Int(current)]
      ancestors.append((r.parent, Int(r.indexInParent)))
      current = r.parent
    }
    for (record, index) in ancestors {
      if let node = moving.first(where: { $0.record == record && $0.index == index }) {
        return node.node
      }
    }
    return nil
  }

  /// Where the moved nodes land among the children of `record` once they
  /// have left: where `sibling` was, less the moved nodes before it; `nil`
  /// if `sibling` is not a child of `record`.
  @inlinable
  internal mutating func _landing(
    in record: Int32, before sibling: ID?, _ moving: [_MovingNode]
  ) -> Int? {
    var index = Int(_spans[Int(record)].count)
    if let sibling {
      guard let location = _location(of: sibling), location.record == record else { return nil }
      index = location.index
    }
    var leaving = 0
    for node in moving where node.record == record && node.index < index { leaving += 1 }
    return index - leaving
  }

  /// Forgets the locations of `record`'s children.
  @inlinable
  internal mutating func _removeLocations(of record: Int32) {
    for (index, node) in _recordChildren[Int(record)].enumerated() {
      _removeLocation(of: _id(node), record: record, index: index)
    }
  }

  /// The rows that the move of `moving` changed: each moved row from where
  /// it was to `newRows`, rows hidden as removals and rows shown as
  /// insertions.
  @inlinable
  internal func _moveChange(
    _ moving: [_MovingNode], newRows: [Int?]?, updated: Int?
  )
    -> OutlineChange
  {
    var removed: [Range<Int>] = []
    var inserted: [Range<Int>] = []
    var moves: [RowChanges.Move] = []
    for (i, node) in moving.enumerated() {
      let new = newRows?[i]
      if let old = node.row { removed.append(old..<old + node.rows) }
      if let new { inserted.append(new..<new + node.rows) }
      if let old = node.row, let new {
        for offset in 0..<node.rows { moves.append(.init(from: old + offset, to: new + offset)) }
      }
    }
    removed.sort { $0.lowerBound < $1.lowerBound }
    moves.sort { $0.from < $1.from }
    let changes = RowChanges(
      deletions: _runs(removed), insertions: _runs(inserted),
      updates: updated.map { [$0..<$0 + 1] } ?? [], moves: moves)
    let inPlace =
      changes.updates.isEmpty && changes.deletions == changes.insertions
      && moves.allSatisfy { $0.from == $0.to }
    return inPlace ? .unchanged : .changed(changes)
  }
}

extension OutlineCollection where Children: RangeReplaceableCollection {
  /// Takes the moved nodes out of their parents' children and puts them in
  /// `destination`'s at `landing`. Returns the new row of a parent that
  /// gained its first children, if it is visible.
  @inlinable
  internal mutating func _placeMoved(
    _ moving: [_MovingNode], into destination: _MoveDestination, at landing: Int?
  ) -> Int? {
    var leaving: [Int32: [Int]] = [:]
    for node in moving { leaving[node.record, default: []].append(node.index) }
    var target: Int32 = -1
    switch destination {
    case .record(let record): target = record
    case .unindexed:
      // Their expanded state goes with them: `children` lists them anew.
      for node in moving { if let record = node.entry.record { _dropRecord(record) } }
    }
    var affected = Array(leaving.keys)
    if target >= 0, leaving[target] == nil { affected.append(target) }
    if _locations != nil { for record in affected { _removeLocations(of: record) } }
    for record in affected {
      let arriving = record == target ? moving.map { ($0.node, $0.entry) } : []
      _rewriteChildren(
        of: record, removing: leaving[record, default: []].sorted(), inserting: arriving,
        at: landing ?? 0)
    }
    if _locations != nil { for record in affected { _addLocations(of: record) } }
    _compactRowTreeIfNeeded()
    guard case .unindexed(let parent, let old) = destination else { return nil }
    var index = old
    for left in leaving[parent, default: []] where left < old { index -= 1 }
    guard _childRecord(parent, index) == .leaf else { return nil }
    _setChildRecord(parent, index, to: .unindexed)
    return _rowPosition(record: parent, index: index)
  }

  /// Replaces `record`'s children with the same children, less those at
  /// `removed` (ascending), with `arriving` inserted at `landing` (counted
  /// after the removal), keeping every child's entry and record.
  @inlinable
  internal mutating func _rewriteChildren(
    of record: Int32, removing removed: [Int], inserting arriving: [(Node, _ChildEntry)],
    at landing: Int
  ) {
    let oldTotal = _total(of: record)
    var children = Children()
    var entries: [_ChildEntry] = []
    let count = Int(_spans[Int(record)].count) - removed.count + arriving.count
    children.reserveCapacity(count)
    entries.reserveCapacity(count)
    var next = 0
    for (index, node) in _recordChildren[Int(record)].enumerated() {
      if next < removed.count, removed[next] == index {
        next += 1
        continue
      }
      if entries.count == landing { _append(arriving, to: &children, &entries) }
      children.append(node)
      entries.append(_childRecord(record, index))
    }
    if entries.count < count { _append(arriving, to: &children, &entries) }
    _writeChildren(of: record, children, entries)
    if _records[Int(record)].isExpanded {
      _propagate(from: record, delta: _total(of: record) - oldTotal)
    }
  }

  @inlinable
  internal func _append(
    _ arriving: [(Node, _ChildEntry)], to children: inout Children,
    _ entries: inout [_ChildEntry]
  ) {
    for (node, entry) in arriving {
      children.append(node)
      entries.append(entry)
    }
  }
}

extension OutlineCollection {
  /// Stores `children` and their `entries` as `record`'s, in its segment
  /// or a new one if they no longer fit, and points each child's record at
  /// its new place.
  @inlinable
  internal mutating func _writeChildren(
    of record: Int32, _ children: Children, _ entries: [_ChildEntry]
  ) {
    let span = _spans[Int(record)]
    var base = Int(span.base)
    if entries.count > Int(span.count) {
      base = _rowTree.count
      _rowTree.append(contentsOf: repeatElement(0, count: entries.count))
      _childRecords.append(contentsOf: repeatElement(.unindexed, count: entries.count))
      _deadRowEntries += Int(span.count)
    } else {
      _deadRowEntries += Int(span.count) - entries.count
    }
    var leaves = !entries.isEmpty
    for (index, entry) in entries.enumerated() {
      _childRecords[base + index] = entry
      leaves = leaves && entry == .leaf
      if let child = entry.record {
        _records[Int(child)].parent = record
        _records[Int(child)].indexInParent = Int32(truncatingIfNeeded: index)
      }
    }
    _recordChildren[Int(record)] = children
    _spans[Int(record)] = _OutlineSpan(
      base: Int32(truncatingIfNeeded: base), count: entries.count,
      childrenAreLeaves: leaves, eachChildIsOneRow: false)
    _rebuildRowCounts(of: record)
  }
}
