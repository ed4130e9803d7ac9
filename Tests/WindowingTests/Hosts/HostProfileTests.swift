//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import Windowing
import _TestSupport

/// Every host profile, under every anchoring, in every measuring layout
/// (masonry scrolled downwards): scrolls up and down, flings, aimed jumps,
/// prepends, appends, removals and a growing last row, interleaved at
/// random, with real lengths unlike the estimate and with and without
/// insets and overscan. After each frame (and after a SwiftUI host's late
/// reports, on their own), against the rows on screen before it:
/// - the rows between two rows measured in the frame move as one;
/// - the row read stays where the reader's scroll put it (within 0.5 pt):
///   the first row wholly below the top edge that the frame did not
///   measure, or the first such row that was on screen before the reader
///   last moved, which `Anchoring` names; through a data change, the
///   anchor; unless the end was followed, the offset clamped or a jump
///   still aimed;
/// - at the end with `.chat` or `.assistant`, the end stays in view;
/// - a prompt held by `.assistant` stays where it was, or goes back to the
///   top once what follows it no longer fills the viewport.
@Suite("Host profiles")
struct HostProfileTests {
  enum Kind: String, CaseIterable, Sendable {
    case variable, measuredGrid, padded, masonry
  }

  @Test(
    "Whatever a host reports and whenever it reports it, what is on screen moves only by the scroll",
    arguments: HostProfile.allCases, [Anchoring.feed, .chat, .assistant])
  func onScreenStays(profile: HostProfile, anchoring: Anchoring) {
    for seed in modelTestSeeds {
      for kind in Kind.allCases {
        var g = SplitMix64(seed: seed)
        let count = sized(300, full: 2_000)
        let spacing = Double(Int.random(in: 0...6, using: &g))
        switch kind {
        case .variable:
          run(VariableLengthLayout(itemCount: count, estimatedLength: 60, spacing: spacing))
        case .measuredGrid:
          run(
            MeasuredGridLayout(
              itemCount: count, columns: .fixed(3), estimatedLength: 60, spacing: spacing,
              crossLength: 390))
        case .padded:
          run(
            PaddedLayout(
              VariableLengthLayout(itemCount: count, estimatedLength: 60, spacing: spacing),
              padding: ContentPadding(start: 30, end: 50)))
        case .masonry:
          run(
            MasonryLayout(
              itemCount: count, columns: .fixed(3), estimatedLength: 60, spacing: spacing,
              crossLength: 390), downwardsOnly: true)
        }

        func run<L: MeasuredLayout>(_ layout: L, downwardsOnly: Bool = false) {
          var frames = Frames(
            layout: layout, profile: profile, anchoring: anchoring,
            downwardsOnly: downwardsOnly, &g)
          for frame in 0..<sized(150, full: 600) {
            let failures = frames.step(&g)
            #expect(
              failures.isEmpty,
              "\(profile), \(anchoring), \(L.self), seed \(seed), frame \(frame): \(failures.prefix(3))"
            )
            if !failures.isEmpty { return }
          }
          // What was checked, for `swift test --filter HostProfileTests`.
          print(
            "host profiles: \(profile), \(anchoring), \(L.self), seed \(seed):",
            "\(frames.checkedFrames) frames checked, \(frames.comparedRows) rows compared")
        }
      }
    }
  }
}
/// One engine, its host and the frames it shows.
struct Frames<L: MeasuredLayout> {
  var engine: WindowingEngine<L>
  var host: ProfiledHost
  /// Masonry: scrolled downwards only, and a measurement places every
  /// later item again.
  let downwardsOnly: Bool
  var nextID: Int
  var checkedFrames = 0
  /// The ids on screen before the reader last moved, or that survived the
  /// last data change.
  var readBeforeMove: Set<Int> = []
  /// The rows the frame's data change moved: the anchor is the first row
  /// on screen that stayed in place, if any (Anchoring).
  var movedThisFrame: Set<Int> = []
  var comparedRows = 0

  init(
    layout: L, profile: HostProfile, anchoring: Anchoring, downwardsOnly: Bool,
    _ g: inout SplitMix64
  ) {
    let ids = Array(0..<layout.itemCount)
    let real = Dictionary(
      uniqueKeysWithValues: ids.map { ($0, Double.random(in: 20...180, using: &g)) })
    engine = WindowingEngine(
      layout: layout,
      viewport: Viewport(
        length: 800, crossLength: 390, leadingInset: [0, 40][Int.random(in: 0...1, using: &g)],
        trailingInset: [0, 20][Int.random(in: 0...1, using: &g)]),
      overscan: Overscan(points: [0, 200][Int.random(in: 0...1, using: &g)]))
    engine.anchoring = anchoring
    host = ProfiledHost(profile: profile, ids: ids, real: real)
    self.downwardsOnly = downwardsOnly
    nextID = layout.itemCount
    let start = downwardsOnly ? 0 : engine.layout.contentLength / 2
    _ = engine.scroll(toOffset: start)
    _ = host.layoutPass(&engine, &g)
    _ = host.deliverLateReports(&engine)
    _ = host.layoutPass(&engine, &g)
  }

  enum Action {
    case scroll(Double), jump(Int, ScrollAlignment), prepend(Int), append(Int), remove([Int])
    case move([Int], to: Int), growLast(Double), prompt
  }

  func action(_ g: inout SplitMix64) -> Action {
    let count = engine.layout.itemCount
    let roll = Int.random(in: 0..<100, using: &g)
    if downwardsOnly {
      switch roll {
      case 0..<70: return .scroll(100)
      case 70..<80: return .scroll(Double.random(in: 800...6_000, using: &g))
      case 80..<90: return .append(Int.random(in: 1...5, using: &g))
      default: return count > 0 ? .growLast(Double.random(in: 10...80, using: &g)) : .append(1)
      }
    }
    switch roll {
    case 0..<30: return .scroll(-100)
    case 30..<55: return .scroll(100)
    case 55..<60: return .scroll(Double.random(in: -6_000...6_000, using: &g))
    case 60..<64 where count > 0:
      return .jump(
        Int.random(in: 0..<count, using: &g), [.start, .center, .end].randomElement(using: &g)!)
    case 64..<72: return .prepend(Int.random(in: 1...5, using: &g))
    case 72..<80: return .append(Int.random(in: 1...5, using: &g))
    case 80..<88 where count > 1:
      return .remove((0..<Int.random(in: 1...3, using: &g)).map { _ in anywhere(&g) })
    case 88..<92 where count > 0: return .growLast(Double.random(in: 10...80, using: &g))
    case 92..<96 where count > 1:
      // A drag: one to three rows, half the time the row being read.
      var rows = (0..<Int.random(in: 1...3, using: &g)).map { _ in anywhere(&g) }
      if Bool.random(using: &g), !engine.visibleRange.isEmpty {
        rows[0] = engine.visibleRange.lowerBound
      }
      return .move(rows, to: anywhere(&g) + Int.random(in: 0...1, using: &g))
    case 96..<100 where engine.anchoring == .assistant: return .prompt
    default: return .scroll(-100)
    }
  }

  /// A position above, inside or below the window, or at an end.
  func anywhere(_ g: inout SplitMix64) -> Int {
    let count = engine.layout.itemCount
    let window = engine.window.clamped(to: 0..<count)
    switch Int.random(in: 0..<5, using: &g) {
    case 0: return 0
    case 1: return count - 1
    case 2 where !window.isEmpty: return Int.random(in: window, using: &g)
    case 3 where window.lowerBound > 0: return Int.random(in: 0..<window.lowerBound, using: &g)
    default:
      return Int.random(in: window.upperBound..<max(window.upperBound + 1, count), using: &g)
        % count
    }
  }

  typealias Snapshot = [(id: Int, top: Double, bottom: Double)]

  /// The rows on screen, in order, with their edges on screen.
  func snapshot() -> Snapshot {
    engine.visibleRange.map { position in
      let frame = engine.layout.frame(of: position)
      let top = frame.mainOffset - engine.viewport.offset
      return (id: host.ids[position], top: top, bottom: top + frame.mainLength)
    }
  }

  /// One frame: the late reports (checked on their own), then the action
  /// and the layout pass. Returns what moved that should not have.
  mutating func step(_ g: inout SplitMix64) -> [String] {
    var before = snapshot()
    var wasAtEnd = engine.distanceFromEnd <= 0.5
    // An aimed scroll keeps its row in place through the reports and the
    // action that do not end it, instead of what is on screen.
    let aimingAtStart = engine.aimedScroll != nil
    let late = host.deliverLateReports(&engine)
    if !late.isEmpty {
      let failures = check(
        before: before, changedData: false, measured: late, scrolled: 0, wasAtEnd: wasAtEnd,
        aiming: aimingAtStart, promptBefore: nil)
      if !failures.isEmpty { return ["late reports \(late.sorted())"] + failures }
      before = snapshot()
      wasAtEnd = engine.distanceFromEnd <= 0.5
    }
    let promptBefore = engine.prompt.map { host.ids[$0] }
    movedThisFrame = []
    let action = action(&g)
    var scrolled = 0.0
    switch action {
    case .scroll(let distance):
      // Within the scroll range, as a scroll view rests.
      let offset = engine.viewport.offset
      let top = -engine.viewport.leadingInset
      let end = engine.contentLength - engine.viewport.length + engine.viewport.trailingInset
      _ = engine.scroll(toOffset: min(max(offset + distance, top), max(top, end)))
      scrolled = engine.viewport.offset - offset
    case .jump(let position, let alignment):
      engine.scroll(toPosition: position, alignment: alignment)
    case .prepend(let k): insert(k, at: 0, &g)
    case .append(let k): insert(k, at: host.ids.count, &g)
    case .remove(let positions): remove(Set(positions))
    case .move(let positions, let destination): move(positions, to: destination)
    case .growLast(let growth): host.real[host.ids.last!]! += growth
    case .prompt:
      insert(1, at: host.ids.count, &g)
      _ = engine.showPrompt(at: host.ids.count - 1)
    }
    let aiming = aimingAtStart || engine.aimedScroll != nil
    let readAtStart = readBeforeMove
    let ids = before.map(\.id)
    var changedData = false
    switch action {
    case .scroll(let d) where d != 0: readBeforeMove = Set(ids)
    case .jump, .prompt: readBeforeMove = Set(ids)
    case .prepend, .append, .remove, .move:
      readBeforeMove = Set(ids).intersection(host.ids)
      changedData = true
    default: break
    }
    let measured = host.layoutPass(&engine, &g)
    switch action {
    case .jump, .prompt: return []  // the reader went elsewhere
    case .scroll(let d) where abs(d) > 100: return []  // nothing on screen stays in a fling
    default: break
    }
    let failures = check(
      before: before, changedData: changedData, measured: measured, scrolled: scrolled,
      wasAtEnd: wasAtEnd, aiming: aiming, promptBefore: promptBefore,
      readBeforeMove: changedData ? readAtStart : readBeforeMove)
    return failures.isEmpty ? [] : ["after \(action), measured \(measured.sorted())"] + failures
  }

  mutating func insert(_ k: Int, at position: Int, _ g: inout SplitMix64) {
    let new = Array(nextID..<nextID + k)
    nextID += k
    for id in new { host.real[id] = Double.random(in: 20...180, using: &g) }
    host.ids.insert(contentsOf: new, at: position)
    _ = engine.apply(RowChanges(insertions: [position..<position + k]))
  }

  /// SwiftUI's `move(fromOffsets:toOffset:)`, as a drag hands it over.
  mutating func move(_ positions: [Int], to destination: Int) {
    let changes = RowChanges(movingOffsets: positions, toOffset: destination)
    let moving = Set(positions).sorted().map { host.ids[$0] }
    movedThisFrame = Set(changes.moves.map { host.ids[$0.from] })
    let before = host.ids[..<destination].filter { !moving.contains($0) }
    let after = host.ids[destination...].filter { !moving.contains($0) }
    host.ids = before + moving + after
    _ = engine.apply(changes)
  }

  mutating func remove(_ positions: Set<Int>) {
    let sorted = positions.sorted()
    host.removedThisFrame.formUnion(sorted.map { host.ids[$0] })
    for position in sorted.reversed() { host.ids.remove(at: position) }
    _ = engine.apply(RowChanges(removing: sorted))
  }

  /// The rows on screen before the frame, in order, each compared with
  /// where it is now, by the reader's scroll `scrolled`:
  /// - The rows measured in the frame split the others into runs of
  ///   neighbours; each run moves as one (a row that changed length moves
  ///   only what is on one side of it).
  /// - The first run moves by the scroll alone, unless the first row was
  ///   measured and keeps its top edge (a row being read grows downwards).
  /// - In a frame that changed the data only the first survivor, the
  ///   anchor, is compared: rows after an insertion or a removal on screen
  ///   move, and a grid reflows.
  /// The end followed, a clamped offset or a kept aim move everything
  /// together: then only the runs are checked.
  mutating func check(
    before: [(id: Int, top: Double, bottom: Double)], changedData: Bool, measured: Set<Int>,
    scrolled: Double, wasAtEnd: Bool, aiming: Bool, promptBefore: Int?,
    readBeforeMove: Set<Int>? = nil
  ) -> [String] {
    checkedFrames += 1
    let position = Dictionary(uniqueKeysWithValues: host.ids.enumerated().map { ($1, $0) })
    func now(_ id: Int) -> (top: Double, bottom: Double)? {
      guard let p = position[id] else { return nil }
      let frame = engine.layout.frame(of: p)
      let top = frame.mainOffset - engine.viewport.offset
      return (top, top + frame.mainLength)
    }
    let survivors = before.compactMap { was in now(was.id).map { (was: was, now: $0) } }
    // A grid row takes its tallest item's length: its items, before and
    // after a reflow, move with any of them.
    let rowsBefore = Set(before.filter { measured.contains($0.id) }.map(\.top))
    let rowsNow = Set(measured.compactMap { now($0)?.top })
    // In masonry a measurement places every later item again (Anchoring).
    let firstMeasured =
      downwardsOnly ? measured.compactMap { position[$0] }.min() ?? .max : .max
    let measured = measured.union(
      survivors.filter {
        rowsBefore.contains($0.was.top) || rowsNow.contains($0.now.top)
          || position[$0.was.id]! > firstMeasured
      }.map(\.was.id))
    // Runs of unmeasured neighbours, each row with its shift beyond the scroll.
    var runs: [[(id: Int, shift: Double)]] = [[]]
    for (was, now) in changedData ? Array(survivors.prefix(1)) : survivors {
      if measured.contains(was.id) {
        if !runs[runs.count - 1].isEmpty { runs.append([]) }
        continue
      }
      comparedRows += 1
      runs[runs.count - 1].append((was.id, now.top - was.top + scrolled))
    }
    var failures: [String] = []
    for run in runs {
      for (id, shift) in run where abs(shift - run[0].shift) > 0.5 {
        failures.append("row \(id) moved \(shift - run[0].shift) pt against row \(run[0].id)")
      }
    }
    let followed = wasAtEnd && engine.anchoring != .feed && scrolled == 0
    let clamped = engine.viewport.offset <= 0.5 || engine.distanceFromEnd <= 0.5
    // What the reader reads stays: the first row that was wholly below the
    // top edge, or, when that row was measured and grew downwards from its
    // top, nothing more. Rows straddling the edge may move with a row
    // measured below them.
    // Through a data change, the anchor: the first survivor that stayed in
    // place, else the first survivor (Anchoring).
    let read =
      changedData
      ? [survivors.first { !movedThisFrame.contains($0.was.id) } ?? survivors.first].compactMap {
        $0
      }
      : survivors.filter { $0.was.top >= engine.viewport.leadingInset - 0.5 }
    let readRowGrew =
      read.first.map {
        measured.contains($0.was.id) && abs($0.now.top - $0.was.top + scrolled) <= 0.5
      } ?? false
    // The row kept is the first one read, or the first one read that was
    // already on screen before the reader last moved (Anchoring).
    let candidates = [
      read.first { !measured.contains($0.was.id) },
      read.first {
        !measured.contains($0.was.id) && (readBeforeMove ?? self.readBeforeMove).contains($0.was.id)
      },
    ].compactMap { $0 }
    let shifts = candidates.map { $0.now.top - $0.was.top + scrolled }
    if !followed, !clamped, !aiming, !readRowGrew, !shifts.isEmpty,
      shifts.allSatisfy({ abs($0) > 0.5 })
    {
      failures.append(
        "rows read moved \(shifts) pt besides the scroll: "
          + "\(survivors.prefix(6).map { "\($0.was.id): \($0.was.top) -> \($0.now.top)" })"
      )
    }
    if followed && !aiming && engine.prompt == nil && engine.distanceFromEnd > 0.5 {
      failures.append("the end left the viewport: \(engine.distanceFromEnd) pt below it")
    }
    let unobscured =
      engine.viewport.length - engine.viewport.leadingInset - engine.viewport.trailingInset
    if let prompt = promptBefore, engine.prompt.map({ host.ids[$0] }) == prompt,
      let was = before.first(where: { $0.id == prompt }), let now = now(prompt),
      abs(now.top - was.top) > 0.5, abs(now.top - engine.viewport.leadingInset) > 0.5,
      engine.layout.contentLength - engine.layout.frame(of: position[prompt]!).mainOffset
        < unobscured
    {
      failures.append("the prompt moved from \(was.top) to \(now.top)")
    }
    return failures
  }
}
