//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// What the scheduler loads for: the visible range (or where a scroll will
/// settle), and how it reaches it.
internal struct _Demand {
  /// The positions, in internal coordinates.
  var range: Range<Int>?
  /// See `Pager.reachesVisibleRangeByWalking`.
  var byWalking = false
}
