//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// A value for each kind of load: the pager's load states, and what each
/// shows.
internal struct _ByLoadKind<Value> {
  var refresh: Value
  var append: Value
  var prepend: Value

  /// The same value for every kind.
  init(_ value: Value) {
    refresh = value
    append = value
    prepend = value
  }

  subscript(kind: PageLoadKind) -> Value {
    get {
      switch kind {
      case .refresh: refresh
      case .append: append
      case .prepend: prepend
      }
    }
    set {
      switch kind {
      case .refresh: refresh = newValue
      case .append: append = newValue
      case .prepend: prepend = newValue
      }
    }
  }

  /// Each kind's value transformed.
  func map<T>(_ transform: (PageLoadKind, Value) -> T) -> _ByLoadKind<T> {
    var result = _ByLoadKind<T>(transform(.refresh, refresh))
    result.append = transform(.append, append)
    result.prepend = transform(.prepend, prepend)
    return result
  }
}

extension _ByLoadKind: Equatable where Value: Equatable {}
