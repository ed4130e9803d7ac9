//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

// The storage class is only mutated after a uniqueness check, so sharing a
// store across threads shares immutable storage: the usual copy-on-write
// argument, as for `Array`.
extension OrderedStore: @unchecked Sendable where Key: Sendable, Value: Sendable {}
extension OrderedStore.Keys: @unchecked Sendable where Key: Sendable, Value: Sendable {}
extension OrderedStore.Values: @unchecked Sendable where Key: Sendable, Value: Sendable {}
