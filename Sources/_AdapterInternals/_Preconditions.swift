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
  preconditionFailure("Position \(position) out of range 0..<\(count)")
}
