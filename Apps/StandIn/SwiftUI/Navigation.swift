public import CoreTransferable
public import Foundation

/// Screens pushed on a root screen, following a path of values.
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
    package let values: () -> [AnyHashable]
    package let truncate: (Int) -> Void
    package let root: Root
    @_documentation(visibility: internal) public var body: Never { fatalError() }

    /// A stack showing `root`, then a screen for each value of `path`.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable
    {
        values = { path.wrappedValue.map { AnyHashable($0) } }
        truncate = { depth in path.wrappedValue.removeLast(path.wrappedValue.count - depth) }
        self.root = root()
    }
}

extension NavigationStack: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("NavigationStack", children: context.record(root))
        for (depth, value) in values().enumerated() {
            guard let make = context.destinations[ObjectIdentifier(type(of: value.base))] else {
                node.children.append(ViewNode("MissingDestination", text: String(describing: value)))
                continue
            }
            context.path.append("pushed\(depth):\(value)")
            let screen = ViewNode("Pushed", text: String(describing: value.base), children: make(value.base))
            context.path.removeLast()
            screen.dismiss = { [truncate] in truncate(depth) }
            node.children.append(screen)
        }
        return [node]
    }
}

/// Tabs, one showing at a time.
@MainActor @preconcurrency public struct TabView<SelectionValue, Content>: View
where SelectionValue: Hashable, Content: View {
    package let selection: Binding<SelectionValue>?
    package let content: Content

    /// Tabs; `selection` says which shows.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension TabView: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("TabView", children: context.record(content))
        if let selection {
            node.selection = (
                get: { AnyHashable(selection.wrappedValue) },
                set: { tag in if let value = tag.base as? SelectionValue { selection.wrappedValue = value } }
            )
            node.traits["selection"] = String(describing: selection.wrappedValue)
        }
        return [node]
    }
}

/// Shares an item through the system's share sheet.
public struct ShareLink<Data, PreviewImage, PreviewIcon, Label>: View
where
    Data: RandomAccessCollection, PreviewImage: Transferable, PreviewIcon: Transferable, Label: View,
    Data.Element: Transferable
{
    package let item: String
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

/// The label a share link shows by default.
public struct DefaultShareLinkLabel: View {
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension ShareLink
where Data == CollectionOfOne<URL>, PreviewImage == Never, PreviewIcon == Never, Label == DefaultShareLinkLabel {
    /// Shares an address.
    public init(item: URL, subject: Text? = nil, message: Text? = nil) { self.item = item.absoluteString }
}

extension ShareLink: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("ShareLink", text: "Share")
        node.traits["item"] = item
        return [node]
    }
}
