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
  /// Whether the app moved shown items (out of source order until a
  /// refresh confirms them).
  var edited = false
  /// Pages the moves may keep past the cap: a page that shows a moved item,
  /// or the source's copy of one, stays until a refresh ends the move.
  var pagesShowingMoves = 0
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
  let session = Session(FuzzInput(data, size))
  var step = 0
  while !session.input.isAtEnd, step < 150 {
    step += 1
    session.step()
    session.takeEffects()
    session.traceItems()
    verify(session.core, session.source, absolute: session.absolute)
  }
  session.drain()
  verify(session.core, session.source, absolute: session.absolute)
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
      if !source.lied, !source.edited {
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
      items.loadedPageCount <= Swift.max(maximum, visible) + source.pagesShowingMoves,
      "\(items.loadedPageCount) pages loaded, cap \(maximum)")
  }
  if core.configuration.trigger == .visibleRange, !source.askedExplicitly {
    check(core.loadsInFlight <= core.configuration.maximumConcurrentLoads, "loads past the cap")
  }
}
