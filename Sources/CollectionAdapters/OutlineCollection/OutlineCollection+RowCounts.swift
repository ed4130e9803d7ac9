//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

// Each record's children have a Fenwick tree of their row counts (1 for the
// child's own row, plus its record's total while it is expanded), stored
// 1-based in `_rowTree[base ..< base + count]`; the arithmetic is the
// package's one Fenwick implementation, `_Fenwick`.

extension OutlineCollection {
  /// The rows below `record`'s children when it is expanded.
  ///
  /// - Complexity: O(log *k*) for *k* children.
  @inlinable
  internal func _total(of record: Int32) -> Int {
    let segment = _segment(of: record)
    return _prefix(base: segment.lowerBound, segment.count)
  }

  /// Where the tree of `record`'s children's row counts is in `_rowTree`.
  @inlinable
  internal func _segment(of record: Int32) -> Range<Int> {
    _segment(_spans[Int(record)])
  }

  /// Where the tree of the children's row counts of the record with `span`
  /// is in `_rowTree`.
  @inlinable
  internal func _segment(_ span: _OutlineSpan) -> Range<Int> {
    Int(span.base)..<Int(span.base) &+ Int(span.count)
  }

  /// The sum of the first `k` row counts of the segment at `base`.
  @inlinable
  internal func _prefix(base: Int, _ k: Int) -> Int {
    _rowTree.withUnsafeBufferPointer {
      Int(_Fenwick.prefix(UnsafeBufferPointer(rebasing: $0[base..<base &+ k]), k))
    }
  }

  /// Adds `delta` to the row count of child `index` of `record`.
  @inlinable
  internal mutating func _add(_ delta: Int, record: Int32, index: Int) {
    let segment = _segment(of: record)
    // The child was one row or more, so it is not one row now, or not for
    // certain: the next rebuild of the counts learns it again.
    if delta != 0 { _spans[Int(record)].eachChildIsOneRow = false }
    _rowTree.withUnsafeMutableBufferPointer {
      _Fenwick.add(
        Int32(truncatingIfNeeded: delta), at: index,
        in: UnsafeMutableBufferPointer(rebasing: $0[segment]))
    }
  }

  /// The child of the record with `span` whose rows contain row `offset`
  /// (counted from the first row below the record), and the rows before
  /// that child.
  ///
  /// - Complexity: O(log *k*) for *k* children.
  @inlinable
  internal func _search(_ span: _OutlineSpan, _ offset: Int) -> (index: Int, before: Int) {
    let segment = _segment(span)
    // Row offsets fit in Int32: there are fewer rows than indexed nodes.
    let (index, remaining) = _rowTree.withUnsafeBufferPointer {
      _Fenwick.search(
        UnsafeBufferPointer(rebasing: $0[segment]), atMost: Int32(truncatingIfNeeded: offset))
    }
    return (index, offset - Int(remaining))
  }

  /// Refills `record`'s tree from its children's current row counts, and
  /// learns whether each is one row. O(*k*).
  @inlinable
  internal mutating func _rebuildRowCounts(of record: Int32) {
    let segment = _segment(of: record)
    var eachIsOneRow = !segment.isEmpty
    for i in 0..<segment.count {
      var rows = 1
      if let child = _childRecord(record, i).record, _records[Int(child)].isExpanded {
        rows += _total(of: child)
      }
      eachIsOneRow = eachIsOneRow && rows == 1
      _rowTree[segment.lowerBound + i] = Int32(truncatingIfNeeded: rows)
    }
    _spans[Int(record)].eachChildIsOneRow = eachIsOneRow
    _rowTree.withUnsafeMutableBufferPointer {
      _Fenwick.build(UnsafeMutableBufferPointer(rebasing: $0[segment]))
    }
  }

  /// Tells the ancestors that the rows below `record` changed by `delta`:
  /// each expanded level passes the change on to its parent's tree.
  ///
  /// - Complexity: O(depth × log fan-out).
  @inlinable
  internal mutating func _propagate(from record: Int32, delta: Int) {
    guard delta != 0 else { return }
    var current = record
    while current != 0, _records[Int(current)].isExpanded {
      let r = _records[Int(current)]
      _add(delta, record: r.parent, index: Int(r.indexInParent))
      current = r.parent
    }
  }

  /// The row position of child `index` of `record`, or `nil` if a collapsed
  /// ancestor hides it.
  ///
  /// - Complexity: O(depth × log fan-out).
  @inlinable
  internal func _rowPosition(record: Int32, index: Int) -> Int? {
    var position = 0
    var current = record
    var childIndex = index
    while true {
      let r = _records[Int(current)]
      position += _prefix(base: Int(_spans[Int(current)].base), childIndex)
      if current == 0 { return position }
      guard r.isExpanded else { return nil }
      position += 1
      childIndex = Int(r.indexInParent)
      current = r.parent
    }
  }
}

extension OutlineCollection {
  /// Copies the live records' segments into a new `_rowTree` once more than
  /// half of it is dead (segments of dropped records, or of records whose
  /// children were reloaded into a larger segment). Amortized O(1) per dead
  /// entry.
  @inlinable
  internal mutating func _compactRowTreeIfNeeded() {
    guard _deadRowEntries > 64, _deadRowEntries * 2 > _rowTree.count else { return }
    _compactRowTree()
  }

  @usableFromInline
  internal mutating func _compactRowTree() {
    let free = Set(_freeRecords)
    var compacted: [Int32] = []
    var compactedRecords: [_ChildEntry] = []
    compacted.reserveCapacity(_rowTree.count - _deadRowEntries)
    compactedRecords.reserveCapacity(_rowTree.count - _deadRowEntries)
    for record in _spans.indices where !free.contains(Int32(record)) {
      let segment = _segment(_spans[record])
      _spans[record].base = Int32(truncatingIfNeeded: compacted.count)
      compacted.append(contentsOf: _rowTree[segment])
      compactedRecords.append(contentsOf: _childRecords[segment])
    }
    _rowTree = compacted
    _childRecords = compactedRecords
    _deadRowEntries = 0
  }
}
