//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

// Identifiers come from UI events, so an unknown one is reported, never
// trapped on. A node is known when it is a root or its parent has been
// expanded (and not forgotten by `collapseAll()` or a reload).

extension OutlineCollection {
  /// Whether the node with `id` is expanded.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  public func isExpanded(_ id: ID) -> Bool {
    guard let record = _recordForID[id] else { return false }
    return _records[Int(record)].isExpanded
  }

  /// Expands the node with `id`, so its children become rows.
  ///
  /// - Parameter id: A known node's identifier.
  /// - Returns: The rows inserted, `.unchanged`, or `.unknownID`.
  /// - Complexity: O(depth × log fan-out), plus O(*k*) to index the *k*
  ///   children of a node expanded for the first time (one call to
  ///   `children` for each, to know which are leaves). The first call for a
  ///   node that was never expanded also builds an index of the known nodes'
  ///   identifiers, once: O(known nodes).
  @inlinable
  @discardableResult
  public mutating func expand(_ id: ID) -> OutlineChange {
    guard let (parent, index) = _location(of: id) else { return .unknownID }
    defer { _rowsChanged() }
    return _expand(parent: parent, index: index)
  }

  /// Expands the node with `id` and, with `recursively`, every node below
  /// it.
  ///
  /// - Parameters:
  ///   - id: A known node's identifier.
  ///   - recursively: Whether to expand the whole subtree.
  /// - Returns: The rows inserted: below the node, or, if it was already
  ///   expanded, below each row under it that opens (every row shown
  ///   stays); `.unchanged`, or `.unknownID`.
  /// - Complexity: As `expand(_:)`, plus O(*s*) for the *s* nodes of the
  ///   subtree when `recursively`, which calls `children` on each.
  @inlinable
  @discardableResult
  public mutating func expand(_ id: ID, recursively: Bool) -> OutlineChange {
    guard recursively else { return expand(id) }
    guard let (parent, index) = _location(of: id) else { return .unknownID }
    defer { _rowsChanged() }
    guard let record = _indexedRecord(parent, index) else { return .unchanged }
    let wasExpanded = _records[Int(record)].isExpanded
    let oldTotal = wasExpanded ? _total(of: record) : 0
    let position = _rowPosition(record: parent, index: index)
    let closed = wasExpanded ? position.map { _closedRows(in: $0 + 1..<$0 + 1 + oldTotal) } : nil
    _expandSubtree(record)
    _records[Int(record)].isExpanded = true
    let newTotal = _total(of: record)
    _propagate(from: record, delta: newTotal - oldTotal)
    guard let position else { return .unchanged }
    if let closed { return _openedRows(closed) }
    return .inserted(position + 1..<position + 1 + newTotal)
  }

  /// Collapses the node with `id`, so its children stop being rows. The
  /// expanded state below it is kept for when it is expanded again.
  ///
  /// - Parameter id: A known node's identifier.
  /// - Returns: The rows removed, `.unchanged`, or `.unknownID`.
  /// - Complexity: O(depth × log fan-out).
  @inlinable
  @discardableResult
  public mutating func collapse(_ id: ID) -> OutlineChange {
    guard let record = _recordForID[id] else {
      return _location(of: id) == nil ? .unknownID : .unchanged
    }
    let r = _records[Int(record)]
    guard r.isExpanded else { return .unchanged }
    defer { _rowsChanged() }
    let total = _total(of: record)
    let position = _rowPosition(record: r.parent, index: Int(r.indexInParent))
    _propagate(from: record, delta: -total)
    _records[Int(record)].isExpanded = false
    guard let position else { return .unchanged }
    return .deleted(position + 1..<position + 1 + total)
  }

  /// Expands the node with `id` if it is collapsed, and collapses it if it
  /// is expanded.
  ///
  /// - Parameter id: A known node's identifier.
  /// - Returns: The rows inserted or removed, `.unchanged`, or `.unknownID`.
  /// - Complexity: As `expand(_:)` or `collapse(_:)`.
  @inlinable
  @discardableResult
  public mutating func toggle(_ id: ID) -> OutlineChange {
    isExpanded(id) ? collapse(id) : expand(id)
  }

  /// Expands every node of the tree.
  ///
  /// - Returns: The rows inserted below each row that was closed (every
  ///   row shown before stays), or `.unchanged`.
  /// - Complexity: O(*n*) for the *n* nodes of the tree, plus O(*r*) for
  ///   the *r* rows shown before; calls `children` on each node not yet
  ///   indexed.
  @inlinable
  @discardableResult
  public mutating func expandAll() -> OutlineChange {
    // The rows shown now stay; the ones that open gain their subtrees.
    let closed = _closedRows(in: 0..<count)
    _expandSubtree(0)
    _rowsChanged()
    return _openedRows(closed)
  }

  /// The rows at `positions` whose nodes have children and are closed.
  ///
  /// - Complexity: O(*r*) for the *r* rows, plus O(depth × log fan-out).
  @inlinable
  internal func _closedRows(
    in positions: Range<Int>
  ) -> [(position: Int, record: Int32, index: Int)] {
    var closed: [(position: Int, record: Int32, index: Int)] = []
    guard !positions.isEmpty else { return closed }
    var place = _descend(to: positions.lowerBound)
    while true {
      if place.entry.hasChildren && !_isOpen(place.entry) {
        closed.append((place.position, place.record, place.index))
      }
      guard place.position + 1 < positions.upperBound else { break }
      _stepForward(&place)
    }
    return closed
  }

  /// The rows inserted below each of the rows `closed` (before they were
  /// expanded, in row order) that opened.
  @inlinable
  internal func _openedRows(_ closed: [(position: Int, record: Int32, index: Int)]) -> OutlineChange
  {
    var inserted: [Range<Int>] = []
    var shift = 0
    for row in closed {
      // A duplicate, or a node whose listing said it is a leaf, stays closed.
      guard let record = _childRecord(row.record, row.index).record,
        _records[Int(record)].isExpanded
      else { continue }
      let rows = _total(of: record)
      guard rows > 0 else { continue }
      inserted.append(row.position + shift + 1..<row.position + shift + 1 + rows)
      shift += rows
    }
    return inserted.isEmpty ? .unchanged : .changed(RowChanges(insertions: inserted))
  }

  /// Collapses every node and forgets all expanded state: only the roots
  /// are rows, and the memory of the index is released.
  ///
  /// - Returns: The rows removed below each open root, or `.unchanged`.
  /// - Complexity: O(number of roots).
  @inlinable
  @discardableResult
  public mutating func collapseAll() -> OutlineChange {
    var removed: [Range<Int>] = []
    var position = 0
    for index in 0..<Int(_spans[0].count) {
      var rows = 0
      if let record = _childRecord(0, index).record, _records[Int(record)].isExpanded {
        rows = _total(of: record)
      }
      if rows > 0 { removed.append(position + 1..<position + 1 + rows) }
      position += 1 + rows
    }
    self = OutlineCollection(
      roots: _recordChildren[0], id: _id, children: _children, hasChildren: _hasChildren)
    return removed.isEmpty ? .unchanged : .changed(RowChanges(deletions: removed))
  }

  /// Expands the ancestors of the node at the end of `path`, so that it is a
  /// row, and returns its row position.
  ///
  /// - Parameter path: The identifiers from a root down to the node.
  /// - Returns: The node's row position, or `nil` if the path does not lead
  ///   to a node (ancestors already expanded on the way stay expanded).
  /// - Complexity: O(depth × fan-out) to find each identifier among its
  ///   siblings, plus the cost of each expansion.
  @inlinable
  @discardableResult
  public mutating func reveal(path: some Sequence<ID>) -> Int? {
    defer { _rowsChanged() }
    var record: Int32 = 0
    var pending: (record: Int32, index: Int)?
    for id in path {
      if let (parent, index) = pending {
        _ = _expand(parent: parent, index: index)
        guard let child = _childRecord(parent, index).record else { return nil }
        record = child
      }
      let children = _recordChildren[Int(record)]
      guard let index = children.lazy.map(_id).firstIndex(of: id) else { return nil }
      pending = (record, children.distance(from: children.startIndex, to: index))
    }
    guard let (parent, index) = pending else { return nil }
    return _rowPosition(record: parent, index: index)
  }

  /// Re-reads the children of the node with `id` after they changed.
  ///
  /// Call it whenever `children` would return a different collection for a
  /// node: without it, the outline keeps using the children it indexed.
  /// Children that are still present (by identifier) keep their expanded
  /// state; the state of removed ones is forgotten.
  ///
  /// Call it too when a leaf gains children or a node loses them all: the
  /// outline keeps whether each row has children (`Row.hasChildren`).
  ///
  /// - Parameter id: A known node's identifier.
  /// - Returns: If the node is an expanded, visible node, `.changed` with
  ///   the rows of the children that left (removed), arrived (inserted) or
  ///   moved among the others (moved, subtrees included), and the rows of
  ///   those that stayed in place (updated: the node read again may
  ///   differ); a child that stays keeps its rows. Otherwise `.unchanged`
  ///   (the node's own row may still show a different `hasChildren`), or
  ///   `.unknownID`.
  /// - Complexity: O(*k*) for the node's *k* old and new children (one call
  ///   to `children` for each new one), plus O(depth × log fan-out), plus
  ///   the rows of the children that move, plus the size of forgotten
  ///   state.
  @inlinable
  @discardableResult
  public mutating func reloadChildren(of id: ID) -> OutlineChange {
    guard let record = _recordForID[id] else {
      // Nothing is indexed below this node: only whether it is a leaf, kept
      // in its parent's entry, can have changed.
      guard let (parent, index) = _location(of: id) else { return .unknownID }
      _setChildRecord(parent, index, to: _noRecordEntry(for: _node(record: parent, index: index)))
      _rowsChanged()
      return .unchanged
    }
    defer { _rowsChanged() }
    let r = _records[Int(record)]
    let node = _node(record: r.parent, index: Int(r.indexInParent))
    return _reload(record: record, newChildren: _children(node))
  }

  /// Replaces the roots. Roots that are still present (by identifier) keep
  /// their expanded state.
  ///
  /// - Parameter roots: The new top-level nodes.
  /// - Returns: The rows of the roots that left, arrived, moved or stayed,
  ///   as `reloadChildren(of:)` reports a node's children.
  /// - Complexity: O(*k*) for the old and new roots, plus the size of
  ///   forgotten state.
  @inlinable
  @discardableResult
  public mutating func reloadRoots(_ roots: Children) -> OutlineChange {
    defer { _rowsChanged() }
    return _reload(record: 0, newChildren: roots)
  }
}

// MARK: - Internals

extension OutlineCollection {
  /// The record and child index of the node with `id`, or `nil`.
  @inlinable
  internal mutating func _location(of id: ID) -> (record: Int32, index: Int)? {
    if let record = _recordForID[id] {
      let r = _records[Int(record)]
      return (r.parent, Int(r.indexInParent))
    }
    if _locations == nil {
      _locations = [:]
      let free = Set(_freeRecords)
      for record in _records.indices where !free.contains(Int32(record)) {
        _addLocations(of: Int32(record))
      }
    }
    guard let location = _locations![id] else { return nil }
    return (location.record, location.index)
  }

  /// The record of child `index` of `parent`, indexing the child's children
  /// first if it has none yet (one call to `children`); `nil` for a leaf
  /// or a node whose identifier another node owns.
  @inlinable
  internal mutating func _indexedRecord(_ parent: Int32, _ index: Int) -> Int32? {
    let entry = _childRecord(parent, index)
    guard entry == .unindexed else { return entry.record }
    guard let children = _children(_node(record: parent, index: index)) else {
      // `hasChildren` said it had some: the listing is the truth.
      _setChildRecord(parent, index, to: .leaf)
      return nil
    }
    return _makeRecord(
      children: children, parent: parent, indexInParent: Int32(truncatingIfNeeded: index))
  }

  @inlinable
  internal mutating func _expand(parent: Int32, index: Int) -> OutlineChange {
    guard let record = _indexedRecord(parent, index) else { return .unchanged }
    guard !_records[Int(record)].isExpanded else { return .unchanged }
    _records[Int(record)].isExpanded = true
    let total = _total(of: record)
    _propagate(from: record, delta: total)
    guard let position = _rowPosition(record: parent, index: index) else { return .unchanged }
    return .inserted(position + 1..<position + 1 + total)
  }

  /// Expands every node below `record` (not `record` itself) and refreshes
  /// the row counts of the subtree, children before parents.
  @inlinable
  internal mutating func _expandSubtree(_ top: Int32) {
    var stack: [(record: Int32, next: Int)] = [(top, 0)]
    while let (record, index) = stack.last {
      guard index < Int(_spans[Int(record)].count) else {
        _rebuildRowCounts(of: record)
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next = index + 1
      guard let child = _indexedRecord(record, index) else { continue }
      _records[Int(child)].isExpanded = true
      stack.append((child, 0))
    }
  }

  @inlinable
  internal mutating func _reload(record: Int32, newChildren: Children?) -> OutlineChange {
    let r = _records[Int(record)]
    let span = _spans[Int(record)]
    let wasExpanded = r.isExpanded
    let oldTotal = _total(of: record)
    // The node's own row position; -1 for the virtual root, whose rows start at 0.
    let position = record == 0 ? -1 : _rowPosition(record: r.parent, index: Int(r.indexInParent))
    var survivors: [ID: Int32] = [:]
    var oldBlocks: [(id: ID, rows: Int)] = []
    let reported = wasExpanded && position != nil
    for (index, node) in _recordChildren[Int(record)].enumerated() {
      let id = _id(node)
      if reported { oldBlocks.append((id, _blockRows(record, index))) }
      _removeLocation(of: id, record: record, index: index)
      if let child = _childRecord(record, index).record { survivors[id] = child }
    }
    guard let newChildren else {
      _dropChildren(of: record, rows: oldTotal, survivors: survivors.values)
      guard wasExpanded, let position else { return .unchanged }
      return .deleted(position + 1..<position + 1 + oldTotal)
    }
    let newCount = newChildren.count
    var base = Int(span.base)
    if newCount > Int(span.count) {
      base = _rowTree.count
      _rowTree.append(contentsOf: repeatElement(0, count: newCount))
      _childRecords.append(contentsOf: repeatElement(.unindexed, count: newCount))
      _deadRowEntries += Int(span.count)
    } else {
      _deadRowEntries += Int(span.count) - newCount
    }
    var kept: [(index: Int, record: Int32)] = []
    for (index, node) in newChildren.enumerated() {
      if let child = survivors.removeValue(forKey: _id(node)) {
        _records[Int(child)].indexInParent = Int32(truncatingIfNeeded: index)
        kept.append((index, child))
      }
    }
    // Dropped records read their identifiers and their children's records
    // through the old children and segment.
    for child in survivors.values { _dropRecord(child) }
    let listedLeaves = _listEntries(of: newChildren, at: base)
    for (index, child) in kept { _childRecords[base + index] = _ChildEntry(record: child) }
    _recordChildren[Int(record)] = newChildren
    _spans[Int(record)] = _OutlineSpan(
      base: Int32(truncatingIfNeeded: base), count: newCount,
      childrenAreLeaves: kept.isEmpty && listedLeaves, eachChildIsOneRow: false)
    _rebuildRowCounts(of: record)
    if _locations != nil { _addLocations(of: record) }
    _compactRowTreeIfNeeded()
    let newTotal = _total(of: record)
    if wasExpanded { _propagate(from: record, delta: newTotal - oldTotal) }
    guard reported, let position else { return .unchanged }
    let newBlocks = newChildren.enumerated().map { index, node in
      (id: _id(node), rows: _blockRows(record, index))
    }
    let changes = Self._childChanges(
      old: oldBlocks, new: newBlocks, first: position + 1, oldTotal: oldTotal, newTotal: newTotal)
    return changes.isEmpty ? .unchanged : .changed(changes)
  }

  /// The node of `record`, whose subtree showed `rows` rows, became a
  /// leaf: forgets it and everything below (its surviving child records
  /// too).
  @inlinable
  internal mutating func _dropChildren(
    of record: Int32, rows: Int, survivors: some Sequence<Int32>
  ) {
    let r = _records[Int(record)]
    if r.isExpanded { _propagate(from: record, delta: -rows) }
    for child in survivors { _dropRecord(child) }
    _recordForID.removeValue(forKey: _id(_node(record: r.parent, index: Int(r.indexInParent))))
    _setChildRecord(r.parent, Int(r.indexInParent), to: .leaf)
    _freeRecords.append(record)
    _deadRowEntries += Int(_spans[Int(record)].count)
    _compactRowTreeIfNeeded()
  }

  /// Forgets `top` and every record below it.
  @inlinable
  internal mutating func _dropRecord(_ top: Int32) {
    var stack = [top]
    while let record = stack.popLast() {
      let r = _records[Int(record)]
      for (index, node) in _recordChildren[Int(record)].enumerated() {
        let id = _id(node)
        _removeLocation(of: id, record: record, index: index)
        if let child = _childRecord(record, index).record { stack.append(child) }
      }
      let id = _id(_node(record: r.parent, index: Int(r.indexInParent)))
      if _recordForID[id] == record { _recordForID.removeValue(forKey: id) }
      _freeRecords.append(record)
      _deadRowEntries += Int(_spans[Int(record)].count)
    }
  }
}
