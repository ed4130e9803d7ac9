//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

@_spi(Testing) import Paging
import Testing
import _TestSupport

/// Run under `swift test --sanitize=thread --filter Concurrent` (CI does).
@MainActor
@Suite("Pager Concurrent traversals")
struct PagedCollectionConcurrentTests {
  @Test func snapshotsAreReadFromManyThreadsWhilePagesLoad() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(
        pageSize: 20, initialLoadSize: 20, prefetchDistance: 5, trigger: .indexAdvance),
      source: .keyed(load: { request in
        try await Task.sleep(for: .microseconds(200))
        // Items 0..<400 in pages keyed by their first offset.
        let start = request.key ?? 0
        let end = min(400, start + request.size)
        return Page(items: Array(start..<end), nextKey: end < 400 ? end : nil)
      }))
    pager.refresh()
    await pager.waitUntilIdle()
    #expect(pager.items.count == 20)
    var corrupted = 0
    for _ in 0..<40 {
      let requests = pager.requestCount
      let snapshot = pager.items
      corrupted += await withTaskGroup(of: Int.self) { group in
        for _ in 0..<4 {
          group.addTask {
            var bad = 0
            var index = snapshot.startIndex
            while index != snapshot.endIndex {
              if snapshot[index] != index { bad += 1 }
              index = snapshot.index(after: index)
            }
            return bad
          }
        }
        var total = 0
        for await bad in group { total += bad }
        return total
      }
      // The readers' index advances reach the pager in tasks on the main
      // actor, queued before the group ended: they run within a few yields.
      for _ in 0..<100_000 where pager.requestCount == requests {
        if pager.loadState(of: .append).isEndReached { break }
        await Task.yield()
      }
      await pager.waitUntilIdle()
      if pager.loadState(of: .append).isEndReached { break }
    }
    #expect(corrupted == 0)
    #expect(pager.items.count == 400)
    #expect(pager.items.indices.allSatisfy { pager.items[$0] == $0 })
    // Each traversal of a snapshot asked once; the pager loaded each page once.
    #expect(pager.requestCount == 400 / 20)
  }

  @Test func snapshotsAreReadFromManyThreadsWhileJumpsLoad() async {
    let pager = Pager<Int, Row>(
      configuration: PagingConfiguration(
        pageSize: 100, maximumLoadedPages: 6, maximumConcurrentLoads: 3, settleInterval: .zero),
      source: .positional { range in
        try await Task.sleep(for: .microseconds(100))
        return PositionalPage(items: range.map { Row(id: $0) }, totalCount: 1_000_000)
      })
    pager.refresh()
    await pager.waitUntilIdle()
    var corrupted = 0
    for jump in 0..<40 {
      let start = (jump * 7_919 * 31) % 999_000
      pager.visibleRangeDidChange(start..<start + 30)
      // Readers on other threads walk the snapshot while its loads run.
      let snapshot = pager.items
      corrupted += await withTaskGroup(of: Int.self) { group in
        for reader in 0..<4 {
          group.addTask {
            var bad = 0
            for position in stride(from: reader, to: snapshot.count, by: 997) {
              if let row = snapshot[position], row.id != position { bad += 1 }
              if case .item(let id) = snapshot.id(at: position), id != position { bad += 1 }
            }
            return bad
          }
        }
        var total = 0
        for await bad in group { total += bad }
        return total
      }
    }
    await pager.waitUntilIdle()
    #expect(corrupted == 0)
  }
}

/// A loaded row, identified by its position.
private struct Row: Identifiable, Sendable {
  var id: Int
}
