//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes to standard error.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    var bytes = Array(string.utf8)
    _ = bytes.withUnsafeMutableBytes { buffer in
      #if canImport(Glibc)
        Glibc.write(2, buffer.baseAddress, buffer.count)
      #else
        Darwin.write(2, buffer.baseAddress, buffer.count)
      #endif
    }
  }
}

/// A progress line on standard error, overwritten in place.
func progress(_ message: String) {
  var stream = StandardError()
  print("\r\u{1B}[K\(message)", terminator: "", to: &stream)
}

/// A node of the demo's linked list.
final class ListNode {
  let value: Int
  var next: ListNode?
  init(_ value: Int, next: ListNode?) {
    self.value = value
    self.next = next
  }
}

/// A linked list of `count` nodes, unlinked iteratively on release (a deep
/// chain released recursively would overflow the stack).
final class ListNodes {
  let head: ListNode?
  init(count: Int) {
    var head: ListNode?
    for value in (0..<count).reversed() { head = ListNode(value, next: head) }
    self.head = head
  }
  func release() {
    var node = head
    while let current = node {
      node = current.next
      current.next = nil
    }
  }
}

/// A tree node with an id.
final class TreeNode: Identifiable {
  let id: Int
  var children: [TreeNode]?
  init(_ id: Int) { self.id = id }
}

/// A tree of 10 roots and fan-out 10 with `levels` = log10(`nodes`) levels:
/// 1,111,110 nodes for a million: 10 roots, fan-out 10, 6 levels.
func makeTree(nodes: Int) -> [TreeNode] {
  var levels = 1
  var size = 10
  while size * 10 <= nodes {
    size *= 10
    levels += 1
  }
  var next = 0
  func build(_ depth: Int) -> TreeNode {
    let node = TreeNode(next)
    next += 1
    if depth + 1 < levels { node.children = (0..<10).map { _ in build(depth + 1) } }
    return node
  }
  return (0..<10).map { _ in build(0) }
}

func formatBytes(_ bytes: Int) -> String {
  if bytes >= 1 << 20 { return String(format1: Double(bytes) / 1_048_576, "MiB") }
  if bytes >= 1 << 10 { return String(format1: Double(bytes) / 1_024, "KiB") }
  return "\(bytes) B"
}

extension String {
  init(format1 value: Double, _ unit: String) {
    let tenths = Int((value * 10).rounded())
    self = "\(tenths / 10).\(tenths % 10) \(unit)"
  }
}

func printTable(_ reports: [Report]) {
  let header = [
    "adapter", "items", "frames", "windows", "p50 frame", "p99 frame", "heap growth scrolling",
    "Array(collection)", "page loads",
  ]
  var rows = [header]
  for r in reports {
    rows.append([
      r.adapter, "\(r.items)", "\(r.frames)", "\(r.windows)",
      String(format1: r.percentile(0.5) / 1_000, "us"),
      String(format1: r.percentile(0.99) / 1_000, "us"),
      formatBytes(r.heapGrowthWhileScrolling), formatBytes(r.arrayConversionBytes),
      r.pageLoads.map(String.init) ?? "-",
    ])
  }
  let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
  for (index, row) in rows.enumerated() {
    let cells = row.enumerated().map { column, cell in
      column == 0
        ? cell + String(repeating: " ", count: widths[column] - cell.count)
        : String(repeating: " ", count: widths[column] - cell.count) + cell
    }
    print("| " + cells.joined(separator: " | ") + " |")
    if index == 0 {
      print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
    }
  }
  print("")
  for r in reports { print("\(r.adapter) data change: \(r.dataChange)") }
  for r in reports where !r.jumps.isEmpty { print("\(r.adapter) jumps: \(r.jumps)") }
}

func printJSON(_ reports: [Report]) {
  func quoted(_ s: String) -> String {
    var result = "\""
    for character in s {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default:
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
          scalar.value < 0x20
        {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.append(character)
        }
      }
    }
    return result + "\""
  }
  let objects = reports.map { r in
    """
      {"adapter": \(quoted(r.adapter)), "items": \(r.items), "frames": \(r.frames), \
    "windows": \(r.windows), "p50FrameNanoseconds": \(Int(r.percentile(0.5))), \
    "p99FrameNanoseconds": \(Int(r.percentile(0.99))), \
    "heapGrowthWhileScrollingBytes": \(r.heapGrowthWhileScrolling), \
    "arrayConversionBytes": \(r.arrayConversionBytes), \
    "pageLoads": \(r.pageLoads.map(String.init) ?? "null"), "dataChange": \(quoted(r.dataChange)), \
    "jumps": \(quoted(r.jumps))}
    """
  }
  print("[\n" + objects.joined(separator: ",\n") + "\n]")
}

/// A message of the demo's paged source: its id is not its position.
struct DemoMessage: Identifiable, Sendable {
  let id: Int
}

/// A value the demo's source reads off the main actor; a lock guards every
/// access.
final class _Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var _value = 0

  var value: Int {
    get { lock.withLock { _value } }
    set { lock.withLock { _value = newValue } }
  }
}

/// A display's frames at 60 Hz on the real clock: each wait returns at the
/// next frame's deadline, or at once when the frame's work ran past it.
struct DisplayClock {
  static let interval = Duration.nanoseconds(16_666_667)
  private let clock = ContinuousClock()
  private var next: ContinuousClock.Instant

  init() { next = clock.now }

  mutating func waitForNextFrame() async {
    next = max(next.advanced(by: Self.interval), clock.now)
    try? await clock.sleep(until: next)
  }
}

/// A duration in whole milliseconds.
func milliseconds(_ duration: Duration) -> Int {
  Int(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
}

/// The jumps that showed their rows: frames, loads and time each took.
struct JumpLandings {
  private var frames: [Int] = []
  private var loads: [Int] = []
  private var times: [Duration] = []

  mutating func record(frames: Int, loads: Int, time: Duration) {
    self.frames.append(frames)
    self.loads.append(loads)
    times.append(time)
  }

  /// How many showed their rows within `Demo.framesPerJump` frames, and
  /// the median and largest cost of those.
  var summary: String {
    var text = "\(loads.count) showed their rows within \(Demo.framesPerJump) frames"
    guard !loads.isEmpty else { return text }
    let (loads, frames, times) = (loads.sorted(), frames.sorted(), times.sorted())
    text +=
      ": loads per jump p50 \(loads[loads.count / 2]), max \(loads.last!); "
      + "frames to show p50 \(frames[frames.count / 2]), max \(frames.last!); "
      + "time to show p50 \(milliseconds(times[times.count / 2])) ms, "
      + "max \(milliseconds(times.last!)) ms"
    return text
  }
}
