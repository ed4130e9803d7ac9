//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Windowing

/// The screen offset of the row with `id` in `list`, or `nil` if it is not
/// in the window.
public func screenOffset<Data, Layout>(
  of id: Int, in list: VirtualList<Data, Int, Layout>
) -> Double? {
  guard let k = list.windowIDs.firstIndex(of: id) else { return nil }
  return list.engine.layout.frame(of: list.window.lowerBound + k).mainOffset
    - list.engine.viewport.offset
}

extension VirtualList where Data.Element == ID {
  /// A list of `data`, each element its own identity, over `layout`, with
  /// a viewport of `length` at the top: the tests' usual list.
  public init(identifying data: Data, layout: Layout, viewportLength length: Double) {
    self.init(
      data: data, id: { $0 },
      engine: WindowingEngine(layout: layout, viewport: Viewport(length: length)))
  }
}
