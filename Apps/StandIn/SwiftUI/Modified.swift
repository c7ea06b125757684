import Foundation

/// A view with one modifier applied: records its content as one node, then lets the modifier mark it.
package struct Modified<Content: View> {
    package let content: Content
    package let apply: @MainActor (ViewNode, RenderContext) -> Void

    package nonisolated init(_ content: Content, _ apply: @escaping @MainActor (ViewNode, RenderContext) -> Void) {
        self.content = content
        self.apply = apply
    }

}

extension Modified: View, RecordedView {
    package var body: Never { fatalError() }

    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = context.single(content)
        apply(node, context)
        return [node]
    }
}

extension View {
    /// This view with a modifier that changes nothing the tests look at (layout, colour, fonts).
    package nonisolated func unrecorded() -> some View { Modified(self) { _, _ in } }

    /// This view with `trait` set to `value`.
    package nonisolated func trait(_ trait: String, _ value: String) -> some View {
        Modified(self) { node, _ in node.traits[trait] = value }
    }
}
