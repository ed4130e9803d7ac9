//===----------------------------------------------------------------------===//
//
// OutlineCollection against flatten-on-change on the 1,111,110-node tree
// (10 roots, fan-out 10, 6 levels), everything expanded.
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import CollectionAdapters
import Windowing

let tree = makeTree()
let allIDs: Set<Int> = {
  var ids = Set<Int>()
  var stack = tree
  while let node = stack.popLast() {
    if let children = node.children {
      ids.insert(node.id)
      stack.append(contentsOf: children)
    }
  }
  return ids
}()
// Mutated by one benchmark at a time; package-benchmark runs them serially.
nonisolated(unsafe) var outline: OutlineCollection<TreeNode, Int, [TreeNode]> = {
  var outline = OutlineCollection(roots: tree, children: \.children)
  outline.expandAll()
  return outline
}()
/// The tree above, everything expanded, with `change` made to every
/// last-level folder (one that holds files only), keeping its 10 rows.
func outlineChangingFoldersOfFiles(
  _ change: (TreeNode) -> Void
) -> OutlineCollection<TreeNode, Int, [TreeNode]> {
  let tree = makeTree()
  var stack = tree
  while let node = stack.popLast() {
    guard let children = node.children else { continue }
    if children[0].children == nil {
      change(node)
    } else {
      stack.append(contentsOf: children)
    }
  }
  var outline = OutlineCollection(roots: tree, children: \.children)
  outline.expandAll()
  return outline
}
// Its first file an empty folder: each child of the folder is still one
// row. Built on first use.
let emptyFolderOutline = outlineChangingFoldersOfFiles { $0.children![0].children = [] }
// Its first file a folder holding the second: every folder holds one open
// on rows, so every level's row counts are searched. Built on first use.
let openFolderOutline = outlineChangingFoldersOfFiles { folder in
  var children = folder.children!
  children[0].children = [children.remove(at: 1)]
  folder.children = children
}
nonisolated(unsafe) var expanded = allIDs
/// The sum of the depths of 1,000 rows of `outline` at fresh random
/// positions. The outline is a constant, as `ForEach` reads the data it
/// holds (a read of a global variable copies the outline's struct, a
/// dozen references, every time).
func depthsAtRandomRows(
  of outline: OutlineCollection<TreeNode, Int, [TreeNode]>, _ draws: inout SeededGenerator
) -> Int {
  var sum = 0
  for _ in 0..<1_000 {
    sum &+= outline[Int.random(in: 0..<1_111_110, using: &draws)].depth
  }
  return sum
}
nonisolated(unsafe) var rows = flatten(tree, expanded: allIDs)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount],
    warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 1_000,
    thresholds: regressionThresholds(for: [.wallClock, .mallocCountTotal, .mallocBytesCount]))

  Benchmark("toggle a top-level node (collapse + expand): OutlineCollection") { _ in
    outline.collapse(tree[3].id)
    outline.expand(tree[3].id)
    blackHole(outline.count)
  }
  Benchmark(
    "toggle a top-level node (collapse + expand): flatten on change",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount], warmupIterations: 0,
      maxIterations: 5,
      thresholds: regressionThresholds(for: [.wallClock, .mallocCountTotal, .mallocBytesCount]))
  ) { _ in
    expanded.remove(tree[3].id)
    rows = flatten(tree, expanded: expanded)
    expanded.insert(tree[3].id)
    rows = flatten(tree, expanded: expanded)
    blackHole(rows.count)
  }
  // Reads at fresh random positions over the whole outline, as a jump or a
  // scroll-bar drag makes them: each iteration draws new ones, so nothing
  // stays cached from the last. Each side reads a constant.
  nonisolated(unsafe) var outlineDraws = SeededGenerator(seed: 11)
  Benchmark("1,000 row lookups: OutlineCollection") { _ in
    blackHole(depthsAtRandomRows(of: outline, &outlineDraws))
  }
  nonisolated(unsafe) var arrayDraws = SeededGenerator(seed: 11)
  Benchmark("1,000 row lookups: flattened array") { _ in
    let rows = rows
    var sum = 0
    for _ in 0..<1_000 {
      sum &+= rows[Int.random(in: 0..<1_111_110, using: &arrayDraws)].depth
    }
    blackHole(sum)
  }
  // The same reads, each also reading the row's node, as a jump's rows are
  // shown: the array's rows hold the node too, so each side pays its miss.
  nonisolated(unsafe) var outlineNodeDraws = SeededGenerator(seed: 13)
  Benchmark("1,000 row lookups reading the node: OutlineCollection") { _ in
    let outline = outline
    var sum = 0
    for _ in 0..<1_000 {
      let row = outline[Int.random(in: 0..<1_111_110, using: &outlineNodeDraws)]
      sum &+= row.depth &+ row.node.id
    }
    blackHole(sum)
  }
  nonisolated(unsafe) var arrayNodeDraws = SeededGenerator(seed: 13)
  Benchmark("1,000 row lookups reading the node: flattened array") { _ in
    let rows = rows
    var sum = 0
    for _ in 0..<1_000 {
      let row = rows[Int.random(in: 0..<1_111_110, using: &arrayNodeDraws)]
      sum &+= row.depth &+ row.node.id
    }
    blackHole(sum)
  }
  // The same reads over the same shape, except that every last-level
  // folder holds a folder among its files. An empty one leaves each child
  // one row, and the folder is read by the row's offset, as a folder of
  // files is; one open on a row makes every level's row counts searched.
  nonisolated(unsafe) var emptyFolderDraws = SeededGenerator(seed: 11)
  Benchmark("1,000 row lookups, an empty folder among the files: OutlineCollection") { _ in
    blackHole(depthsAtRandomRows(of: emptyFolderOutline, &emptyFolderDraws))
  }
  nonisolated(unsafe) var openFolderDraws = SeededGenerator(seed: 11)
  Benchmark("1,000 row lookups, an open folder among the files: OutlineCollection") { _ in
    blackHole(depthsAtRandomRows(of: openFolderOutline, &openFolderDraws))
  }
  // What `ForEach` does as a list scrolls: a window of 50 rows read by
  // subscript, position by position, moved by 25 rows a frame, from a fresh
  // random start each iteration (40 frames, 2,000 reads).
  nonisolated(unsafe) var outlineWindows = SeededGenerator(seed: 12)
  Benchmark("window reads by subscript, 40 frames: OutlineCollection") { _ in
    let outline = outline
    var sum = 0
    var start = Int.random(in: 0..<1_110_000, using: &outlineWindows)
    for _ in 0..<40 {
      for position in start..<start + 50 { sum &+= outline[position].depth }
      start += 25
    }
    blackHole(sum)
  }
  nonisolated(unsafe) var arrayWindows = SeededGenerator(seed: 12)
  Benchmark("window reads by subscript, 40 frames: flattened array") { _ in
    let rows = rows
    var sum = 0
    var start = Int.random(in: 0..<1_110_000, using: &arrayWindows)
    for _ in 0..<40 {
      for position in start..<start + 50 { sum &+= rows[position].depth }
      start += 25
    }
    blackHole(sum)
  }
  // One warmup: the first iteration of the suite also builds the globals
  // above, whose bytes would count as the structure's.
  let memory = Benchmark.Configuration(
    metrics: [.memoryLeakedBytes, .mallocBytesCount, .wallClock], warmupIterations: 1,
    maxIterations: 3,
    thresholds: regressionThresholds(for: [.memoryLeakedBytes, .mallocBytesCount, .wallClock]))
  Benchmark("memory, all expanded: OutlineCollection", configuration: memory) { benchmark in
    benchmark.startMeasurement()
    var fresh = OutlineCollection(roots: tree, children: \.children)
    fresh.expandAll()
    benchmark.stopMeasurement()
    blackHole(fresh)
  }
  Benchmark("memory, all expanded: flattened array", configuration: memory) { benchmark in
    benchmark.startMeasurement()
    let flat = flatten(tree, expanded: allIDs)
    benchmark.stopMeasurement()
    blackHole(flat)
  }
  // A drag of a folder of 1,111 nodes (a depth-2 node, its subtree
  // expanded) into another folder and back, made in the tree as an app
  // makes it, then told to the outline: by the move, or by reloading both
  // parents' children and opening the folder's subtree again (a reload
  // forgets the state of the children it removes).
  Benchmark("move a 1,111-node folder to another folder and back: move") { _ in
    let (from, to, folder) = draggedFolder()
    relink(folder, from: from, to: to)
    outlineForDrags.move([folder.id], toParent: to.id, before: nil)
    relink(folder, from: to, to: from)
    outlineForDrags.move([folder.id], toParent: from.id, before: nil)
    blackHole(outlineForDrags.count)
  }
  Benchmark("move a 1,111-node folder to another folder and back: reload both parents") { _ in
    let (from, to, folder) = draggedFolder()
    relink(folder, from: from, to: to)
    outlineForDrags.reloadChildren(of: from.id)
    outlineForDrags.reloadChildren(of: to.id)
    outlineForDrags.expand(folder.id, recursively: true)
    relink(folder, from: to, to: from)
    outlineForDrags.reloadChildren(of: to.id)
    outlineForDrags.reloadChildren(of: from.id)
    outlineForDrags.expand(folder.id, recursively: true)
    blackHole(outlineForDrags.count)
  }
  // Every row of the collapsed tree opened, by the outline alone and
  // through a list that shows it (the list applies what the outline
  // reports: the rows below each root, inserted).
  let expandAll = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxIterations: 20,
    thresholds: regressionThresholds(for: [.wallClock, .mallocCountTotal]))
  Benchmark("expandAll of 1.1M rows: OutlineCollection", configuration: expandAll) { benchmark in
    var fresh = OutlineCollection(roots: tree, children: \.children)
    benchmark.startMeasurement()
    blackHole(fresh.expandAll())
    benchmark.stopMeasurement()
    blackHole(fresh)
  }
  Benchmark("expandAll of 1.1M rows: in a VirtualList", configuration: expandAll) { benchmark in
    var list = VirtualList(
      data: OutlineCollection(roots: tree, children: \.children), id: \.id,
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: 10, itemLength: 44), viewport: Viewport(length: 800)))
    benchmark.startMeasurement()
    blackHole(list.update { $0.expandAll().rowChanges })
    benchmark.stopMeasurement()
    blackHole(list)
  }
  measureCountsOnceIfAsked()
}

/// The tree the drags change, everything expanded: its own copy, so that
/// the other benchmarks read a tree no drag moved. Built on first use.
let treeForDrags = makeTree()
nonisolated(unsafe) var outlineForDrags: OutlineCollection<TreeNode, Int, [TreeNode]> = {
  var outline = OutlineCollection(roots: treeForDrags, children: \.children)
  outline.expandAll()
  return outline
}()

/// The dragged folder: the first child of the second child of the second
/// root (1,111 nodes), its parent, and the folder it is dropped into (the
/// eighth root's sixth child). Each drag moves the folder to the end of
/// both, so the next one drags the next child.
func draggedFolder() -> (from: TreeNode, to: TreeNode, folder: TreeNode) {
  let from = treeForDrags[1].children![1]
  return (from, treeForDrags[7].children![5], from.children![0])
}

/// Moves `folder` from the front of `from`'s children to the end of `to`'s.
func relink(_ folder: TreeNode, from: TreeNode, to: TreeNode) {
  from.children!.removeAll { $0 === folder }
  if from.children!.isEmpty || to.children == nil { fatalError("the fixture changed") }
  to.children!.append(folder)
  if folder !== to.children!.last { fatalError("the fixture changed") }
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum OutlineSuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
