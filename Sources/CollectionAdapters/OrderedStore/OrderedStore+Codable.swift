//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

// The format is the one of swift-collections' `OrderedDictionary`: an unkeyed
// container of alternating keys and values. Keyed containers would lose the
// order in most formats (a JSON object is unordered).

extension OrderedStore: Encodable where Key: Encodable, Value: Encodable {
  /// Encodes the pairs as alternating keys and values in an unkeyed
  /// container, the format of `OrderedDictionary`.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for (key, value) in self {
      try container.encode(key)
      try container.encode(value)
    }
  }
}

extension OrderedStore: Decodable where Key: Decodable, Value: Decodable {
  /// Decodes alternating keys and values from an unkeyed container, the
  /// format of `OrderedDictionary`.
  ///
  /// Untrusted data never traps: a key without a value or a repeated key
  /// throws `DecodingError.dataCorrupted`.
  ///
  /// - Complexity: Expected O(*n*) for *n* pairs.
  @inlinable
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    if let count = container.count { reserveCapacity(count / 2) }
    while !container.isAtEnd {
      let keyOffset = container.currentIndex
      let key = try container.decode(Key.self)
      guard !container.isAtEnd else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath,
            debugDescription:
              "Odd number of items: the key at offset \(keyOffset) has no value"))
      }
      let storage = _ensureUnique()
      let (found, bucket) = storage._find(key)
      guard found == nil else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath,
            debugDescription: "Duplicate key \(key) at offset \(keyOffset)"))
      }
      let value = try container.decode(Value.self)
      // Decoding the value cannot touch this store, so the bucket is current.
      storage._appendNew(key: key, value: value, bucket: bucket)
    }
    _checkInvariants()
  }
}
