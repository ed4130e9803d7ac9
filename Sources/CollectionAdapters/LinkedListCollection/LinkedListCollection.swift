//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

/// A linked list the caller owns, presented in place as a random-access
/// collection of its elements.
///
/// Nothing is copied: the adapter keeps a sparse index of checkpoints (one
/// node reference every `checkpointInterval` positions, built as positions
/// are reached) and the nodes read last, up to 64 or `checkpointInterval`,
/// whichever is larger. So:
///
/// - Index arithmetic (`index(_:offsetBy:)`, `distance`) is O(1) and never
///   walks nodes; `Index` is `Int` and `Indices` is `Range<Int>`.
/// - Reading consecutive positions, forwards or backwards, the way a list UI
///   reads its visible rows, costs O(1) amortized calls to `next`; a window
///   read again a few rows on, as `ForEach` reads it while a list scrolls,
///   calls `next` only for the rows that are new.
/// - Any other read costs at most `checkpointInterval` calls to `next` once
///   the checkpoint before it exists. **This departs from the O(1)
///   subscript that `Collection` expects**, by a bounded constant.
/// - Iteration with `for`-`in`, of the list or of a slice of it
///   (`list[window]`), walks the nodes directly: one `next` call per
///   element, and the index's lock once per `checkpointInterval` elements
///   and at the end, where a read by position takes it per element (a
///   `VirtualList` reads its window through slices).
/// - Memory beyond the list: O(`count / checkpointInterval` +
///   `max(64, checkpointInterval)`) references. No array of nodes or elements is built.
///
/// ```swift
/// import CollectionAdapters
/// import SwiftUI
///
/// // `nonisolated`: read by the list's closures wherever the list is read (an
/// // Xcode 26 app isolates its types to the main actor by default)
/// nonisolated final class Message {
///   var text: String
///   var reply: Message?
///   init(_ text: String, reply: Message? = nil) {
///     self.text = text
///     self.reply = reply
///   }
/// }
///
/// struct Thread: View {
///   let messages: LinkedListCollection<Message, String>
///   init(first: Message) {
///     messages = LinkedListCollection(head: first, next: \.reply, element: \.text)
///   }
///   var body: some View {
///     List { ForEach(messages.indices, id: \.self) { i in Text(messages[i]) } }
///   }
/// }
/// ```
///
/// When you change the list, call `invalidate(from:)` with the first position
/// that changed; the index before it stays valid. A list whose head changed
/// is a new collection.
///
/// Copies share the index. Reads from several threads at once are safe: the
/// index is guarded by a lock, and `next` is called with it held, so `next`
/// and `element` must not read this collection and must be safe to call from
/// any thread (pure functions of the node, as key paths are).
public struct LinkedListCollection<Node, Element> {
  @usableFromInline internal var _head: Node?
  @usableFromInline internal let _next: @Sendable (Node) -> Node?
  @usableFromInline internal let _element: @Sendable (Node) -> Element
  @usableFromInline internal var _index: _LinkedListIndex<Node>

  /// The default spacing of checkpoints: a random read costs at most 32
  /// calls to `next`, and the index holds one reference per 32 nodes.
  public static var defaultCheckpointInterval: Int { 32 }

  /// The bound on counting a list of value nodes when no `count` or
  /// `maximumLength` is given: 2²⁴ (16,777,216) nodes. A loop of value
  /// nodes cannot be detected (a value has no identity), so without a bound
  /// counting it would never end; a list of class nodes is counted to its
  /// end or its first repeated node, unbounded.
  public static var defaultValueNodeMaximumLength: Int { 1 << 24 }

  /// Adapts the list that starts at `head`.
  ///
  /// - Parameters:
  ///   - head: The first node, or `nil` for an empty list.
  ///   - count: The number of nodes, if known. Otherwise it is found by one
  ///     walk, once, on first use, and cached. A given count is a promise:
  ///     a list that turns out shorter traps when the missing position is
  ///     read; one that turns out longer (or cyclic) traps when its last
  ///     position is first read.
  ///   - checkpointInterval: Positions between checkpoints; at least 1.
  ///   - maximumLength: A bound on the walk that counts the nodes. A list
  ///     of class nodes that loops back to an earlier node ends before the
  ///     first repeated one; any list that does not end within
  ///     `maximumLength` nodes holds its first `maximumLength`. Neither
  ///     traps or hangs, and `isTruncated` says it happened. `nil`: no
  ///     bound for class nodes, `defaultValueNodeMaximumLength` for value
  ///     nodes (whose loops cannot be detected).
  ///   - next: Returns a node's successor, or `nil` at the end.
  ///   - element: Returns a node's element.
  ///
  /// `next` and `element` run while the collection's shared index is locked
  /// (so a read retains no node): they must not read this collection or its
  /// copies, which would wait on that lock forever.
  /// - Complexity: O(1); nothing is walked until it is needed.
  @inlinable
  public init(
    head: Node?,
    count: Int? = nil,
    checkpointInterval: Int = defaultCheckpointInterval,
    maximumLength: Int? = nil,
    next: @escaping @Sendable (Node) -> Node?,
    element: @escaping @Sendable (Node) -> Element
  ) {
    let maximumLength =
      maximumLength ?? (Node.self is AnyObject.Type ? .max : Self.defaultValueNodeMaximumLength)
    _precondition(
      checkpointInterval >= 1, "Checkpoint interval \(checkpointInterval) must be positive")
    if let count { _precondition(count >= 0, "Count \(count) must not be negative") }
    _precondition(maximumLength >= 1, "Maximum length \(maximumLength) must be positive")
    self._head = head
    self._next = next
    self._element = element
    self._index = _LinkedListIndex(
      head: head, count: count, interval: checkpointInterval, maximumLength: maximumLength)
  }

  /// Adapts the list that starts at `head`, whose elements are its nodes.
  ///
  /// - Parameters:
  ///   - head: The first node, or `nil` for an empty list.
  ///   - count: The number of nodes, if known.
  ///   - checkpointInterval: Positions between checkpoints; at least 1.
  ///   - maximumLength: A bound on the walk that counts the nodes; `nil`,
  ///     unbounded for class nodes and `defaultValueNodeMaximumLength` for
  ///     value nodes.
  ///   - next: Returns a node's successor, or `nil` at the end.
  /// - Complexity: O(1).
  @inlinable
  public init(
    head: Node?,
    count: Int? = nil,
    checkpointInterval: Int = defaultCheckpointInterval,
    maximumLength: Int? = nil,
    next: @escaping @Sendable (Node) -> Node?
  ) where Element == Node {
    self.init(
      head: head, count: count, checkpointInterval: checkpointInterval,
      maximumLength: maximumLength, next: next, element: { $0 })
  }

  /// Whether counting the nodes cut the list short: it loops back to an
  /// earlier node (found for class nodes), or it did not end within
  /// `maximumLength` nodes. The collection then holds each node before the
  /// cut once.
  ///
  /// - Complexity: As `count`.
  public var isTruncated: Bool {
    _index.lock.withLock {
      _ = _index.resolveCount(next: _next)
      return _index.isTruncated
    }
  }

  /// The spacing of checkpoints.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var checkpointInterval: Int { _index.interval }

  /// Tells the collection that the list changed at or after `offset`.
  ///
  /// Checkpoints and cached nodes before `offset` stay valid; the rest is
  /// forgotten, and the count is found again by a walk from the last
  /// checkpoint before `offset` when it is next needed.
  ///
  /// - Parameters:
  ///   - offset: The first position whose node, or whose predecessor's
  ///     `next`, may have changed. Must not be negative.
  ///   - count: The new number of nodes, if known.
  /// - Complexity: O(`count / checkpointInterval`) at worst.
  @inlinable
  public mutating func invalidate(from offset: Int, newCount count: Int? = nil) {
    _precondition(offset >= 0, "Invalidation offset \(offset) must not be negative")
    if let count { _precondition(count >= 0, "Count \(count) must not be negative") }
    if isKnownUniquelyReferenced(&_index) {
      _index.lock.withLock { _index.truncate(before: offset, count: count) }
    } else {
      // Other copies keep the index they had.
      let index = _index
      _index = index.lock.withLock { index.prefix(before: offset, count: count) }
    }
  }

  /// Tells the collection that `count` nodes were linked before its head,
  /// `head` being the first of them: older messages loaded above a chat.
  ///
  /// What the collection knows of the rest stays valid, shifted by `count`:
  /// its checkpoints, its count and the nodes read last. So a window read at
  /// the end costs what it did, whatever the list's length, where a new
  /// collection from the new head would walk to it from the head.
  /// In a `VirtualList`, return its result from `update(_:)` (the article
  /// "A chat as a linked list" shows it).
  ///
  /// - Parameters:
  ///   - count: The number of nodes linked before the old head; not
  ///     negative. For class nodes, the node `count` steps after `head` must
  ///     be the old head (traps otherwise).
  ///   - head: The new first node.
  /// - Returns: The change, `count` rows inserted at the start.
  /// - Complexity: O(`count`) calls to `next`, plus a move of the
  ///   checkpoints, O(`self.count / checkpointInterval`) references, when
  ///   the head passes the first checkpoint's block.
  @inlinable
  @discardableResult
  public mutating func invalidate(prepending count: Int, head: Node) -> RowChanges {
    _precondition(count >= 0, "Prepended count \(count) must not be negative")
    if !isKnownUniquelyReferenced(&_index) {
      // Other copies keep the index they had.
      let index = _index
      _index = index.lock.withLock { index.copy() }
    }
    _index.lock.withLock { _index.prepend(count, head: head, next: _next) }
    _head = head
    return RowChanges(insertions: count == 0 ? [] : [0..<count])
  }

  /// Tells the collection that the nodes at `source` were unlinked and
  /// linked again, in their order, just before the node at `destination`:
  /// a drag, or a pinned message moved to the front.
  ///
  /// ```swift
  /// import CollectionAdapters
  ///
  /// nonisolated final class Message {
  ///   let text: String
  ///   var next: Message?
  ///   init(_ text: String, next: Message? = nil) {
  ///     self.text = text
  ///     self.next = next
  ///   }
  /// }
  ///
  /// let pinned = Message("pinned")
  /// let third = Message("c", next: pinned)
  /// let head = Message("a", next: Message("b", next: third))
  /// var chat = LinkedListCollection(head: head, next: { $0.next }, element: { $0.text })
  /// // The app pins the last message: it unlinks it and links it at the front.
  /// third.next = nil
  /// pinned.next = head
  /// let changes = chat.invalidate(movingOffsets: [3], toOffset: 0, head: pinned)
  /// assert(chat.elementsEqual(["pinned", "a", "b", "c"]))
  /// assert(changes.moves == [.init(from: 3, to: 0)])
  /// // list.update { $0.invalidate(movingOffsets: [3], toOffset: 0, head: pinned) }
  /// ```
  ///
  /// The positions are those of `RowChanges(movingOffsets:toOffset:)` and
  /// SwiftUI's `onMove`. What the collection knows of the list before the
  /// first position the move changed, and after the last, stays valid: a
  /// window read at the end still costs what it did.
  ///
  /// - Parameters:
  ///   - source: The moved nodes' positions before the move, in
  ///     `0..<count`; repeated positions count once. Traps otherwise,
  ///     naming the position.
  ///   - destination: A position in `0...count`, counted before the move.
  ///   - head: The list's first node now.
  /// - Returns: The change: each moved row removed where it was, inserted
  ///   where it landed, and named in `moves`.
  /// - Complexity: O(*d*) calls to `next` for the *d* positions between
  ///   the first and the last one the move changed (within the part of the
  ///   list already read), plus O(*k* log *k*) for *k* unsorted positions,
  ///   plus the count if it is not known yet.
  @inlinable
  @discardableResult
  public mutating func invalidate(
    movingOffsets source: some Sequence<Int>, toOffset destination: Int, head: Node
  ) -> RowChanges {
    let offsets = Array(source)
    var lower = destination
    var upper = destination
    for offset in offsets {
      _precondition(offset >= 0, "Moved offset \(offset) must not be negative")
      lower = Swift.min(lower, offset)
      upper = Swift.max(upper, offset + 1)
    }
    _precondition(destination >= 0, "Destination \(destination) must not be negative")
    let changes = RowChanges(movingOffsets: offsets, toOffset: destination)
    if !changes.isEmpty {
      if !isKnownUniquelyReferenced(&_index) {
        // Other copies keep the index they had.
        let index = _index
        _index = index.lock.withLock { index.copy() }
      }
      _index.lock.withLock { _index.relink(lower, upper, head: head, next: _next) }
    }
    _head = head
    // A move keeps the count: one not known yet is found in the relinked list.
    let count = self.count
    _precondition(
      destination <= count, "Destination \(destination) is out of range 0...\(count)")
    _precondition(upper <= count, "Moved offset \(upper - 1) is out of range 0..<\(count)")
    return changes
  }
}

extension LinkedListCollection: Sequence {
  /// An iterator that walks consecutive nodes directly.
  ///
  /// It finds its first node through the shared index (the head needs no
  /// lookup), then calls `next` once per element without taking the
  /// index's lock, except to record each checkpoint it passes that the
  /// index lacks (once per `checkpointInterval` nodes) and, at its last
  /// node, to leave the index there, so that reading the following
  /// position (a list's next window) is one call to `next`.
  public struct Iterator: IteratorProtocol {
    @usableFromInline internal var _node: Node?
    @usableFromInline internal var _position: Int
    @usableFromInline internal let _end: Int
    /// The next position where the iterator must do more than call `next`:
    /// a checkpoint's, or `_end`.
    @usableFromInline internal var _nextStop: Int
    @usableFromInline internal let _index: _LinkedListIndex<Node>
    @usableFromInline internal let _next: @Sendable (Node) -> Node?
    @usableFromInline internal let _element: @Sendable (Node) -> Element

    @inlinable
    internal init(_ list: LinkedListCollection, bounds: Range<Int>) {
      _node = bounds.lowerBound == 0 ? list._head : nil
      _position = bounds.lowerBound
      _end = bounds.upperBound
      let interval = list._index.interval
      // Checkpoints are at multiples of the interval in the index's virtual
      // positions. Its origin changes only on an index nothing else shares.
      let virtual = bounds.lowerBound &+ list._index.origin
      _nextStop = Swift.min(bounds.upperBound, bounds.lowerBound &+ interval &- virtual % interval)
      _index = list._index
      _next = list._next
      _element = list._element
    }

    /// The next element, or `nil` after the last.
    ///
    /// - Complexity: O(1): one call to `next`; the first call, as a read
    ///   of its position by the subscript.
    @inlinable
    public mutating func next() -> Element? {
      guard _position < _end else { return nil }
      // Moved out, not copied: the node's one retain is the one `next`
      // returned it with (each extra retain and release would be an atomic
      // operation per element). The rare steps are static functions of values, so
      // that the iterator can stay in registers.
      let node = _node.take() ?? Self._node(at: _position, in: _index, next: _next)
      _position &+= 1
      if _position < _nextStop {
        _node = _next(node)
        if _node == nil { Self._listEnded(at: _position, in: _index) }
      } else if _position < _end {
        let successor = _next(node)
        guard let successor else { Self._listEnded(at: _position, in: _index) }
        Self._record(successor, at: _position, in: _index)
        _node = successor
        _nextStop = Swift.min(_end, _position &+ _index.interval)
      } else {
        Self._stopped(at: _position &- 1, node: node, in: _index, next: _next)
      }
      return _element(node)
    }

    /// The node at the first position, found through the index.
    @usableFromInline
    internal static func _node(
      at position: Int, in index: _LinkedListIndex<Node>, next: (Node) -> Node?
    ) -> Node {
      index.lock.withLock { index.node(at: position, next: next) }
    }

    /// Records `node`, at a checkpoint's position, in the index.
    @usableFromInline
    internal static func _record(_ node: Node, at position: Int, in index: _LinkedListIndex<Node>) {
      index.lock.withLock { index.recordCheckpoint(node, at: position &+ index.origin) }
    }

    /// Leaves the index at `node`, the last one, at `position`.
    @usableFromInline
    internal static func _stopped(
      at position: Int, node: Node, in index: _LinkedListIndex<Node>, next: (Node) -> Node?
    ) {
      index.lock.withLock { index.iteratorStopped(at: position, node: node, next: next) }
    }

    /// Traps: the list ended before `position`.
    @usableFromInline @inline(never)
    internal static func _listEnded(at position: Int, in index: _LinkedListIndex<Node>) -> Never {
      index.lock.withLock { index.listEnded(at: position) }
    }
  }

  /// Returns an iterator that walks the nodes from the head.
  ///
  /// It stops after `count` elements, so a list longer than its given count,
  /// or cyclic, is not walked past it. A given count is checked as reads
  /// check it: a list that ends early traps, and one that goes on past its
  /// last position traps when the iterator reaches it.
  ///
  /// - Complexity: O(1) once the count is known; otherwise the count is
  ///   found first, by one walk, once.
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(self, bounds: 0..<count)
  }
}

extension LinkedListCollection {
  /// Consecutive elements of a list, sharing its index: a list's window.
  /// Iterating it reads its first position through the index, then walks.
  public struct SubSequence: RandomAccessCollection {
    @usableFromInline internal let _base: LinkedListCollection
    @usableFromInline internal let _bounds: Range<Int>

    @inlinable
    internal init(_base: LinkedListCollection, bounds: Range<Int>) {
      self._base = _base
      self._bounds = bounds
    }

    /// The positions in the list, as a range.
    public typealias Indices = Range<Int>

    /// The position of the first element in the list.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var startIndex: Int { _bounds.lowerBound }

    /// The position after the last element in the list.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var endIndex: Int { _bounds.upperBound }

    /// The positions.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var indices: Range<Int> { _bounds }

    /// The element at `position`, a position in the list.
    ///
    /// - Parameter position: A position in `startIndex..<endIndex`; traps
    ///   otherwise.
    /// - Complexity: As the list's subscript.
    @inlinable
    public subscript(position: Int) -> Element {
      _checkPosition(position, in: _bounds)
      return _base[position]
    }

    /// The elements at `bounds`.
    ///
    /// - Parameter bounds: A range within `startIndex...endIndex`; traps
    ///   otherwise.
    /// - Complexity: O(1).
    @inlinable
    public subscript(bounds: Range<Int>) -> SubSequence {
      _checkBounds(bounds, in: _bounds)
      return SubSequence(_base: _base, bounds: bounds)
    }

    /// Returns an iterator over the elements.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func makeIterator() -> Iterator { Iterator(_base, bounds: _bounds) }

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

// Index arithmetic (`index(after:)`, `index(_:offsetBy:)`, `distance`, with
// and without limits) is the standard library's for `Int` indices: O(1), and
// it never walks nodes.
extension LinkedListCollection: RandomAccessCollection {
  /// A position: an offset in `0..<count`.
  public typealias Index = Int
  /// The positions, as a range that holds no reference to the collection.
  public typealias Indices = Range<Int>

  /// Always 0.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var startIndex: Int { 0 }

  /// The number of nodes.
  ///
  /// - Complexity: O(1) once the count is known; the first use walks the
  ///   list once if no count was given.
  @inlinable
  public var endIndex: Int { count }

  /// The number of nodes.
  ///
  /// - Complexity: O(1) once the count is known; the first use walks the
  ///   list once if no count was given.
  @inlinable
  public var count: Int {
    _index.lock.withLock { _index.resolveCount(next: _next) }
  }

  /// The positions, `0..<count`.
  ///
  /// - Complexity: As `count`.
  @inlinable
  public var indices: Range<Int> { 0..<count }

  /// The element at `position`.
  ///
  /// - Parameter position: An offset in `0..<count`; traps otherwise.
  /// - Complexity: O(1) amortized when positions are read consecutively,
  ///   forwards or backwards; otherwise at most `checkpointInterval` calls
  ///   to `next` once the checkpoint before `position` exists.
  @inlinable
  public subscript(position: Int) -> Element {
    _index.lock.withLock {
      let count = _index.resolveCount(next: _next)
      if position < 0 || position >= count { _outOfRange(position, count: count) }
      return _index.element(at: position, next: _next, element: _element)
    }
  }

  /// The elements at `bounds`, sharing the list's index.
  ///
  /// - Parameter bounds: A range of positions in `0...count`; traps
  ///   otherwise.
  /// - Complexity: O(1) once the count is known.
  @inlinable
  public subscript(bounds: Range<Int>) -> SubSequence {
    _checkBounds(bounds, in: 0..<count)
    return SubSequence(_base: self, bounds: bounds)
  }
}

// Checked by the compiler: the closures are `@Sendable`, and the shared
// index is `@unchecked Sendable` because its lock guards every access to it.
extension LinkedListCollection: Sendable where Node: Sendable {}
extension LinkedListCollection.Iterator: Sendable where Node: Sendable {}
extension LinkedListCollection.SubSequence: Sendable where Node: Sendable {}
