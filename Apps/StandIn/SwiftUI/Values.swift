public import Foundation

/// A font.
public struct Font: Hashable, Sendable {
    package let name: String
    /// The largest title.
    public static let largeTitle = Font(name: "largeTitle")
    /// A title.
    public static let title = Font(name: "title")
    /// A second-level title.
    public static let title2 = Font(name: "title2")
    /// A headline.
    public static let headline = Font(name: "headline")
    /// A subheadline.
    public static let subheadline = Font(name: "subheadline")
    /// Body text.
    public static let body = Font(name: "body")
    /// A caption.
    public static let caption = Font(name: "caption")
    /// A footnote.
    public static let footnote = Font(name: "footnote")
}

/// Something that can fill or stroke a shape.
public protocol ShapeStyle: Sendable {}

/// A colour that follows the light or dark appearance.
public struct Color: Hashable, Sendable, ShapeStyle, View {
    package let name: String
    /// Red.
    public static let red = Color(name: "red")
    /// The colour of secondary content.
    public static let secondary = Color(name: "secondary")
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Color: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] { [] }
}

/// A drawn shape.
public protocol Shape: Sendable, View {}

/// How a shape's inside is found.
@frozen public struct FillStyle: Equatable {
    package var isEOFilled: Bool
    package var isAntialiased: Bool
    /// A fill style.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// The way a rounded rectangle's corners curve.
@frozen public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    /// Continuous curves.
    case continuous
}

/// A rectangle with rounded corners.
@frozen public struct RoundedRectangle: Shape {
    package var cornerSize: CGSize
    package var style: RoundedCornerStyle
    /// A rectangle whose corners have this radius.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension RoundedRectangle: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] { [] }
}

/// An edge of a rectangle.
@frozen public enum Edge {
    /// A set of edges.
    @frozen public struct Set: Sendable {
        package let edges: Swift.Set<String>
        /// Every edge.
        public static let all = Set(edges: ["top", "leading", "bottom", "trailing"])
    }
}

/// The leading or trailing edge.
@frozen public enum HorizontalEdge {
    case leading, trailing
}

/// The space around a rectangle, by edge.
@frozen public struct EdgeInsets: Equatable {
    package var top: CGFloat
    package var leading: CGFloat
    package var bottom: CGFloat
    package var trailing: CGFloat
    /// Insets of these sizes.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// No insets.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// Where views line up in both directions.
@frozen public struct Alignment: Equatable {
    package let name: String
    /// The centre.
    public static let center = Alignment(name: "center")
}

/// Where views line up across a column.
@frozen public struct HorizontalAlignment: Equatable {
    package let name: String
    /// The leading edge.
    public static let leading = HorizontalAlignment(name: "leading")
    /// The centre.
    public static let center = HorizontalAlignment(name: "center")
}

/// Where views line up across a row.
@frozen public struct VerticalAlignment: Equatable {
    package let name: String
    /// The centre.
    public static let center = VerticalAlignment(name: "center")
}

/// A point in a view's unit square.
@frozen public struct UnitPoint: Hashable {
    package var x: CGFloat
    package var y: CGFloat
    package init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    /// The centre.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
}

/// An angle.
@frozen public struct Angle: Hashable {
    package var degrees: Double
    /// An angle of `degrees`.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// An angle of `degrees`.
    public init(degrees: Double) { self.degrees = degrees }
}

/// Whether something shows.
@frozen public enum Visibility {
    case automatic
}

/// Where a search field goes.
public struct SearchFieldPlacement: Sendable {
    /// Where the system puts it.
    public static let automatic = SearchFieldPlacement()
}

/// Haptic feedback.
public struct SensoryFeedback: Equatable, Sendable {
    package let name: String
    /// Something succeeded.
    public static let success = SensoryFeedback(name: "success")
}

/// How an accessibility element treats the elements inside it.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    package let name: String
    /// One element, with the children's labels combined.
    public static let combine = AccessibilityChildBehavior(name: "combine")
    /// One element; the children are hidden.
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
}

/// How a button looks and behaves.
public protocol PrimitiveButtonStyle {}

/// A filled button.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    package init() {}
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// A filled button.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
