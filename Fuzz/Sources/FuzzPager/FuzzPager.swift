//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Foundation
import FuzzSupport
import Paging

/// A source whose requests wait until the fuzzer answers them, in any
/// order, with hostile pages (counts that overflow or lie, empty pages,
/// failures), while the UI reports visible ranges anywhere. Whatever
/// happens, the published items never lose, duplicate or reorder data: every
/// loaded item sits at its own offset from every other.
@MainActor
final class Source {
  var pending:
    [(request: PageRequest<Int>, continuation: CheckedContinuation<Page<Int, Int>, any Error>)] = []
  var pendingRanges:
    [(range: Range<Int>, continuation: CheckedContinuation<PositionalPage<Int>, any Error>)] = []
  let total: Int
  /// After the input: a load that a task still asks for (one the pager
  /// issued, then cancelled, before it ran) fails at once instead of
  /// waiting for an answer that will never come.
  var closed = false

  init(total: Int) { self.total = total }

  func load(_ request: PageRequest<Int>) async throws -> Page<Int, Int> {
    if closed { throw CancellationError() }
    return try await withCheckedThrowingContinuation { pending.append((request, $0)) }
  }

  func load(_ range: Range<Int>) async throws -> PositionalPage<Int> {
    if closed { throw CancellationError() }
    return try await withCheckedThrowingContinuation { pendingRanges.append((range, $0)) }
  }

  var waiting: Int { pending.count + pendingRanges.count }
}

struct Failure: Error {}

/// Runs the main actor's queued work (the pager's tasks and their
/// completions) until a pass changes nothing the test can see. The source
/// and the loader are main-actor isolated, so no work hops to another thread
/// and a run is the same every time.
@MainActor
func drainMainActor(_ pager: Pager<Int, Int>, _ source: Source) {
  func state() -> [Int] {
    [
      source.waiting, pager.requestCount, pager.items.count, pager.loadsInFlight,
      pager.items.loadedRanges.first?.lowerBound ?? 0,
      pager.items.loadedRanges.last?.upperBound ?? 0,
      pager._stateCode,
    ]
  }
  var quiet = 0
  for _ in 0..<200 where quiet < 3 {
    let before = state()
    _ = RunLoop.main.run(mode: .default, before: Date())
    quiet = state() == before ? quiet + 1 : 0
  }
}

extension Pager {
  /// The three load states, as one number that changes when any does.
  var _stateCode: Int {
    func code(_ state: PageLoadState) -> Int {
      switch state {
      case .idle: 0
      case .loading: 1
      case .failed: 2
      case .endReached: 3
      }
    }
    return code(refreshState) * 16 + code(appendState) * 4 + code(prependState)
  }
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
  // libFuzzer calls on the main thread; the bytes outlive the call.
  nonisolated(unsafe) let bytes = data
  MainActor.assumeIsolated { run(bytes, size) }
  return 0
}

/// `FUZZ_TRACE=1` prints each call, to read a failing input.
let tracing = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

@MainActor
func trace(_ text: @autoclosure () -> String) {
  if tracing { FileHandle.standardError.write(Data((text() + "\n").utf8)) }
}

@MainActor
func run(_ data: UnsafePointer<UInt8>, _ size: Int) {
  var input = FuzzInput(data, size)
  let source = Source(total: input.int(in: 0...400))
  let pageSize = input.int(in: 1...30)
  let trigger: PagingTrigger = [.visibleRange, .indexAdvance, .manual][input.choice(3)]
  // A keyed source (with a refresh key or without, or a one-way cursor), or
  // a positional one.
  let kind = input.choice(4)
  let cursor: Cursor = kind == 3 ? (input.bool() ? .forward : .backward) : .twoWay
  let initialKey = input.int(in: 0...source.total)
  let pagingSource: PagingSource<Int, Int> =
    switch kind {
    case 0, 3:
      .keyed(initialKey: initialKey) { @MainActor [source] in try await source.load($0) }
    case 1:
      .keyed(
        initialKey: initialKey, refreshKey: { @MainActor position in position },
        load: { @MainActor [source] in try await source.load($0) })
    default: .positional { @MainActor [source] in try await source.load($0) }
    }
  let absolute = kind == 1 || kind == 2
  let pager = Pager<Int, Int>(
    configuration: PagingConfiguration(
      pageSize: pageSize, initialLoadSize: input.int(in: 1...60),
      prefetchDistance: input.int(in: 0...20),
      maximumLoadedPages: input.bool() ? nil : input.int(in: 2...6), trigger: trigger,
      maximumConcurrentLoads: input.int(in: 1...4), jumpDistance: input.int(in: 0...100),
      settleInterval: .zero),
    source: pagingSource)
  var step = 0
  while !input.isAtEnd, step < 150 {
    step += 1
    switch input.choice(10) {
    case 0:
      trace("refresh()")
      pager.refresh()
    case 1:
      let count = pager.items.count
      let lower = input.int(in: 0...max(0, count))
      let range = lower..<min(count, lower + input.int(in: 0...20))
      trace("visibleRangeDidChange(\(range))")
      pager.visibleRangeDidChange(range)
    case 2:
      let next = input.bool()
      trace(next ? "loadNext()" : "loadPrevious()")
      next ? pager.loadNext() : pager.loadPrevious()
    case 3:
      trace("retry()")
      pager.retry()
    case 4:
      // Walk the published snapshot by index, as a List does.
      // A lying total may make billions of placeholders: walk at most
      // 10,000 steps from each end.
      let items = pager.items
      var i = items.startIndex
      var steps = 0
      while i != items.endIndex, steps < 10_000 {
        i = items.index(after: i)
        steps += 1
      }
      if steps == 10_000 { i = items.endIndex }
      while i != items.startIndex, steps > 0 {
        i = items.index(before: i)
        steps -= 1
      }
    case 5:
      let count = pager.items.count
      let lower = input.int(in: 0...max(0, count))
      let range = lower..<min(count, lower + input.int(in: 0...20))
      trace("visibleRangeWillSettle(\(range))")
      pager.visibleRangeWillSettle(range)
    case 6 where !source.pendingRanges.isEmpty:
      // Answer a positional request: true, short, long, a lying count, or a failure.
      let (range, continuation) = source.pendingRanges.remove(
        at: input.int(in: 0...source.pendingRanges.count - 1))
      if input.choice(6) == 0 {
        trace("fail \(range)")
        continuation.resume(throwing: Failure())
      } else {
        let start = min(range.lowerBound, source.total)
        let end = min(source.total, max(start, range.upperBound + input.int(in: -10...10)))
        let total = input.choice(3) == 0 ? input.hostileCount(small: 0...500) : source.total
        trace("answer \(range) with \(start)..<\(end) total \(total)")
        continuation.resume(
          returning: PositionalPage(items: Array(start..<end), totalCount: total))
      }
    default:
      // Answer any pending request: a true page, a lying one, or a failure.
      guard !source.pending.isEmpty else { break }
      let (request, continuation) = source.pending.remove(
        at: input.int(in: 0...source.pending.count - 1))
      if input.choice(6) == 0 {
        trace("fail \(request)")
        continuation.resume(throwing: Failure())
      } else {
        var page = page(for: request, source.total, pageSize, cursor, &input)
        // A source with refresh keys knows positions: its counts before a
        // page are honest (a lie there is undetectable: it would place an
        // island elsewhere). Its counts after a page may still lie.
        if kind == 1, let first = page.items.first { page.itemsBefore = first }
        trace(
          "answer \(request) with \(page.items.first ?? -1)..<\((page.items.last ?? -2) + 1) before \(String(describing: page.itemsBefore)) after \(String(describing: page.itemsAfter)) prev \(String(describing: page.previousKey)) next \(String(describing: page.nextKey))"
        )
        continuation.resume(returning: page)
      }
    }
    drainMainActor(pager, source)
    trace(
      "  items \(pager.items.count): loaded \(pager.items.loadedRanges), states \(pager.refreshState) \(pager.prependState) \(pager.appendState)"
    )
    verify(pager, step: step, absolute: absolute)
  }
  // Leave no task suspended: answering one may issue another, and a task
  // issued but not yet run asks the source only when the main actor runs
  // it, perhaps after this input (its continuation, which retains the
  // source that holds it, would never be resumed: a leak of the harness,
  // not the pager). So the source is closed first, then drained.
  source.closed = true
  drainMainActor(pager, source)
  while source.waiting > 0 {
    for entry in source.pending { entry.continuation.resume(throwing: CancellationError()) }
    for entry in source.pendingRanges { entry.continuation.resume(throwing: CancellationError()) }
    source.pending = []
    source.pendingRanges = []
    drainMainActor(pager, source)
  }
}

/// How a keyed source's pages name their neighbors.
enum Cursor {
  /// Page-number keys (a key is the page's first position), both ways.
  case twoWay
  /// A cursor with no way back (`previousKey` always `nil`).
  case forward
  /// A cursor with no way forward (`nextKey` always `nil`): a key is the
  /// position a page ends at, as a chat's "before" cursor.
  case backward
}

/// The page a request asks for (values are their source positions), with
/// counts that may lie or overflow and a size that may differ from the
/// request's.
///
/// The keys are honest about the page they lead to, or the pager could not
/// tell where a page goes: a two-way page before the data loaded names the
/// page after it (its next key), which the pager checks, and a one-way
/// cursor's pages meet the page they join exactly.
func page(
  for request: PageRequest<Int>, _ total: Int, _ pageSize: Int, _ cursor: Cursor,
  _ input: inout FuzzInput
)
  -> Page<Int, Int>
{
  let size = max(0, request.size + input.int(in: -3...3))
  let key = min(max(request.key ?? 0, 0), total)
  let (start, end) =
    cursor == .backward && request.kind != .refresh
    ? (max(0, key - size), key) : (key, min(total, key + size))
  let honest = input.choice(3) != 0
  let previousKey: Int? =
    switch cursor {
    case .twoWay: start > 0 ? max(0, start - pageSize) : nil
    case .forward: nil
    case .backward: start > 0 ? start : nil
    }
  let nextKey: Int? =
    switch cursor {
    case .twoWay: end < total || request.kind == .prepend ? end : nil
    case .forward: end < total ? end : nil
    case .backward: nil
    }
  return Page(
    items: Array(start..<end), previousKey: previousKey, nextKey: nextKey,
    itemsBefore: honest ? start : (input.bool() ? nil : input.hostileCount(small: 0...500)),
    itemsAfter: honest ? total - end : (input.bool() ? nil : input.hostileCount(small: 0...500)))
}

@MainActor
/// With `absolute` positions (a positional source, or keyed with refresh
/// keys), every item sits at its own value; otherwise at one shift.
func verify(_ pager: Pager<Int, Int>, step: Int, absolute: Bool) {
  let items = pager.items
  check(items.count >= 0 && items.count <= Int(Int32.max), "count \(items.count)")
  var offset: Int? = absolute ? 0 : nil
  var previous: Int?
  // Every position when there are few; with a lying total of billions of
  // placeholders, the loaded ranges and their neighbors (a full walk would
  // take minutes: CI's FuzzPager hung on one).
  let positions: [Int] =
    items.count <= 100_000
    ? Array(items.indices)
    : items.loadedRanges.flatMap { range in
      [range.lowerBound - 1] + Array(range) + [range.upperBound]
    }.filter { items.indices.contains($0) }
  for position in positions {
    guard let item = items[position] else {
      check(!items.isLoaded(at: position), "a placeholder at \(position) reads as loaded")
      continue
    }
    check(items.isLoaded(at: position), "an item at \(position) reads as not loaded")
    // One source, one shift: nothing lost out of the middle, duplicated or reordered.
    if let offset {
      check(item - position == offset, "item \(item) at \(position), shift \(offset)")
    }
    offset = item - position
    if let previous { check(item > previous, "items out of order: \(previous) then \(item)") }
    previous = item
  }
  if let last = items.loadedRanges.last {
    check(last.upperBound <= items.count, "loaded \(last) beyond count \(items.count)")
  }
  if let maximum = pager.configuration.maximumLoadedPages {
    check(items.loadedPageCount <= maximum, "\(items.loadedPageCount) pages loaded, cap \(maximum)")
  }
}
