//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

// The load state of each kind as observers see it, and when it changes:
// by what it shows (a failure by its serial), never by comparing errors.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// What a load state shows: a state changes when this does.
  internal enum _StateKey: Hashable {
    case idle
    case loading
    case endReached
    /// The failure with this serial.
    case failed(Int)
  }

  /// The load state of each kind.
  internal struct _LoadStates {
    /// The states shown.
    private(set) var states = _ByLoadKind(PageLoadState.idle)
    /// Bumped when a state changes.
    private(set) var version = 0
    /// What each state shows.
    private var keys = _ByLoadKind(_StateKey.idle)

    /// Shows `keys`, a failed kind with its error in `errors`; the states
    /// and the version change only if a key does.
    mutating func show(_ keys: _ByLoadKind<_StateKey>, errors: _ByLoadKind<(any Error)?>) {
      guard keys != self.keys else { return }
      self.keys = keys
      version += 1
      states = keys.map { kind, key -> PageLoadState in
        switch key {
        case .idle: .idle
        case .loading: .loading
        case .endReached: .endReached
        case .failed: .failed(errors[kind]!)
        }
      }
    }
  }
}
