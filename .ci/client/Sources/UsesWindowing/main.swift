import Windowing

var engine = WindowingEngine(
  layout: FixedLengthGridLayout(
    itemCount: 1_000, columns: .adaptive(minimumLength: 90), itemLength: 90),
  viewport: Viewport(offset: 0, length: 800, crossLength: 390))
_ = engine.scroll(toOffset: 1_234.5)
var list = VariableLengthLayout(itemCount: 10_000, estimatedLength: 44)
list.insertItems(at: 0..<100)
let fixed = FixedLengthLayout(itemCount: 100, itemLength: 44)
print(
  "Windowing: window \(engine.window), \(list.itemCount) rows,",
  "\(fixed.items(overlapping: 100..<300))")
