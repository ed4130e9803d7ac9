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

  /// The folder's entries on disk, folders first, then by name (byte
  /// order). A folder that cannot be read is empty.
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

/// The drags the page made, over the folders' listings on disk, which a
/// drag never changes: the entries moved away from each folder, and those
/// moved into it, each before a sibling or at the end, in the order they
/// were moved.
final class FileMoves: @unchecked Sendable {
  // `lock` guards every access: the outline reads children through
  // `children(of:)`, a `@Sendable` closure.
  private let lock = NSLock()
  /// The folder each moved entry is in now.
  private var parents: [String: String] = [:]
  /// The entries moved into each folder, with the sibling each went before.
  private var arrivals: [String: [(entry: FileEntry, before: String?)]] = [:]

  /// The folder's entries: its listing on disk with the drags applied.
  func children(of path: String) -> [FileEntry] {
    var children = FileEntry.list(path)
    lock.withLock {
      children.removeAll { parents[$0.id] != nil }
      for arrival in arrivals[path] ?? [] {
        let sibling = arrival.before.flatMap { id in children.firstIndex { $0.id == id } }
        children.insert(arrival.entry, at: sibling ?? children.endIndex)
      }
    }
    return children
  }

  /// The folder that shows the entry at `path`.
  func parent(of path: String) -> String {
    lock.withLock { parents[path] } ?? (path as NSString).deletingLastPathComponent
  }

  func record(_ entry: FileEntry, movedTo parent: String, before sibling: String?) {
    lock.withLock {
      if let old = parents[entry.id] { arrivals[old]?.removeAll { $0.entry.id == entry.id } }
      parents[entry.id] = parent
      arrivals[parent, default: []].append((entry, sibling))
    }
  }
}

/// The directory tree the server was started in, through an
/// `OutlineCollection` mutated in place through the list, as the article
/// "A file outline" shows: a click expands or collapses a folder (the one
/// the viewport is inside, too: its row comes to the top), a row dragged
/// onto a folder moves into it (onto a file: before it), and a folder whose
/// contents change on disk reloads in place. A drag changes what the page
/// shows, never the disk.
@MainActor
final class FilesView: ListHostedView {
  typealias Outline = OutlineCollection<FileEntry, String, [FileEntry]>
  var onChange: (() -> Void)?
  private let root: String
  private let moves = FileMoves()
  var host: ListHost<Outline, String>
  /// The names each listed folder had, to see a change on disk.
  private var listings: [String: [String]] = [:]
  private var watcher: Task<Void, Never>?

  init(root: String) {
    self.root = root
    let roots = FileEntry.list(root)
    listings[root] = roots.map(\.name)
    let moves = moves
    let outline = Outline(
      roots: roots, children: { $0.isDirectory ? moves.children(of: $0.id) : nil },
      hasChildren: \.isDirectory)
    host = ListHost(
      list: VirtualList(
        data: outline, id: \.id,
        engine: WindowingEngine(
          layout: VariableLengthLayout(itemCount: outline.count, estimatedLength: 28),
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
      let nowNames = FileEntry.list(path).map(\.name)
      guard nowNames != names else { continue }
      listings[path] = nowNames
      changed = true
      host.track { list in
        list.update { outline in
          path == root
            ? outline.reloadRoots(moves.children(of: root)).rowChanges
            : outline.reloadChildren(of: path).rowChanges
        }
      }
    }
    if changed { onChange?() }
  }

  /// Moves the row under `sourceKey` into the folder under `targetKey`, at
  /// its end, or, onto a file, into the file's folder before it.
  private func drag(_ sourceKey: String, onto targetKey: String) throws {
    guard let from = host.position(ofKey: sourceKey), let to = host.position(ofKey: targetKey)
    else { throw Refusal("a drag between rows that are not shown") }
    let (entry, target) = (host.list.data[from].node, host.list.data[to].node)
    let parent = target.isDirectory ? target.id : moves.parent(of: target.id)
    let sibling = target.isDirectory ? nil : target.id
    var change = OutlineChange.unchanged
    host.track { list in
      list.update { outline in
        change = outline.move([entry.id], toParent: parent == root ? nil : parent, before: sibling)
        return change.rowChanges
      }
    }
    switch change {
    case .refused(let reason): throw Refusal(reason)
    case .unknownID: throw Refusal("no folder \(parent.suffix(80)) to drop into")
    default: moves.record(entry, movedTo: parent, before: sibling)
    }
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
    case "drag":
      guard let source = message.id, let target = message.to else {
        throw Refusal("a drag needs the keys of two rows")
      }
      try drag(source, onto: target)
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
