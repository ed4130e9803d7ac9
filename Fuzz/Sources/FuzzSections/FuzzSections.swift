//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import FuzzSupport
import IdentityDiff

struct Row: Equatable, CustomStringConvertible {
  var id: UInt8
  var content: UInt8
  var description: String { "\(id):\(content)" }
}

/// A `SectionedCollection` edited through its public API (sections and
/// items anywhere, user moves) against naive flattening; sections of stores
/// reordered by keys (absent, repeated, held by several sections, the
/// destination among them) against a plain model; then the sectioned
/// difference of two random snapshots (duplicate ids, empty sections), whose
/// single batch must keep UIKit's count rule and whose stages must end at
/// the new snapshot.
@_cdecl("FuzzSections_main")
public func main(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc: argc, argv: argv) { data, size in
    fuzzSections(data ?? UnsafePointer(bitPattern: 1)!, size)
  }
}

/// Runs one input: decodes it into calls and checks them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSections(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let alphabet = input.int(in: 1...40)
  func sections() -> [ListSection<UInt8, [Row]>] {
    (0..<input.int(in: 0...6)).map { _ in
      ListSection(
        id: UInt8(input.int(in: 0...7)),
        items: (0..<input.int(in: 0...8)).map { _ in
          Row(id: UInt8(input.int(in: 0...alphabet - 1)), content: UInt8(input.int(in: 0...2)))
        },
        header: input.bool(), footer: input.bool())
    }
  }
  var rows = SectionedCollection(sections())
  var model = rows.sections
  for _ in 0..<input.int(in: 0...20) where !model.isEmpty {
    let s = input.int(in: 0...model.count - 1)
    switch input.int(in: 0...3) {
    case 0:
      let item = Row(id: UInt8(input.int(in: 0...alphabet - 1)), content: 0)
      let at = input.int(in: 0...model[s].items.count)
      rows[section: s].items.insert(item, at: at)
      model[s].items.insert(item, at: at)
    case 1:
      rows.removeSection(at: s)
      model.remove(at: s)
    case 2 where !model[s].items.isEmpty:
      let from = ItemPath(section: s, item: input.int(in: 0...model[s].items.count - 1))
      let item = model[s].items.remove(at: from.item)
      let t = input.int(in: 0...model.count - 1)
      let to = ItemPath(section: t, item: input.int(in: 0...model[t].items.count))
      model[t].items.insert(item, at: to.item)
      rows.moveItem(from: from, to: to)
    default:
      rows[section: s].hasFooter.toggle()
      model[s].hasFooter.toggle()
    }
  }
  var flat: [String] = []
  for (s, section) in model.enumerated() {
    if section.hasHeader { flat.append("h\(section.id)") }
    for (i, item) in section.items.enumerated() {
      check(
        rows[rows.position(of: ItemPath(section: s, item: i))].itemValue == item, "item \(s) \(i)")
      flat.append("\(item)")
    }
    if section.hasFooter { flat.append("f\(section.id)") }
  }
  check(rows.count == flat.count, "row count \(rows.count), expected \(flat.count)")
  check(rows.map(\.label) == flat, "rows \(rows.map(\.label)) vs \(flat)")

  fuzzMovesByKeys(&input)

  // Differences of random snapshots.
  let old = sections()
  let new = sections()
  let difference = SectionedDifference(
    from: old, to: new, sectionID: { $0.id }, items: { $0.items }, itemID: { $0.id },
    sectionContentEquals: { $0.hasHeader == $1.hasHeader }, itemContentEquals: ==)
  let batch = difference.batch()
  check(
    new.count == old.count - batch.sectionDeletions.count + batch.sectionInsertions.count,
    "section count of the batch")
  var current = old.map { $0.items }
  for stage in difference.stagedBatches() {
    let items = stage.items { source -> Row in
      switch source {
      case .old(let p): return old[p.section].items[p.item]
      case .new(let q): return new[q.section].items[q.item]
      }
    }
    let b = stage.batch
    check(
      items.count == current.count - b.sectionDeletions.count + b.sectionInsertions.count,
      "section count of a stage")
    current = items
  }
  check(current == new.map { $0.items }, "the stages end at \(current), not the new snapshot")
  return 0
}

/// Sections of stores, reordered by keys, against arrays of pairs: the
/// items land where the model puts them, and the changes keep the rows they
/// do not move, in order, and move each row to where it lands.
func fuzzMovesByKeys(_ input: inout FuzzInput) {
  var value: UInt16 = 0
  var model: [[(key: UInt8, value: UInt16)]] = (0..<input.int(in: 1...5)).map { _ in
    var keys: [UInt8] = []
    for _ in 0..<input.int(in: 0...8) {
      let key = UInt8(input.int(in: 0...11))
      if !keys.contains(key) { keys.append(key) }
    }
    return keys.map { key in
      value += 1
      return (key, value)
    }
  }
  var board = SectionedCollection(
    model.enumerated().map { s, pairs in
      ListSection(
        id: s, items: OrderedStore(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) }),
        header: s % 2 == 0)
    })
  func rows() -> [Int] {
    board.sections.flatMap { ($0.hasHeader ? [-1 - $0.id] : []) + $0.items.values.map(Int.init) }
  }
  for _ in 0..<input.int(in: 0...6) {
    let keys = (0..<input.int(in: 0...4)).map { _ in UInt8(input.int(in: 0...12)) }
    let destination = input.bool() ? nil : UInt8(input.int(in: 0...12))
    let section = input.int(in: 0...model.count)
    let old = rows()
    let changes = board.moveItems(keys: keys, before: destination, inSection: section)
    // The model: the target section first, else the first that holds a key.
    if section < model.count,
      let offset = destination.map({ d in model[section].firstIndex { $0.key == d } })
        ?? model[section].count
    {
      var paths: [ItemPath] = []
      for key in keys {
        let s =
          model[section].contains { $0.key == key }
          ? section : model.indices.first { s in model[s].contains { $0.key == key } }
        guard let s, let i = model[s].firstIndex(where: { $0.key == key }) else { continue }
        let path = ItemPath(section: s, item: i)
        if !paths.contains(path) { paths.append(path) }
      }
      paths.sort()
      let moving = paths.map { model[$0.section][$0.item] }
      let landing = offset - paths.count { $0.section == section && $0.item < offset }
      for path in paths.reversed() { model[path.section].remove(at: path.item) }
      model[section].insert(contentsOf: moving, at: landing)
    }
    let shown = board.sections.map { zip($0.items.keys, $0.items.values).map { $0 } }
    check(
      shown.map { $0.map(\.0) } == model.map { $0.map(\.key) }
        && shown.map { $0.map(\.1) } == model.map { $0.map(\.value) },
      "moving \(keys) before \(String(describing: destination)) in \(section): \(shown), expected \(model)"
    )
    let new = rows()
    let removed = Set(changes.deletions.joined())
    let inserted = Set(changes.insertions.joined())
    check(
      old.indices.filter { !removed.contains($0) }.map { old[$0] }
        == new.indices.filter { !inserted.contains($0) }.map { new[$0] },
      "the rows kept by \(changes) differ")
    for move in changes.moves {
      check(old[move.from] == new[move.to], "move \(move.from)→\(move.to) of \(old) to \(new)")
    }
  }
}

extension SectionedRow where SectionID == UInt8, Item == Row {
  var itemValue: Row? {
    if case .item(let item, _) = self { return item }
    return nil
  }
  var label: String {
    switch self {
    case .header(let id): return "h\(id)"
    case .item(let item, _): return "\(item)"
    case .footer(let id): return "f\(id)"
    }
  }
}
