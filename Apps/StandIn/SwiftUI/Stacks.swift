public import Foundation

/// Records `content` inside one node of `kind`.
@MainActor
package func container<Content: View>(_ kind: String, _ content: Content, _ context: RenderContext) -> [ViewNode] {
    [ViewNode(kind, children: context.record(content))]
}

/// Views one above the other.
@frozen public struct VStack<Content>: View where Content: View {
    package let content: Content
    /// A column of views.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    {
        self.content = content()
    }
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension VStack: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] { container("VStack", content, context) }
}

/// Views side by side.
@frozen public struct HStack<Content>: View where Content: View {
    package let content: Content
    /// A row of views.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension HStack: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] { container("HStack", content, context) }
}

/// Views grouped without a layout of their own.
@MainActor @frozen public struct Group<Content> {
    package let content: Content
}

extension Group: View where Content: View {
    /// Groups `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Group: RecordedView where Content: View {
    package func record(_ context: RenderContext) -> [ViewNode] { context.record(content) }
}

/// A view per element of a collection.
@MainActor public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    package let data: Data
    package let id: KeyPath<Data.Element, ID>
    package let content: (Data.Element) -> Content

    package init(data: Data, id: KeyPath<Data.Element, ID>, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }
}

extension ForEach: View where Content: View {
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// A view per identified element.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, id: \.id, content: content)
    }
}

extension ForEach where Content: View {
    /// A view per element, identified by `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.init(data: data, id: id, content: content)
    }
}

extension ForEach: RecordedView where Content: View {
    package func record(_ context: RenderContext) -> [ViewNode] {
        var nodes: [ViewNode] = []
        for element in data {
            context.path.append("id:\(element[keyPath: id])")
            let made = context.record(content(element))
            context.path.removeLast()
            for node in made where node.tag == nil { node.tag = AnyHashable(element[keyPath: id]) }
            nodes += made
        }
        return nodes
    }
}

/// Rows of a list.
public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    package let content: Content
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension List where SelectionValue == Never {
    /// A list of `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

extension List: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] { container("List", content, context) }
}

/// Rows under a header.
@MainActor public struct Section<Parent, Content, Footer> {
    package let header: Parent
    package let content: Content
}

extension Section: View where Parent: View, Content: View, Footer: View {
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    /// Rows under `header`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(header: header(), content: content())
    }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    /// Rows without a header.
    public init(@ViewBuilder content: () -> Content) { self.init(header: EmptyView(), content: content()) }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    /// Rows under a title.
    public init<S>(_ title: S, @ViewBuilder content: () -> Content) where S: StringProtocol {
        self.init(header: Text(title), content: content())
    }
}

extension Section: RecordedView where Parent: View, Content: View, Footer: View {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("Section", children: context.record(content))
        node.text = context.record(header).flatMap(\.texts).first
        return [node]
    }
}
