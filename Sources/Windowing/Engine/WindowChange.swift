//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// A change the engine publishes: the new window of positions to
/// materialize and the visible positions, with what they were before.
public struct WindowChange: Hashable, Sendable {
  /// The positions to materialize now.
  public var window: Range<Int>
  /// The positions materialized before.
  public var previousWindow: Range<Int>
  /// The positions on screen (beyond the visibility threshold) now.
  public var visibleRange: Range<Int>
  /// The positions on screen before.
  public var previousVisibleRange: Range<Int>
  /// How far the engine moved the scroll offset to keep the content
  /// anchored (after items were inserted, removed or resized above the
  /// viewport); the UI applies it to its scroll view.
  public var scrollCorrection: Double

  /// Creates a change.
  @inlinable
  public init(
    window: Range<Int>, previousWindow: Range<Int>, visibleRange: Range<Int>,
    previousVisibleRange: Range<Int>, scrollCorrection: Double
  ) {
    self.window = window
    self.previousWindow = previousWindow
    self.visibleRange = visibleRange
    self.previousVisibleRange = previousVisibleRange
    self.scrollCorrection = scrollCorrection
  }

  /// Whether the window moved (a change may carry only a visibility change).
  public var windowChanged: Bool { window != previousWindow }

  /// Positions in `window` that were not in `previousWindow`, as at most two
  /// ranges. Meaningful for scrolls; after a data change, positions shift
  /// and identity (see `VirtualList`) says what really entered.
  public var entered: [Range<Int>] { _difference(window, previousWindow) }
  /// Positions in `previousWindow` that are not in `window`.
  public var exited: [Range<Int>] { _difference(previousWindow, window) }
  /// Positions that became visible.
  public var becameVisible: [Range<Int>] { _difference(visibleRange, previousVisibleRange) }
  /// Positions that stopped being visible.
  public var becameHidden: [Range<Int>] { _difference(previousVisibleRange, visibleRange) }
}
