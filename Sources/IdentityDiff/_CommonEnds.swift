//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The lengths of the common prefix and suffix of `old` and `new` by
/// identity, compared position by position before any hashing: appending,
/// prepending or changing one row of a million costs a pass of comparisons,
/// not a table of them. Calls `updated` with the old and the new position
/// of each matched element whose content changed: the prefix ascending,
/// then the suffix from the end.
///
/// - Complexity: O(prefix + suffix) comparisons.
@inlinable
internal func _commonEnds<Old: RandomAccessCollection, New: RandomAccessCollection, ID: Hashable>(
  _ old: Old, _ new: New, id: (Old.Element) -> ID,
  contentEquals: (Old.Element, Old.Element) -> Bool, updated: (_ old: Int, _ new: Int) -> Void
) -> (prefix: Int, suffix: Int) where Old.Element == New.Element {
  let n = old.count
  let m = new.count
  var prefix = 0
  var oldIndex = old.startIndex
  var newIndex = new.startIndex
  while prefix < Swift.min(n, m) {
    let a = old[oldIndex]
    let b = new[newIndex]
    guard id(a) == id(b) else { break }
    if !contentEquals(a, b) { updated(prefix, prefix) }
    prefix += 1
    old.formIndex(after: &oldIndex)
    new.formIndex(after: &newIndex)
  }
  var suffix = 0
  oldIndex = old.endIndex
  newIndex = new.endIndex
  while suffix < Swift.min(n, m) - prefix {
    old.formIndex(before: &oldIndex)
    new.formIndex(before: &newIndex)
    let a = old[oldIndex]
    let b = new[newIndex]
    guard id(a) == id(b) else { break }
    if !contentEquals(a, b) { updated(n - 1 - suffix, m - 1 - suffix) }
    suffix += 1
  }
  return (prefix, suffix)
}
