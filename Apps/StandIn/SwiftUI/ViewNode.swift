package import Foundation

/// One node of a recorded view tree: what the stand-in saw a view declare (its kind, its text, what it does when
/// tapped, swiped, pulled or dragged). Package-only: the screen tests read it, Apple's builds never see it.
@MainActor
package final class ViewNode {
    /// What kind of view: `Text`, `Button`, `List`, `NavigationStack`, `TabView`, `Image`, ...
    package let kind: String
    /// A text's words, a label's or a control's title, an image's symbol name.
    package var text: String?
    package var children: [ViewNode] = []
    /// Modifiers worth asserting: `navigationTitle`, `accessibilityLabel`, `accessibilityHint`, `disabled`, `role`,
    /// `systemImage`, `tag`, `prompt`, `sensoryFeedback`, `rotation`, `offsetX`...
    package var traits: [String: String] = [:]
    /// A button's action.
    package var action: (@MainActor () -> Void)?
    /// Accessibility actions by name.
    package var accessibilityActions: [String: @MainActor () -> Void] = [:]
    /// Pull to refresh.
    package var refresh: (@MainActor @Sendable () async -> Void)?
    /// `.task` bodies, in order.
    package var tasks: [@isolated(any) () async -> Void] = []
    /// `.onOpenURL` handlers.
    package var openURLHandlers: [@MainActor (URL) -> Void] = []
    /// A drag gesture's handlers.
    package var dragChanged: (@MainActor (DragGesture.Value) -> Void)?
    package var dragEnded: (@MainActor (DragGesture.Value) -> Void)?
    /// What `.swipeActions`, `.toolbar`, `.searchSuggestions`, a presented sheet or dialog and `.tabItem` hold.
    package var swipeActions: [ViewNode] = []
    package var toolbar: [ViewNode] = []
    package var suggestions: [ViewNode] = []
    package var sheets: [ViewNode] = []
    package var dialogs: [ViewNode] = []
    package var tabItem: ViewNode?
    /// A text field's or search field's binding.
    package var textBinding: Binding<String>?
    /// A picker's or tab view's selection: read as a tag, set by a tag.
    package var selection: (get: @MainActor () -> AnyHashable?, set: @MainActor (AnyHashable) -> Void)?
    /// The `.tag(_:)` a view carries.
    package var tag: AnyHashable?
    /// A presented sheet's or dialog's way out.
    package var dismiss: (@MainActor () -> Void)?

    package init(_ kind: String, text: String? = nil, children: [ViewNode] = []) {
        self.kind = kind
        self.text = text
        self.children = children
    }

    /// This node and every node below it (children, then what modifiers attached), depth first.
    package var all: [ViewNode] {
        var nodes: [ViewNode] = [self]
        for child in children + toolbar + swipeActions + suggestions + sheets + dialogs + (tabItem.map { [$0] } ?? []) {
            nodes += child.all
        }
        return nodes
    }

    /// Every text shown in this part of the tree, in order (texts, labels, titles).
    package var texts: [String] {
        all.compactMap {
            ["Text", "Label", "Button", "ContentUnavailableView", "ShareLink"].contains($0.kind)
                ? $0.text : nil
        }
    }

    /// A one-line-per-node outline (for failure messages).
    package func outline(_ depth: Int = 0) -> String {
        let pad = String(repeating: "  ", count: depth)
        var line = pad + kind + (text.map { " \"\($0)\"" } ?? "")
        if !traits.isEmpty {
            line += " " + traits.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        var lines = [line]
        for child in children { lines.append(child.outline(depth + 1)) }
        for (name, group) in [
            ("toolbar", toolbar), ("swipe", swipeActions), ("suggestions", suggestions), ("sheet", sheets),
            ("dialog", dialogs),
        ]
        where !group.isEmpty {
            lines.append(pad + "  [\(name)]")
            for node in group { lines.append(node.outline(depth + 2)) }
        }
        return lines.joined(separator: "\n")
    }
}
