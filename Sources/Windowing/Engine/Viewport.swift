//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The part of the content a scroll view shows. Lengths are along the
/// scrolling axis ("main") or across it ("cross"), in points.
public struct Viewport: Hashable, Sendable {
  /// The scroll offset: the content position at the viewport's leading edge.
  public var offset: Double
  /// The viewport's length along the scrolling axis.
  public var length: Double
  /// The viewport's length across the scrolling axis (for grids).
  public var crossLength: Double
  /// Content insets along the scrolling axis (safe area, bars): content
  /// under them is laid out and materialized but does not count as visible.
  public var leadingInset: Double
  /// The inset at the trailing end of the viewport.
  public var trailingInset: Double

  /// Creates a viewport.
  public init(
    offset: Double = 0, length: Double, crossLength: Double = 0, leadingInset: Double = 0,
    trailingInset: Double = 0
  ) {
    self.offset = offset
    self.length = length
    self.crossLength = crossLength
    self.leadingInset = leadingInset
    self.trailingInset = trailingInset
  }

  /// The viewport with every non-finite value replaced by `fallback`'s, and
  /// negative lengths and insets counted as 0: geometry reported during a
  /// layout pass is transient and must not trap or poison the engine.
  @usableFromInline
  internal func _sanitized(replacingInvalidWith fallback: Viewport) -> Viewport {
    func valid(_ value: Double, _ old: Double, nonNegative: Bool) -> Double {
      let value = value.isFinite ? value : (old.isFinite ? old : 0)
      return nonNegative ? Swift.max(0, value) : value
    }
    return Viewport(
      offset: valid(offset, fallback.offset, nonNegative: false),
      length: valid(length, fallback.length, nonNegative: true),
      crossLength: valid(crossLength, fallback.crossLength, nonNegative: true),
      leadingInset: valid(leadingInset, fallback.leadingInset, nonNegative: true),
      trailingInset: valid(trailingInset, fallback.trailingInset, nonNegative: true))
  }

  /// The content region on screen: `offset ..< offset + length`.
  public var region: Range<Double> { offset..<offset + Swift.max(length, 0) }

  /// The region not covered by the insets.
  public var unobscuredRegion: Range<Double> {
    let lower = offset + leadingInset
    return lower..<Swift.max(lower, offset + length - trailingInset)
  }
}
