//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The trap of every collection here for a position outside `0..<count`,
/// worded as the standard library words its own.
@inline(never)
@usableFromInline
package func _outOfRange(_ position: Int, count: Int) -> Never {
  _preconditionFailure("Position \(position) out of range 0..<\(count)")
}

/// Traps unless `position` is one of a slice's positions, `bounds`.
@inlinable
package func _checkPosition(_ position: Int, in bounds: Range<Int>) {
  if position < bounds.lowerBound || position >= bounds.upperBound {
    _outOfRange(position, bounds: bounds)
  }
}

/// Traps: `position` is outside `bounds` (a slice's positions).
@inline(never)
@usableFromInline
package func _outOfRange(_ position: Int, bounds: Range<Int>) -> Never {
  _preconditionFailure("Position \(position) out of range \(bounds)")
}

/// Traps unless `range` lies within `bounds.lowerBound...bounds.upperBound`
/// (a slice of a slice may end at its end).
@inlinable
package func _checkBounds(_ range: Range<Int>, in bounds: Range<Int>) {
  if range.lowerBound < bounds.lowerBound || range.upperBound > bounds.upperBound {
    _rangeOutOfBounds(range, bounds: bounds)
  }
}

@inline(never)
@usableFromInline
package func _rangeOutOfBounds(_ range: Range<Int>, bounds: Range<Int>) -> Never {
  _preconditionFailure("Range \(range) out of bounds \(bounds)")
}

/// `i` offset by `distance`, or `nil` if the step passes `limit`: the
/// standard library's rule for `Int` positions, whatever side of the
/// collection or slice `limit` lies on (as `Slice` forwards it to its base).
@inlinable
package func _offset(_ i: Int, by distance: Int, limitedBy limit: Int) -> Int? {
  let l = limit &- i
  if distance > 0 ? l >= 0 && l < distance : l <= 0 && distance < l { return nil }
  return i &+ distance
}

/// Traps with `message` unless `condition` holds: the package's
/// `precondition`, whose message a release build keeps (Swift's own prints
/// only in debug builds; the standard library's traps, such as "Index out
/// of range", print in both), so a trap in an app's release build names
/// the value that caused it.
@inlinable
@inline(__always)
package func _precondition(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if _slowPath(!condition()) { _preconditionFailure(message(), file: file, line: line) }
}

/// Traps with `message`, kept in release builds (see `_precondition`).
@inline(never)
@usableFromInline
package func _preconditionFailure(
  _ message: String, file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError(message, file: file, line: line)
}
