//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// How a `WindowingEngine` keeps the reader's place through a data change:
/// the rules in one place.
///
/// Every change (insertions, removals, a difference, a new size) follows
/// the same steps:
/// 1. The *anchor* is the first visible item. If it survives the change in
///    place, it keeps its offset on screen, measured from its own new frame.
/// 2. If it was removed or moved, the first item after it that stayed in
///    place keeps its offset, if that item was on screen: what stays on
///    screen does not move, and a row dragged away from the top of the
///    screen leaves the rows below it where they were.
/// 3. If no item on screen from the anchor on stayed in place, moved items
///    count as survivors (rows found again after a collapse and an expand
///    composed into one change): the anchor, or else the first survivor
///    after it on screen, keeps its offset.
/// 4. If nothing on screen survives from the anchor on (the folder the
///    viewport was inside collapsed), the nearest survivor before the
///    removed block (the folder's own row) keeps its offset if it was on
///    screen, and goes to the top edge of the unobscured region if not;
///    with no survivor before the block, the first one after it goes there.
///    The reader never lands on rows that were not near the viewport.
/// 5. The offset is clamped to the scrollable range, as a scroll view would.
///
/// Measurements (`setLength(_:of:)`, `setLengths(_:)`) keep what is on
/// screen where it is, so text does not jump under the reader's finger when
/// rows of real height replace their estimates on the way up:
/// - A first visible item that starts at the top of the unobscured region
///   (or below it) is the one being read: it keeps its top edge, and its
///   new length moves only what follows it.
/// - A first visible item that starts above that edge, or that appeared
///   since the reader last scrolled and is measured now, is entering: the
///   first visible item that was on screen before the scroll (or survived
///   the last data change in place, if any did) and that the measurements leave alone keeps its
///   top edge. Items measured above it (above the viewport, or entering at
///   the top edge) move the offset; items measured below it move only what
///   follows them. So a host may measure the entering rows in one batch or
///   one at a time. Items in a grid row move with any of them measured.
/// - When they measure every visible item (a jump, a first layout), a
///   first visible item that straddles the edge keeps its bottom edge.
/// - At the very top of the content, the first visible item keeps its top
///   edge: the content keeps starting at the top, and a first row that
///   grows pushes the rest down, as a page does. Moving the offset there
///   would leave the scroll view resting away from the top with nothing
///   above the reader.
/// - In a `MasonryLayout`, a measurement places every later item again (an
///   item's lane depends on the lengths before it): the item kept keeps its
///   offset along the scroll, but later items may change lanes.
///
/// The policies differ only at the two ends of the content:
///
/// ```swift
/// import IdentityDiff
/// import Windowing
///
/// var chat = WindowingEngine(
///   layout: FixedLengthLayout(itemCount: 100, itemLength: 40), viewport: Viewport(length: 400))
/// chat.anchoring = .chat
/// let read = chat.visibleRange.lowerBound            // the message read, at the very top
/// chat.apply(RowChanges(insertions: [0..<50]))         // older history loads above it
/// assert(chat.visibleRange.lowerBound == read + 50)  // still the first one read
/// assert(chat.viewport.offset == 50 * 40)
/// ```
public enum Anchoring: Hashable, Sendable {
  /// A feed: at the very top of the content, items inserted above the
  /// first visible one are shown (the viewport stays at the top, where new
  /// posts appear); anywhere else the steps above apply.
  case feed
  /// A chat or a log: the steps above apply everywhere, also at the very
  /// top, so older messages loaded above never move what is read; at the
  /// end, the end is followed through appends and growing rows, and a
  /// shorter viewport keeps the end in view.
  case chat
  /// A conversation with an assistant: as `.chat`, and a prompt sent with
  /// `WindowingEngine.showPrompt(at:)` goes to the top of the viewport and
  /// stays there while its reply streams in below it, rows appended or
  /// growing, instead of the end being followed. The content extends past
  /// the last row as far as the prompt needs to reach the top
  /// (`WindowingEngine.contentLength` and `RenderPlan.contentLength`
  /// include it). Once the content below the prompt fills the unobscured
  /// viewport, the end is followed instead. The prompt is let go when the
  /// reader scrolls (at the end, the end is followed, as in `.chat`); the
  /// room below the last row then shrinks as the reader scrolls up or
  /// content fills it, and never grows.
  case assistant
}
