public import Foundation

/// An input the person makes with touches.
@MainActor @preconcurrency public protocol Gesture<Value> {
    /// What the gesture reports.
    associatedtype Value
    /// The gesture's parts.
    associatedtype Body: Gesture
    /// The gesture's parts.
    var body: Self.Body { get }
}

/// Which gestures of a view and its subviews respond.
@frozen public struct GestureMask: OptionSet {
    public let rawValue: UInt32
    /// A mask from a raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// This view's gestures.
    public static let gesture = GestureMask(rawValue: 1)
    /// The subviews' gestures.
    public static let subviews = GestureMask(rawValue: 2)
    /// Both.
    public static let all: GestureMask = [.gesture, .subviews]
}

/// Where a gesture's points are measured from.
public enum CoordinateSpace {
    /// The view's own space.
    case local
    /// The screen's space.
    case global
}

/// What the stand-in keeps of a drag gesture and its handlers.
@MainActor
package protocol RecordedDrag {
    var changed: (@MainActor (DragGesture.Value) -> Void)? { get }
    var ended: (@MainActor (DragGesture.Value) -> Void)? { get }
}

/// A drag.
public struct DragGesture: Gesture {
    /// Where a drag is.
    public struct Value: Equatable, Sendable {
        /// How far the drag has moved from where it began.
        public var translation: CGSize
        /// Where it would end if it stopped now, moving on at its speed.
        public var predictedEndTranslation: CGSize
        package init(translation: CGSize, predictedEndTranslation: CGSize) {
            self.translation = translation
            self.predictedEndTranslation = predictedEndTranslation
        }
    }

    /// How far a touch moves before it is a drag.
    public var minimumDistance: CGFloat
    /// Where the drag is measured from.
    public var coordinateSpace: CoordinateSpace

    /// A drag that begins after `minimumDistance`.
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Never: Gesture {
    @_documentation(visibility: internal) public typealias Value = Never
}

/// A gesture that also runs an action as it changes.
@frozen public struct _ChangedGesture<Content>: Gesture where Content: Gesture {
    package let content: Content
    package let action: (Content.Value) -> Void
    @_documentation(visibility: internal) public typealias Value = Content.Value
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

/// A gesture that also runs an action when it ends.
@frozen public struct _EndedGesture<Content>: Gesture where Content: Gesture {
    package let content: Content
    package let action: (Content.Value) -> Void
    @_documentation(visibility: internal) public typealias Value = Content.Value
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Gesture where Self.Value: Equatable {
    /// Runs `action` each time the gesture's value changes.
    public func onChanged(_ action: @escaping (Self.Value) -> Void) -> _ChangedGesture<Self> {
        _ChangedGesture(content: self, action: action)
    }
}

extension Gesture {
    /// Runs `action` when the gesture ends.
    public func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(content: self, action: action)
    }
}

extension DragGesture: RecordedDrag {
    package var changed: (@MainActor (DragGesture.Value) -> Void)? { nil }
    package var ended: (@MainActor (DragGesture.Value) -> Void)? { nil }
}

extension _ChangedGesture: RecordedDrag where Content: RecordedDrag {
    package var changed: (@MainActor (DragGesture.Value) -> Void)? {
        let action = action
        return { value in (value as? Content.Value).map(action) }
    }
    package var ended: (@MainActor (DragGesture.Value) -> Void)? { content.ended }
}

extension _EndedGesture: RecordedDrag where Content: RecordedDrag {
    package var changed: (@MainActor (DragGesture.Value) -> Void)? { content.changed }
    package var ended: (@MainActor (DragGesture.Value) -> Void)? {
        let action = action
        return { value in (value as? Content.Value).map(action) }
    }
}
