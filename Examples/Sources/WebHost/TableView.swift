import IdentityDiff
import Observation
import Paging
import Windowing

/// The million-row table through a `Pager`, as the Paging article "A table
/// in a database" says an app should: a positional source (`LIMIT/OFFSET`)
/// or a keyset source with a refresh key, a list that follows the pager's
/// changes, and the pager told of the visible range.
@MainActor
final class TableView: HostedView {
  typealias Rows = PagedRows<TableItem>
  var onChange: (() -> Void)?
  private let database: SampleDatabase
  private let failure = FailureSwitch()
  private var keyset = false
  private var pager: Pager<Int, TableItem>
  private var host: ListHost<Rows, PagedRowID<Int>>
  /// The page waits while this is set: a wait for the pager to go idle.
  private var idleWait: Task<Void, Never>?
  private var notice: String?

  init(database: SampleDatabase) {
    self.database = database
    pager = Self.makePager(database, failure, keyset: false)
    host = Self.makeHost(pager, viewport: Viewport(length: 0))
    start()
  }

  private static func makePager(
    _ database: SampleDatabase, _ failure: FailureSwitch, keyset: Bool
  )
    -> Pager<Int, TableItem>
  {
    let configuration = PagingConfiguration(
      pageSize: 50, prefetchDistance: 50, maximumLoadedPages: 40)
    if keyset {
      return Pager(
        configuration: configuration,
        source: .keyed(
          initialKey: Int.min,
          refreshKey: { position in
            if failure.isOn { throw LoadFailure() }
            return try await database.key(at: position)
          },
          load: { request in
            if failure.isOn { throw LoadFailure() }
            let page = try await database.rows(
              after: request.key, before: request.kind == .prepend, limit: request.size)
            guard let first = page.rows.first, let last = page.rows.last else {
              return Page(items: [])
            }
            return Page(
              items: page.rows, previousKey: page.before > 0 ? first.id : nil,
              nextKey: page.after > 0 ? last.id : nil,
              itemsBefore: page.before, itemsAfter: page.after)
          }))
    }
    return Pager(
      configuration: configuration,
      source: .positional { positions in
        if failure.isOn { throw LoadFailure() }
        let page = try await database.rows(at: positions)
        return PositionalPage(items: page.rows, totalCount: page.count)
      })
  }

  private static func makeHost(
    _ pager: Pager<Int, TableItem>, viewport: Viewport
  )
    -> ListHost<Rows, PagedRowID<Int>>
  {
    let rows = pager.items.rows
    var list = VirtualList(
      data: rows, id: \.id,
      engine: WindowingEngine(
        layout: VariableLengthLayout(itemCount: rows.count, estimatedLength: 46),
        viewport: viewport, overscan: Overscan(points: 200, items: 2)))
    list.onVisibilityChange = { pager.visibleRangeDidChange($0.visibleRange) }
    return ListHost(
      list: list,
      key: { id in
        switch id {
        case .item(let id): "i\(id)"
        case .placeholder(let position): "p\(position)"
        }
      },
      content: { row in
        guard let item = row.item else {
          return RowContent(title: "Loading row \(row.position)…", style: "placeholder")
        }
        return RowContent(title: "#\(item.id) \(item.title)", body: item.body)
      })
  }

  /// Follows the pager from its first publication.
  private func start() {
    observe()
    pager.refresh()
    waitForIdle()
  }

  /// Re-arms observation of what the page shows: the pager's rows and
  /// its load states (a failure's retry bar).
  private func observe() {
    let pager = self.pager
    withObservationTracking {
      _ = pager.items
      for kind in [PageLoadKind.refresh, .prepend, .append] { _ = pager.loadState(of: kind) }
    } onChange: { [weak self, weak pager] in
      // Weak: the pager keeps this closure until its next change, which a
      // closed page's pager never makes.
      Task { @MainActor in
        if let pager { self?.pagerChanged(pager) }
      }
    }
  }

  private func pagerChanged(_ changed: Pager<Int, TableItem>) {
    guard changed === pager else { return }  // a source switch left it behind
    follow()
    observe()
    onChange?()
  }

  /// Brings the list up to the pager's latest publication, anchored.
  private func follow() {
    let items = pager.items
    guard host.list.data.version != items.version else { return }
    host.track { list in
      if let changes = pager.changes(since: list.data.version) {
        list.apply(RowChanges(composing: changes), from: items.rows)
      } else {
        list.replaceData(items.rows)
      }
    }
  }

  /// Marks the view busy until the pager has no load in flight or
  /// settling; then the page is told.
  private func waitForIdle() {
    guard idleWait == nil else { return }
    let pager = self.pager
    idleWait = Task { @MainActor [weak self] in
      await pager.waitUntilIdle()
      guard let self else { return }
      self.idleWait = nil
      self.follow()
      self.onChange?()
    }
  }

  var isBusy: Bool { idleWait != nil }

  // MARK: - HostedView

  func scroll(toOffset offset: Double, frame: Int) {
    host.scroll(toOffset: offset, frame: frame)
    waitForIdle()
  }

  func setViewport(width: Double, height: Double) {
    host.setViewport(width: width, height: height)
    waitForIdle()
  }

  func measured(_ rows: [ClientMessage.Measured]) throws {
    try host.measured(rows)
    waitForIdle()
  }

  func scrollToEnd() {
    guard !host.list.data.isEmpty else { return }
    jump(to: host.list.data.count - 1, alignment: .end)
    waitForIdle()
  }

  func perform(_ message: ClientMessage) async throws {
    notice = nil
    switch message.t {
    case "goToRow":
      // Numbered from 1, as the rows' labels are.
      guard let row = message.row, row >= 1, row <= host.list.data.count else {
        throw Refusal(
          "no row \(message.row.map(String.init) ?? "?") in 1...\(host.list.data.count)")
      }
      jump(to: row - 1)
    case "goToID":
      guard let text = message.id, let id = Int(text) else {
        throw Refusal("an id is a whole number, not \(message.id ?? "nothing")")
      }
      guard let position = try await database.position(ofID: id), position < host.list.data.count
      else {
        throw Refusal("no row has the id \(id)")
      }
      jump(to: position)
    case "fail":
      failure.isOn = message.on ?? false
    case "retry":
      pager.retry()
    case "insertAtTop":
      try await database.insertAtTop(3)
      pager.refresh()
    case "refresh":
      pager.refresh()
    case "source":
      let keyset = message.name == "keyset"
      guard keyset != self.keyset else { return }
      self.keyset = keyset
      idleWait?.cancel()
      idleWait = nil
      pager = Self.makePager(database, failure, keyset: keyset)
      host = Self.makeHost(pager, viewport: host.list.engine.viewport)
      start()
      return
    default:
      throw Refusal("the table has no command \(message.t.prefix(40))")
    }
    waitForIdle()
  }

  /// A jump: the list aims at the row, and the pager is told the visible
  /// range will rest there, so it loads at once instead of waiting for a
  /// fling to settle.
  private func jump(to position: Int, alignment: ScrollAlignment = .start) {
    host.jump(toPosition: position, alignment: alignment)
    pager.visibleRangeWillSettle(host.list.visibleRange)
  }

  func writeFrame(into json: inout JSONWriter) {
    host.writeFrame(into: &json)
    json.key("status")
    json.beginObject()
    json.field("source", keyset ? "keyset" : "positional")
    json.field("count", host.list.data.count)
    json.field("loadedPages", pager.items.loadedPageCount)
    for kind in [PageLoadKind.refresh, .prepend, .append] {
      let state = pager.loadState(of: kind)
      json.field(
        "\(kind)",
        state.error.map { "failed: \($0)" } ?? (state.isLoading ? "loading" : "idle"))
    }
    json.field("failing", failure.isOn)
    if let notice { json.field("notice", notice) }
    json.endObject()
  }

  func close() {
    idleWait?.cancel()
    onChange = nil
  }
}
