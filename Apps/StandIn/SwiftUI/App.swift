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
        if let window = app.body as? any RecordedScene {
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
    /// One scene, as it is.
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { content }
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
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Never: Scene {}

extension WindowGroup: RecordedScene {
    package func record(_ context: RenderContext) -> [ViewNode] { context.record(content) }
}
