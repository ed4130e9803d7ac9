//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// What a UI host draws for one frame of a `VirtualList`: the rows of the
/// window with their frames, the spacers before and after them, the sticky
/// header to overlay, the rows to keep alive off screen, and the scroll
/// correction to apply. Every decision is here, so the host view only
/// places what the plan says (see the README's SwiftUI recipe).
///
/// Fill one plan per host and update it in place each frame
/// (`list.updateRenderPlan(&plan)`): it reuses its buffers, so a frame
/// allocates nothing once they have grown to the window's size.
public struct RenderPlan<ID: Hashable> {
  /// A row to draw.
  @frozen
  public struct Row {
    /// The row's position in the data.
    public var position: Int
    /// Its identifier (what `ForEach` keys the view by).
    public var id: ID
    /// Where it goes in the content, along and across the scrolling axis.
    public var frame: ItemFrame
    /// Whether the host draws the row's content here. `false` for a header
    /// that is drawn as the sticky overlay instead: the host keeps its
    /// place (an empty frame) so that nothing below it moves.
    public var drawsContent: Bool

    /// Creates a row.
    @inlinable
    public init(position: Int, id: ID, frame: ItemFrame, drawsContent: Bool) {
      self.position = position
      self.id = id
      self.frame = frame
      self.drawsContent = drawsContent
    }
  }

  /// The window's rows, by position: what a stack or an absolutely
  /// positioned container shows.
  public var rows: [Row] { _rows }
  @usableFromInline internal var _rows: [Row] = []
  /// Pinned rows outside the window (a row being edited): keep their views
  /// alive, hidden, so their state survives.
  public var keptAlive: [Row] { _keptAlive }
  @usableFromInline internal var _keptAlive: [Row] = []
  /// The header of the section at the top, when it is detached from its own
  /// place: draw it over the rows at `stickyHeader.frame` (its main offset
  /// is the sticky placement, in content coordinates).
  public var stickyHeader: Row? { _stickyHeader }
  @usableFromInline internal var _stickyHeader: Row?
  /// The content's length before the first row of the window: the height
  /// of a stack's leading spacer.
  public var leadingSpacer: Double { _leadingSpacer }
  @usableFromInline internal var _leadingSpacer: Double = 0
  /// The content's length after the last row of the window: the height of
  /// a stack's trailing spacer.
  public var trailingSpacer: Double { _trailingSpacer }
  @usableFromInline internal var _trailingSpacer: Double = 0
  /// The length of the whole content (a scroll view's content size).
  public var contentLength: Double { _contentLength }
  @usableFromInline internal var _contentLength: Double = 0
  /// How far to move the scroll view's offset this frame (the last
  /// publication's correction, after content changed above the viewport).
  public var scrollCorrection: Double { _scrollCorrection }
  @usableFromInline internal var _scrollCorrection: Double = 0

  /// An empty plan, to be filled by `VirtualList.updateRenderPlan(_:)`.
  public init() {}
}

extension RenderPlan.Row: Equatable where ID: Equatable {}
extension RenderPlan.Row: Sendable where ID: Sendable {}
extension RenderPlan: Sendable where ID: Sendable {}
