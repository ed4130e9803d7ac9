//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import FuzzSupport
@_spi(Testing) import Paging

/// One input's run: the core, its source, and the loads it asked for, with
/// the calls the input chooses (`step()`) and the answers it gives.
final class Session {
  var input: FuzzInput
  var source: Source
  var core: Core
  let cursor: Cursor
  /// Whether the keyed source has a refresh key. The input picks one of
  /// five kinds: 0 keyed page numbers, 1 the same with a refresh key, 2
  /// positional, 3 keyset with a refresh key, 4 a forward-only cursor.
  let refreshKeys: Bool
  /// Whether the source's positions are known (page numbers with a refresh
  /// key, positional).
  let absolute: Bool
  let advances = Advances()
  var pending: [Pending] = []
  var settleArmed = false

  init(_ input: FuzzInput) {
    var input = input
    let pageSize = input.int(in: 1...30)
    let kind = input.choice(5)
    let cursor: Cursor = kind == 3 ? .keyset : kind == 4 ? .forward : .pageNumbers
    let ids = Array(0..<input.int(in: 0...400))
    let trigger: PagingTrigger = [.visibleRange, .indexAdvance, .manual][input.choice(3)]
    let initialKey = cursor == .keyset ? Int.min : input.int(in: 0...ids.count)
    let refreshKeys = kind == 1 || kind == 3
    // The loaders are never called: the fuzzer answers the core's requests.
    let refreshKey: @Sendable (Int) async throws -> Int? = { _ in nil }
    let pagingSource: PagingSource<Int, Row> =
      kind == 2
      ? .positional { _ in PositionalPage(items: []) }
      : .keyed(
        initialKey: initialKey, refreshKey: refreshKeys ? refreshKey : nil,
        load: { _ in Page(items: []) })
    core = Core(
      configuration: PagingConfiguration(
        pageSize: pageSize, initialLoadSize: input.int(in: 1...60),
        prefetchDistance: input.int(in: 0...20),
        maximumLoadedPages: input.bool() ? nil : input.int(in: 2...6), trigger: trigger,
        maximumConcurrentLoads: input.int(in: 1...4), jumpDistance: input.int(in: 0...100),
        settleInterval: .zero),
      source: pagingSource)
    source = Source(ids: ids, cursor: cursor, pageSize: pageSize)
    self.cursor = cursor
    self.refreshKeys = refreshKeys
    absolute = kind == 1 || kind == 2
    self.input = input
    let advances = advances
    core._onIndexAdvance = { advances.directions.append($0) }
  }

  /// One call the input chooses.
  func step() {
    switch input.choice(12) {
    case 0:
      trace("refresh()")
      core.refresh()
    case 1: changeSourceAndRefresh()
    case 2, 3:
      let range = visibleRange()
      trace("visibleRangeDidChange(\(range))")
      core.visibleRangeDidChange(range)
    case 4:
      let next = input.bool()
      trace(next ? "loadNext()" : "loadPrevious()")
      next ? core.loadNext() : core.loadPrevious()
      // An explicit request is issued past the concurrency cap.
      source.askedExplicitly = true
    case 5:
      trace("retry()")
      core.retry()
    case 6:
      let range = visibleRange()
      trace("visibleRangeWillSettle(\(range))")
      core.visibleRangeWillSettle(range)
    case 7: settleOrAdvanceOrWalk()
    case 8 where input.choice(3) == 0: move()
    default: answerOne()
    }
  }

  /// Answers what is asked, with counts that may flap, until nothing is:
  /// it must end.
  func drain() {
    var answers = 0
    while let load = pending.first {
      pending.removeFirst()
      answers += 1
      check(answers < 1_000, "requests never end: \(answers) answers, still \(pending.count) asked")
      core.complete(load.serial, answer(load, flapping: true))
      if settleArmed {
        settleArmed = false
        core.settled()
      }
      takeEffects()
    }
  }

  func takeEffects() {
    for effect in core.takeEffects() {
      switch effect {
      case .start(let serial, let request):
        pending.append(Pending(serial: serial, request: request))
      case .cancel(let serial):
        if let index = pending.firstIndex(where: { $0.serial == serial }) {
          pending[index].cancelled = true
        }
      case .armSettle: settleArmed = true
      case .cancelSettle: settleArmed = false
      }
    }
  }

  func traceItems() {
    guard tracing else { return }
    let items = core.items
    let loaded = items.loadedRanges.map { r in
      "\(r): \(items[r.lowerBound]!.id)...\(items[r.upperBound - 1]!.id)"
    }
    trace(
      "  items \(items.count): loaded \(loaded), refused \(String(describing: core.lastRefusal))")
  }

  // MARK: - Calls

  /// A drag of up to three shown ids (some stale or repeated) before a
  /// shown id, a stale one, or the end, checked against the plainest move.
  private func move() {
    // Hostile counts reach billions of placeholders: the reference reads
    // every row, so it checks lists of up to 5,000.
    let small = core.items.count <= 5_000
    let old = small ? Array(core.items) : []
    let loaded = old.compactMap { $0 }.map(\.id)
    func pick() -> Int {
      loaded.isEmpty || input.choice(6) == 0 ? -5 : loaded[input.int(in: 0...loaded.count - 1)]
    }
    let ids = (0..<input.int(in: 1...3)).map { _ in pick() }
    let destination = input.choice(4) == 0 ? nil : pick()
    trace("move(ids: \(ids), before: \(String(describing: destination)))")
    let moved = core.move(ids: ids, before: destination)
    if moved {
      source.edited = true
      // Each moved item's page, and its landing's.
      source.pagesShowingMoves += Set(ids).count + 1
    }
    guard small else { return }
    // While a refresh holds the rows shown, a move is refused.
    let expected =
      !core.holdsRowsFromBeforeRefresh ? movedIDs(old, Set(ids), before: destination) : nil
    check(moved == (expected != nil), "move returned \(moved), expected \(expected != nil)")
    let now = core.items.map { $0?.id }
    check(
      now == expected ?? old.map { $0?.id },
      "after the move: \(now.compactMap { $0 }) at \(now.firstIndex { $0 != nil } ?? -1), "
        + "expected \((expected ?? []).compactMap { $0 }), from \(old.compactMap { $0?.id }) at "
        + "\(old.firstIndex { $0 != nil } ?? -1)")
  }

  /// The rows' ids after moving the shown `moving` before `destination`:
  /// before the first shown row from it on that stays, or after the last
  /// one when no placeholder follows it; `nil` when nothing can move.
  private func movedIDs(_ old: [Row?], _ moving: Set<Int>, before destination: Int?) -> [Int?]? {
    let stays = { (row: Row?) in row.map { !moving.contains($0.id) } ?? false }
    let rows = old.compactMap { $0 }.filter { moving.contains($0.id) }
    guard !rows.isEmpty else { return nil }
    var rest = old.filter { $0.map { !moving.contains($0.id) } ?? true }
    var landing: Int?
    if let destination {
      guard let target = old.firstIndex(where: { $0?.id == destination }) else { return nil }
      if let kept = old[target...].firstIndex(where: stays) {
        landing = kept - old[..<kept].filter { $0.map { moving.contains($0.id) } ?? false }.count
      }
    }
    if landing == nil {
      guard let last = old.lastIndex(where: stays),
        !old[(last + 1)...].contains(where: { $0 == nil })
      else { return nil }
      landing = rest.count
    }
    rest.insert(contentsOf: rows.map { Optional($0) }, at: landing!)
    return rest.map { $0?.id }
  }

  private func visibleRange() -> Range<Int> {
    let count = core.items.count
    let lower = input.int(in: 0...max(0, count))
    return lower..<min(count, lower + input.int(in: 0...20))
  }

  /// Rows inserted (ids below every other) or deleted above the reader,
  /// then a refresh.
  private func changeSourceAndRefresh() {
    var ids = source.ids
    if input.bool(), ids.count < 600 {
      let count = input.int(in: 1...40)
      let first = (ids.first ?? 0) - count
      ids.insert(contentsOf: first..<first + count, at: 0)
    } else if !ids.isEmpty {
      let lower = input.int(in: 0...ids.count - 1)
      ids.removeSubrange(lower..<min(ids.count, lower + input.int(in: 1...40)))
    }
    source.ids = ids
    source.changed = true
    trace("the source changes to \(ids.count) rows; refresh()")
    core.refresh()
  }

  private func settleOrAdvanceOrWalk() {
    if settleArmed {
      trace("settled()")
      settleArmed = false
      core.settled()
    } else if let direction = advances.directions.popLast() {
      trace("indexAdvanced(\(direction))")
      core.indexAdvanced(direction)
    } else {
      // Walk the published items by index, as a List does.
      let items = core.items
      var i = items.startIndex
      var steps = 0
      while i != items.endIndex, steps < 1_000 {
        i = items.index(after: i)
        steps += 1
      }
    }
  }

  private func answerOne() {
    guard !pending.isEmpty else { return }
    let load = pending.remove(at: input.int(in: 0...pending.count - 1))
    let result = answer(load, flapping: false)
    trace(
      "answer \(load.serial) \(load.request)\(load.cancelled ? " (cancelled)" : "") with \(result)")
    core.complete(load.serial, result)
  }

  // MARK: - Answers

  /// The answer to `load`: honest or hostile, as the input says.
  private func answer(_ load: Pending, flapping: Bool) -> Result<Core._Response, any Error> {
    if input.choice(7) == 0 { return .failure(CancellationError()) }
    switch load.request {
    case .positions(let range): return .success(answerPositions(range, flapping: flapping))
    case .keyed(let request): return .success(answerKeyed(request, flapping: flapping))
    case .jump(let position, let size): return .success(answerJump(position, size: size))
    }
  }

  private func answerPositions(_ range: Range<Int>, flapping: Bool) -> Core._Response {
    var start = min(range.lowerBound, source.ids.count)
    if input.choice(8) == 0, start > 0 {
      start -= min(start, input.int(in: 1...10))
      source.lied = true
    }
    let end = min(source.ids.count, max(start, start + range.count + input.int(in: -10...10)))
    source.smallestPage = min(source.smallestPage, end - start)
    let total =
      flapping
      ? (core.requestCount.isMultiple(of: 2) ? source.ids.count : source.ids.count / 10)
      : input.choice(3) == 0 ? input.hostileCount(small: 0...500) : source.ids.count
    return .positional(range, PositionalPage(items: source.rows(start..<end), totalCount: total))
  }

  private func answerKeyed(_ request: PageRequest<Int>, flapping: Bool) -> Core._Response {
    var page = source.page(for: request, &input)
    // A source with refresh keys knows positions: its counts before a
    // page are honest (a lie there is undetectable: it would place an
    // island elsewhere). Its counts after a page may still lie.
    if refreshKeys, let first = page.items.first,
      let index = source.ids.firstIndex(where: { $0 == first.id })
    {
      page.itemsBefore = index
    }
    if flapping, let last = page.items.last {
      let after = source.ids.count - (source.ids.firstIndex(of: last.id) ?? 0) - 1
      page.itemsAfter = core.requestCount.isMultiple(of: 2) ? after : 0
    }
    return .keyed(request, page)
  }

  private func answerJump(_ position: Int, size: Int) -> Core._Response {
    guard refreshKeys, input.choice(5) != 0 else { return .noKey }
    // The key of the page at `position`: its first position (page
    // numbers), or the id before it (keyset).
    let key =
      cursor == .keyset
      ? (position <= 0 || source.ids.isEmpty
        ? Int.min : source.ids[min(position, source.ids.count) - 1])
      : position
    let request = PageRequest(kind: .refresh, key: key, size: size, position: position)
    var page = source.page(for: request, &input)
    // A source with refresh keys knows positions: its counts before a
    // page are honest (a lie there is undetectable).
    if let first = page.items.first, let index = source.ids.firstIndex(of: first.id) {
      page.itemsBefore = index
    }
    return .keyed(request, page)
  }
}
