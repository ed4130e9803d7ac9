//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// How a batch shows an item whose content changed.
public enum ContentUpdateStyle: Hashable, Sendable {
  /// Replace the cell (`reloadItems(at:)`).
  case reload
  /// Keep the cell and give it the new content (`reconfigureItems(at:)`,
  /// iOS 15 and later): cheaper, and keeps the cell's state.
  case reconfigure
}
