import CollectionAdapters
import Foundation
import IdentityDiff
import Windowing

/// A file of the sections view.
struct SectionFile: Identifiable, Equatable, Sendable {
  /// The path.
  let id: String
  let name: String
}

/// The files of the directory tree grouped by folder, through a
/// `SectionedCollection` of `OrderedStore`s keyed by path, with sticky
/// headers, as the article "A sectioned list" shows. A file dragged onto
/// another moves before it, onto a header to the top of that folder's
/// files, by keys (`moveItems(keys:before:inSection:)`), never on disk.
/// "Apply the changes on disk" reads the tree again and applies what
/// changed (files added, removed, moved between folders) as the difference
/// the package computes, with the reader's place kept.
@MainActor
final class SectionsView: ListHostedView {
  typealias Files = OrderedStore<String, SectionFile>
  typealias Rows = SectionedCollection<String, Files>
  typealias RowID = SectionedRowID<String, String>
  var onChange: (() -> Void)?
  private let root: String
  var host: ListHost<Rows, RowID>
  private var lastBatch = "none yet"

  init(root: String) {
    self.root = root
    let rows = Rows(Self.sections(root))
    var list = VirtualList(
      data: rows, id: Self.rowID,
      engine: WindowingEngine(
        layout: VariableLengthLayout(itemCount: rows.count, estimatedLength: 28),
        viewport: Viewport(length: 0), overscan: Overscan(points: 200, items: 2)))
    list.setStickyHeaders(rows.headerRows)
    host = ListHost(
      list: list,
      key: { id in
        switch id {
        case .header(let folder): "h" + folder
        case .item(let path): "f" + path
        case .footer(let folder): "e" + folder
        }
      },
      content: { row in
        switch row {
        case .header(let folder): RowContent(title: folder, style: "header")
        case .item(let file, _): RowContent(title: file.value.name, style: "file")
        case .footer(let folder): RowContent(title: "end of \(folder)", style: "file")
        }
      })
  }

  static func rowID(_ row: SectionedRow<String, Files.Element>) -> RowID {
    row.id(itemID: \.key)
  }

  static func sameContent(
    _ a: SectionedRow<String, Files.Element>, _ b: SectionedRow<String, Files.Element>
  ) -> Bool {
    guard case .item(let x, _) = a, case .item(let y, _) = b else { return rowID(a) == rowID(b) }
    return x.value == y.value
  }

  /// Every folder of the tree that holds files, by relative path (byte
  /// order), with its files by name; links are not followed.
  static func sections(_ root: String) -> [ListSection<String, Files>] {
    var sections: [ListSection<String, Files>] = []
    var folders = [(path: root, name: ".")]
    while let folder = folders.popLast() {
      let entries = FileEntry.list(folder.path)
      let files = entries.filter { !$0.isDirectory }.map {
        ($0.id, SectionFile(id: $0.id, name: $0.name))
      }
      if !files.isEmpty {
        sections.append(
          ListSection(id: folder.name, items: Files(uniqueKeysWithValues: files), header: true))
      }
      for entry in entries where entry.isDirectory {
        let name = folder.name == "." ? entry.name : folder.name + "/" + entry.name
        folders.append((entry.id, name))
      }
    }
    return sections.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
  }

  /// Reads the tree again and applies the difference.
  private func applyChangesOnDisk() {
    let newRows = Rows(Self.sections(root))
    let old = host.list.data
    let difference = SectionedDifference(
      from: old, to: newRows, itemID: \.key, itemContentEquals: { $0.value == $1.value })
    let batch = difference.batch()
    lastBatch =
      "\(difference.sections.insertions.count) folders added, \(difference.sections.deletions.count) removed; "
      + "\(difference.itemInsertions.count) files added, \(difference.itemDeletions.count) removed, "
      + "\(difference.itemMoves.count) moved; one batch of \(batch.changeCount) changes"
    host.track { list in
      list.apply(
        RowChanges(
          IdentityDifference(
            from: old, to: newRows, id: Self.rowID, contentEquals: Self.sameContent)),
        from: newRows)
      list.setStickyHeaders(newRows.headerRows)
    }
  }

  /// Moves the file under `sourceKey` before the file under `targetKey`, or
  /// to the top of the folder whose header is under `targetKey`.
  private func drag(_ sourceKey: String, onto targetKey: String) throws {
    guard let from = host.position(ofKey: sourceKey), let to = host.position(ofKey: targetKey)
    else { throw Refusal("a drag between rows that are not shown") }
    let rows = host.list.data
    guard case .item(let file, _) = rows[from] else { throw Refusal("only a file can be dragged") }
    let section = rows.sections[rows.section(containing: to)]
    let destination: String?
    switch rows[to] {
    case .item(let target, _): destination = target.key
    case .header: destination = section.items.keys.first
    case .footer: destination = nil
    }
    host.track { list in
      list.update { $0.moveItems(keys: [file.key], before: destination, inSection: section.id) }
    }
  }

  var isBusy: Bool { false }

  // MARK: - HostedView

  func perform(_ message: ClientMessage) async throws {
    switch message.t {
    case "applyChanges":
      applyChangesOnDisk()
    case "drag":
      guard let source = message.id, let target = message.to else {
        throw Refusal("a drag needs the keys of two rows")
      }
      try drag(source, onto: target)
    default:
      throw Refusal("the sections have no command \(message.t.prefix(40))")
    }
  }

  func writeFrame(into json: inout JSONWriter) {
    host.writeFrame(into: &json)
    json.key("status")
    json.beginObject()
    json.field("folders", host.list.data.sections.count)
    json.field("rows", host.list.data.count)
    json.field("last change", lastBatch)
    json.endObject()
  }

  func close() { onChange = nil }
}
