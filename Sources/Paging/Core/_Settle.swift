//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// How a pager tells a fling from a scroll: the reports of the visible
/// range, where a scroll in flight will rest, and the wait for the reports
/// to settle that holds a fling's loads back.
internal struct _Settle: Hashable, Sendable {
  /// The last visible range reported, in internal coordinates.
  var lastReport: Range<Int>?
  /// Where a scroll in flight will come to rest, until it arrives.
  var target: Range<Int>?
  /// Whether the shell's settle timer runs (`_Effect.armSettle`).
  var isPending = false
  /// Far-moved reports so far: the settle task waits until a sleep passes
  /// without one.
  var farReports = 0

  /// Counts a far report and starts the wait; true if the timer must be
  /// armed (it was not running).
  mutating func arm() -> Bool {
    farReports &+= 1
    guard !isPending else { return false }
    isPending = true
    return true
  }

  /// Stops the wait; true if the timer must be cancelled (it was running).
  mutating func cancel() -> Bool {
    guard isPending else { return false }
    isPending = false
    return true
  }
}
