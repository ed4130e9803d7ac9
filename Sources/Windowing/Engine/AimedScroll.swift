//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// A scroll to a position that is still being aimed: as measurements
/// replace estimates, the engine moves the offset so that the item stays
/// where the alignment puts it.
public struct AimedScroll: Hashable, Sendable {
  /// The position scrolled to.
  public var position: Int
  /// Where it is placed.
  public var alignment: ScrollAlignment
  /// How many times a measurement moved the offset to keep the aim.
  public var corrections: Int
  /// Whether the aim will not move again unless a length changes: every
  /// position of the window has been measured since the scroll (always,
  /// for a layout whose items are not measured).
  public var isSettled: Bool
}
