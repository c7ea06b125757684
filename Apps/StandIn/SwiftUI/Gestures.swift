public import Foundation

/// An input the person makes with touches.
@MainActor @preconcurrency public protocol Gesture<Value> {
    /// What the gesture reports.
    associatedtype Value
}

/// Which gestures of a view and its subviews respond.
@frozen public struct GestureMask: Sendable {
    package let name: String
    /// This view's and its subviews' gestures.
    public static let all = GestureMask(name: "all")
}

/// Where a gesture's points are measured from.
public protocol CoordinateSpaceProtocol {}

/// The view's own coordinate space.
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {
    package init() {}
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    /// The view's own space.
    public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
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
        package let moved: CGSize
        package init(translation: CGSize) { moved = translation }
        /// How far the drag has moved from where it began.
        public var translation: CGSize { moved }

    }

    package var minimumDistance: CGFloat

    /// A drag that begins after `minimumDistance`.
    public init(minimumDistance: CGFloat = 10, coordinateSpace: some CoordinateSpaceProtocol = .local) {
        self.minimumDistance = minimumDistance
    }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

/// A gesture that also runs an action as it changes.
@frozen public struct _ChangedGesture<Content>: Gesture where Content: Gesture {
    package let content: Content
    package let action: (Content.Value) -> Void
    @_documentation(visibility: internal) public typealias Value = Content.Value
}

/// A gesture that also runs an action when it ends.
@frozen public struct _EndedGesture<Content>: Gesture where Content: Gesture {
    package let content: Content
    package let action: (Content.Value) -> Void
    @_documentation(visibility: internal) public typealias Value = Content.Value
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
