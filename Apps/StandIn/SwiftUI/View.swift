import Foundation

/// Part of the interface: declared by its `body`, configured with modifiers.
@MainActor @preconcurrency public protocol View {
    /// The type of the view's body.
    associatedtype Body: View
    /// What the view shows.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    @_documentation(visibility: internal) public typealias Body = Never
    @_documentation(visibility: internal) public var body: Never { fatalError("Never has no body") }
}

/// Shows nothing.
@frozen public struct EmptyView: View {
    /// Nothing to show.
    public init() {}
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension EmptyView: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] { [] }
}

/// Several views in a row of a builder.
@frozen public struct TupleView<T>: View {
    package var value: T
    /// Holds these views.
    public init(_ value: T) { self.value = value }
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension TupleView: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        // A pack of one is the view itself, not a tuple.
        if let single = value as? any View { return context.record(single, at: 0) }
        var nodes: [ViewNode] = []
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            if let view = child.value as? any View { nodes += context.record(view, at: index) }
        }
        return nodes
    }
}

/// Content that shows one of two views (what `if`/`else` builds).
public struct _ConditionalContent<TrueContent, FalseContent> {
    package enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    package let storage: Storage
    package init(storage: Storage) { self.storage = storage }
}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension _ConditionalContent: RecordedView where TrueContent: View, FalseContent: View {
    package func record(_ context: RenderContext) -> [ViewNode] {
        switch storage {
        case .trueContent(let view): context.record(view, at: 0)
        case .falseContent(let view): context.record(view, at: 1)
        }
    }
}

extension Optional: View where Wrapped: View {
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Optional: RecordedView where Wrapped: View {
    package func record(_ context: RenderContext) -> [ViewNode] {
        switch self {
        case .some(let view): context.record(view)
        case .none: []
        }
    }
}

/// Builds views from the statements of a closure.
@MainActor @resultBuilder public struct ViewBuilder {
    /// No statements: nothing to show.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// One view, as it is.
    public static func buildBlock<Content>(_ content: Content) -> Content { content }
    /// Several views, in order.
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
    where repeat each Content: View {
        TupleView((repeat each content))
    }
    /// An `if` without `else`.
    public static func buildIf<Content>(_ content: Content?) -> Content? { content }
    /// The `if` branch.
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent(storage: .trueContent(first))
    }
    /// The `else` branch.
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent(storage: .falseContent(second))
    }
}
