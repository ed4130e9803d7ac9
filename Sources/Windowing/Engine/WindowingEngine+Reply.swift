//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

// A prompt kept at the top while its reply streams in (`Anchoring.assistant`):
// the content extends past the last row as far as the prompt needs to reach
// the top, and every change keeps it there, or the end once the content
// below it fills the viewport.

extension WindowingEngine {
  /// Scrolls the prompt at `position` to the top of the unobscured region
  /// and keeps it there while the rows after it are appended or grow: a
  /// reply streaming in below the prompt just sent. Once the content below
  /// the prompt fills the unobscured viewport, the end is followed instead.
  /// The prompt is let go when the reader scrolls, an aimed scroll starts or
  /// its row is removed (see `Anchoring.assistant`).
  ///
  /// ```swift
  /// import IdentityDiff
  /// import Windowing
  ///
  /// var conversation = WindowingEngine(
  ///   layout: VariableLengthLayout(itemCount: 20, estimatedLength: 50),
  ///   viewport: Viewport(length: 600))
  /// conversation.anchoring = .assistant
  /// conversation.apply(RowChanges(insertions: [20..<21]))  // the prompt, sent
  /// conversation.showPrompt(at: 20)
  /// conversation.apply(RowChanges(insertions: [21..<22]))  // its reply starts
  /// conversation.setLength(300, of: 21)  // and grows
  /// assert(conversation.viewport.offset == 20 * 50)  // the prompt at the top
  /// assert(conversation.contentLength == 20 * 50 + 600)  // room below the reply
  /// ```
  ///
  /// - Parameter position: The prompt's row, in `0..<itemCount`; traps
  ///   otherwise, naming it, or if `anchoring` is not `.assistant`.
  /// - Returns: The change.
  /// - Complexity: O(log n + window).
  @discardableResult
  public mutating func showPrompt(at position: Int) -> WindowChange {
    _precondition(
      anchoring == .assistant, "showPrompt(at:) needs Anchoring.assistant, not .\(anchoring)")
    _precondition(
      position >= 0 && position < _layout.itemCount,
      "Position \(position) out of range 0..<\(_layout.itemCount)")
    _scrollAim = nil
    _prompt = position
    _wasVisible = _visible
    return _keepPrompt()
  }

  /// The position of the prompt kept at the top while its reply streams
  /// in, or `nil` (see `showPrompt(at:)`).
  ///
  /// - Complexity: O(1).
  public var prompt: Int? { _prompt }

  /// Puts the prompt at the top, with the room below the last row that
  /// needs; once the content below it fills the unobscured viewport, the
  /// end instead. One rule for every change, so an estimate that a
  /// measurement then shortens moves the view back to the prompt.
  @usableFromInline
  internal mutating func _keepPrompt() -> WindowChange {
    guard let prompt = _prompt, prompt < _layout.itemCount else {
      _prompt = nil
      return _recompute(correction: 0)
    }
    let before = _viewport.offset
    let top = _layout.frame(of: prompt).mainOffset - _viewport.leadingInset
    let end = _endOffset(contentLength: _layout.contentLength)
    _room = Swift.max(0, top - end)
    _viewport.offset = Swift.max(top, end)
    return _recompute(correction: _viewport.offset - before)
  }

  /// Once no prompt is kept, the room below the last row only shrinks: to
  /// what the offset still needs, as the reader scrolls up or content fills
  /// it.
  @usableFromInline
  internal mutating func _shrinkRoom() {
    guard _prompt == nil else { return }
    let needed = _viewport.offset - _endOffset(contentLength: _layout.contentLength)
    _room = Swift.max(0, Swift.min(_room, needed))
  }
}
