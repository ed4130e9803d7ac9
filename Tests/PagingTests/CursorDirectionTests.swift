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
  @Test("A forward-only cursor (no previous keys): appended pages keep the pages before them")
  func forwardOnly() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(pageSize: 10, initialLoadSize: 10, trigger: .manual),
      loader: { request in
        let start = request.key ?? 0
        let end = min(50, start + 10)
        return Page(items: Array(start..<end), nextKey: end < 50 ? end : nil)
      })
    pager.refresh()
    await pager.waitUntilIdle()
    for _ in 0..<4 {
      pager.loadNext()
      await pager.waitUntilIdle()
    }
    #expect(pager.items.compactMap { $0 } == Array(0..<50))
    #expect(pager.appendState.isEndReached)
  }

  @Test(
    "A backward-only cursor (chat history, no next keys): prepended pages keep the pages after them"
  )
  func backwardOnly() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(pageSize: 10, initialLoadSize: 10, trigger: .manual),
      initialKey: 40,
      loader: { request in
        let start = request.key ?? 40
        return Page(items: Array(start..<start + 10), previousKey: start > 0 ? start - 10 : nil)
      })
    pager.refresh()
    await pager.waitUntilIdle()
    for _ in 0..<4 {
      pager.loadPrevious()
      await pager.waitUntilIdle()
    }
    #expect(pager.items.compactMap { $0 } == Array(0..<50))
  }
}
