//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// What the core hands to its shell: the effects to run, and the hook an
  /// index advance of the published items calls.
  internal struct _Outbox {
    /// What the shell must do, in order, since it last took them.
    var effects: [_Effect] = []
    /// Called by an index advance of a published `items` near a loaded end,
    /// from any thread (`.indexAdvance` mode).
    var onIndexAdvance: (@Sendable (PageLoadKind) -> Void)?
  }
}
