//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Paging

struct LoaderFailure: Error, Equatable {
  var message = "offline"
}

/// A loader whose requests wait until the test answers them, in any order.
actor FakeLoader {
  struct Pending {
    var request: PageRequest<Int>
    var continuation: CheckedContinuation<Page<Int, Int>, any Error>
  }
  private(set) var pending: [Pending] = []
  private(set) var requests: [PageRequest<Int>] = []

  func load(_ request: PageRequest<Int>) async throws -> Page<Int, Int> {
    try await withCheckedThrowingContinuation { continuation in
      requests.append(request)
      pending.append(Pending(request: request, continuation: continuation))
    }
  }

  var pendingRequests: [PageRequest<Int>] { pending.map(\.request) }

  /// Answers the pending request at `index` with `page`.
  func respond(_ index: Int = 0, with page: Page<Int, Int>) {
    pending.remove(at: index).continuation.resume(returning: page)
  }

  /// Answers the pending request at `index` with the page of `source`.
  func respond(_ index: Int = 0, from source: PageSource) {
    let request = pending[index].request
    respond(index, with: source.page(for: request))
  }

  func fail(_ index: Int = 0, with error: any Error = LoaderFailure()) {
    pending.remove(at: index).continuation.resume(throwing: error)
  }

  /// Answers everything still waiting, so no task is left suspended.
  func drain() {
    for entry in pending { entry.continuation.resume(throwing: CancellationError()) }
    pending = []
  }
}

/// Items `0..<total` in pages keyed by their first offset.
struct PageSource {
  var total: Int
  var pageSize: Int
  var reportsCounts = false

  func page(for request: PageRequest<Int>) -> Page<Int, Int> {
    let start = request.key ?? 0
    let size = request.kind == .refresh ? request.size : pageSize
    let end = min(total, start + size)
    return Page(
      items: Array(start..<end),
      previousKey: start > 0 ? max(0, start - pageSize) : nil,
      nextKey: end < total ? end : nil,
      itemsBefore: reportsCounts ? start : nil,
      itemsAfter: reportsCounts ? total - end : nil)
  }
}
