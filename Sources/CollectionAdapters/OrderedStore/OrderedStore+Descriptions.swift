//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension OrderedStore: CustomStringConvertible {
  /// The pairs in dictionary-literal form, such as `["a": 1, "b": 2]`.
  ///
  /// - Complexity: O(`count`).
  public var description: String { _description(typeName: nil) }
}

extension OrderedStore: CustomDebugStringConvertible {
  /// The pairs in dictionary-literal form, prefixed by the type.
  ///
  /// - Complexity: O(`count`).
  public var debugDescription: String {
    _description(typeName: "OrderedStore<\(Key.self), \(Value.self)>")
  }
}

extension OrderedStore {
  internal func _description(typeName: String?) -> String {
    var result = typeName.map { "\($0)(" } ?? ""
    if isEmpty {
      result += "[:]"
    } else {
      result += "["
      var first = true
      for (key, value) in self {
        if !first { result += ", " }
        first = false
        debugPrint(key, terminator: "", to: &result)
        result += ": "
        debugPrint(value, terminator: "", to: &result)
      }
      result += "]"
    }
    if typeName != nil { result += ")" }
    return result
  }
}
