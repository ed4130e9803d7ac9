//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing

@testable @_spi(Testing) import Paging

/// The pager's core, driven synchronously: no task, no actor, no waiting.
@Suite("Pager core")
struct PagerCoreTests {
  typealias Core = _PagerCore<Int, Int>

  func core(pageSize: Int = 10, prefetch: Int = 0) -> Core {
    Core(
      configuration: PagingConfiguration(
        pageSize: pageSize, initialLoadSize: pageSize, prefetchDistance: prefetch,
        settleInterval: .milliseconds(50)),
      source: .positional { _ in PositionalPage(items: []) })
  }

  /// The loads the core asked to start, by serial, and those it cancelled.
  func loads(_ effects: [Core._Effect]) -> (started: [Int: Range<Int>], cancelled: [Int]) {
    var started: [Int: Range<Int>] = [:]
    var cancelled: [Int] = []
    for effect in effects {
      switch effect {
      case .start(let serial, .positions(let range)): started[serial] = range
      case .cancel(let serial): cancelled.append(serial)
      default: break
      }
    }
    return (started, cancelled)
  }

  func answer(_ core: inout Core, _ serial: Int, _ range: Range<Int>, total: Int = 1_000) {
    core.complete(
      serial,
      .success(.positional(range, PositionalPage(items: Array(range), totalCount: total))))
  }

  @Test("A refresh asks for the first page; its answer publishes it")
  func firstPage() {
    var core = core()
    #expect(core.takeEffects().isEmpty, "nothing loads before refresh()")
    core.refresh()
    let (started, _) = loads(core.takeEffects())
    #expect(Array(started.values) == [0..<10])
    #expect(core.loadState(of: .refresh).isLoading)
    answer(&core, started.keys.first!, 0..<10)
    #expect(core.items.count == 1_000)
    #expect(core.items.prefix(10).map { $0 } == Array(0..<10))
    #expect(core.isIdle)
  }

  @Test("A far visible range cancels what it left and asks for what it shows")
  func farJumpCancels() {
    var core = core()
    core.refresh()
    let first = loads(core.takeEffects()).started
    answer(&core, first.keys.first!, 0..<10)
    _ = core.takeEffects()
    core.visibleRangeDidChange(10..<15)
    let near = loads(core.takeEffects()).started
    #expect(Array(near.values) == [10..<20])
    // A fling far away: the settle timer is armed (the shell runs it; here
    // it fires when the test says), nothing loads yet.
    core.visibleRangeDidChange(500..<505)
    let effects = core.takeEffects()
    #expect(effects.contains { if case .armSettle = $0 { true } else { false } })
    #expect(loads(effects).cancelled == Array(near.keys))
    core.settled()
    let far = loads(core.takeEffects()).started
    #expect(Array(far.values) == [500..<510])
    // The cancelled load's late answer changes nothing.
    let before = core.items.version
    answer(&core, near.keys.first!, 10..<20)
    #expect(core.items.version == before)
    #expect(core._counts.discardedResponses == 1)
  }
}
