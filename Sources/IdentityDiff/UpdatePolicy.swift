//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// When a list update should be animated.
public struct UpdatePolicy: Hashable, Sendable {
  /// Above this many changes, apply without animation.
  public var animationLimit: Int

  /// Creates a policy; DataSources' limit of 300 by default.
  public init(animationLimit: Int = 300) {
    _precondition(animationLimit >= 0, "Animation limit \(animationLimit) must not be negative")
    self.animationLimit = animationLimit
  }
}
