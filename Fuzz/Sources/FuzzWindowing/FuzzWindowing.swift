//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import FuzzSupport
import IdentityDiff
import Windowing

/// Every data-changing API of `VirtualList` (and the engine under it), for
/// every layout, with hostile geometry (NaN, infinities, negative and huge
/// lengths), against brute-force frames and a freshly built engine.
@_cdecl("FuzzWindowing_main")
public func main(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc: argc, argv: argv) { data, size in
    fuzzWindowing(data ?? UnsafePointer(bitPattern: 1)!, size)
  }
}

/// Runs one input: decodes it into calls and checks them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWindowing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let setup = Setup(&input)
  let layout = input.choice(7)
  if layout < 3 {
    runFixedLayout(layout, &input, setup)
  } else {
    runMeasuredLayout(layout, &input, setup)
  }
  return 0
}

/// What every run reads first: the item count, a viewport and overscan
/// (hostile values included), the visibility threshold.
struct Setup {
  let count: Int
  let viewport: Viewport
  let overscan: Overscan
  let threshold: Double

  init(_ input: inout FuzzInput) {
    count = input.int(in: 0...150)
    viewport = Viewport(
      offset: input.hostileDouble(), length: input.hostileDouble(ordinary: 0...500),
      crossLength: input.hostileDouble(ordinary: 0...600),
      leadingInset: input.hostileDouble(ordinary: 0...40),
      trailingInset: input.hostileDouble(ordinary: 0...40))
    overscan = Overscan(
      points: Double(input.int(in: 0...200)),
      items: input.choice(8) == 0 ? Int.max : input.int(in: 0...4))
    threshold = [0, 0.25, 0.5, 1][input.choice(4)]
  }
}

/// The layouts whose lengths are fixed: a list, and grids of fixed and
/// adaptive columns.
func runFixedLayout(_ kind: Int, _ input: inout FuzzInput, _ setup: Setup) {
  let (count, viewport, overscan, threshold) = (
    setup.count, setup.viewport, setup.overscan, setup.threshold
  )
  switch kind {
  case 0:
    let layout = FixedLengthLayout(
      itemCount: count, itemLength: Double(input.int(in: 1...60)),
      spacing: Double(input.int(in: 0...8)))
    run(&input, layout, viewport, overscan, threshold) { _, lengths in
      lengths.indices.map { (Double($0) * (layout.itemLength + layout.spacing), layout.itemLength) }
    }
  case 1:
    let columns = input.int(in: 1...6)
    let layout = FixedLengthGridLayout(
      itemCount: count, columns: .fixed(columns), itemLength: Double(input.int(in: 1...60)),
      spacing: Double(input.int(in: 0...6)))
    run(&input, layout, viewport, overscan, threshold) { _, lengths in
      lengths.indices.map {
        (Double($0 / columns) * (layout.itemLength + layout.spacing), layout.itemLength)
      }
    }
  default:
    let layout = FixedLengthGridLayout(
      itemCount: count, columns: .adaptive(minimumLength: Double(input.int(in: 10...120))),
      itemLength: 40, spacing: 4)
    run(&input, layout, viewport, overscan, threshold) { engine, lengths in
      let n = engine.layout.columnCount
      return lengths.indices.map { (Double($0 / n) * 44, 40) }
    }
  }
}

/// The layouts that take measurements, each against a brute-force
/// reference of its frames.
func runMeasuredLayout(_ kind: Int, _ input: inout FuzzInput, _ setup: Setup) {
  let (count, viewport, overscan, threshold) = (
    setup.count, setup.viewport, setup.overscan, setup.threshold
  )
  switch kind {
  case 3:
    let spacing = Double(input.int(in: 0...6))
    let layout = VariableLengthLayout(
      itemCount: count, estimatedLength: Double(input.int(in: 1...80)), spacing: spacing)
    run(&input, layout, viewport, overscan, threshold, measured: layout.estimatedLength) {
      _, lengths in
      // Brute force: a running sum, no tree.
      var offset = 0.0
      return lengths.map { length in
        defer { offset += length + spacing }
        return (offset, length)
      }
    }
  case 4:
    let lanes = input.int(in: 1...5)
    let layout = MasonryLayout(
      itemCount: count, columns: .fixed(lanes), estimatedLength: Double(input.int(in: 1...80)),
      spacing: Double(input.int(in: 0...6)))
    run(&input, layout, viewport, overscan, threshold, measured: layout.estimatedLength) {
      _, lengths in
      // Brute force: each item, in order, into the lane that ends first.
      var next = [Double](repeating: 0, count: lanes)
      return lengths.map { length in
        let lane = next.indices.min { next[$0] < next[$1] }!
        defer { next[lane] += length + layout.spacing }
        return (next[lane], length)
      }
    }
  case 5:
    let columns = input.int(in: 1...5)
    let spacing = Double(input.int(in: 0...6))
    let layout = MeasuredGridLayout(
      itemCount: count, columns: .fixed(columns), estimatedLength: Double(input.int(in: 1...80)),
      spacing: spacing)
    run(&input, layout, viewport, overscan, threshold, measured: layout.estimatedLength) {
      _, lengths in
      // Brute force: each row as long as its longest item.
      var frames: [(offset: Double, length: Double)] = []
      var offset = 0.0
      for row in stride(from: 0, to: lengths.count, by: columns) {
        let items = row..<min(lengths.count, row + columns)
        let length = lengths[items].max()!
        for _ in items { frames.append((offset, length)) }
        offset += length + spacing
      }
      return frames
    }
  default:
    let start = Double(input.int(in: 0...50))
    let spacing = Double(input.int(in: 0...6))
    let layout = PaddedLayout(
      VariableLengthLayout(
        itemCount: count, estimatedLength: Double(input.int(in: 1...80)), spacing: spacing),
      padding: ContentPadding(
        start: start, end: Double(input.int(in: 0...50)), crossStart: 8, crossEnd: 8))
    run(&input, layout, viewport, overscan, threshold, measured: layout.base.estimatedLength) {
      _, lengths in
      var offset = start
      return lengths.map { length in
        defer { offset += length + spacing }
        return (offset, length)
      }
    }
  }
}

/// Every item's frame along the scrolling axis, by brute force from the
/// layout's parameters and, for the variable layout, the model's lengths.
typealias Frames<L: WindowLayout> = (WindowingEngine<L>, [Double]) -> [(
  offset: Double, length: Double
)]

func run<L: WindowLayout>(
  _ input: inout FuzzInput, _ layout: L, _ viewport: Viewport, _ overscan: Overscan,
  _ threshold: Double, frames: Frames<L>
) {
  run(&input, layout, viewport, overscan, threshold, estimate: 0, measure: nil, frames: frames)
}

/// `run` for a layout whose items are measured from `estimate`.
func run<L: MeasuredLayout>(
  _ input: inout FuzzInput, _ layout: L, _ viewport: Viewport, _ overscan: Overscan,
  _ threshold: Double, measured estimate: Double, frames: Frames<L>
) {
  run(
    &input, layout, viewport, overscan, threshold, estimate: estimate,
    measure: { list, batch, oneAtATime in
      if oneAtATime {
        for (position, length) in batch { _ = list.setLength(length, of: position) }
      } else {
        _ = list.setLengths(batch)
      }
    }, frames: frames)
}

/// How the run's host reports a measured length (`HostProfile` in the
/// tests): alone; with every row of the window, unchanged ones included;
/// with rows outside the window and the row twice; or a step late, by id,
/// at the row's position then.
enum Host: CaseIterable {
  case oneByOne, wholeWindow, observer, late
}

func run<L: WindowLayout>(
  _ input: inout FuzzInput, _ layout: L, _ viewport: Viewport, _ overscan: Overscan,
  _ threshold: Double, estimate: Double,
  measure: ((inout VirtualList<[Int], Int, L>, [(position: Int, length: Double)], Bool) -> Void)?,
  frames: Frames<L>
) {
  let run = WindowingRun(
    input, layout, viewport, overscan, threshold: threshold, estimate: estimate)
  var step = 0
  while !run.input.isAtEnd, step < 200 {
    step += 1
    guard let effect = run.step(measure: measure, step: step) else { continue }
    run.verify(dataChanged: effect.dataChanged, frames: frames, step: step)
  }
  input = run.input
}

/// One input's list over ids, the lengths its host reports by position,
/// and what the checks follow by id: pinned rows, headers, the prompt, and
/// the rows read before the reader last moved.
final class WindowingRun<L: WindowLayout> {
  typealias Measure = (inout VirtualList<[Int], Int, L>, [(position: Int, length: Double)], Bool)
    -> Void

  /// What a step did, as the engine sees it.
  struct Effect {
    /// Whether the rows or their lengths may have changed.
    var dataChanged = true
    /// Whether the reader moved (a scroll, a jump, a viewport change).
    var readerMoved = false
    /// Whether rows were inserted, removed or reordered.
    var changedRows = false
    /// The rows a difference moved.
    var movedIDs: Set<Int> = []
  }

  var input: FuzzInput
  let host: Host
  let overscan: Overscan
  let estimate: Double
  /// The late host's report waiting for the next measurement step: an id.
  var late: (id: Int, length: Double)?
  var data: [Int]
  var nextID: Int
  var lengths: [Double]
  var list: VirtualList<[Int], Int, L>
  // Pinned rows and section headers, by id: they follow their items.
  var pinnedIDs: Set<Int> = []
  var headerIDs: Set<Int> = []
  // The prompt shown last, by id: kept at the top until the reader scrolls.
  var promptID: Int?
  // The positions on screen before the reader last moved, or that survived
  // the last data change: the rows the rule for measurements keeps.
  var wasVisible = 0..<0
  /// The window before the step, where `position(_:)` aims.
  var window = 0..<0

  init(
    _ input: FuzzInput, _ layout: L, _ viewport: Viewport, _ overscan: Overscan,
    threshold: Double, estimate: Double
  ) {
    self.input = input
    host = Host.allCases[self.input.choice(Host.allCases.count)]
    self.overscan = overscan
    self.estimate = estimate
    data = Array(0..<layout.itemCount)
    nextID = layout.itemCount
    lengths = Array(repeating: estimate, count: layout.itemCount)
    list = VirtualList(
      data: Array(0..<layout.itemCount), id: { $0 },
      engine: WindowingEngine(
        layout: layout, viewport: viewport, overscan: overscan, visibilityThreshold: threshold))
  }

  /// Positions above, inside and below the window, and at both ends.
  func position(_ upper: Int) -> Int {
    switch input.choice(5) {
    case 0: return 0
    case 1: return upper
    case 2: return input.int(in: 0...min(upper, window.lowerBound))
    case 3: return input.int(in: min(upper, window.lowerBound)...min(upper, window.upperBound))
    default: return input.int(in: min(upper, window.upperBound)...upper)
    }
  }

  /// One call the input chooses; `nil` if it had nothing to do.
  func step(measure: Measure?, step: Int) -> Effect? {
    window = list.window
    let visibleBefore = list.engine.visibleRange
    let visibleIDs = visibleBefore.map { data[$0] }
    let offsetBefore = list.engine.viewport.offset
    let countBefore = data.count
    let effect: Effect
    switch input.choice(10) {
    case 9 where !data.isEmpty && input.choice(4) == 0:
      // A prompt kept at the top while its reply streams in.
      list.anchoring = .assistant
      promptID = data[position(data.count - 1)]
      list.showPrompt(at: data.firstIndex(of: promptID!)!)
      effect = Effect(dataChanged: false, readerMoved: true)
    case 9 where !data.isEmpty:
      // An aimed scroll, anywhere, with any alignment.
      let alignments: [ScrollAlignment] = [.start, .center, .end, .nearest]
      list.scroll(toPosition: position(data.count - 1), alignment: alignments[input.choice(4)])
      effect = Effect(dataChanged: false, readerMoved: true)
    case 7 where !data.isEmpty:
      let positions = (0..<input.int(in: 0...4)).map { _ in position(data.count - 1) }
      list.setPinned(positions)
      pinnedIDs = Set(positions.map { data[$0] })
      effect = Effect(dataChanged: false)
    case 8 where !data.isEmpty:
      let positions = (0..<input.int(in: 0...8)).map { _ in position(data.count - 1) }
      list.setStickyHeaders(positions)
      headerIDs = Set(positions.map { data[$0] })
      effect = Effect(dataChanged: false)
    case 0:
      scroll()
      effect = Effect(dataChanged: false, readerMoved: list.engine.viewport.offset != offsetBefore)
    case 1: effect = insert()
    case 2: effect = remove()
    case 3: effect = replaceData(countBefore: countBefore)
    case 4: effect = applyDifference()
    case 5:
      guard !data.isEmpty, let measure else { return nil }
      effect = self.measure(measure, step: step)
    default:
      var new = list.engine.viewport
      new.length = input.hostileDouble(ordinary: 0...500)
      if input.bool() { new.crossLength = input.hostileDouble(ordinary: 0...700) }
      if input.bool() { new.offset = input.hostileDouble() }
      list.setViewport(new)
      effect = Effect(dataChanged: false, readerMoved: true)
    }
    if effect.readerMoved { wasVisible = visibleBefore }
    if effect.changedRows {
      // The survivors in place, from the lowest to the highest; if none
      // stayed in place, those that moved (Anchoring).
      let stayed = visibleIDs.filter { !effect.movedIDs.contains($0) }
        .compactMap { data.firstIndex(of: $0) }
      let survivors = stayed.isEmpty ? visibleIDs.compactMap { data.firstIndex(of: $0) } : stayed
      wasVisible = survivors.min().map { $0..<survivors.max()! + 1 } ?? 0..<0
    }
    return effect
  }

  // MARK: - Calls

  private func scroll() {
    if input.bool() {
      // A small scroll either way, as a reader drags through unmeasured rows.
      _ = list.scroll(toOffset: list.engine.viewport.offset + Double(input.int(in: -300...300)))
    } else {
      _ = list.scroll(
        toOffset: input.hostileDouble(
          ordinary: -100...Int(min(list.engine.contentLength, 1e6)) + 100))
    }
  }

  private func insert() -> Effect {
    let at = position(data.count)
    let k = input.int(in: 0...12)
    data.insert(contentsOf: nextID..<nextID + k, at: at)
    lengths.insert(contentsOf: repeatElement(estimate, count: k), at: at)
    nextID += k
    list.apply(RowChanges(insertions: [at..<at + k]), from: data)
    return Effect(changedRows: true)
  }

  private func remove() -> Effect {
    let lower = position(data.count)
    let upper = input.bool() ? data.count : input.int(in: lower...min(data.count, lower + 12))
    data.removeSubrange(lower..<upper)
    lengths.removeSubrange(lower..<upper)
    list.apply(RowChanges(deletions: [lower..<upper]), from: data)
    return Effect(changedRows: true)
  }

  private func replaceData(countBefore: Int) -> Effect {
    let newCount = input.int(in: 0...data.count + 20)
    if newCount < data.count {
      data.removeLast(data.count - newCount)
      lengths.removeLast(lengths.count - newCount)
    } else {
      data += nextID..<nextID + newCount - data.count
      nextID += newCount - lengths.count
      lengths += repeatElement(estimate, count: newCount - lengths.count)
    }
    list.replaceData(data)
    // As many rows: a new layout, which keeps no rows read.
    let changedRows = data.count != countBefore
    if !changedRows { wasVisible = 0..<0 }
    return Effect(changedRows: changedRows)
  }

  private func applyDifference() -> Effect {
    var new = data
    for _ in 0..<input.int(in: 0...4) where !new.isEmpty {
      new.remove(at: input.int(in: 0...new.count - 1))
    }
    for _ in 0..<input.int(in: 0...4) {
      new.insert(nextID, at: input.int(in: 0...new.count))
      nextID += 1
    }
    if !new.isEmpty, input.bool() {
      let moved = new.remove(at: input.int(in: 0...new.count - 1))
      new.insert(moved, at: input.int(in: 0...new.count))
    }
    let lengthOf = Dictionary(uniqueKeysWithValues: zip(data, lengths))
    lengths = new.map { lengthOf[$0] ?? estimate }
    let difference = IdentityDifference(from: data, to: new, id: { $0 })
    let movedIDs = Set(difference.moves.map { data[$0.from] })
    data = new
    list.apply(RowChanges(difference), from: data)
    return Effect(changedRows: true, movedIDs: movedIDs)
  }

  /// A row measured, as the run's host reports it.
  private func measure(_ measure: Measure, step: Int) -> Effect {
    // Often the row straddling the top edge, as it enters on the way up.
    let visible = list.engine.visibleRange
    var at = !visible.isEmpty && input.bool() ? visible.lowerBound : position(data.count - 1)
    var length = input.hostileDouble(ordinary: 0...200)
    if host == .late {
      // This step's report waits; the last one arrives, if its row is there.
      let now = (id: data[at], length: length)
      defer { late = now }
      guard let report = late, let position = data.firstIndex(of: report.id) else {
        return Effect(dataChanged: false)
      }
      (at, length) = (position, report.length)
    }
    let kept = keptEdge(list.engine, measuring: at, wasVisible: wasVisible)
    // The other rows reported are at the lengths held: no measurement.
    var batch = [(position: at, length: length)]
    switch host {
    case .wholeWindow:
      batch += list.window.filter { $0 != at }.map { ($0, lengths[$0]) }
      batch.swapAt(0, input.int(in: 0...batch.count - 1))
    case .observer:
      batch += (0..<input.int(in: 0...3)).map { _ in
        let p = position(data.count - 1)
        return (p, p == at ? length : lengths[p])
      }
      batch.append((at, length))
    case .oneByOne, .late: break
    }
    measure(&list, batch, host == .oneByOne)
    if let kept { checkKept(kept, list.engine, step: step) }
    // An ignored or unchanged measurement (within a millionth of a point)
    // recomputes nothing; a changed one recomputes the window (anchored,
    // or re-aimed after an aimed scroll).
    guard length >= 0, length <= VariableLengthLayout.maximumItemLength,
      abs(length - lengths[at]) > 1e-6
    else { return Effect(dataChanged: false) }
    lengths[at] = length
    return Effect()
  }

  // MARK: - Checks

  /// The frames against brute force, then what follows ids: the prompt,
  /// pinned rows, headers and the sticky one, the rows outside the window,
  /// the render plan.
  func verify(dataChanged: Bool, frames: Frames<L>, step: Int) {
    let all = frames(list.engine, lengths)
    FuzzWindowing.verify(list, data, all, overscan, dataChanged: dataChanged, step: step)
    let engine = list.engine
    if let prompt = engine.prompt {
      check(data[prompt] == promptID, "the prompt \(prompt) is not row \(promptID!)")
      checkPrompt(prompt, engine, all, step: step)
    }
    check(
      engine.pinned == data.indices.filter { pinnedIDs.contains(data[$0]) },
      "pinned \(engine.pinned) do not follow their items at step \(step)")
    let headers = data.indices.filter { headerIDs.contains(data[$0]) }
    check(engine.stickyHeaders == headers, "headers do not follow their items at step \(step)")
    // The sticky header: the last header at or above the top, by brute force.
    let top = engine.viewport.unobscuredRegion.lowerBound
    let expected = headers.last { engine.layout.frame(of: $0).mainOffset <= top }
    check(
      engine.stickyHeader?.position == expected,
      "sticky header \(String(describing: engine.stickyHeader)), expected \(String(describing: expected))"
    )
    let outside = engine.rowsOutsideWindow
    check(
      outside.allSatisfy { !engine.window.contains($0) && $0 >= 0 && $0 < data.count }
        && outside == outside.sorted() && Set(outside).count == outside.count,
      "rows outside the window \(outside)")
    check(list.rowsOutsideWindow == outside, "positions outside the window")
    check(outside.map(list.id(at:)) == outside.map { data[$0] }, "ids outside the window")
    // The render plan draws the window, and keeps the pinned rows alive.
    let plan = list.renderPlan()
    check(
      plan.rows.map(\.position) == Array(engine.window)
        && plan.rows.map(\.id) == Array(data[engine.window]), "render plan rows at step \(step)")
    check(
      plan.keptAlive.map(\.position) == engine.pinned.filter { !engine.window.contains($0) },
      "render plan kept rows at step \(step)")
  }
}

func verify<L: WindowLayout>(
  _ list: VirtualList<[Int], Int, L>, _ data: [Int], _ frames: [(offset: Double, length: Double)],
  _ overscan: Overscan, dataChanged: Bool, step: Int
) {
  let engine = list.engine
  check(engine.layout.itemCount == data.count, "count \(engine.layout.itemCount) vs \(data.count)")
  let v = engine.viewport
  check(
    v.offset.isFinite && v.length.isFinite && v.crossLength.isFinite && v.leadingInset.isFinite
      && v.trailingInset.isFinite, "non-finite viewport \(v)")
  for i in data.indices {
    let f = engine.layout.frame(of: i)
    let e = frames[i]
    check(
      abs(f.mainOffset - e.offset) <= 1e-6 * max(1, abs(e.offset))
        && abs(f.mainLength - e.length) <= 1e-6 * max(1, e.length),
      "frame of \(i) at step \(step)")
  }
  let fresh = WindowingEngine(
    layout: engine.layout, viewport: v, overscan: overscan,
    visibilityThreshold: engine.visibilityThreshold)
  check(
    fresh.visibleRange == engine.visibleRange,
    "visible \(engine.visibleRange) vs fresh \(fresh.visibleRange)")
  if dataChanged {
    check(fresh.window == engine.window, "window \(engine.window) vs \(fresh.window)")
  }
  check(engine.window.lowerBound >= 0 && engine.window.upperBound <= data.count, "window bounds")
  let region = v.region
  for i in data.indices {
    let e = frames[i]
    // An empty viewport shows nothing. The reference's running sums round
    // apart from the layout's by a few units in the last place, and the
    // layout's own frames decide what touches: an overlap within that
    // rounding is not checked here (the exact check below uses the frames).
    let tolerance = 1e-9 * max(1, abs(e.offset))
    if !region.isEmpty, e.length > 0, e.offset < region.upperBound - tolerance,
      e.offset + e.length > region.lowerBound + tolerance
    {
      check(
        engine.window.contains(i),
        "item \(i) \(e) on screen outside \(engine.window) at step \(step), viewport \(v), "
          + "\(engine.layout)")
    }
  }
  check(list.windowIDs == Array(data[engine.window]), "window ids at step \(step)")
  // Exact overlap, by the layout's own frames: an item counts if its frame,
  // not its gap, meets the region; touching is not overlapping.
  func hull(_ region: Range<Double>) -> Range<Int> {
    guard !region.isEmpty else { return 0..<0 }
    let hits = data.indices.filter {
      let f = engine.layout.frame(of: $0)
      return f.mainOffset < region.upperBound && f.mainOffset + f.mainLength > region.lowerBound
    }
    guard let first = hits.first, let last = hits.last else { return 0..<0 }
    return first..<last + 1
  }
  for probe in [region, v.unobscuredRegion] where probe.lowerBound.isFinite {
    let found = engine.layout.items(overlapping: probe)
    let expected = hull(probe)
    check(
      found == expected || (found.isEmpty && expected.isEmpty),
      "items(overlapping: \(probe)) = \(found), frames say \(expected) at step \(step), "
        + "\(engine.layout)")
  }
  if engine.visibilityThreshold == 0 {
    let expected = hull(v.unobscuredRegion)
    check(
      engine.visibleRange == expected || (engine.visibleRange.isEmpty && expected.isEmpty),
      "visible \(engine.visibleRange), frames say \(expected) at step \(step)")
  }
}

/// The item edge `Anchoring`'s rule for measurements keeps on screen when
/// the item at `measured` is measured, by brute force over the visible
/// items, with its screen offset; `nil` where the rule does not decide the
/// offset (an aimed scroll, a followed end). `wasVisible` holds the rows
/// visible before the reader last moved, or that survived the last data
/// change.
func keptEdge<L: WindowLayout>(
  _ engine: WindowingEngine<L>, measuring measured: Int, wasVisible: Range<Int>
) -> (
  position: Int, bottom: Bool, screen: Double
)? {
  guard engine.aimedScroll == nil, engine.prompt == nil,
    !(engine.anchoring != .feed && engine.isAtEnd), !engine.window.isEmpty
  else { return nil }
  let viewport = engine.viewport
  let visible = engine.visibleRange
  let first = visible.isEmpty ? engine.window.lowerBound : visible.lowerBound
  guard first < engine.layout.itemCount else { return nil }
  func edge(_ position: Int, bottom: Bool) -> (position: Int, bottom: Bool, screen: Double) {
    let frame = engine.layout.frame(of: position)
    let offset = bottom ? frame.mainOffset + frame.mainLength : frame.mainOffset
    return (position, bottom, offset - viewport.offset)
  }
  // Measured: the item, and the visible items in its row when it is visible.
  let row = visible.contains(measured) ? engine.layout.frame(of: measured).mainOffset : nil
  func isMeasured(_ p: Int) -> Bool {
    p == measured || engine.layout.frame(of: p).mainOffset == row
  }
  let frame = engine.layout.frame(of: first)
  let top = viewport.offset + viewport.leadingInset
  let entering = visible.overlaps(wasVisible) && !wasVisible.contains(first) && isMeasured(first)
  // At the very top, or a first item that starts at the top edge and is
  // read (not entering): it stays.
  if viewport.offset <= -viewport.leadingInset
    || (frame.mainOffset >= top - 8 * top.ulp && !entering)
  {
    return edge(first, bottom: false)
  }
  if let kept = visible.first(where: { wasVisible.contains($0) && !isMeasured($0) })
    ?? visible.first(where: { !isMeasured($0) })
  {
    return edge(kept, bottom: false)
  }
  let straddles = frame.mainOffset < top && frame.mainOffset + frame.mainLength > top
  return edge(first, bottom: straddles)
}

/// Checks that `kept`'s edge is where it was on screen, unless the offset
/// was clamped at either end of the content.
func checkKept<L: WindowLayout>(
  _ kept: (position: Int, bottom: Bool, screen: Double), _ engine: WindowingEngine<L>, step: Int
) {
  let viewport = engine.viewport
  let lowest = -viewport.leadingInset
  let highest = max(lowest, engine.contentLength - viewport.length + viewport.trailingInset)
  guard viewport.offset > lowest, viewport.offset < highest,
    kept.position < engine.layout.itemCount
  else { return }
  let frame = engine.layout.frame(of: kept.position)
  let edge = kept.bottom ? frame.mainOffset + frame.mainLength : frame.mainOffset
  let moved = edge - viewport.offset - kept.screen
  check(
    abs(moved) <= 1e-6 * max(1, abs(viewport.offset)),
    "a measurement moved the kept \(kept.bottom ? "bottom" : "top") edge of row \(kept.position) "
      + "by \(moved) at step \(step)")
}

/// Checks that a prompt kept at the top is there, by brute force over the
/// frames: at the top of the unobscured region with room below the last row
/// while the content below it is shorter than that region, else the end.
func checkPrompt<L: WindowLayout>(
  _ prompt: Int, _ engine: WindowingEngine<L>, _ frames: [(offset: Double, length: Double)],
  step: Int
) {
  let viewport = engine.viewport
  let content = engine.layout.contentLength
  let top = frames[prompt].offset - viewport.leadingInset
  let end = content - viewport.length + viewport.trailingInset
  let expected = max(top, end)
  let tolerance = 1e-6 * max(1, abs(expected), content)
  check(
    abs(viewport.offset - expected) <= tolerance,
    "offset \(viewport.offset) with prompt \(prompt) kept, expected \(expected) at step \(step)")
  let room = max(0, top - end)
  check(
    abs(engine.contentLength - content - room) <= tolerance,
    "content length \(engine.contentLength) with prompt \(prompt) kept at step \(step)")
}
