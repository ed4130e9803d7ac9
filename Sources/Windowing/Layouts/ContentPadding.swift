//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Space inside the content around the items: before the first and after
/// the last along the scrolling axis (TanStack's `paddingStart` and
/// `paddingEnd`), and on both sides across it.
public struct ContentPadding: Hashable, Sendable {
  /// Before the first item, along the scrolling axis.
  public var start: Double
  /// After the last item, along the scrolling axis.
  public var end: Double
  /// Before the items, across the scrolling axis.
  public var crossStart: Double
  /// After the items, across the scrolling axis.
  public var crossEnd: Double

  /// Creates a padding; negative or non-finite values count as 0.
  public init(start: Double = 0, end: Double = 0, crossStart: Double = 0, crossEnd: Double = 0) {
    func clean(_ value: Double) -> Double { value.isFinite ? Swift.max(0, value) : 0 }
    self.start = clean(start)
    self.end = clean(end)
    self.crossStart = clean(crossStart)
    self.crossEnd = clean(crossEnd)
  }
}
