// The SwiftUI declarations the README and DocC examples use, with SwiftUI's
// own signatures, generic parameters, result types, `@Sendable` closures and
// availability, written from Apple's documentation, so that the examples'
// use of this package is type-checked on Linux, where SwiftUI does not
// exist. On Apple platforms the real SwiftUI is used instead. Nothing here
// ever runs. Like SwiftUI's own module, which is not built with default
// main-actor isolation, every type but `View` is `nonisolated`.
//
// `.ci/check-availability` type-checks the SwiftUI examples with these
// stubs for Apple triples at the package's floors, where the compiler
// enforces the `@available` attributes: an example that calls an API above
// the floor must sit under `@available` or `if #available`.

#if canImport(SwiftUI)
  @_exported import SwiftUI
#else
  #if canImport(Foundation)
    // SwiftUI re-exports Foundation (CGFloat, IndexSet, ...).
    @_exported import Foundation
  #else
    // The Apple triples of .ci/check-availability have no Foundation: the
    // CoreGraphics and Foundation types the stubs name.
    typealias CGFloat = Double
    struct CGPoint: Equatable, Sendable {
      var x: CGFloat
      var y: CGFloat
    }
    struct CGSize: Equatable, Sendable {
      var width: CGFloat
      var height: CGFloat
    }
    struct CGRect: Equatable, Sendable {
      var origin: CGPoint
      var size: CGSize
    }
    struct IndexSet: Sequence, Sendable {
      func makeIterator() -> IndexingIterator<[Int]> { [].makeIterator() }
    }
  #endif

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  @MainActor @preconcurrency
  protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  extension Never: View {
    typealias Body = Never
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  extension Optional: View where Wrapped: View {
    typealias Body = Never
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct TupleView<T>: View {
    var value: T
    init(_ value: T) { self.value = value }
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct AnyView: View {
    init<V: View>(_ view: V) {}
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct EmptyView: View {
    init() {}
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  @resultBuilder
  nonisolated struct ViewBuilder {
    static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    static func buildBlock() -> EmptyView { EmptyView() }
    static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    static func buildBlock<each Content: View>(_ content: repeat each Content)
      -> TupleView<(repeat each Content)>
    { TupleView((repeat each content)) }
    static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
      -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
    static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
      -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
      AnyView(content)
    }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  extension View {
    nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
      self
    }
    nonisolated func padding(_ length: CGFloat) -> some View { self }
    @available(tvOS 16.0, *)
    nonisolated func onTapGesture(count: Int = 1, perform action: @escaping () -> Void)
      -> some View
    { self }
    nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
    nonisolated func frame(
      width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { self }
    nonisolated func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    nonisolated func offset(_ offset: CGSize) -> some View { self }
    nonisolated func opacity(_ opacity: Double) -> some View { self }
    nonisolated func zIndex(_ value: Double) -> some View { self }
  }

  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  extension View {
    nonisolated func task(
      priority: TaskPriority = .userInitiated,
      // `@_inheritActorContext` is in SwiftUI's interface; the rendered
      // documentation leaves underscored attributes out.
      @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { self }
    nonisolated func overlay<V: View>(
      alignment: Alignment = .center, @ViewBuilder content: () -> V
    ) -> some View { self }
  }

  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  extension View {
    nonisolated func onGeometryChange<T: Equatable & Sendable>(
      for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
      action: @escaping (T) -> Void
    ) -> some View { self }
  }

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  extension View {
    nonisolated func onChange<V: Equatable>(
      of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
    ) -> some View { self }
    nonisolated func onChange<V: Equatable>(
      of value: V, initial: Bool = false, _ action: @escaping () -> Void
    ) -> some View { self }
  }

  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  extension View {
    nonisolated func onScrollGeometryChange<T: Equatable>(
      for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
      action: @escaping (T, T) -> Void
    ) -> some View { self }
    nonisolated func scrollPosition(_ position: Binding<ScrollPosition>, anchor: UnitPoint? = nil)
      -> some View
    { self }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct Alignment: Equatable, Sendable {
    static let center = Alignment()
    static let top = Alignment()
    static let topLeading = Alignment()
    static let leading = Alignment()
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct HorizontalAlignment: Equatable, Sendable {
    static let center = HorizontalAlignment()
    static let leading = HorizontalAlignment()
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct UnitPoint: Hashable, Sendable {
    static let top = UnitPoint()
    static let center = UnitPoint()
    static let bottom = UnitPoint()
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated enum Edge: Int8, Sendable {
    case top, leading, bottom, trailing
    struct Set: OptionSet, Sendable {
      var rawValue: Int8
      static let top = Set(rawValue: 1)
      static let leading = Set(rawValue: 2)
      static let bottom = Set(rawValue: 4)
      static let trailing = Set(rawValue: 8)
      static let all: Set = [.top, .leading, .bottom, .trailing]
    }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated enum Axis: Int8, Sendable {
    case horizontal, vertical
    struct Set: OptionSet, Sendable {
      var rawValue: Int8
      static let horizontal = Set(rawValue: 1)
      static let vertical = Set(rawValue: 2)
    }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct EdgeInsets: Equatable, Sendable {
    var top: CGFloat
    var leading: CGFloat
    var bottom: CGFloat
    var trailing: CGFloat
  }

  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated struct PinnedScrollableViews: OptionSet, Sendable {
    var rawValue: UInt32
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct GeometryProxy {
    var size: CGSize { fatalError() }
  }

  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  nonisolated struct ScrollGeometry: Equatable, Sendable {
    var contentOffset: CGPoint
    var contentSize: CGSize
    var contentInsets: EdgeInsets
    var containerSize: CGSize
    var visibleRect: CGRect
    var bounds: CGRect
  }

  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  nonisolated struct ScrollPosition: Equatable, Sendable {
    init(idType: (some Hashable).Type = Never.self) {}
    init(edge: Edge) {}
    mutating func scrollTo(y: CGFloat) {}
    mutating func scrollTo(x: CGFloat, y: CGFloat) {}
    mutating func scrollTo(edge: Edge) {}
    mutating func scrollTo(id: some Hashable & Sendable, anchor: UnitPoint? = nil) {}
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  @propertyWrapper @dynamicMemberLookup
  struct Binding<Value> {
    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    var wrappedValue: Value {
      get { fatalError() }
      nonmutating set {}
    }
    var projectedValue: Binding<Value> { self }
    subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
      fatalError()
    }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  protocol DynamicProperty {}

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  @propertyWrapper
  struct State<Value>: DynamicProperty {
    init(wrappedValue value: Value) {}
    init(initialValue value: Value) {}
    var wrappedValue: Value {
      get { fatalError() }
      nonmutating set {}
    }
    var projectedValue: Binding<Value> { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct Text: View {
    init<S: StringProtocol>(_ content: S) {}
    init(verbatim content: String) {}
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct Image: View {
    init(systemName: String) {}
    var body: Never { fatalError() }
  }

  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated struct Label<Title: View, Icon: View>: View {
    init<S: StringProtocol>(_ title: S, systemImage name: String)
    where Title == Text, Icon == Image {}
    var body: Never { fatalError() }
  }

  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    init() where Label == EmptyView, CurrentValueLabel == EmptyView {}
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct Button<Label: View>: View {
    init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void)
    where Label == Text {}
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct Group<Content> {
    init(@ViewBuilder content: () -> Content) where Content: View {}
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  extension Group: View where Content: View {
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct ZStack<Content: View>: View {
    init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct ScrollView<Content: View>: View {
    init(
      _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
      @ViewBuilder content: () -> Content
    ) {}
    var body: Never { fatalError() }
  }

  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated struct LazyVStack<Content: View>: View {
    init(
      alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
      pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {}
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct List<SelectionValue: Hashable, Content: View>: View {
    init(@ViewBuilder content: () -> Content) where SelectionValue == Never {}
    init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {}
    init<Data: RandomAccessCollection, RowContent: View>(
      _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where
      Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable,
      SelectionValue == Never
    {}
    init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
      _ data: Data, id: KeyPath<Data.Element, ID>,
      @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {}
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    var data: Data
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  extension ForEach: View where Content: View {
    var body: Never { fatalError() }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  extension ForEach where Content: View {
    init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where ID == Data.Element.ID, Data.Element: Identifiable { self.data = data }
    init(
      _ data: Data, id: KeyPath<Data.Element, ID>,
      @ViewBuilder content: @escaping (Data.Element) -> Content
    ) { self.data = data }
    init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content)
    where Data == Range<Int>, ID == Int { self.data = data }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  protocol DynamicViewContent: View {
    associatedtype Data: Collection
    var data: Data { get }
  }

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  extension ForEach: DynamicViewContent where Content: View {}

  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  extension DynamicViewContent {
    nonisolated func onMove(perform action: ((IndexSet, Int) -> Void)?)
      -> some DynamicViewContent
    { self }
    @available(tvOS, unavailable)
    nonisolated func onDelete(perform action: ((IndexSet) -> Void)?)
      -> some DynamicViewContent
    { self }
  }

  @available(iOS 27.0, macOS 27.0, tvOS 27.0, watchOS 27.0, visionOS 27.0, *)
  nonisolated struct ReorderableSingleCollectionIdentifier: Hashable, Sendable {}

  @available(iOS 27.0, macOS 27.0, tvOS 27.0, watchOS 27.0, visionOS 27.0, *)
  nonisolated struct ReorderDifference<ItemID, CollectionID> {
    nonisolated struct Destination {
      enum Position {  // `@frozen` in SwiftUI: a switch needs no default
        case before(ItemID)
        case end
      }
      var position: Position { fatalError() }
      var collectionID: CollectionID { fatalError() }
    }
    var sources: [ItemID] { fatalError() }
    var destination: Destination { fatalError() }
  }

  @available(iOS 27.0, macOS 27.0, watchOS 27.0, visionOS 27.0, *)
  @available(tvOS, unavailable)
  extension View {
    nonisolated func reorderContainer<Item>(
      for item: Item.Type, isEnabled: Bool = true,
      move: @escaping (ReorderDifference<Item.ID, ReorderableSingleCollectionIdentifier>) -> Void
    ) -> some View where Item: Identifiable, Item.ID: Sendable { self }
    nonisolated func reorderContainer<Item, CollectionID>(
      for item: Item.Type, in collectionID: CollectionID.Type, isEnabled: Bool = true,
      move: @escaping (ReorderDifference<Item.ID, CollectionID>) -> Void
    ) -> some View
    where Item: Identifiable, CollectionID: Hashable, CollectionID: Sendable, Item.ID: Sendable {
      self
    }
  }

  @available(iOS 27.0, macOS 27.0, watchOS 27.0, visionOS 27.0, *)
  @available(tvOS, unavailable)
  extension DynamicViewContent {
    nonisolated func reorderable() -> some DynamicViewContent { self }
    nonisolated func reorderable(collectionID: some Hashable & Sendable)
      -> some DynamicViewContent
    { self }
  }

  // The other common SwiftUI type names, declared so that `.ci/check-snippets`
  // fails when a public type of the package takes one: an app that imports
  // both modules could not name it.
  struct Angle {}
  struct Animation {}
  struct AnyLayout {}
  struct AnyTransition {}
  struct Canvas {}
  struct Capsule {}
  struct Circle {}
  struct Color {}
  struct ContainerRelativeShape {}
  struct ContentMode {}
  struct DisclosureGroup {}
  struct Divider {}
  struct DragGesture {}
  struct Environment {}
  struct EnvironmentValues {}
  struct Font {}
  struct Form {}
  struct GeometryReader {}
  struct Gradient {}
  struct Grid {}
  struct GridItem {}
  struct GridLayout {}
  struct GridRow {}
  struct HStack {}
  struct LayoutSubview {}
  struct LayoutSubviews {}
  struct LazyHGrid {}
  struct LazyHStack {}
  struct LazyVGrid {}
  struct Link {}
  struct Menu {}
  struct Namespace {}
  struct NavigationLink {}
  struct NavigationSplitView {}
  struct NavigationStack {}
  struct ObservedObject {}
  struct OutlineGroup {}
  struct PagingScrollTargetBehavior {}
  struct Picker {}
  struct ProposedViewSize {}
  struct Rectangle {}
  struct RoundedRectangle {}
  struct ScrollPhase {}
  struct ScrollTarget {}
  struct ScrollTargetBehaviorContext {}
  struct ScrollTransition {}
  struct ScrollViewProxy {}
  struct ScrollViewReader {}
  struct Section {}
  struct SectionCollection {}
  struct SectionConfiguration {}
  struct Slider {}
  struct Spacer {}
  struct StateObject {}
  struct Stepper {}
  struct Subview {}
  struct SubviewsCollection {}
  struct Table {}
  struct TableColumn {}
  struct TextField {}
  struct TimelineView {}
  struct Toggle {}
  struct Transaction {}
  struct VStack {}
  struct VerticalAlignment {}
  struct ViewAlignedScrollTargetBehavior {}
  struct ViewDimensions {}
  struct ViewThatFits {}
  struct Visibility {}
  struct ZStackLayout {}
  protocol Layout {}
  protocol Shape {}
  protocol ViewModifier {}
  protocol Gesture {}
  protocol Transition {}
  protocol ScrollTargetBehavior {}
#endif
