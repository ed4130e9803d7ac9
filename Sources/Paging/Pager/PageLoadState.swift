//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The state of one kind of load: refreshes, appends or prepends.
public enum PageLoadState: Sendable, CustomStringConvertible {
  /// Nothing is loading; more may be loaded.
  case idle
  /// A request is in flight.
  case loading
  /// The last request failed; `retry()` re-issues it.
  case failed(any Error)
  /// The source has no more items at that end.
  case endReached

  /// Whether a request is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The error of a failed request.
  public var error: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }

  /// Whether the source has no more items at that end.
  public var isEndReached: Bool {
    if case .endReached = self { return true }
    return false
  }

  /// The state's name, and the error of a failure.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .failed(let error): "failed(\(error))"
    case .endReached: "endReached"
    }
  }
}
