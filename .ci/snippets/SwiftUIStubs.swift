// The few SwiftUI declarations the README and DocC examples use, so that
// their use of this package is type-checked on Linux, where SwiftUI does not
// exist. On Apple platforms the real SwiftUI is used instead. Only the
// signatures matter: nothing here ever runs.

#if canImport(SwiftUI)
  @_exported import SwiftUI
#else
  import Foundation

  typealias CGFloat = Foundation.CGFloat

  @MainActor
  protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
  }

  extension View where Body == Never {
    var body: Never { return fatalError() }
  }

  extension Never: View {
    typealias Body = Never
  }

  extension View {
    func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
    func onTapGesture(perform action: @escaping () -> Void) -> some View { self }
    func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
    func task(@_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { self }
    func overlay<V: View>(@ViewBuilder content: () -> V) -> some View { self }
    func frame(height: CGFloat? = nil) -> some View { self }
    func offset(y: CGFloat) -> some View { self }
    func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
      self
    }
    func frame(height: CGFloat? = nil, alignment: Alignment) -> some View { self }
    func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    func opacity(_ opacity: Double) -> some View { self }
    func zIndex(_ value: Double) -> some View { self }
    func onGeometryChange<T: Equatable>(
      for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
      action: @escaping (T) -> Void
    ) -> some View { self }
    func onScrollGeometryChange<T: Equatable>(
      for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
      action: @escaping (T, T) -> Void
    ) -> some View { self }
    func scrollPosition(_ position: Binding<ScrollPosition>) -> some View { self }
  }

  struct Alignment {
    static let topLeading = Alignment()
  }

  struct ZStack<Content: View>: View {
    init(alignment: Alignment = Alignment(), @ViewBuilder content: () -> Content) {}
  }

  struct GeometryProxy {
    var size: CGSize
  }

  struct ScrollGeometry {
    var contentOffset: CGPoint
    var containerSize: CGSize
  }

  struct ScrollPosition {
    init() {}
    mutating func scrollTo(y: CGFloat) {}
  }

  @propertyWrapper
  struct Binding<Value> {
    var wrappedValue: Value {
      get { fatalError() }
      nonmutating set {}
    }
  }

  /// Every built view, type-erased: only that each part is a view matters.
  struct _Leaf: View {}

  @resultBuilder
  enum ViewBuilder {
    static func buildExpression(_ view: some View) -> _Leaf { _Leaf() }
    static func buildBlock(_ views: _Leaf...) -> _Leaf { _Leaf() }
    static func buildOptional(_ view: _Leaf?) -> _Leaf { _Leaf() }
    static func buildEither(first: _Leaf) -> _Leaf { _Leaf() }
    static func buildEither(second: _Leaf) -> _Leaf { _Leaf() }
  }

  enum Edge {
    struct Set: OptionSet {
      var rawValue: Int
      static let leading = Set(rawValue: 1)
      static let trailing = Set(rawValue: 2)
      static let all = Set(rawValue: 3)
    }
  }

  struct EmptyView: View {
  }

  struct Text: View {
    init(_ text: String) {}
    init(verbatim text: String) {}
  }

  struct Label: View {
    init(_ title: String, systemImage: String) {}
  }

  struct ProgressView: View {
    init() {}
  }

  struct Button: View {
    init(_ title: String, action: @escaping () -> Void) {}
  }

  struct Group<Content: View>: View {
    init(@ViewBuilder content: () -> Content) {}
  }

  struct ScrollView<Content: View>: View {
    init(@ViewBuilder content: () -> Content) {}
  }

  struct LazyVStack<Content: View>: View {
    init(@ViewBuilder content: () -> Content) {}
  }

  struct List<Content: View>: View {
    init(@ViewBuilder content: () -> Content) {}
    init<Data: RandomAccessCollection, ID: Hashable, Row: View>(
      _ data: Data, id: KeyPath<Data.Element, ID>,
      @ViewBuilder rowContent: @escaping (Data.Element) -> Row
    ) where Content == _Leaf {}
    init<Data: RandomAccessCollection, Row: View>(
      _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> Row
    ) where Content == _Leaf, Data.Element: Identifiable {}
  }

  struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    init(
      _ data: Data, id: KeyPath<Data.Element, ID>,
      @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {}
    init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where Data.Element: Identifiable, ID == Data.Element.ID {}
    func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some View { self }
    func onDelete(perform action: ((IndexSet) -> Void)?) -> some View { self }
  }

  @propertyWrapper
  struct State<Value> {
    init(wrappedValue: Value) { fatalError() }
    init(initialValue: Value) { fatalError() }
    var projectedValue: Binding<Value> { fatalError() }
    var wrappedValue: Value {
      get { fatalError() }
      nonmutating set {}
    }
  }

  // The other common SwiftUI type names, declared so that `.ci/check-snippets`
  // fails when a public type of the package takes one: an app that imports
  // both modules could not name it.
  struct Angle {}
  struct Animation {}
  struct AnyLayout {}
  struct AnyTransition {}
  struct AnyView {}
  struct Axis {}
  struct Canvas {}
  struct Capsule {}
  struct Circle {}
  struct Color {}
  struct ContainerRelativeShape {}
  struct ContentMode {}
  struct DisclosureGroup {}
  struct Divider {}
  struct DragGesture {}
  struct EdgeInsets {}
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
  struct HorizontalAlignment {}
  struct Image {}
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
  struct TupleView {}
  struct UnitPoint {}
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
  protocol DynamicProperty {}
#endif
