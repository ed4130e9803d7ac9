//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The largest count or size the modules accept where they add a few of
/// them together: 2³² where the integer has 64 bits, 2²⁹ where it has 32
/// (watchOS devices), so that a sum of three never overflows.
@inlinable
package func _sizeLimit<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer {
  1 << Swift.min(32, Integer.bitWidth - 3)
}
