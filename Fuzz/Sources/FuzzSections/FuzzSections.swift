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
/// items anywhere, user moves) against naive flattening; then the sectioned
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
