//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// A tree the caller owns, presented in place as the random-access collection
/// of its visible outline rows: a node's children are rows while it is
/// expanded.
///
/// ```swift
/// import CollectionAdapters
/// import SwiftUI
///
/// // `nonisolated`: `\.children` must be a Sendable key path (an Xcode 26
/// // app isolates its types to the main actor by default)
/// nonisolated struct FileNode: Identifiable, Sendable {
///   let id: Int
///   var name: String
///   var children: [FileNode]?
/// }
///
/// struct Files: View {
///   @State var outline = OutlineCollection(
///     roots: [FileNode(id: 1, name: "Sources", children: [FileNode(id: 2, name: "main.swift")])],
///     children: \.children)
///
///   var body: some View {
///     List(outline) { row in
///       Label(row.node.name, systemImage: row.hasChildren ? "folder" : "doc")
///         .padding(.leading, CGFloat(row.depth) * 16)
///         .onTapGesture { outline.toggle(row.id) }
///     }
///   }
/// }
/// ```
///
/// Nodes are never copied or restructured. The collection indexes only the
/// children of nodes that have been expanded: for each such child, one 32-bit
/// row count in a Fenwick tree and one 32-bit reference to its own record;
/// for each expanded node, a small record. Collapsed subtrees cost nothing,
/// and no array of rows is ever built.
///
/// - Row lookup by position: O(1) amortized for the row after or before the
///   last one read (a window read in either direction: one step of a
///   depth-first walk), O(*d*) for one up to 32 rows away (a window moved by
///   a frame); otherwise O(depth × log fan-out), a descent through
///   the Fenwick trees of the row's ancestors (a folder none of whose
///   children is open on rows, such as a folder of files, is not searched:
///   the row's offset in it is its child).
///   **A random read departs from the O(1) subscript that `Collection`
///   expects.** Index arithmetic is O(1).
/// - `expand`, `collapse`, `toggle`: O(depth × log fan-out), plus O(*k*) to
///   index the *k* children of a node expanded for the first time. Never
///   proportional to the number of rows.
/// - Iteration with `for`-`in`, of the outline or of a slice of it
///   (`outline[window]`): depth-first, O(1) amortized per row. Each read by
///   position takes the lock of the row cursor that copies share; an
///   iterator takes it only to start and once more at its last row, so
///   reading a window through its slice costs less per row (a
///   `VirtualList` does).
///
/// Expanded state survives the collapse of an ancestor: re-expanding the
/// ancestor shows the subtree as it was. The `children` closure must return
/// the same children for a node each time it is called, until you call
/// `reloadChildren(of:)` to say that they changed.
public struct OutlineCollection<Node, ID: Hashable, Children: RandomAccessCollection>
where Children.Element == Node {
  /// A visible row of the outline.
  public struct Row: Identifiable {
    /// The node shown on this row.
    public let node: Node
    /// The node's identifier: the outline's `id` function applied to
    /// ``node``, called when read.
    ///
    /// A read by position never calls `id`, so a read for a row's node or
    /// depth pays no call. A call on every read would be opaque to the
    /// compiler and keep a class node retained across it: atomic operations
    /// on the node, which later reads cannot overlap.
    ///
    /// - Complexity: One call of the outline's `id` function.
    @inlinable public var id: ID { _id(node) }
    @usableFromInline internal let _id: @Sendable (Node) -> ID
    /// 0 for roots, 1 for their children, and so on.
    public let depth: Int
    /// Whether the node's children are rows.
    public let isExpanded: Bool
    /// Whether the node has children: the outline's `hasChildren` answer
    /// until the node is expanded, then whether its `children` are not
    /// `nil`. A row with children shows a disclosure control.
    public let hasChildren: Bool

    @inlinable
    internal init(
      node: Node, id: @escaping @Sendable (Node) -> ID, depth: Int, isExpanded: Bool,
      hasChildren: Bool
    ) {
      self.node = node
      self._id = id
      self.depth = depth
      self.isExpanded = isExpanded
      self.hasChildren = hasChildren
    }
  }

  @usableFromInline internal let _id: @Sendable (Node) -> ID
  @usableFromInline internal let _children: @Sendable (Node) -> Children?
  /// Whether a node has children, without listing them; `nil` asks
  /// `_children`.
  @usableFromInline internal let _hasChildren: (@Sendable (Node) -> Bool)?
  // A record's fields are kept in three arrays by how reads use them. A
  // read by position at a random row waits on each level's row counts; the
  // arrays it reads on the way, the spans and the children, hold 8 bytes a
  // record each for arrays of nodes, little enough to stay in cache over a
  // large tree, and are loaded side by side. The links and states a read
  // never needs stay apart.
  /// Per record, its parent link and state. Record 0 is the virtual root,
  /// whose children are the roots.
  @usableFromInline internal var _records: [_OutlineRecord]
  /// Per record, where its children's entries are in `_rowTree` and
  /// `_childRecords`.
  @usableFromInline internal var _spans: [_OutlineSpan]
  /// Per record, the children it indexes, as `children` returned them.
  @usableFromInline internal var _recordChildren: [Children]
  /// Per child of every record: Fenwick trees of row counts, one segment each.
  @usableFromInline internal var _rowTree: [Int32]
  /// Per child of every record, in the same segments as `_rowTree`: the
  /// child's own record, or, for a child without one, whether it has
  /// children (`_noRecordEntry(for:)`). A row finds its
  /// node's record here, by position, instead of hashing its identifier,
  /// and whether it has children without calling `children`.
  @usableFromInline internal var _childRecords: [_ChildEntry]
  /// The record of each node that has one.
  @usableFromInline internal var _recordForID: [ID: Int32]
  /// Where each indexed node is, built on first need.
  @usableFromInline internal var _locations: [ID: _NodeLocation]?
  /// Records released by `reloadChildren(of:)`, for reuse.
  @usableFromInline internal var _freeRecords: [Int32]
  /// Entries of `_rowTree` no live record uses; compacted when they are
  /// more than half, so a long-running app does not grow the index.
  @usableFromInline internal var _deadRowEntries: Int

  /// The identifiers found so far on more than one node of the tree.
  ///
  /// Identifiers must be unique; when they are not, each names the first
  /// node the outline indexed with it, and the other nodes are shown as
  /// rows that never expand, so no node is shown twice and the caller can
  /// see why a row does not open.
  ///
  /// - Complexity: O(1).
  public var duplicateIDs: Set<ID> { _duplicateIDs }
  @usableFromInline internal var _duplicateIDs: Set<ID>
  /// Where the last row read by position is, so that the next or the
  /// previous row costs O(1) amortized; shared by copies, reset by a change.
  @usableFromInline internal var _cursor: _OutlineCursor
  /// The number of visible rows, the root record's total, kept by
  /// `_rowsChanged()`: `count` is read on every subscript (its bounds check)
  /// and every `index != endIndex` of a loop, too often to sum the roots'
  /// row counts each time.
  @usableFromInline internal var _rowCount: Int

  /// Creates the outline of the tree with `roots`, all collapsed.
  ///
  /// - Parameters:
  ///   - roots: The top-level nodes.
  ///   - id: Returns a node's identifier; identifiers must be unique in the
  ///     tree.
  ///   - children: Returns a node's children, or `nil` for a leaf.
  ///   - hasChildren: Whether a node has children, answered without listing
  ///     them (a directory entry's type, a database flag). The outline asks
  ///     it for every row it has not expanded and calls `children` only for
  ///     a node being expanded. Without it, expanding a node calls
  ///     `children` on each of its children to learn which are leaves: over
  ///     a lazy tree (a disk, a database), one listing per child.
  ///
  /// A read by position never calls `id`: a row calls it when its
  /// ``Row/id`` is read.
  /// - Complexity: O(number of roots); calls `hasChildren` (or, without
  ///   it, `children`) once per root.
  @inlinable
  public init(
    roots: Children,
    id: @escaping @Sendable (Node) -> ID,
    children: @escaping @Sendable (Node) -> Children?,
    hasChildren: (@Sendable (Node) -> Bool)? = nil
  ) {
    _id = id
    _children = children
    _hasChildren = hasChildren
    _records = []
    _spans = []
    _recordChildren = []
    _rowTree = []
    _childRecords = []
    _recordForID = [:]
    _locations = nil
    _freeRecords = []
    _deadRowEntries = 0
    _duplicateIDs = []
    _cursor = _OutlineCursor()
    _rowCount = 0
    _makeRecord(children: roots, parent: -1, indexInParent: -1)
    _records[0].isExpanded = true
    _rowCount = _total(of: 0)
  }

  /// Creates the outline of a tree of identifiable nodes, all collapsed.
  ///
  /// ```swift
  /// import CollectionAdapters
  ///
  /// // `nonisolated`: `\.children` must be a Sendable key path (an Xcode 26
  /// // app isolates its types to the main actor by default)
  /// nonisolated struct Folder: Identifiable, Sendable {
  ///   let id: String
  ///   var children: [Folder]?
  /// }
  ///
  /// let tree = [Folder(id: "a", children: [Folder(id: "b")])]
  /// var outline = OutlineCollection(roots: tree, children: \.children)
  /// outline.expand("a")   // rows: a, b
  /// ```
  ///
  /// - Parameters:
  ///   - roots: The top-level nodes.
  ///   - children: Returns a node's children, or `nil` for a leaf.
  ///   - hasChildren: Whether a node has children, answered without listing
  ///     them; see `init(roots:id:children:hasChildren:)`.
  /// - Complexity: O(number of roots); calls `hasChildren` (or, without
  ///   it, `children`) once per root.
  @inlinable
  public init(
    roots: Children, children: @escaping @Sendable (Node) -> Children?,
    hasChildren: (@Sendable (Node) -> Bool)? = nil
  )
  where Node: Identifiable, ID == Node.ID {
    // A closure, not `\.id`: a key path used as a function goes through the
    // key-path runtime on every row read.
    self.init(roots: roots, id: _identifier, children: children, hasChildren: hasChildren)
  }
}

/// A node's `id`, as the function the identifiable outline reads ids with.
@inlinable
internal func _identifier<Node: Identifiable>(_ node: Node) -> Node.ID { node.id }

/// Where an indexed node is in the tree of records, and whether it is
/// expanded.
@usableFromInline @frozen
internal struct _OutlineRecord {
  @usableFromInline var parent: Int32
  @usableFromInline var indexInParent: Int32
  @usableFromInline var isExpanded: Bool

  @inlinable
  init(parent: Int32, indexInParent: Int32) {
    self.parent = parent
    self.indexInParent = indexInParent
    self.isExpanded = false
  }
}

extension _OutlineRecord: Sendable {}

/// Where a record's children's entries are: `_rowTree[base ..< base +
/// count]` and the same positions of `_childRecords`; and whether every
/// child is known to be one row, or a leaf, so that a read finds its row by
/// its offset alone.
@usableFromInline @frozen
internal struct _OutlineSpan {
  @usableFromInline var base: Int32
  /// The count in the low 30 bits, `childrenAreLeaves` in the top one and
  /// `eachChildIsOneRow` in the next: a span stays 8 bytes, and a descent
  /// reads all three with the base.
  @usableFromInline var _countAndFlags: UInt32

  /// The most children a node may have: the count's bits.
  @inlinable
  static var maximumCount: Int { 1 << 30 - 1 }

  @inlinable
  init(base: Int32, count: Int, childrenAreLeaves: Bool, eachChildIsOneRow: Bool) {
    _precondition(
      count <= Self.maximumCount,
      "A node with \(count) children exceeds OutlineCollection's limit of \(Self.maximumCount)")
    self.base = base
    _countAndFlags = UInt32(truncatingIfNeeded: count)
    self.childrenAreLeaves = childrenAreLeaves
    self.eachChildIsOneRow = eachChildIsOneRow
  }

  /// The number of children.
  @inlinable
  var count: Int32 { Int32(bitPattern: _countAndFlags & 0x3FFF_FFFF) }

  /// Whether every child is a leaf: each is one row, and its entry is
  /// `.leaf`. Only ever true when that holds; a write of any other entry
  /// clears it.
  @inlinable
  var childrenAreLeaves: Bool {
    get { _countAndFlags & 1 << 31 != 0 }
    set { _countAndFlags = _countAndFlags & ~(1 << 31) | (newValue ? 1 << 31 : 0) }
  }

  /// Whether every child's row count is 1: no child is open with rows
  /// below it, so child `i` is row `i` below the record. Only ever true
  /// when that holds; any change to a child's row count clears it, and a
  /// rebuild of the counts learns it again.
  @inlinable
  var eachChildIsOneRow: Bool {
    get { _countAndFlags & 1 << 30 != 0 }
    set { _countAndFlags = _countAndFlags & ~(1 << 30) | (newValue ? 1 << 30 : 0) }
  }
}

extension _OutlineSpan: Sendable {}

// MARK: - Collection

// Index arithmetic is the standard library's for `Int` indices: O(1).
extension OutlineCollection: RandomAccessCollection {
  /// A row position: an offset in `0..<count`.
  public typealias Index = Int
  /// The positions, as a range that holds no reference to the collection.
  public typealias Indices = Range<Int>
  /// A visible row.
  public typealias Element = Row

  /// Always 0.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var startIndex: Int { 0 }

  /// The number of visible rows.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var endIndex: Int { _rowCount }

  /// The number of visible rows.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var count: Int { _rowCount }

  /// The row positions, `0..<count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var indices: Range<Int> { 0..<count }

  /// The row at `position`.
  ///
  /// - Parameter position: A row position in `0..<count`; traps otherwise.
  /// - Complexity: O(*d*) amortized for a row *d* ≤ 32 rows after or before
  ///   the last one read (a window read in either direction, or moved by a
  ///   frame); otherwise O(depth × log fan-out). Never calls `children`
  ///   or `id`.
  @inlinable
  public subscript(position: Int) -> Row {
    let count = self.count
    if position < 0 || position >= count { _outOfRange(position, count: count) }
    return _row(at: _moveCursor(to: position))
  }

  /// The rows at `bounds`, sharing the outline's index.
  ///
  /// - Parameter bounds: A range of row positions in `0...count`; traps
  ///   otherwise.
  /// - Complexity: O(1).
  @inlinable
  public subscript(bounds: Range<Int>) -> SubSequence {
    _checkBounds(bounds, in: 0..<count)
    return SubSequence(_outline: self, bounds: bounds)
  }

  /// Returns an iterator over the visible rows, depth-first.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func makeIterator() -> Iterator { Iterator(_outline: self, bounds: 0..<count) }
}

extension OutlineCollection {
  /// An iterator over consecutive rows, depth-first.
  ///
  /// It finds its first row through the outline's cursor (O(1) amortized
  /// when that row follows the last one read, as a list's next window
  /// does), then walks on its own, without taking the cursor's lock, and
  /// leaves the cursor at its last row when it gets there.
  public struct Iterator: IteratorProtocol {
    @usableFromInline internal let _outline: OutlineCollection
    @usableFromInline internal var _place: _OutlinePlace
    @usableFromInline internal let _end: Int
    @usableFromInline internal let _start: Int

    @inlinable
    internal init(_outline: OutlineCollection, bounds: Range<Int>) {
      self._outline = _outline
      self._place = .none
      self._start = bounds.lowerBound
      self._end = bounds.upperBound
    }

    /// The next row, or `nil` after the last.
    ///
    /// - Complexity: O(1) amortized; the first call, O(depth × log
    ///   fan-out) unless the outline's last read was next to it.
    @inlinable
    public mutating func next() -> Row? {
      if _place.position >= 0 {
        guard _place.position &+ 1 < _end else { return nil }
        _outline._stepForward(&_place)
      } else {
        guard _start < _end else { return nil }
        _place = _outline._moveCursor(to: _start)
      }
      if _place.position &+ 1 == _end && _place.position != _start {
        let cursor = _outline._cursor
        let place = _place
        cursor.lock.withLock { cursor.place = place }
      }
      return _outline._row(at: _place)
    }
  }

  /// Consecutive rows of an outline, sharing its index: a list's window.
  public struct SubSequence: RandomAccessCollection {
    @usableFromInline internal let _outline: OutlineCollection
    @usableFromInline internal let _bounds: Range<Int>

    @inlinable
    internal init(_outline: OutlineCollection, bounds: Range<Int>) {
      self._outline = _outline
      self._bounds = bounds
    }

    /// The positions in the outline, as a range.
    public typealias Indices = Range<Int>

    /// The position of the first row in the outline.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var startIndex: Int { _bounds.lowerBound }

    /// The position after the last row in the outline.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var endIndex: Int { _bounds.upperBound }

    /// The row positions.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var indices: Range<Int> { _bounds }

    /// The row at `position`, a position in the outline.
    ///
    /// - Parameter position: A position in `startIndex..<endIndex`; traps
    ///   otherwise.
    /// - Complexity: as the outline's subscript.
    @inlinable
    public subscript(position: Int) -> Row {
      _checkPosition(position, in: _bounds)
      return _outline._row(at: _outline._moveCursor(to: position))
    }

    /// The rows at `bounds`.
    ///
    /// - Parameter bounds: A range within `startIndex...endIndex`; traps
    ///   otherwise.
    /// - Complexity: O(1).
    @inlinable
    public subscript(bounds: Range<Int>) -> SubSequence {
      _checkBounds(bounds, in: _bounds)
      return SubSequence(_outline: _outline, bounds: bounds)
    }

    /// Returns an iterator over the rows, depth-first.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func makeIterator() -> Iterator { Iterator(_outline: _outline, bounds: _bounds) }

    /// The position `distance` away from `i`, or `nil` if that passes
    /// `limit`, which may lie outside the slice (as `Slice` allows).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func index(_ i: Int, offsetBy distance: Int, limitedBy limit: Int) -> Int? {
      _offset(i, by: distance, limitedBy: limit)
    }
  }
}

// MARK: - Rows and records

extension OutlineCollection {
  /// The node at `index` among the children of `record`.
  @inlinable
  internal func _node(record: Int32, index: Int) -> Node {
    let children = _recordChildren[Int(record)]
    return children[children.index(children.startIndex, offsetBy: index)]
  }

  /// The entry of child `index` of `record`: its record, or whether it has
  /// children. A node whose identifier is owned by another node (a
  /// duplicate) has no record.
  @inlinable
  internal func _childRecord(_ record: Int32, _ index: Int) -> _ChildEntry {
    _childRecords[Int(_spans[Int(record)].base) &+ index]
  }

  /// Sets the entry of child `index` of `record`.
  @inlinable
  internal mutating func _setChildRecord(_ record: Int32, _ index: Int, to entry: _ChildEntry) {
    _childRecords[Int(_spans[Int(record)].base) &+ index] = entry
    if entry != .leaf { _spans[Int(record)].childrenAreLeaves = false }
  }

  /// The record of the node with `id` if that node is child `index` of
  /// `record`, found through the identifier map (the invariant check
  /// compares it with `_childRecord`).
  @inlinable
  internal func _ownedRecord(id: ID, record: Int32, index: Int) -> Int32? {
    guard let child = _recordForID[id] else { return nil }
    let c = _records[Int(child)]
    return c.parent == record && c.indexInParent == Int32(truncatingIfNeeded: index) ? child : nil
  }

  /// The row at `place`.
  @inlinable
  internal func _row(at place: _OutlinePlace) -> Row {
    let node = _node(record: place.record, index: place.index)
    let entry = place.entry
    // The entry says whether the node has children: calling `children` for
    // it costs a closure call and, for a class model in another module, a
    // dynamic exclusivity check, on every row read.
    return Row(
      node: node, id: _id, depth: place.depth,
      isExpanded: entry.record.map { _records[Int($0)].isExpanded } ?? false,
      hasChildren: entry.hasChildren)
  }

  /// The `_childRecords` entry of `node` while it has no record. One call
  /// to `hasChildren`, or without it to `children`.
  @inlinable
  internal func _noRecordEntry(for node: Node) -> _ChildEntry {
    if let hasChildren = _hasChildren { return hasChildren(node) ? .unindexed : .leaf }
    return _children(node) == nil ? .leaf : .unindexed
  }

  /// Indexes `children` as a new, collapsed record; its children's row
  /// counts are all 1. O(*k*) for *k* children, and one call to
  /// `hasChildren` (or `children`) for each (whether it is a leaf, so rows
  /// need not ask).
  ///
  /// - Returns: The record, or `nil` if the node's identifier already names
  ///   another node: a duplicate is shown as a row but never expanded.
  @inlinable
  @discardableResult
  internal mutating func _makeRecord(
    children: Children, parent: Int32, indexInParent: Int32
  )
    -> Int32?
  {
    if parent >= 0 {
      let id = _id(_node(record: parent, index: Int(indexInParent)))
      if _recordForID[id] != nil {
        _duplicateIDs.insert(id)
        return nil
      }
    }
    let count = children.count
    let base = _rowTree.count
    _precondition(
      base + count < Int(Int32.max), "OutlineCollection cannot index more than \(Int32.max) nodes")
    // Every child's row count starts at 1.
    _Fenwick.append(repeating: 1 as Int32, count: count, to: &_rowTree)
    // Appended, not reserved: reserving the exact count on every record
    // would defeat the array's geometric growth and make `expandAll()`
    // quadratic.
    _childRecords.append(contentsOf: repeatElement(.unindexed, count: count))
    let listedLeaves = _listEntries(of: children, at: base)
    let record = _OutlineRecord(parent: parent, indexInParent: indexInParent)
    let span = _OutlineSpan(
      base: Int32(truncatingIfNeeded: base), count: count,
      childrenAreLeaves: listedLeaves, eachChildIsOneRow: count > 0)
    let index: Int32
    if let free = _freeRecords.popLast() {
      _records[Int(free)] = record
      _spans[Int(free)] = span
      _recordChildren[Int(free)] = children
      index = free
    } else {
      index = Int32(truncatingIfNeeded: _records.count)
      _records.append(record)
      _spans.append(span)
      _recordChildren.append(children)
    }
    if parent >= 0 {
      _recordForID[_id(_node(record: parent, index: Int(indexInParent)))] = index
      _setChildRecord(parent, Int(indexInParent), to: _ChildEntry(record: index))
    }
    if _locations != nil { _addLocations(of: index) }
    return index
  }

  /// Writes the entries of `children`, none of which has a record, into
  /// `_childRecords` from `base` on. Returns whether there are some and
  /// every one is a leaf: the only place a span's `childrenAreLeaves` is
  /// learned.
  @inlinable
  internal mutating func _listEntries(of children: Children, at base: Int) -> Bool {
    var allLeaves = !children.isEmpty
    for (offset, child) in children.enumerated() {
      let entry = _noRecordEntry(for: child)
      allLeaves = allLeaves && entry == .leaf
      _childRecords[base &+ offset] = entry
    }
    return allLeaves
  }

  /// Adds the locations of `record`'s children. The first node indexed
  /// with an identifier keeps it; a later one is a duplicate.
  @inlinable
  internal mutating func _addLocations(of record: Int32) {
    for (index, node) in _recordChildren[Int(record)].enumerated() {
      let id = _id(node)
      let location = _NodeLocation(record: record, index: index)
      if let existing = _locations![id], existing != location {
        _duplicateIDs.insert(id)
      } else {
        _locations![id] = location
      }
    }
  }

  /// Forgets the location of child `index` of `record`, unless its
  /// identifier is located at another node.
  @inlinable
  internal mutating func _removeLocation(of id: ID, record: Int32, index: Int) {
    if _locations?[id] == _NodeLocation(record: record, index: index) { _locations![id] = nil }
  }
}

// Checked by the compiler: a value whose closures are `@Sendable`.
extension OutlineCollection: Sendable where Node: Sendable, ID: Sendable, Children: Sendable {}
extension OutlineCollection.SubSequence: Sendable
where Node: Sendable, ID: Sendable, Children: Sendable {}
extension OutlineCollection.Iterator: Sendable
where Node: Sendable, ID: Sendable, Children: Sendable {}
extension OutlineCollection.Row: Sendable where Node: Sendable, ID: Sendable {}
extension OutlineCollection.Row: Equatable where Node: Equatable {
  /// Whether two rows show equal nodes with equal identifiers, at the same
  /// depth and in the same state.
  ///
  /// - Complexity: One comparison of nodes and, when they are equal, one
  ///   call of each row's `id` function.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.depth == rhs.depth && lhs.isExpanded == rhs.isExpanded
      && lhs.hasChildren == rhs.hasChildren && lhs.node == rhs.node && lhs.id == rhs.id
  }
}
