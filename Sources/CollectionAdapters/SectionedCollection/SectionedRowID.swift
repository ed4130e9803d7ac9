//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// The identity of a row of a `SectionedCollection`, for SwiftUI's
/// `ForEach(rows, id: …)`: a header or footer by its section's identity, an
/// item by its own.
public enum SectionedRowID<SectionID: Hashable, ItemID: Hashable>: Hashable {
  /// The header of this section.
  case header(SectionID)
  /// The item with this identity.
  case item(ItemID)
  /// The footer of this section.
  case footer(SectionID)
}

extension SectionedRowID: Sendable where SectionID: Sendable, ItemID: Sendable {}
