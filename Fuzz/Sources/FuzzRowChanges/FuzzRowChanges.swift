//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import FuzzSupport
import IdentityDiff

/// Random edits of a list of unique ids (insertions, removals at any
/// offsets, moves as SwiftUI's onMove makes them, updates), each reported
/// as `RowChanges` by the same edit of an `OrderedStore` and checked
/// against the ids before and after; then all of them composed into one,
/// checked against the first and last lists by identity (kept rows, moves,
/// updates, `newPosition(ofRowAt:)`), and as a batch whose counts add up.
@_cdecl("FuzzRowChanges_main")
public func main(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc: argc, argv: argv) { data, size in
    fuzzRowChanges(data ?? UnsafePointer(bitPattern: 1)!, size)
  }
}

/// The problems of `changes` as the change from `old` to `new` by id.
func problems(_ changes: RowChanges, from old: [Int], to new: [Int]) -> String? {
  let removed = Set(changes.deletions.joined())
  let inserted = Set(changes.insertions.joined())
  guard changes.newCount(from: old.count) == new.count else { return "counts" }
  guard removed.allSatisfy({ old.indices.contains($0) }),
    inserted.allSatisfy({ new.indices.contains($0) })
  else { return "ranges out of bounds" }
  let keptOld = old.indices.filter { !removed.contains($0) }.map { old[$0] }
  let keptNew = new.indices.filter { !inserted.contains($0) }.map { new[$0] }
  guard keptOld == keptNew else { return "kept rows differ" }
  for move in changes.moves {
    guard removed.contains(move.from), inserted.contains(move.to), old[move.from] == new[move.to]
    else { return "move \(move.from)→\(move.to)" }
  }
  return nil
}

/// Runs one input: decodes it into edits and checks them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRowChanges(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  var nextID = 0
  var store = OrderedStore<Int, Int>()
  for _ in 0..<input.int(in: 0...30) {
    store.setValue(0, forKey: nextID)
    nextID += 1
  }
  let first = Array(store.keys)
  var updatedIDs = Set<Int>()
  var movedIDs = Set<Int>()
  var steps: [RowChanges] = []
  for _ in 0..<input.int(in: 1...8) {
    let before = Array(store.keys)
    let (changes, updated) = edit(
      &store, &input, &nextID, updatedIDs: &updatedIDs, movedIDs: &movedIDs)
    let after = Array(store.keys)
    if let problem = problems(changes, from: before, to: after) {
      divergence("step \(steps.count): \(problem): \(changes), \(before) -> \(after)")
    }
    check(Array(changes.updates.joined()) == updated, "updated \(changes.updates), not \(updated)")
    steps.append(changes)
  }
  let last = Array(store.keys)
  let composed = RowChanges(composing: steps)
  if let problem = problems(composed, from: first, to: last) {
    divergence("composed: \(problem): \(composed), \(first) -> \(last)")
  }
  checkComposed(composed, from: first, to: last, movedIDs: movedIDs, updatedIDs: updatedIDs)
  return 0
}

/// One edit of the store the input chooses: its changes, and the rows it
/// updated (new positions); the ids it moved and updated are recorded.
func edit(
  _ store: inout OrderedStore<Int, Int>, _ input: inout FuzzInput, _ nextID: inout Int,
  updatedIDs: inout Set<Int>, movedIDs: inout Set<Int>
) -> (RowChanges, updated: [Int]) {
  let before = Array(store.keys)
  let changes: RowChanges
  var updated: [Int] = []
  switch input.choice(5) {
  case 0:
    let at = input.int(in: 0...store.count)
    var all = RowChanges()
    for k in 0..<input.int(in: 1...4) {
      all = all.followed(by: store.setValue(0, forKey: nextID, insertingAt: at + k))
      nextID += 1
    }
    changes = all
  case 1 where !store.isEmpty:
    let offsets = (0..<input.int(in: 1...6)).map { _ in input.int(in: 0...store.count - 1) }
    let keys = offsets.map { store.keys[$0] }
    changes = store.removeValues(forKeys: keys)
    guard changes == RowChanges(removing: offsets) else {
      divergence("removal by keys and by offsets")
    }
  case 2 where !store.isEmpty:
    let offsets = (0..<input.int(in: 1...4)).map { _ in input.int(in: 0...store.count - 1) }
    let destination = input.int(in: 0...store.count)
    store.move(fromOffsets: offsets, toOffset: destination)
    changes = RowChanges(movingOffsets: offsets, toOffset: destination)
    for move in changes.moves { movedIDs.insert(before[move.from]) }
  case 3 where !store.isEmpty:
    let at = input.int(in: 0...store.count - 1)
    changes = store.setValue(1, forKey: store.keys[at])
    updated = [at]
    updatedIDs.insert(store.keys[at])
  default:
    let lower = input.int(in: 0...store.count)
    changes = store.removeSubrange(lower..<input.int(in: lower...store.count))
  }
  return (changes, updated)
}

/// The composed changes, against the rows' ids before and after: each
/// surviving row found where it is, its moves kept, the updated rows
/// named, and one batch whose counts add up.
func checkComposed(
  _ composed: RowChanges, from first: [Int], to last: [Int], movedIDs: Set<Int>,
  updatedIDs: Set<Int>
) {
  // Every surviving row is found where it is, through its moves.
  let lastPosition = Dictionary(uniqueKeysWithValues: last.enumerated().map { ($1, $0) })
  for (position, id) in first.enumerated() {
    let expected = lastPosition[id]
    check(
      composed.newPosition(ofRowAt: position) == expected,
      "row \(position) (\(id)) at \(String(describing: composed.newPosition(ofRowAt: position))), not \(String(describing: expected))"
    )
    if let expected, movedIDs.contains(id) {
      check(
        composed.moves.contains(RowChanges.Move(from: position, to: expected)), "move of \(id) lost"
      )
    }
  }
  // Updated rows that survive, moved or not, are named by their new
  // positions.
  let firstIDs = Set(first)
  let expectedUpdated = last.indices.filter {
    updatedIDs.contains(last[$0]) && firstIDs.contains(last[$0])
  }
  check(
    Array(composed.updates.joined()) == expectedUpdated,
    "updated \(composed.updates), not \(expectedUpdated)")
  // As one batch: deletions in old positions, insertions in new, counts add
  // up, and applied as UIKit applies it, the rows after.
  let batch = composed.batch(inSection: 0)
  check(
    first.count - batch.itemDeletions.count + batch.itemInsertions.count == last.count,
    "batch counts")
  check(
    Set(batch.itemReloads).isDisjoint(with: batch.itemDeletions), "a row deleted and reloaded")
  check(applied(batch, to: first, from: last) == last, "the batch applied: \(batch)")
}

/// `batch` applied to `old` as UIKit applies one: deletions and move
/// sources leave, insertions (read from `new`) and move destinations land
/// at their new positions, the other rows keep their order around them.
func applied(_ batch: ListBatch, to old: [Int], from new: [Int]) -> [Int] {
  var leaving = Set(batch.itemDeletions.map(\.item))
  var arriving: [Int: Int] = [:]  // new position: old position of a moved row
  for move in batch.itemMoves {
    leaving.insert(move.from.item)
    arriving[move.to.item] = move.from.item
  }
  let inserted = Set(batch.itemInsertions.map(\.item))
  var kept = old.indices.filter { !leaving.contains($0) }[...]
  var result: [Int] = []
  for position in new.indices {
    if inserted.contains(position) {
      result.append(new[position])
    } else if let from = arriving[position] {
      result.append(old[from])
    } else if let next = kept.popFirst() {
      result.append(old[next])
    }
  }
  return result
}
