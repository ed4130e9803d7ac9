//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Paging
import Testing

/// Run under `swift test --sanitize=thread --filter Concurrent` (CI does).
@MainActor
@Suite("Pager Concurrent traversals")
struct PagedCollectionConcurrentTests {
  @Test func snapshotsAreReadFromManyThreadsWhilePagesLoad() async {
    let source = PageSource(total: 400, pageSize: 20)
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(
        pageSize: 20, initialLoadSize: 20, prefetchDistance: 5, trigger: .indexAdvance),
      loader: { request in
        try await Task.sleep(for: .microseconds(200))
        return source.page(for: request)
      })
    pager.refresh()
    #expect(await eventually { pager.items.count == 20 })
    var corrupted = 0
    for _ in 0..<40 {
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
      _ = await eventually { !pager.appendState.isLoading }
      if pager.appendState.isEndReached { break }
    }
    #expect(corrupted == 0)
    #expect(pager.items.count == 400)
    #expect(pager.items.indices.allSatisfy { pager.items[$0] == $0 })
    // Each traversal of a snapshot asked once; the pager loaded each page once.
    #expect(pager.requestCount == 400 / 20)
  }
}
