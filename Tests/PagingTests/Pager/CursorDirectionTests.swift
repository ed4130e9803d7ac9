//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Paging
import Testing

/// Sources whose cursors go one way only: a missing key on the side a page
/// was not loaded towards says nothing about where the data ends.
@MainActor
@Suite("One-way cursors")
struct CursorDirectionTests {
  /// Keyset cursors as SQL writes them: after a page, `id > its last id`;
  /// before a page, `id < its first id`; a jump, `id > position - 1`. Rows
  /// are ids 0..<1,000 at the positions of their ids.
  nonisolated static func keyset(_ request: PageRequest<Int>) -> Page<Int, Int> {
    let key = request.key ?? -1
    let ids =
      request.kind == .prepend
      ? Swift.max(0, key - request.size)..<Swift.max(0, key)
      : Swift.min(1_000, key + 1)..<Swift.min(1_000, key + 1 + request.size)
    return Page(
      items: Array(ids), previousKey: ids.first.flatMap { $0 > 0 ? $0 : nil },
      nextKey: ids.last.flatMap { $0 < 999 ? $0 : nil }, itemsBefore: ids.first ?? key,
      itemsAfter: 1_000 - (ids.last.map { $0 + 1 } ?? key))
  }

  @Test("Keyset cursors walk both ways from a jump, through every page")
  func keysetBothWays() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(
        pageSize: 10, initialLoadSize: 10, prefetchDistance: 0, settleInterval: .zero),
      source: .keyed(initialKey: -1, refreshKey: { $0 - 1 }, load: { Self.keyset($0) }))
    pager.refresh()
    await pager.waitUntilIdle()
    await pager.load(500..<510)
    #expect(pager.items[500] == 500)
    // Scrolling up from the jump a page at a time walks backwards (each
    // page is within the jump distance), down to the start; then down to
    // the end.
    for start in stride(from: 490, through: 0, by: -10) {
      await pager.load(start..<start + 10)
      guard pager.items[start] == start else {
        Issue.record(
          "row \(start): \(String(describing: pager.items[start])), \(pager.loadState(of: .prepend))"
        )
        return
      }
    }
    for start in stride(from: 510, to: 1_000, by: 10) {
      await pager.load(start..<start + 10)
      guard pager.items[start] == start else {
        Issue.record(
          "row \(start): \(String(describing: pager.items[start])), \(pager.loadState(of: .append))"
        )
        return
      }
    }
    #expect(pager.items.count == 1_000)
  }

  @Test("A forward-only cursor (no previous keys): appended pages keep the pages before them")
  func forwardOnly() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(pageSize: 10, initialLoadSize: 10, trigger: .manual),
      source: .keyed(load: { request in
        let start = request.key ?? 0
        let end = min(50, start + 10)
        return Page(items: Array(start..<end), nextKey: end < 50 ? end : nil)
      }))
    pager.refresh()
    await pager.waitUntilIdle()
    for _ in 0..<4 {
      pager.loadNext()
      await pager.waitUntilIdle()
    }
    #expect(pager.items.compactMap { $0 } == Array(0..<50))
    #expect(pager.loadState(of: .append).isEndReached)
  }

  @Test(
    "A backward-only cursor (chat history, no next keys): prepended pages keep the pages after them"
  )
  func backwardOnly() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(pageSize: 10, initialLoadSize: 10, trigger: .manual),
      source: .keyed(
        initialKey: 40,
        load: { request in
          let start = request.key ?? 40
          return Page(items: Array(start..<start + 10), previousKey: start > 0 ? start - 10 : nil)
        }))
    pager.refresh()
    await pager.waitUntilIdle()
    for _ in 0..<4 {
      pager.loadPrevious()
      await pager.waitUntilIdle()
    }
    #expect(pager.items.compactMap { $0 } == Array(0..<50))
  }
}
