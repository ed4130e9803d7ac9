//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import Windowing
import _TestSupport

@Suite("Pinned rows and sticky headers")
struct PinningTests {
  /// 100 rows of 50 points, sections of 10 rows headed at 0, 10, 20, …
  func makeList() -> VirtualList<[Int], Int, FixedLengthLayout> {
    var list = VirtualList(
      data: Array(0..<100), id: { $0 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: 100, itemLength: 50),
        viewport: Viewport(offset: 0, length: 200), overscan: Overscan(points: 0, items: 0)))
    list.setStickyHeaders(stride(from: 0, to: 100, by: 10))
    return list
  }

  @Test func theHeaderOfTheTopSectionSticksUntilTheNextPushesIt() {
    var list = makeList()
    #expect(list.engine.stickyHeader == StickyHeader(position: 0, offset: 0, isDetached: false))
    _ = list.scroll(toOffset: 1_200)  // rows 24…27 on screen, in the section headed at 20
    #expect(list.engine.stickyHeader == StickyHeader(position: 20, offset: 1_200, isDetached: true))
    #expect(!list.window.contains(20) && list.rowsOutsideWindow.map(list.id(at:)) == [20])
    _ = list.scroll(toOffset: 1_470)  // header 30 starts 30 points below the top: 20 is pushed up
    #expect(list.engine.stickyHeader == StickyHeader(position: 20, offset: 1_450, isDetached: true))
    _ = list.scroll(toOffset: 1_500)
    #expect(
      list.engine.stickyHeader == StickyHeader(position: 30, offset: 1_500, isDetached: false))
  }

  @Test func pinnedRowsFollowTheirItemsThroughChanges() {
    var list = makeList()
    list.setPinned([90, 5])
    #expect(list.engine.pinned == [5, 90])
    list.apply(RowChanges(insertions: [0..<3]), from: Array(1_000..<1_003) + Array(0..<100))
    #expect(list.engine.pinned == [8, 93])
    list.apply(
      RowChanges(deletions: [8..<9]), from: Array(1_000..<1_003) + Array(0..<5) + Array(6..<100))
    #expect(list.engine.pinned == [92], "a removed row is no longer pinned")
    #expect(list.rowsOutsideWindow.map(list.id(at:)) == [90])
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    /// Ten rows, read by the exit tests (which capture nothing).
    static func tenRows() -> VirtualList<[Int], Int, FixedLengthLayout> {
      VirtualList(
        data: Array(0..<10), id: { $0 },
        engine: WindowingEngine(
          layout: FixedLengthLayout(itemCount: 10, itemLength: 44), viewport: Viewport(length: 800))
      )
    }

    @Test func pinningAPositionOutOfRangeTrapsNamingIt() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var list = PinningTests.tenRows()
        list.setPinned([3, 12])
      }
      #expect(standardErrorText(of: result).contains("Position 12 out of range 0..<10"))
    }

    @Test func readingAnIdentifierOutOfRangeTrapsNamingIt() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = PinningTests.tenRows().id(at: -1)
      }
      #expect(standardErrorText(of: result).contains("Position -1 out of range 0..<10"))
    }
  #endif
}

@Suite("End anchoring (chat mode)")
struct EndAnchoringTests {
  func makeChat(count: Int) -> VirtualList<[Int], Int, VariableLengthLayout> {
    var list = VirtualList(
      data: Array(0..<count), id: { $0 },
      engine: WindowingEngine(
        layout: VariableLengthLayout(itemCount: count, estimatedLength: 40),
        viewport: Viewport(offset: 0, length: 400)))
    list.anchoring = .chat
    return list
  }

  @Test func atTheEndAppendsAreFollowedAndAGrowingLastRowStaysAtTheBottom() {
    var list = makeChat(count: 50)  // 2,000 points of content
    _ = list.scroll(toOffset: 1_600)
    #expect(list.engine.isAtEnd && list.engine.distanceFromEnd == 0)
    list.apply(RowChanges(insertions: [50..<52]), from: Array(0..<52))
    #expect(list.engine.viewport.offset == 1_680, "two new messages: followed")
    _ = list.setLength(200, of: 51)  // the last message grows as it streams in
    #expect(list.engine.viewport.offset == 1_840 && list.engine.isAtEnd)
  }

  @Test func awayFromTheEndNothingMovesAndTheDistanceIsReported() {
    var list = makeChat(count: 50)
    _ = list.scroll(toOffset: 1_000)
    #expect(!list.engine.isAtEnd && list.engine.distanceFromEnd == 600)
    list.apply(RowChanges(insertions: [50..<52]), from: Array(0..<52))
    #expect(list.engine.viewport.offset == 1_000, "reading older messages: not yanked down")
    #expect(list.engine.distanceFromEnd == 680)
    // Older messages loaded above keep what is read in place.
    list.apply(RowChanges(insertions: [0..<10]), from: Array(100..<110) + Array(0..<52))
    #expect(list.engine.viewport.offset == 1_400)
  }

  @Test func aShorterViewportKeepsTheEndInView() {
    var list = makeChat(count: 50)
    _ = list.scroll(toOffset: 1_600)
    list.setViewport(Viewport(offset: 1_600, length: 250))  // the keyboard appears
    #expect(list.engine.viewport.offset == 1_750 && list.engine.isAtEnd)
  }
}
