//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension VirtualList {
  /// Fills `plan` for the current frame, reusing its buffers.
  ///
  /// - Parameters:
  ///   - plan: The host's plan, updated in place.
  ///   - update: The update this frame published, if any, for its scroll
  ///     correction.
  /// - Complexity: O((window + pinned) × log n) for the frames; no
  ///   allocation once the plan's buffers have grown to the window's size.
  @inlinable
  public func updateRenderPlan(_ plan: inout RenderPlan<ID>, after update: ListUpdate<ID>? = nil) {
    let layout = engine.layout
    let window = engine.window
    let sticky = engine.stickyHeader
    let detached = sticky.flatMap { $0.isDetached ? $0.position : nil }
    // An empty array is the shared empty buffer: clearing it "keeping its
    // capacity" would allocate one each frame.
    if !plan._rows.isEmpty { plan._rows.removeAll(keepingCapacity: true) }
    if plan._rows.capacity < window.count { plan._rows.reserveCapacity(window.count) }
    var contentEnd = 0.0
    for position in window {
      let frame = layout.frame(of: position)
      contentEnd = Swift.max(contentEnd, frame.mainOffset + frame.mainLength)
      plan._rows.append(
        RenderPlan.Row(
          position: position, id: _windowIDs[position &- window.lowerBound], frame: frame,
          drawsContent: position != detached))
    }
    if !plan._keptAlive.isEmpty { plan._keptAlive.removeAll(keepingCapacity: true) }
    for position in engine.pinned where !window.contains(position) {
      plan._keptAlive.append(
        RenderPlan.Row(
          position: position, id: _id(_data[_dataIndex(position)]),
          frame: layout.frame(of: position), drawsContent: true))
    }
    if let sticky, let detached {
      var frame = layout.frame(of: detached)
      frame.mainOffset = sticky.offset
      let id =
        window.contains(detached)
        ? _windowIDs[detached &- window.lowerBound] : _id(_data[_dataIndex(detached)])
      plan._stickyHeader = RenderPlan.Row(
        position: detached, id: id, frame: frame, drawsContent: true)
    } else {
      plan._stickyHeader = nil
    }
    plan._contentLength = engine.contentLength
    plan._leadingSpacer = plan._rows.first?.frame.mainOffset ?? 0
    plan._trailingSpacer = plan._rows.isEmpty ? 0 : Swift.max(0, plan._contentLength - contentEnd)
    plan._scrollCorrection = update?.change.scrollCorrection ?? 0
  }

  /// A new plan for the current frame (see `updateRenderPlan(_:after:)`,
  /// which reuses one).
  ///
  /// - Complexity: O((window + pinned) × log n).
  public func renderPlan(after update: ListUpdate<ID>? = nil) -> RenderPlan<ID> {
    var plan = RenderPlan<ID>()
    updateRenderPlan(&plan, after: update)
    return plan
  }
}
