import Foundation

/// An app: its scenes, and where it starts.
@MainActor @preconcurrency public protocol App {
    /// The type of the app's scenes.
    associatedtype Body: Scene
    /// The app's scenes.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// Makes the app.
    @MainActor @preconcurrency init()
}

extension App {
    /// Starts the app: on the stand-in, records its first scene and prints the outline.
    @MainActor @preconcurrency public static func main() {
        let app = Self()
        let context = RenderContext()
        if let window = app.body as Any as? any RecordedScene {
            print(window.record(context).map { $0.outline() }.joined(separator: "\n"))
        }
    }
}

/// A part of an app's interface the system manages (a window).
@MainActor @preconcurrency public protocol Scene {
    /// The type of the scene's content.
    associatedtype Body: Scene
    /// The scene's content.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Builds scenes from the statements of a closure.
@resultBuilder public struct SceneBuilder {
    /// The scenes of the block.
    public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene
    where repeat each Content: Scene {
        Scenes(scenes: (repeat each content))
    }
}

/// Several scenes (what a scene builder's block makes).
package struct Scenes<T> {
    let scenes: T
}

extension Scenes: Scene, RecordedScene {
    package var body: Never { return fatalError() }
    package func record(_ context: RenderContext) -> [ViewNode] {
        Mirror(reflecting: scenes).children.flatMap { ($0.value as? any RecordedScene)?.record(context) ?? [] }
    }
}

/// What the stand-in records of a scene.
@MainActor
package protocol RecordedScene {
    func record(_ context: RenderContext) -> [ViewNode]
}

/// A window of the app's views.
public struct WindowGroup<Content>: Scene where Content: View {
    package let content: Content
    /// A window showing `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    @_documentation(visibility: internal) public var body: Never { return fatalError() }
}

extension Never: Scene {}

extension WindowGroup: RecordedScene {
    package func record(_ context: RenderContext) -> [ViewNode] { context.record(content) }
}
