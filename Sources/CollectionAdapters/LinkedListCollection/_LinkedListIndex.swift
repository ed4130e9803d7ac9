//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The position index of a `LinkedListCollection`, shared by its copies.
///
/// - `checkpoints[k]` is the node at position `k * interval`, built lazily as
///   walks pass it. Memory: one reference per `interval` nodes.
/// - The *run* holds the nodes of one block, from its checkpoint up to the
///   furthest position read in it, so that reads moving forwards or backwards
///   through a window are O(1) each. Memory: at most `interval` references.
///
/// Every member must be used with `lock` held, through `withLock`; the lock
/// is what makes accesses exclusive, so the fields skip dynamic checks.
@usableFromInline
internal final class _LinkedListIndex<Node>: @unchecked Sendable {
  @usableFromInline let lock = _Lock()
  @usableFromInline let interval: Int
  @usableFromInline let maximumLength: Int
  @usableFromInline @exclusivity(unchecked) var checkpoints: [Node]
  /// The exact count, once known (given by the caller or found by a walk).
  @usableFromInline @exclusivity(unchecked) var count: Int?
  /// Whether the count was given by the caller, so it must be verified.
  @usableFromInline @exclusivity(unchecked) var countIsGiven: Bool
  /// Whether the walk that counted the nodes cut the list short (a cycle,
  /// or `maximumLength`).
  @usableFromInline @exclusivity(unchecked) var isTruncated = false
  /// Whether the node at `count - 1` was found to be the last one.
  @usableFromInline @exclusivity(unchecked) var endVerified = false
  @usableFromInline @exclusivity(unchecked) var runStart = 0
  @usableFromInline @exclusivity(unchecked) var run: [Node] = []

  @usableFromInline
  init(head: Node?, count: Int?, interval: Int, maximumLength: Int) {
    self.interval = interval
    self.maximumLength = maximumLength
    self.checkpoints = head.map { [$0] } ?? []
    self.count = head == nil ? 0 : count
    self.countIsGiven = head != nil && count != nil
  }

  /// A copy whose knowledge stops before `offset` (see `invalidate(from:)`).
  @usableFromInline
  func prefix(before offset: Int, count newCount: Int?) -> _LinkedListIndex {
    let result = _LinkedListIndex(
      head: checkpoints.first, count: nil, interval: interval, maximumLength: maximumLength)
    result.checkpoints = checkpoints
    result.runStart = runStart
    result.run = run
    result.truncate(before: offset, count: newCount)
    return result
  }

  /// Forgets everything at or after `offset`, in place.
  @usableFromInline
  func truncate(before offset: Int, count newCount: Int?) {
    let keep = Swift.max(1, (offset + interval - 1) / interval)
    if checkpoints.count > keep { checkpoints.removeLast(checkpoints.count - keep) }
    if runStart >= offset {
      run.removeAll(keepingCapacity: true)
    } else if runStart + run.count > offset {
      run.removeLast(runStart + run.count - offset)
    }
    count = checkpoints.isEmpty ? 0 : newCount
    countIsGiven = newCount != nil && !checkpoints.isEmpty
    endVerified = false
    isTruncated = false
  }

  @inline(never)
  @usableFromInline
  func listEnded(at length: Int) -> Never {
    if let count {
      preconditionFailure(
        "LinkedListCollection: the list ended after \(length) nodes, but its count is \(count)")
    }
    preconditionFailure("LinkedListCollection: the list ended after \(length) nodes")
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
    var position = (checkpoints.count - 1) * interval
    var node = checkpoints[checkpoints.count - 1]
    // Brent: a saved node, compared with each later one; it moves up at
    // powers of two, so a cycle of length λ is found within O(μ + λ) steps.
    let identifies = Node.self is AnyObject.Type
    var saved = identifies ? ObjectIdentifier(node as AnyObject) : nil
    var power = 1
    var steps = 0
    while let successor = next(node) {
      if position + 1 >= maximumLength {
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
    count = position + 1
    endVerified = true
    return position + 1
  }

  /// The list holds its first `length` nodes only.
  @usableFromInline
  func _truncate(at length: Int) -> Int {
    let keep = (length + interval - 1) / interval
    if checkpoints.count > keep { checkpoints.removeLast(checkpoints.count - keep) }
    run.removeAll(keepingCapacity: true)
    runStart = 0
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

  /// The element of the node at `position`, which the caller has checked is
  /// below the count: `element` reads the node where the run holds it, so a
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
    let blockStart = position - position % interval
    if runStart == blockStart, position - blockStart < run.count {
      return element(run[position - blockStart])
    }
    return element(run[_extendRun(to: position, blockStart: blockStart, next: next)])
  }

  /// Makes the run reach `position` (of the block at `blockStart`), and
  /// returns its offset in the run.
  @inlinable
  func _extendRun(to position: Int, blockStart: Int, next: (Node) -> Node?) -> Int {
    if runStart != blockStart || run.isEmpty {
      let block = blockStart / interval
      if checkpoints.count <= block { buildCheckpoints(through: block, next: next) }
      run.removeAll(keepingCapacity: true)
      run.append(checkpoints[block])
      runStart = blockStart
    }
    while runStart + run.count <= position {
      guard let successor = next(run[run.count - 1]) else { listEnded(at: runStart + run.count) }
      run.append(successor)
    }
    if countIsGiven, !endVerified, let count, position == count - 1 {
      verifyEnd(last: run[run.count - 1], next: next)
    }
    return position - blockStart
  }

  /// Walks from the furthest known node to the checkpoint of `block`.
  @usableFromInline
  func buildCheckpoints(through block: Int, next: (Node) -> Node?) {
    while checkpoints.count <= block {
      let lastBlock = checkpoints.count - 1
      var position = lastBlock * interval
      var node = checkpoints[lastBlock]
      // Continue from the run when it is further along in the same block.
      if runStart == position, run.count > 1 {
        position += run.count - 1
        node = run[run.count - 1]
      }
      while position < (lastBlock + 1) * interval {
        guard let successor = next(node) else { listEnded(at: position + 1) }
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
      preconditionFailure(
        "LinkedListCollection: the list has more nodes than its given count \(count ?? 0); "
          + "is it cyclic?")
    }
    endVerified = true
  }
}
