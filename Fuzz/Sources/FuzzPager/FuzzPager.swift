//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Foundation
import FuzzSupport
@_spi(Testing) import Paging

// Drives the pager's core (`_PagerCore`) synchronously, with no task or
// actor: every load it asks for waits until the fuzzer answers it, in any
// order, late (after a cancel), failed, or with hostile pages (counts that
// overflow, lie or flap, pages that overlap loaded ones or repeat them under
// a new key, empty pages), over positional and keyed sources (keyset cursors
// both ways, with and without a refresh key, one-way cursors), while the UI
// reports visible ranges anywhere and the source changes above the reader
// before a refresh. After every step: no item shown twice, items in source
// order (until a page lied about its positions), at their own positions
// where the source's positions are known, the cap on pages held; and at the
// end, answering what is asked (with counts that may flap) ends within a
// bounded number of answers.

/// An item: its id is its value in the source, which keeps its rows sorted
/// by id.
struct Row: Identifiable, Sendable {
  let id: Int
}

typealias Core = _PagerCore<Int, Row>

/// How a keyed source's pages name their neighbors.
enum Cursor {
  /// Page-number keys (a key is the page's first position), both ways.
  case pageNumbers
  /// Keyset cursors: a key is an id; forward pages are the rows after it,
  /// prepends the rows before it.
  case keyset
  /// A cursor with no way back (`previousKey` always `nil`).
  case forward
}

/// The source's rows (sorted ids) and what the fuzzer has done to them.
struct Source {
  var ids: [Int]
  /// Whether the rows changed since the first refresh (positions moved).
  var changed = false
  /// Whether a page lied about its positions (overlapping items).
  var lied = false
  /// Whether `loadNext()` or `loadPrevious()` was called.
  var askedExplicitly = false
  /// The fewest rows an answered page held: smaller pages let a visible
  /// range overlap more of them, and those are never dropped.
  var smallestPage = Int.max
  let cursor: Cursor
  let pageSize: Int

  /// The rows at `range`, clamped.
  func rows(_ range: Range<Int>) -> [Row] {
    ids[range.clamped(to: 0..<ids.count)].map(Row.init)
  }

  /// The position of the first id above `key`.
  func position(after key: Int) -> Int { ids.firstIndex { $0 > key } ?? ids.count }

  /// The keyed page a request asks for, honest or not.
  mutating func page(for request: PageRequest<Int>, _ input: inout FuzzInput) -> Page<Int, Row> {
    let size = max(0, request.size + (input.choice(4) == 0 ? input.int(in: -3...3) : 0))
    let count = ids.count
    var start: Int
    var end: Int
    switch cursor {
    case .keyset:
      let key = request.key ?? Int.min
      if request.kind == .prepend {
        end = ids.firstIndex { $0 >= key } ?? count
        start = max(0, end - size)
      } else {
        start = position(after: key)
        end = min(count, start + size)
      }
    case .pageNumbers, .forward:
      start = min(max(request.key ?? 0, 0), count)
      end = min(count, start + size)
      // A prepended page of another size than asked does not end where the
      // page it joins starts, and page-number keys cannot say so: a lie
      // about positions the pager cannot see.
      if request.kind == .prepend, size != request.size { lied = true }
    }
    if input.choice(8) == 0, start > 0 {
      // Overlapping: the rows of earlier positions, as if rows were
      // inserted above between loads.
      let back = min(start, input.int(in: 1...10))
      start -= back
      end -= back
      lied = true
    }
    let items = rows(start..<end)
    let previousKey: Int? =
      switch cursor {
      case .pageNumbers: start > 0 ? max(0, start - pageSize) : nil
      case .keyset: start > 0 ? items.first?.id : nil
      case .forward: nil
      }
    let nextKey: Int? =
      switch cursor {
      case .pageNumbers: end < count || request.kind == .prepend ? end : nil
      case .keyset: end < count ? items.last?.id : nil
      case .forward: end < count ? end : nil
      }
    let honest = input.choice(3) != 0
    smallestPage = min(smallestPage, items.count)
    return Page(
      items: items, previousKey: previousKey, nextKey: nextKey,
      itemsBefore: honest ? start : (input.bool() ? nil : input.hostileCount(small: 0...500)),
      itemsAfter: honest ? count - end : (input.bool() ? nil : input.hostileCount(small: 0...500)))
  }
}

/// A load the core asked for, waiting for an answer.
struct Pending {
  var serial: Int
  var request: Core._Request
  /// Cancelled by the core: an answer arrives late and must change nothing.
  var cancelled = false
}

/// Index advances the published items asked for (from the trigger's
/// closure, called synchronously here).
final class Advances: @unchecked Sendable {
  // Only the fuzzer's one thread touches it.
  var directions: [PageLoadKind] = []
}

/// The executable's entry point: libFuzzer's driver over this target.
@_cdecl("FuzzPager_main")
public func main(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc: argc, argv: argv) { data, size in
    fuzzPager(data ?? UnsafePointer(bitPattern: 1)!, size)
  }
}

/// Runs one input: decodes it into calls and checks them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPager(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  run(data, size)
  return 0
}

/// `FUZZ_TRACE=1` prints each call, to read a failing input.
let tracing = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

func trace(_ text: @autoclosure () -> String) {
  if tracing { FileHandle.standardError.write(Data((text() + "\n").utf8)) }
}

func run(_ data: UnsafePointer<UInt8>, _ size: Int) {
  var input = FuzzInput(data, size)
  let pageSize = input.int(in: 1...30)
  let kind = input.choice(5)
  let cursor: Cursor = kind == 3 ? .keyset : kind == 4 ? .forward : .pageNumbers
  var source = Source(
    ids: Array(0..<input.int(in: 0...400)), cursor: cursor, pageSize: pageSize)
  let trigger: PagingTrigger = [.visibleRange, .indexAdvance, .manual][input.choice(3)]
  let initialKey = cursor == .keyset ? Int.min : input.int(in: 0...source.ids.count)
  // Kinds: 0 keyed page numbers, 1 the same with a refresh key, 2
  // positional, 3 keyset with a refresh key, 4 a forward-only cursor.
  let refreshKeys = kind == 1 || kind == 3
  // The loaders are never called: the fuzzer answers the core's requests.
  let refreshKey: @Sendable (Int) async throws -> Int? = { _ in nil }
  let pagingSource: PagingSource<Int, Row> =
    kind == 2
    ? .positional { _ in PositionalPage(items: []) }
    : .keyed(
      initialKey: initialKey, refreshKey: refreshKeys ? refreshKey : nil,
      load: { _ in Page(items: []) })
  let absolute = kind == 1 || kind == 2
  var core = Core(
    configuration: PagingConfiguration(
      pageSize: pageSize, initialLoadSize: input.int(in: 1...60),
      prefetchDistance: input.int(in: 0...20),
      maximumLoadedPages: input.bool() ? nil : input.int(in: 2...6), trigger: trigger,
      maximumConcurrentLoads: input.int(in: 1...4), jumpDistance: input.int(in: 0...100),
      settleInterval: .zero),
    source: pagingSource)
  let advances = Advances()
  core._onIndexAdvance = { advances.directions.append($0) }
  var pending: [Pending] = []
  var settleArmed = false
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
  /// The answer to `load`: honest or hostile, as the input says.
  func answer(_ load: Pending, flapping: Bool) -> Result<Core._Response, any Error> {
    if input.choice(7) == 0 { return .failure(CancellationError()) }
    switch load.request {
    case .positions(let range):
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
      return .success(
        .positional(range, PositionalPage(items: source.rows(start..<end), totalCount: total)))
    case .keyed(let request):
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
      return .success(.keyed(request, page))
    case .jump(let position, let size):
      guard refreshKeys, input.choice(5) != 0 else { return .success(.noKey) }
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
      return .success(.keyed(request, page))
    }
  }
  var step = 0
  while !input.isAtEnd, step < 150 {
    step += 1
    switch input.choice(12) {
    case 0:
      trace("refresh()")
      core.refresh()
    case 1:
      // Rows inserted (ids below every other) or deleted above the reader,
      // then a refresh.
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
    case 2, 3:
      let count = core.items.count
      let lower = input.int(in: 0...max(0, count))
      let range = lower..<min(count, lower + input.int(in: 0...20))
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
      let count = core.items.count
      let lower = input.int(in: 0...max(0, count))
      let range = lower..<min(count, lower + input.int(in: 0...20))
      trace("visibleRangeWillSettle(\(range))")
      core.visibleRangeWillSettle(range)
    case 7:
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
    default:
      guard !pending.isEmpty else { break }
      let load = pending.remove(at: input.int(in: 0...pending.count - 1))
      let result = answer(load, flapping: false)
      trace(
        "answer \(load.serial) \(load.request)\(load.cancelled ? " (cancelled)" : "") with \(result)"
      )
      core.complete(load.serial, result)
    }
    takeEffects()
    trace(
      "  items \(core.items.count): loaded \(core.items.loadedRanges.map { r in "\(r): \(core.items[r.lowerBound]!.id)...\(core.items[r.upperBound - 1]!.id)" }), refused \(String(describing: core.lastRefusal))"
    )
    verify(core, source, absolute: absolute)
  }
  // At rest, with counts that flap: answering what is asked ends.
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
  verify(core, source, absolute: absolute)
}

/// Every published item once, in source order (until a page lied), at its
/// own position where positions are known and the source did not change.
func verify(_ core: Core, _ source: Source, absolute: Bool) {
  let items = core.items
  check(items.count >= 0 && items.count <= Int(Int32.max), "count \(items.count)")
  var previous: Int?
  var seen = Set<Int>()
  for range in items.loadedRanges {
    for position in [range.lowerBound - 1, range.upperBound] where items.indices.contains(position)
    {
      check(items[position] == nil, "a loaded item outside the loaded ranges at \(position)")
    }
    for position in range {
      guard let item = items[position] else {
        divergence("a placeholder at \(position) inside a loaded range")
      }
      check(seen.insert(item.id).inserted, "item \(item.id) shown twice")
      if !source.lied {
        if let previous { check(item.id > previous, "out of order: \(previous) then \(item.id)") }
        if absolute, !source.changed {
          check(item.id == position, "item \(item.id) at \(position)")
        }
      }
      previous = item.id
    }
  }
  if let maximum = core.configuration.maximumLoadedPages {
    // Pages the visible range overlaps are never dropped, even past the cap
    // (a visible range of at most 20 positions, over pages of at least the
    // smallest answered, an empty one taking a position).
    let visible = 20 / max(1, min(core.configuration.pageSize, source.smallestPage)) + 2
    check(
      items.loadedPageCount <= Swift.max(maximum, visible),
      "\(items.loadedPageCount) pages loaded, cap \(maximum)")
  }
  if core.configuration.trigger == .visibleRange, !source.askedExplicitly {
    check(core.loadsInFlight <= core.configuration.maximumConcurrentLoads, "loads past the cap")
  }
}
