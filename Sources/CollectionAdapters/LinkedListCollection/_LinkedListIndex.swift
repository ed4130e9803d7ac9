//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The position index of a `LinkedListCollection`, shared by its copies.
///
/// Inside the index, positions are *virtual*: the head is at `origin`
/// (below `interval`), so the node at a collection position `p` is at
/// `p + origin`. Nodes linked before the head then take the positions
/// below it, and everything known about the rest stays where it is.
///
/// - `checkpoints[0]` is the head; `checkpoints[k]`, for `k >= 1`, is the
///   node at virtual position `k * interval`, built lazily as walks pass it.
///   Memory: one reference per `interval` nodes.
/// - The *run* holds the consecutive nodes read last, at most
///   `runLimit` (`interval` rounded up to a power of two, at least 64):
///   from a checkpoint up to the furthest position read, sliding forwards
///   across blocks as reads go on, or, after an iterator stopped, from its
///   last node on. Reads moving forwards through a window, and a window read
///   again a few rows on (what `ForEach` does as a list scrolls), are O(1)
///   each. Memory: at most `runLimit` references.
///
/// Every member must be used with `lock` held, through `withLock`; the lock
/// is what makes accesses exclusive, so the fields skip dynamic checks.
@usableFromInline
internal final class _LinkedListIndex<Node>: @unchecked Sendable {
  @usableFromInline let lock = _Lock(
    reentrancyMessage: """
      LinkedListCollection: its `next` or `element` closure read the collection \
      it serves, which it calls them for; they must read only the node they are given
      """)
  @usableFromInline let interval: Int
  @usableFromInline let maximumLength: Int
  @usableFromInline @exclusivity(unchecked) var checkpoints: [Node]
  /// The head's virtual position, in `0..<interval`. Changed only in place
  /// on an index no copy or iterator shares, so an iterator reads it
  /// without the lock.
  @usableFromInline @exclusivity(unchecked) var origin = 0
  /// The exact count, once known (given by the caller or found by a walk).
  @usableFromInline @exclusivity(unchecked) var count: Int?
  /// Whether the count was given by the caller, so it must be verified.
  @usableFromInline @exclusivity(unchecked) var countIsGiven: Bool
  /// Whether the walk that counted the nodes cut the list short (a cycle,
  /// or `maximumLength`).
  @usableFromInline @exclusivity(unchecked) var isTruncated = false
  /// Whether the node at `count - 1` was found to be the last one.
  @usableFromInline @exclusivity(unchecked) var endVerified = false
  /// The virtual position of the run's first node.
  @usableFromInline @exclusivity(unchecked) var runStart = 0
  /// The run's nodes, a ring: the one at `runStart + k` is in slot
  /// `(runHead + k) & (runCapacity - 1)`, for `k` below `runCount`. A buffer
  /// of its own rather than an `Array`: reading an array stored in a class
  /// retains and releases its storage on every access.
  @usableFromInline @exclusivity(unchecked) var run: UnsafeMutablePointer<Node>
  @usableFromInline @exclusivity(unchecked) var runHead = 0
  @usableFromInline @exclusivity(unchecked) var runCount = 0
  /// A power of two, at most `runLimit`.
  @usableFromInline @exclusivity(unchecked) var runCapacity: Int
  /// The most nodes the run holds, a power of two.
  @usableFromInline let runLimit: Int

  @usableFromInline
  init(head: Node?, count: Int?, interval: Int, maximumLength: Int) {
    self.interval = interval
    self.maximumLength = maximumLength
    self.checkpoints = head.map { [$0] } ?? []
    self.count = head == nil ? 0 : count
    self.countIsGiven = head != nil && count != nil
    // A window read again a few rows on stays in the run: 64 covers a
    // screen of rows and its overscan.
    var limit = 64
    while limit < interval && limit < 1 << 30 { limit &*= 2 }
    self.runLimit = limit
    self.runCapacity = 16
    self.run = .allocate(capacity: runCapacity)
  }

  deinit {
    lock.destroy()
    _shortenRun(to: 0)
    run.deallocate()
  }

  /// The slot of the run's node at `offset` from its start.
  @inlinable @inline(__always)
  func _slot(_ offset: Int) -> Int { (runHead &+ offset) & (runCapacity &- 1) }

  /// Keeps the first `count` nodes of the run.
  ///
  /// One node at a time: `deinitialize(count:)` of several calls the
  /// runtime's array destroy, which releases each node through the type's
  /// value witness (an indirect call per node); one at a time, a class
  /// node's release is a direct call.
  @inlinable
  func _shortenRun(to count: Int) {
    var end = runCount
    while end > count {
      end &-= 1
      (run + _slot(end)).deinitialize(count: 1)
    }
    runCount = Swift.min(runCount, count)
    if runCount == 0 { runHead = 0 }
  }

  /// Appends `node`, at position `runStart + runCount`, to the run; a full
  /// run lets its first node go.
  @inlinable
  func _appendToRun(_ node: __owned Node) {
    if runCount == runCapacity {
      if runCapacity < runLimit {
        _growRun()
      } else {
        (run + runHead).deinitialize(count: 1)
        runHead = _slot(1)
        runStart &+= 1
        runCount &-= 1
      }
    }
    (run + _slot(runCount)).initialize(to: node)
    runCount &+= 1
  }

  /// Empties the run and starts it again with `node` at `position`.
  @inlinable
  func _restartRun(_ node: __owned Node, at position: Int) {
    _shortenRun(to: 0)
    runStart = position
    _appendToRun(node)
  }

  /// Calls `body` with the run's node at `offset`, lent without a retain:
  /// the node is moved out of the run for the call and back after it. A
  /// read through the run then costs no atomic reference-count operation
  /// (a retain and a release around each call to `next` or `element` were
  /// most of an indexed read). Sound because the lock is held, so no other
  /// thread sees the empty slot, and `next` and `element` never read this
  /// collection (documented on its initializers).
  @inlinable @inline(__always)
  func _withRunNode<R>(at offset: Int, _ body: (Node) -> R) -> R {
    _internalInvariant(offset >= 0 && offset < runCount, "Run offset \(offset) of \(runCount)")
    let slot = run + _slot(offset)
    let node = slot.move()
    defer { slot.initialize(to: node) }
    return body(node)
  }

  /// The run's node at `offset`, retained.
  @inlinable
  func _runNode(at offset: Int) -> Node { run[_slot(offset)] }

  /// Doubles the run's buffer, its nodes moved to the start in order.
  @usableFromInline
  func _growRun() {
    let capacity = Swift.min(runLimit, runCapacity &* 2)
    let grown = UnsafeMutablePointer<Node>.allocate(capacity: capacity)
    let firstPart = Swift.min(runCount, runCapacity &- runHead)
    grown.moveInitialize(from: run + runHead, count: firstPart)
    (grown + firstPart).moveInitialize(from: run, count: runCount &- firstPart)
    run.deallocate()
    run = grown
    runHead = 0
    runCapacity = capacity
  }

  /// A copy, for a collection that changes while others share this index.
  @usableFromInline
  func copy() -> _LinkedListIndex {
    let result = _LinkedListIndex(
      head: checkpoints.first, count: count, interval: interval, maximumLength: maximumLength)
    result.checkpoints = checkpoints
    result.origin = origin
    result.countIsGiven = countIsGiven
    result.isTruncated = isTruncated
    result.endVerified = endVerified
    result.runStart = runStart
    for k in 0..<runCount { result._appendToRun(_runNode(at: k)) }
    return result
  }

  /// Takes `added` nodes linked before the head, `head` the first of them,
  /// in place (see `invalidate(prepending:head:)`). The head's virtual
  /// position moves down by `added`; where it would pass below zero, whole
  /// blocks are added in front, so the checkpoints and the run keep their
  /// nodes at their virtual positions, shifted by whole blocks.
  ///
  /// - Complexity: O(`added`) calls to `next`, plus a move of the
  ///   checkpoints (one reference per `interval` nodes) when blocks are
  ///   added.
  @usableFromInline
  func prepend(_ added: Int, head: Node, next: (Node) -> Node?) {
    guard let oldHead = checkpoints.first else {
      // An empty list: a list of `added` nodes, given.
      checkpoints = [head]
      (origin, runStart, count, countIsGiven) = (0, 0, added, true)
      (endVerified, isTruncated) = (false, false)
      return
    }
    let blocks = added > origin ? (added - origin + interval - 1) / interval : 0
    let shift = blocks * interval
    var front = [head]
    front.reserveCapacity(blocks + 1)
    var node = head
    var position = origin + shift - added
    let newOrigin = position
    for _ in 0..<added {
      guard let successor = next(node) else {
        _preconditionFailure(
          "LinkedListCollection: the list ended \(position - newOrigin + 1) nodes after the new "
            + "head, before the \(added) nodes said to be prepended")
      }
      node = successor
      position += 1
      if position % interval == 0 && position <= shift { front.append(node) }
    }
    if Node.self is AnyObject.Type {
      _precondition(
        ObjectIdentifier(node as AnyObject) == ObjectIdentifier(oldHead as AnyObject),
        "LinkedListCollection: the node \(added) after the new head is not the old head")
    }
    checkpoints.replaceSubrange(0..<1, with: front)
    origin = newOrigin
    runStart += shift
    if let known = count { count = known + added }
  }

  /// Nodes between the collection positions `lower` and `upper` were
  /// relinked among themselves, `head` being the first node now: the
  /// checkpoints in that span are found again by a walk from the one
  /// before it, the run forgets it, and everything after it stays.
  ///
  /// - Complexity: O(`upper - lower + interval`) calls to `next`, within
  ///   the checkpoints already known.
  @usableFromInline
  func relink(_ lower: Int, _ upper: Int, head: Node, next: (Node) -> Node?) {
    guard !checkpoints.isEmpty else { return }
    checkpoints[0] = head
    let (start, end) = (lower + origin, upper + origin)
    // The last checkpoint before the span (the head is one): it kept its node.
    var block = Swift.min(start / interval, checkpoints.count - 1)
    if block > 0 && _blockStart(block) >= start { block -= 1 }
    var node = checkpoints[block]
    var position = _blockStart(block)
    let last = Swift.min(checkpoints.count - 1, (end - 1) / interval)
    while block < last {
      block += 1
      while position < _blockStart(block) {
        guard let successor = next(node) else { listEnded(at: position + 1 - origin) }
        node = successor
        position += 1
      }
      checkpoints[block] = node
    }
    if runStart < end { _shortenRun(to: Swift.max(0, start - runStart)) }
    if let count, upper >= count { endVerified = false }
  }

  /// A copy whose knowledge stops before `offset` (see `invalidate(from:)`).
  @usableFromInline
  func prefix(before offset: Int, count newCount: Int?) -> _LinkedListIndex {
    let result = copy()
    result.truncate(before: offset, count: newCount)
    return result
  }

  /// Forgets everything at or after the collection position `offset`, in
  /// place.
  @usableFromInline
  func truncate(before offset: Int, count newCount: Int?) {
    let virtual = offset + origin
    let keep = Swift.max(1, (virtual + interval - 1) / interval)
    if checkpoints.count > keep { checkpoints.removeLast(checkpoints.count - keep) }
    _shortenRun(to: Swift.max(0, virtual - runStart))
    count = checkpoints.isEmpty ? 0 : newCount
    countIsGiven = newCount != nil && !checkpoints.isEmpty
    endVerified = false
    isTruncated = false
  }

  /// The virtual position of the checkpoint of `block`.
  @inlinable @inline(__always)
  func _blockStart(_ block: Int) -> Int { block == 0 ? origin : block &* interval }

  /// Traps: the list ended after `length` nodes.
  @inline(never)
  @usableFromInline
  func listEnded(at length: Int) -> Never {
    if let count {
      _preconditionFailure(
        "LinkedListCollection: the list ended after \(length) nodes, but its count is \(count)")
    }
    _preconditionFailure("LinkedListCollection: the list ended after \(length) nodes")
  }

  /// The number of nodes: the given count, or one walk from the last
  /// checkpoint to the end, which also builds every checkpoint.
  ///
  /// The walk never loops forever: for class nodes it finds a cycle by
  /// identity (Brent's algorithm: one comparison per node and no memory),
  /// and the list ends before its first repeated node; otherwise it stops
  /// at `maximumLength` nodes. Either way `isTruncated` is set.
  @inlinable
  func resolveCount(next: (Node) -> Node?) -> Int {
    if let count { return count }
    var position = _blockStart(checkpoints.count - 1)
    var node = checkpoints[checkpoints.count - 1]
    // Brent: a saved node, compared with each later one; it moves up at
    // powers of two, so a cycle of length λ is found within O(μ + λ) steps.
    let identifies = Node.self is AnyObject.Type
    var saved = identifies ? ObjectIdentifier(node as AnyObject) : nil
    var power = 1
    var steps = 0
    while let successor = next(node) {
      if position + 1 - origin >= maximumLength {
        return _truncate(at: maximumLength)
      }
      if let savedID = saved {
        let id = ObjectIdentifier(successor as AnyObject)
        if id == savedID { return _truncate(at: _firstRepeat(cycleLength: steps + 1, next: next)) }
        steps += 1
        if steps == power {
          saved = id
          power *= 2
          steps = 0
        }
      }
      position += 1
      if position % interval == 0 { checkpoints.append(successor) }
      node = successor
    }
    count = position + 1 - origin
    endVerified = true
    return position + 1 - origin
  }

  /// The list holds its first `length` nodes only.
  @usableFromInline
  func _truncate(at length: Int) -> Int {
    let keep = (length + origin + interval - 1) / interval
    if checkpoints.count > keep { checkpoints.removeLast(checkpoints.count - keep) }
    _shortenRun(to: 0)
    runStart = origin
    count = length
    endVerified = true
    isTruncated = true
    return length
  }

  /// The position of the first node that a cycle of `cycleLength` nodes
  /// repeats: the number of distinct nodes. Two walks from the head.
  @usableFromInline
  func _firstRepeat(cycleLength: Int, next: (Node) -> Node?) -> Int {
    var lead = checkpoints[0]
    for _ in 0..<cycleLength { lead = next(lead)! }
    var trail = checkpoints[0]
    var start = 0
    while ObjectIdentifier(trail as AnyObject) != ObjectIdentifier(lead as AnyObject) {
      trail = next(trail)!
      lead = next(lead)!
      start += 1
    }
    return start + cycleLength
  }

  /// The element of the node at the collection position `position`, which
  /// the caller has checked is below the count: `element` reads the node where the run holds it, so a
  /// read retains and releases no node (those atomic operations were most of
  /// an indexed read's cost, `index iteration 20k` in the LinkedList suite).
  ///
  /// - Complexity: O(1) inside the run; otherwise at most `interval` calls to
  ///   `next` once the checkpoint of `position`'s block exists, plus the
  ///   walk that builds the missing checkpoints before it.
  @inlinable
  func element<Element>(
    at position: Int, next: (Node) -> Node?, element: (Node) -> Element
  ) -> Element {
    _withRunNode(at: _runOffset(of: position &+ origin, next: next), element)  // `run` read after
  }

  /// The node at the collection position `position`, which the caller has
  /// checked is below the count: an iterator's first node. Same costs as
  /// `element(at:)`, plus a retain.
  @inlinable
  func node(at position: Int, next: (Node) -> Node?) -> Node {
    _runNode(at: _runOffset(of: position &+ origin, next: next))
  }

  /// Makes the run hold the virtual position `position` and returns its
  /// offset there.
  @inlinable @inline(__always)
  func _runOffset(of position: Int, next: (Node) -> Node?) -> Int {
    let inRun = position &- runStart
    if inRun >= 0 && inRun < runCount { return inRun }
    return _extendRun(to: position, next: next)
  }

  /// Records `node`, at the virtual `position` (a multiple of `interval`), as its
  /// block's checkpoint if that is the next one missing. A product, not a
  /// division: a division by a variable costs more than the rest of a read.
  @inlinable @inline(__always)
  func recordCheckpoint(_ node: Node, at position: Int) {
    if position == checkpoints.count &* interval { checkpoints.append(node) }
  }

  /// Where an iterator stopped: the run continues from `node`, at the
  /// collection position `stop`, so that a read of the next position (the
  /// next frame of a list) is one call to `next`. Verifies a given count's
  /// end there.
  @usableFromInline
  func iteratorStopped(at stop: Int, node: Node, next: (Node) -> Node?) {
    let position = stop + origin
    let inRun = position &- runStart
    if inRun == runCount && runCount > 0 {
      _appendNext(node)
    } else if inRun < 0 || inRun >= runCount {
      _restartRun(node, at: position)
    }
    if countIsGiven, !endVerified, let count, stop == count - 1 {
      verifyEnd(last: node, next: next)
    }
  }

  /// Appends the node at the position after the run's last, recording it as
  /// a checkpoint if it starts the next block missing one.
  @inlinable @inline(__always)
  func _appendNext(_ node: __owned Node) {
    recordCheckpoint(node, at: runStart &+ runCount)
    _appendToRun(node)
  }

  /// Makes the run reach the virtual `position`, and returns its offset in the run: by
  /// steps from the run's last node when that is past the checkpoint of
  /// `position`'s block (a read of the next position is one step), from the
  /// checkpoint otherwise.
  @inlinable
  func _extendRun(to position: Int, next: (Node) -> Node?) -> Int {
    let last = runStart &+ runCount &- 1
    // A division by a variable costs more than the rest of a read: the
    // next position needs none.
    if runCount == 0 || position < runStart
      || (position != last &+ 1 && last < position - position % interval)
    {
      let block = position / interval
      if checkpoints.count <= block { buildCheckpoints(through: block, next: next) }
      _restartRun(checkpoints[block], at: _blockStart(block))
    }
    while runStart &+ runCount <= position {
      guard let successor = _withRunNode(at: runCount &- 1, next) else {
        listEnded(at: runStart &+ runCount &- origin)
      }
      _appendNext(successor)
    }
    if countIsGiven, !endVerified, let count, position &- origin == count - 1 {
      verifyEnd(last: _runNode(at: runCount &- 1), next: next)
    }
    _internalInvariant(
      runCount <= runLimit && checkpoints.count * interval > runStart + runCount - 1,
      "Run \(runStart)..<\(runStart + runCount) past checkpoints \(checkpoints.count)")
    return position &- runStart
  }

  /// Walks from the furthest known node to the checkpoint of `block`.
  ///
  /// On the hot path of a first read through the list: a read that enters
  /// a block with no checkpoint yet takes the step from the run here, once
  /// per block. Unspecialized, each call would look up the node type's
  /// metadata and copy nodes through its value witnesses: so it is
  /// inlinable, and specialized.
  @inlinable
  func buildCheckpoints(through block: Int, next: (Node) -> Node?) {
    while checkpoints.count <= block {
      let lastBlock = checkpoints.count - 1
      var position = _blockStart(lastBlock)
      var node = checkpoints[lastBlock]
      // Continue from the run when it is further along in the same block
      // (every block it reaches has its checkpoint, so it ends in this one).
      let runLast = runStart &+ runCount &- 1
      if runCount > 0, runLast > position, runLast < position + interval {
        position = runLast
        node = _runNode(at: runCount &- 1)
      }
      while position < (lastBlock + 1) * interval {
        guard let successor = next(node) else { listEnded(at: position + 1 - origin) }
        node = successor
        position += 1
      }
      checkpoints.append(node)
    }
  }

  /// Traps if the node at the given count's last position has a successor.
  @usableFromInline
  func verifyEnd(last: Node, next: (Node) -> Node?) {
    if next(last) != nil {
      _preconditionFailure(
        "LinkedListCollection: the list has more nodes than its given count \(count ?? 0); "
          + "is it cyclic?")
    }
    endVerified = true
  }
}
