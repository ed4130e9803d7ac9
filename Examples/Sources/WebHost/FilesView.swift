import CollectionAdapters
import Foundation
import IdentityDiff
import Windowing

/// An entry of the directory tree: listed from the disk when its folder
/// expands, never before.
struct FileEntry: Identifiable, Sendable {
  /// The path.
  let id: String
  let name: String
  let isDirectory: Bool

  /// The folder's entries, folders first, then by name (byte order); `nil`
  /// for a file. A folder that cannot be read is empty.
  var children: [FileEntry]? { isDirectory ? FileEntry.list(id) : nil }

  static func list(_ path: String) -> [FileEntry] {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: path) else { return [] }
    return names.map { name in
      let child = (path as NSString).appendingPathComponent(name)
      // Not followed: a link to a folder is a leaf, so a loop of links is not a tree.
      let type = (try? manager.attributesOfItem(atPath: child))?[.type] as? FileAttributeType
      return FileEntry(id: child, name: name, isDirectory: type == .typeDirectory)
    }.sorted { a, b in
      a.isDirectory != b.isDirectory
        ? a.isDirectory : a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }
  }
}

/// The directory tree the server was started in, through an
/// `OutlineCollection` mutated in place through the list, as the article
/// "A file outline" shows: a click expands or collapses a folder (the one
/// the viewport is inside, too: its row comes to the top), and a folder
/// whose contents change on disk reloads in place.
@MainActor
final class FilesView: ListHostedView {
  typealias Outline = OutlineCollection<FileEntry, String, [FileEntry]>
  var onChange: (() -> Void)?
  private let root: String
  var host: ListHost<Outline, String>
  /// The names each listed folder had, to see a change on disk.
  private var listings: [String: [String]] = [:]
  private var watcher: Task<Void, Never>?

  init(root: String) {
    self.root = root
    let roots = FileEntry.list(root)
    listings[root] = roots.map(\.name)
    let outline = Outline(roots: roots, children: \.children, hasChildren: \.isDirectory)
    host = ListHost(
      list: VirtualList(
        data: outline, id: \.id,
        engine: WindowingEngine(
          layout: VariableSizeLayout(itemCount: outline.count, estimatedLength: 28),
          viewport: Viewport(length: 0), overscan: Overscan(points: 200, items: 2))),
      key: { "f" + $0 },
      content: { row in
        RowContent(
          title: (row.hasChildren ? (row.isExpanded ? "▾ " : "▸ ") : "") + row.node.name,
          style: row.node.isDirectory ? "folder" : "file", depth: row.depth)
      })
    watcher = Task { @MainActor [weak self] in
      while true {
        try? await Task.sleep(for: .seconds(1))
        guard !Task.isCancelled, let self else { return }
        self.reloadChangedFolders()
      }
    }
  }

  /// Expands or collapses the folder at `path`.
  private func toggle(_ path: String) throws {
    var change = OutlineChange.unchanged
    host.track { list in
      list.update { outline in
        change = outline.toggle(path)
        return change.rowChanges
      }
    }
    if case .unknownID = change { throw Refusal("no folder \(path.suffix(80)) is shown") }
    if host.list.data.isExpanded(path) {
      listings[path] = (FileEntry.list(path)).map(\.name)
    }
  }

  /// Reads every listed folder again; one whose names changed reloads its
  /// rows in place, and the reader keeps their place.
  func reloadChangedFolders() {
    var changed = false
    for (path, names) in listings {
      guard path == root || host.list.data.isExpanded(path) else {
        listings[path] = nil
        continue
      }
      let now = FileEntry.list(path)
      let nowNames = now.map(\.name)
      guard nowNames != names else { continue }
      listings[path] = nowNames
      changed = true
      host.track { list in
        list.update { outline in
          path == root
            ? outline.reloadRoots(now).rowChanges : outline.reloadChildren(of: path).rowChanges
        }
      }
    }
    if changed { onChange?() }
  }

  var isBusy: Bool { false }

  // MARK: - HostedView

  func perform(_ message: ClientMessage) async throws {
    switch message.t {
    case "toggle":
      guard let key = message.id, key.hasPrefix("f") else {
        throw Refusal("toggle needs a row's key, not \(message.id?.prefix(40) ?? "nothing")")
      }
      try toggle(String(key.dropFirst()))
    case "reload":
      reloadChangedFolders()
    default:
      throw Refusal("the files have no command \(message.t.prefix(40))")
    }
  }

  func writeFrame(into json: inout JSONWriter) {
    host.writeFrame(into: &json)
    json.key("status")
    json.beginObject()
    json.field("root", root)
    json.field("rows", host.list.data.count)
    json.field("listed", listings.count)
    json.endObject()
  }

  func close() {
    watcher?.cancel()
    onChange = nil
  }
}
