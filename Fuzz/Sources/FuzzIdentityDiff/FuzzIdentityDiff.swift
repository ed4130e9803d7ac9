//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import FuzzSupport
@_spi(Testing) import IdentityDiff

struct Row: Equatable {
  var id: UInt8
  var content: UInt8
}

/// Differences between random snapshots (duplicate ids included), applied
/// to an array, to an `OrderedStore` (unique ids) and through a
/// `SnapshotCoalescer` with user moves: the result is always the new
/// snapshot, and the difference's own invariants hold.
@_cdecl("FuzzIdentityDiff_main")
public func main(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc: argc, argv: argv) { data, size in
    fuzzIdentityDiff(data ?? UnsafePointer(bitPattern: 1)!, size)
  }
}

/// Runs one input: decodes it into calls and checks them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIdentityDiff(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let alphabet = input.int(in: 1...64)
  func snapshot() -> [Row] {
    (0..<input.int(in: 0...60)).map { _ in
      Row(id: UInt8(input.int(in: 0...alphabet - 1)), content: UInt8(input.int(in: 0...2)))
    }
  }
  let old = snapshot()
  let new = snapshot()
  let difference = IdentityDifference(from: old, to: new, id: { $0.id }, contentEquals: ==)
  check(difference.oldCount == old.count && difference.newCount == new.count, "counts")
  check(difference.deletions == difference.deletions.sorted(by: >), "deletions not descending")
  check(difference.insertions == difference.insertions.sorted(), "insertions not ascending")
  var matched = Set<Int>()
  for (from, to) in difference.newPositions.enumerated() {
    guard let to else { continue }
    check(old[from].id == new[to].id, "matched \(from)->\(to) with other ids")
    check(matched.insert(to).inserted, "two old rows matched to new \(to)")
  }
  check(
    Set(difference.deletions) == Set(old.indices.filter { difference.newPositions[$0] == nil }),
    "deletions are the unmatched old rows")
  check(
    Set(difference.insertions) == Set(new.indices).subtracting(matched),
    "insertions are the unmatched new rows")
  var applied = old
  difference._apply(to: &applied, from: new)
  check(applied == new, "apply to an array: \(applied) vs \(new)")

  // The same through an OrderedStore, with the first of each id.
  func unique(_ rows: [Row]) -> [Row] {
    var seen = Set<UInt8>()
    return rows.filter { seen.insert($0.id).inserted }
  }
  let oldStore = OrderedStore(uniqueKeysWithValues: unique(old).map { ($0.id, $0.content) })
  let newStore = OrderedStore(uniqueKeysWithValues: unique(new).map { ($0.id, $0.content) })
  var store = oldStore
  store.apply(
    IdentityDifference(
      from: oldStore, to: newStore, id: { $0.key }, contentEquals: { $0.value == $1.value }),
    from: newStore)
  check(store == newStore, "apply to an OrderedStore")

  // A coalescer with a user move before later snapshots.
  var coalescer = SnapshotCoalescer(initial: old, id: { $0.id }, contentEquals: ==)
  var shown = old
  if !old.isEmpty, input.bool() {
    let from = input.int(in: 0...old.count - 1)
    let to = input.int(in: 0...old.count - 1)
    coalescer.recordUserMove(from: from, to: to)
    shown.insert(shown.remove(at: from), at: to)
  }
  coalescer.submit(snapshot())
  coalescer.submit(new)
  if let (difference, taken) = coalescer.takeDifference() {
    check(taken == new, "the coalescer took an older snapshot")
    difference._apply(to: &shown, from: taken)
    check(shown == new, "coalesced difference applied to what is shown")
  }
  return 0
}
