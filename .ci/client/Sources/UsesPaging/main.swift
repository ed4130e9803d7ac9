import Paging

let pager = Pager<Int, Int>(
  configuration: PagingConfiguration(pageSize: 20),
  source: .positional { range in PositionalPage(items: Array(range), totalCount: 100) })
pager.visibleRangeDidChange(0..<10)
print("Paging: \(pager.items.count) items before the first load")
