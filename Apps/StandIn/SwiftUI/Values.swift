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
    /// A third-level title.
    public static let title3 = Font(name: "title3")
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
    /// Green.
    public static let green = Color(name: "green")
    /// Blue.
    public static let blue = Color(name: "blue")
    /// Orange.
    public static let orange = Color(name: "orange")
    /// Gray.
    public static let gray = Color(name: "gray")
    /// The colour of primary content.
    public static let primary = Color(name: "primary")
    /// The colour of secondary content.
    public static let secondary = Color(name: "secondary")
    /// The app's accent.
    public static let accentColor = Color(name: "accentColor")
    /// The colour, more or less see-through.
    public func opacity(_ opacity: Double) -> Color { self }
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Color: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] { [] }
}

/// An outline drawn in a rectangle.
public struct Path {}

/// A drawn shape.
public protocol Shape: View {
    /// The shape's outline in `rect`.
    func path(in rect: CGRect) -> Path
}

/// How a shape's inside is found.
@frozen public struct FillStyle: Equatable {
    /// Whether the even-odd rule applies.
    public var isEOFilled: Bool
    /// Whether edges are smoothed.
    public var isAntialiased: Bool
    /// A fill style.
    @inlinable public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// The way a rounded rectangle's corners curve.
@frozen public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    /// Quarter circles.
    case circular
    /// Continuous curves.
    case continuous
}

/// A rectangle with rounded corners.
@frozen public struct RoundedRectangle: Shape {
    /// The corners' radius.
    public var cornerSize: CGSize
    /// The corners' curve.
    public var style: RoundedCornerStyle
    /// A rectangle whose corners have this radius.
    @inlinable public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    /// The shape's outline.
    public func path(in rect: CGRect) -> Path { Path() }
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension RoundedRectangle: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] { [] }
}

/// An edge of a rectangle.
@frozen public enum Edge: Int8, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of edges.
    @frozen public struct Set: OptionSet {
        public let rawValue: Int8
        /// Edges from a raw value.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The leading edge.
        public static let leading = Set(rawValue: 2)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 4)
        /// The trailing edge.
        public static let trailing = Set(rawValue: 8)
        /// Every edge.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        /// Leading and trailing.
        public static let horizontal: Set = [.leading, .trailing]
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
    }
}

/// The leading or trailing edge.
@frozen public enum HorizontalEdge: Int8, CaseIterable {
    case leading, trailing
}

/// The space around a rectangle, by edge.
@frozen public struct EdgeInsets: Equatable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    /// Insets of these sizes.
    @inlinable public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// No insets.
    @inlinable public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// Where views line up in both directions.
@frozen public struct Alignment: Equatable {
    package let name: String
    /// The centre.
    public static let center = Alignment(name: "center")
    /// The leading edge, centred vertically.
    public static let leading = Alignment(name: "leading")
    /// The top edge, centred horizontally.
    public static let top = Alignment(name: "top")
    /// The bottom edge, centred horizontally.
    public static let bottom = Alignment(name: "bottom")
    /// The top leading corner.
    public static let topLeading = Alignment(name: "topLeading")
    /// The top trailing corner.
    public static let topTrailing = Alignment(name: "topTrailing")
}

/// Where views line up across a column.
@frozen public struct HorizontalAlignment: Equatable {
    package let name: String
    /// The leading edge.
    public static let leading = HorizontalAlignment(name: "leading")
    /// The centre.
    public static let center = HorizontalAlignment(name: "center")
    /// The trailing edge.
    public static let trailing = HorizontalAlignment(name: "trailing")
}

/// Where views line up across a row.
@frozen public struct VerticalAlignment: Equatable {
    package let name: String
    /// The top edge.
    public static let top = VerticalAlignment(name: "top")
    /// The centre.
    public static let center = VerticalAlignment(name: "center")
    /// The first text baseline.
    public static let firstTextBaseline = VerticalAlignment(name: "firstTextBaseline")
}

/// A point in a view's unit square.
@frozen public struct UnitPoint: Hashable {
    public var x: CGFloat
    public var y: CGFloat
    /// A point.
    @inlinable public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    /// The centre.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The bottom centre.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
}

/// An angle.
@frozen public struct Angle: Hashable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    @inlinable public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    /// An angle of `degrees`.
    @inlinable public static func degrees(_ degrees: Double) -> Angle { Angle(radians: degrees * .pi / 180) }
    /// An angle of `radians`.
    @inlinable public init(radians: Double) { self.radians = radians }
}

/// A direction of layout.
@frozen public enum Axis: Int8, CaseIterable {
    case horizontal, vertical

    /// A set of axes.
    @frozen public struct Set: OptionSet {
        public let rawValue: Int8
        /// Axes from a raw value.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// Left to right.
        public static let horizontal = Set(rawValue: 1)
        /// Top to bottom.
        public static let vertical = Set(rawValue: 2)
    }
}

/// Whether something shows.
@frozen public enum Visibility: Hashable, CaseIterable {
    case automatic, visible, hidden
}

/// Where a search field goes.
public struct SearchFieldPlacement: Sendable {
    /// Where the system puts it.
    public static let automatic = SearchFieldPlacement()
}

/// What submits a field.
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: UInt
    /// Triggers from a raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Return in a text field.
    public static let text = SubmitTriggers(rawValue: 1)
    /// Return in a search field.
    public static let search = SubmitTriggers(rawValue: 2)
}

/// How lines of text line up.
@frozen public enum TextAlignment: Hashable, CaseIterable {
    case leading, center, trailing
}

/// How a change moves on screen.
@frozen public struct Animation: Equatable, Sendable {
    package let name: String
    /// The system's default.
    public static let `default` = Animation(name: "default")
    /// A spring.
    public static let spring = Animation(name: "spring")
}

/// Runs `body`, animating the changes it makes.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// Haptic feedback.
public struct SensoryFeedback: Equatable, Sendable {
    package let name: String
    /// Something succeeded.
    public static let success = SensoryFeedback(name: "success")
    /// Something needs care.
    public static let warning = SensoryFeedback(name: "warning")
    /// A selection changed.
    public static let selection = SensoryFeedback(name: "selection")
    /// A tap.
    public static let impact = SensoryFeedback(name: "impact")
}

/// How an accessibility element treats the elements inside it.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    package let name: String
    /// One element, with the children's labels combined.
    public static let combine = AccessibilityChildBehavior(name: "combine")
    /// One element; the children are hidden.
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    /// A container of the children.
    public static let contain = AccessibilityChildBehavior(name: "contain")
}

/// What an accessibility element is.
public struct AccessibilityTraits: SetAlgebra, Sendable {
    package var names: Swift.Set<String>
    package init(names: Swift.Set<String>) { self.names = names }
    package var name: String { names.sorted().joined(separator: ",") }
    /// A button.
    public static let isButton = AccessibilityTraits(names: ["button"])
    /// A header.
    public static let isHeader = AccessibilityTraits(names: ["header"])
    public init() { names = [] }
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { AccessibilityTraits(names: names.union(other.names)) }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { AccessibilityTraits(names: names.intersection(other.names)) }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { AccessibilityTraits(names: names.symmetricDifference(other.names)) }
    public func contains(_ member: AccessibilityTraits) -> Bool { member.names.isSubset(of: names) }
    public mutating func insert(_ newMember: AccessibilityTraits) -> (inserted: Bool, memberAfterInsert: AccessibilityTraits) {
        let inserted = !contains(newMember)
        names.formUnion(newMember.names)
        return (inserted, newMember)
    }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? {
        guard contains(member) else { return nil }
        names.subtract(member.names)
        return member
    }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? {
        names.formUnion(newMember.names)
        return newMember
    }
    public mutating func formUnion(_ other: AccessibilityTraits) { names.formUnion(other.names) }
    public mutating func formIntersection(_ other: AccessibilityTraits) { names.formIntersection(other.names) }
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) { names.formSymmetricDifference(other.names) }
}

/// How a button looks and behaves.
public protocol PrimitiveButtonStyle {}

/// A filled button.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    /// The style.
    public init() {}
}

/// A button with a border.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    /// The style.
    public init() {}
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// A filled button.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// A button with a border.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
