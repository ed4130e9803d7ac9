//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

// A checker of the rules UIKit's `performBatchUpdates` enforces, and a
// simulator of what it shows after a batch. UIKit cannot run on these
// machines, so the rules are written from Apple's documentation and UIKit's
// own exception messages; each carries its source:
//
// [A] UICollectionView.performBatchUpdates(_:completion:), Discussion:
//     "Deletes are processed before inserts in batch operations. This means
//     the indexes for the deletions are processed relative to the indexes of
//     the collection view's state before the batch operation, and the
//     indexes for the insertions are processed relative to the indexes of
//     the state after all the deletions in the batch operation."
// [B] UITableView.deleteRows(at:with:) / deleteSections(_:with:),
//     Discussion, and the Table View Programming Guide, "Batch Insertion,
//     Deletion, and Reloading of Rows and Sections": UITableView "defers any
//     insertions of rows or sections until after it has handled the
//     deletions of rows or sections"; deletions and reloads name rows of the
//     original table, insertions rows of the resulting table.
// [C] WWDC 2018 session 225, "A Tour of UICollectionView" (the update
//     coalescing slide): deletes use original indexes, inserts final
//     indexes, a move goes from an original to a final index, a reload is a
//     delete and an insert at the original index, and an item that is moved
//     cannot be reloaded.
// [D] UIKit's NSInternalInconsistencyException messages: "attempt to delete
//     and reload the same index path", "attempt to perform an insert and a
//     move to the same index path", "attempt to delete item N from section M,
//     but there are only K sections before the update", "Invalid update:
//     invalid number of items in section N. The number of items contained in
//     an existing section after the update (x) must be equal to the number of
//     items contained in that section before the update (y), plus or minus
//     the number of items inserted or deleted from that section (z inserted,
//     w deleted) and plus or minus the number of items moved into or out of
//     that section (a moved in, b moved out)", and the same for sections.
// [E] UICollectionView.reconfigureItems(at:): it updates existing cells and
//     does not say in which coordinates a batch names them; so this package
//     only reconfigures in a batch that inserts, deletes and moves nothing
//     (where both coordinates agree).
// [F] Moving a section while changing items inside it is refused here
//     because UIKit has crashed on it (RxDataSources splits such changes in
//     stages for that reason; IGListKit turns such section moves into a
//     deletion and an insertion); a conservative rule, not a documented one.

/// The problems of `batch` under UIKit's rules, for a list with
/// `before[s]` items in section `s` before it and `after[t]` after it
/// (empty if UIKit would accept it).
public func uikitBatchProblems(_ batch: ListBatch, before: [Int], after: [Int]) -> [String] {
  var problems: [String] = []
  // [A][B][C][D]: sections deleted, reloaded or moved away are named in the
  // old coordinates, once each.
  var oldSectionUse = [Int](repeating: 0, count: before.count)
  var reloadedSection = [Bool](repeating: false, count: before.count)
  var deletedSection = [Bool](repeating: false, count: before.count)
  var movedFromSection = [Int?](repeating: nil, count: before.count)
  for (s, kind) in batch.sectionDeletions.map({ ($0, "deleted") })
    + batch.sectionReloads.map({ ($0, "reloaded") })
    + batch.sectionMoves.map({ ($0.from, "moved") })
  {
    guard (0..<before.count).contains(s) else {
      problems.append("section \(s) \(kind), but there are only \(before.count) before the update")
      continue
    }
    oldSectionUse[s] += 1
    if oldSectionUse[s] == 2 { problems.append("section \(s) named twice in old coordinates") }
    if kind == "deleted" { deletedSection[s] = true }
    if kind == "reloaded" { reloadedSection[s] = true }
  }
  for move in batch.sectionMoves where (0..<before.count).contains(move.from) {
    movedFromSection[move.from] = move.to
  }
  // [A][D]: sections inserted or moved to are named in the new
  // coordinates, once each.
  var newSectionUse = [Int](repeating: 0, count: after.count)
  var insertedSection = [Bool](repeating: false, count: after.count)
  for (t, inserted) in batch.sectionInsertions.map({ ($0, true) })
    + batch.sectionMoves.map({ ($0.to, false) })
  {
    guard (0..<after.count).contains(t) else {
      problems.append("section \(t) inserted or moved to, but there are \(after.count) after")
      continue
    }
    newSectionUse[t] += 1
    if newSectionUse[t] == 2 { problems.append("section \(t) named twice in new coordinates") }
    if inserted { insertedSection[t] = true }
  }
  // [D]: the number of sections adds up.
  if after.count != before.count - batch.sectionDeletions.count + batch.sectionInsertions.count {
    problems.append(
      "invalid number of sections: \(after.count) after, \(before.count) before, "
        + "\(batch.sectionInsertions.count) inserted, \(batch.sectionDeletions.count) deleted")
    return problems
  }
  if !problems.isEmpty { return problems }
  // [C]: the sections that stay (reloaded ones included) keep their order
  // and fill the new places that are neither inserted nor moved to.
  var newSectionOf = [Int](repeating: -1, count: before.count)
  let stayingOld = (0..<before.count).filter { !deletedSection[$0] && movedFromSection[$0] == nil }
  let stayingNew = (0..<after.count).filter { newSectionUse[$0] == 0 }
  for (s, t) in zip(stayingOld, stayingNew) { newSectionOf[s] = t }
  for (s, t) in movedFromSection.enumerated() { if let t { newSectionOf[s] = t } }
  var reloadedNew = [Bool](repeating: false, count: after.count)
  for s in 0..<before.count where reloadedSection[s] { reloadedNew[newSectionOf[s]] = true }
  var movedNew = [Bool](repeating: false, count: after.count)
  for move in batch.sectionMoves { movedNew[move.to] = true }

  // [A][B][C][D]: item deletions, reloads, reconfigures and move sources
  // name existing items of sections that are not deleted or reloaded, once.
  var oldItemUse = Set<ItemPath>()
  var deletedIn = [Int](repeating: 0, count: before.count)
  var movedOut = [Int](repeating: 0, count: before.count)
  let sources: [(ItemPath, String)] =
    batch.itemDeletions.map { ($0, "deleted") } + batch.itemReloads.map { ($0, "reloaded") }
    + batch.itemReconfigures.map { ($0, "reconfigured") }
    + batch.itemMoves.map { ($0.from, "moved") }
  for (p, kind) in sources {
    guard (0..<before.count).contains(p.section), (0..<before[p.section]).contains(p.item) else {
      problems.append("item \(p) \(kind), but it does not exist before the update")
      continue
    }
    if deletedSection[p.section] || reloadedSection[p.section] {
      problems.append("item \(p) \(kind) in a section that is deleted or reloaded")
    }
    if movedFromSection[p.section] != nil {
      problems.append("item \(p) \(kind) in a section that moves [F]")
    }
    if !oldItemUse.insert(p).inserted {
      problems.append("attempt to delete and reload the same index path \(p)")
    }
    if kind == "deleted" { deletedIn[p.section] += 1 }
    if kind == "moved" { movedOut[p.section] += 1 }
  }
  // [A][D]: item insertions and move destinations name places of the new
  // list, in sections that are not inserted or reloaded, once.
  var newItemUse = Set<ItemPath>()
  var insertedIn = [Int](repeating: 0, count: after.count)
  var movedIn = [Int](repeating: 0, count: after.count)
  for (q, isInsertion) in batch.itemInsertions.map({ ($0, true) })
    + batch.itemMoves.map({ ($0.to, false) })
  {
    guard (0..<after.count).contains(q.section), (0..<after[q.section]).contains(q.item) else {
      problems.append("item \(q) inserted or moved to, but it does not exist after the update")
      continue
    }
    if insertedSection[q.section] || reloadedNew[q.section] {
      problems.append("item \(q) inserted or moved into a section that is inserted or reloaded")
    }
    if movedNew[q.section] {
      problems.append("item \(q) moved or inserted into a moving section [F]")
    }
    if !newItemUse.insert(q).inserted {
      problems.append("attempt to perform an insert and a move to the same index path \(q)")
    }
    if isInsertion { insertedIn[q.section] += 1 } else { movedIn[q.section] += 1 }
  }
  // [E]: reconfigures only beside reloads.
  if !batch.itemReconfigures.isEmpty
    && !(batch.itemDeletions.isEmpty && batch.itemInsertions.isEmpty && batch.itemMoves.isEmpty
      && batch.sectionDeletions.isEmpty && batch.sectionInsertions.isEmpty
      && batch.sectionMoves.isEmpty)
  {
    problems.append("items reconfigured in a batch that also inserts, deletes or moves [E]")
  }
  if !problems.isEmpty { return problems }
  // [D]: every surviving section's item count adds up.
  for s in 0..<before.count where !deletedSection[s] && !reloadedSection[s] {
    let t = newSectionOf[s]
    let expected = before[s] - deletedIn[s] - movedOut[s] + insertedIn[t] + movedIn[t]
    if after[t] != expected {
      problems.append(
        "invalid number of items in section \(t): \(after[t]) after, \(before[s]) before, "
          + "\(insertedIn[t]) inserted, \(deletedIn[s]) deleted, \(movedIn[t]) moved in, "
          + "\(movedOut[s]) moved out")
    }
  }
  return problems
}

/// A section of a test snapshot.
public struct TestSection: Hashable, CustomStringConvertible {
  /// The section's identity.
  public var id: Int
  /// Its header's content: a change reloads the section.
  public var content: Int
  /// Its items.
  public var items: [TestItem]
  /// `§id:content[items]`.
  public var description: String { "§\(id):\(content)\(items)" }

  /// Creates a section.
  public init(id: Int, content: Int, items: [TestItem]) {
    self.id = id
    self.content = content
    self.items = items
  }
}

/// An item of a test snapshot.
public struct TestItem: Hashable, CustomStringConvertible {
  /// The item's identity.
  public var id: Int
  /// Its content: a change updates the item.
  public var content: Int
  /// `id`, or `id:content` when the content is not 0.
  public var description: String { content == 0 ? "\(id)" : "\(id):\(content)" }

  /// Creates an item.
  public init(id: Int, content: Int) {
    self.id = id
    self.content = content
  }
}

/// What UIKit shows after `batch`, which must pass the rules, when the list
/// showed `before` and the data source then answers `dataSource`: cells of
/// items that stay, move or are not reloaded keep the content they showed;
/// inserted, reloaded and reconfigured ones ask the data source; a section
/// keeps its header unless reloaded or inserted.
public func simulateUIKit(
  _ batch: ListBatch, before: [TestSection], dataSource: [TestSection]
) -> [TestSection] {
  let deletedSections = Set(batch.sectionDeletions)
  let reloadedSections = Set(batch.sectionReloads)
  var movedTo: [Int: Int] = [:]
  for move in batch.sectionMoves { movedTo[move.from] = move.to }
  let movedDestinations = Set(batch.sectionMoves.map(\.to))
  let insertedSections = Set(batch.sectionInsertions)
  let stayingOld = before.indices.filter { !deletedSections.contains($0) && movedTo[$0] == nil }
  let stayingNew = dataSource.indices.filter {
    !insertedSections.contains($0) && !movedDestinations.contains($0)
  }
  var oldSectionFor: [Int: Int] = [:]
  for (s, t) in zip(stayingOld, stayingNew) { oldSectionFor[t] = s }
  for (s, t) in movedTo { oldSectionFor[t] = s }

  let itemDeletions = Set(batch.itemDeletions)
  let refreshed = Set(batch.itemReloads + batch.itemReconfigures)
  let moveSources = Set(batch.itemMoves.map(\.from))
  var arrivals: [ItemPath: ItemPath] = [:]
  for move in batch.itemMoves { arrivals[move.to] = move.from }
  let insertions = Set(batch.itemInsertions)

  var result: [TestSection] = []
  for t in dataSource.indices {
    guard let s = oldSectionFor[t], !reloadedSections.contains(s) else {
      result.append(dataSource[t])
      continue
    }
    // Old items that stay in place, with a flag for a refreshed cell.
    var staying: [(item: TestItem, refreshed: Bool)] = []
    for (i, item) in before[s].items.enumerated() {
      let p = ItemPath(section: s, item: i)
      if itemDeletions.contains(p) || moveSources.contains(p) { continue }
      staying.append((item, refreshed.contains(p)))
    }
    var items: [TestItem] = []
    var next = 0
    for i in dataSource[t].items.indices {
      let q = ItemPath(section: t, item: i)
      if insertions.contains(q) {
        items.append(dataSource[t].items[i])
      } else if let from = arrivals[q] {
        items.append(before[from.section].items[from.item])
      } else if next < staying.count {
        items.append(staying[next].refreshed ? dataSource[t].items[i] : staying[next].item)
        next += 1
      }
    }
    items.append(contentsOf: staying[next...].map(\.item))
    result.append(TestSection(id: before[s].id, content: before[s].content, items: items))
  }
  return result
}
