import Foundation
public import UIKit

/// Read-only text.
@frozen public struct Text: View, Equatable {
    package let content: String

    /// Shows `content` as it is (localize it first).
    public init<S>(_ content: S) where S: StringProtocol { self.content = String(content) }
    /// Shows `content` as it is, never localized.
    public init(verbatim content: String) { self.content = content }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Text: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] { [ViewNode("Text", text: content)] }
}

/// A picture: a symbol or an image's pixels.
@frozen public struct Image: View, Equatable {
    package let name: String

    /// A system symbol.
    public init(systemName: String) { name = systemName }
    /// An image made from a UIKit image.
    public init(uiImage: UIImage) { name = "uiImage" }

    /// How an image fills more room than it has pixels.
    public enum ResizingMode: Sendable {
        /// Stretches the image.
        case stretch
    }

    /// Lets the image take the size of its frame.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image {
        self
    }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Image: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("Image", text: name)
        return [node]
    }
}

/// A title with an icon.
public struct Label<Title, Icon>: View where Title: View, Icon: View {
    package let title: String
    package let icon: String

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Label where Title == Text, Icon == Image {
    /// A title and a system symbol.
    public init<S>(_ title: S, systemImage name: String) where S: StringProtocol {
        self.title = String(title)
        icon = name
    }
}

extension Label: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("Label", text: title)
        node.traits["systemImage"] = icon
        return [node]
    }
}
