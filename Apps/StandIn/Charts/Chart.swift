public import Foundation
public import SwiftUI

/// Something a chart draws.
@MainActor @preconcurrency public protocol ChartContent {
    /// The type of the content's parts.
    associatedtype Body: ChartContent
    /// The content's parts.
    @ChartContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: ChartContent {}

/// Builds chart content from the statements of a closure.
@resultBuilder public struct ChartContentBuilder {
    /// One piece of content, as it is.
    public static func buildBlock<C>(_ content: C) -> C where C: ChartContent { content }
}

/// A value a chart can place on an axis.
public protocol Plottable {}

extension Date: Plottable {}
extension Int: Plottable {}
extension Double: Plottable {}

/// A value with the label of its axis.
public struct PlottableValue<Value> where Value: Plottable {
    package let label: String
    package let value: Value

    /// `value`, on the axis named `label`.
    public static func value<S>(_ label: S, _ value: Value) -> PlottableValue<Value> where S: StringProtocol {
        PlottableValue(label: String(label), value: value)
    }
}

/// What the stand-in records of chart content.
@MainActor
package protocol RecordedMarks {
    func marks() -> [ViewNode]
}

/// A line through the points.
public struct LineMark: ChartContent {
    package let point: String

    /// A point of the line.
    public init<X, Y>(x: PlottableValue<X>, y: PlottableValue<Y>) where X: Plottable, Y: Plottable {
        point = "\(x.label)=\(x.value) \(y.label)=\(y.value)"
    }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension LineMark: RecordedMarks {
    package func marks() -> [ViewNode] { [ViewNode("LineMark", text: point)] }
}

extension ForEach: ChartContent where Content: ChartContent {
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension ForEach: RecordedMarks where Content: ChartContent {
    package func marks() -> [ViewNode] {
        data.flatMap { element in (content(element) as? any RecordedMarks)?.marks() ?? [] }
    }
}

/// A chart.
@MainActor @preconcurrency public struct Chart<Content>: View where Content: ChartContent {
    package let content: Content

    /// A chart of `content`.
    public init(@ChartContentBuilder content: () -> Content) { self.content = content() }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Chart {
    /// A chart with content for each element of `data`.
    public init<Data, C>(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C)
    where
        Content == ForEach<Data, Data.Element.ID, C>, Data: RandomAccessCollection, C: ChartContent,
        Data.Element: Identifiable
    {
        self.content = ForEach(data: data, id: \.id, content: content)
    }
}

extension Chart: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        [ViewNode("Chart", children: (content as? any RecordedMarks)?.marks() ?? [])]
    }
}
