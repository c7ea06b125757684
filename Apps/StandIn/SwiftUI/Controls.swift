import Foundation

/// What a button does, for its look.
public struct ButtonRole: Equatable, Sendable {
    package let name: String
    /// Deletes or removes something.
    public static let destructive = ButtonRole(name: "destructive")
    /// Cancels.
    public static let cancel = ButtonRole(name: "cancel")
}

/// A control that acts when tapped.
@MainActor @preconcurrency public struct Button<Label>: View where Label: View {
    package let role: ButtonRole?
    package let action: @MainActor () -> Void
    package let label: Label

    /// A button showing `label`.
    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    /// A button with a role.
    @preconcurrency public init(
        role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
    ) {
        self.role = role
        self.action = action
        self.label = label()
    }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Button where Label == Text {
    /// A button with a title.
    @preconcurrency public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol {
        self.init(role: nil, action: action) { Text(title) }
    }

}

extension Button: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let content = context.record(label)
        let node = ViewNode("Button", text: content.flatMap(\.texts).joined(separator: " "), children: content)
        node.action = action
        if let role { node.traits["role"] = role.name }
        return [node]
    }
}

/// A control that switches between on and off.
public struct Toggle<Label>: View where Label: View {
    package let isOn: Binding<Bool>
    package let label: Label

    /// A toggle of `isOn`, described by `label`.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Toggle: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let content = context.record(label)
        let node = ViewNode("Toggle", text: content.flatMap(\.texts).joined(separator: " "), children: content)
        let isOn = isOn
        // A tap switches it, as a person's does.
        node.action = { isOn.wrappedValue.toggle() }
        node.traits["isOn"] = String(isOn.wrappedValue)
        return [node]
    }
}

/// A field to type text into.
public struct TextField<Label>: View where Label: View {
    package let title: String
    package let text: Binding<String>
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension TextField where Label == Text {
    /// A field with a placeholder.
    public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol {
        self.title = String(title)
        self.text = text
    }
}

extension TextField: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("TextField", text: title)
        node.textBinding = text
        node.traits["value"] = text.wrappedValue
        return [node]
    }
}

/// Chooses one of several values.
public struct Picker<Label, SelectionValue, Content>: View where Label: View, SelectionValue: Hashable, Content: View {
    package let title: String
    package let selection: Binding<SelectionValue>
    package let content: Content
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension Picker where Label == Text {
    /// A picker with a title.
    public init<S>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content)
    where S: StringProtocol {
        self.title = String(title)
        self.selection = selection
        self.content = content()
    }
}

extension Picker: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("Picker", text: title, children: context.record(content))
        let selection = selection
        node.selection = (
            get: { AnyHashable(selection.wrappedValue) },
            set: { tag in if let value = tag.base as? SelectionValue { selection.wrappedValue = value } }
        )
        node.traits["selection"] = String(describing: selection.wrappedValue)
        return [node]
    }
}

/// Shows progress: a spinner, or a bar when the amount is known.
public struct ProgressView<Label, CurrentValueLabel>: View where Label: View, CurrentValueLabel: View {
    package let fraction: Double?

    /// A bar at `value` of `total`.
    public init<V>(value: V?, total: V = 1.0)
    where Label == EmptyView, CurrentValueLabel == EmptyView, V: BinaryFloatingPoint {
        fraction = value.map { Double($0) / Double(total) }
    }

    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// A spinner.
    public init() where Label == EmptyView { fraction = nil }
}

extension ProgressView: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("ProgressView")
        if let fraction { node.traits["fraction"] = String(format: "%.2f", fraction) }
        return [node]
    }
}

/// What a screen shows when it has nothing to show.
public struct ContentUnavailableView<Label, Description, Actions>: View
where Label: View, Description: View, Actions: View {
    package let title: String
    package let icon: String
    package let detail: Description?
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// A title, a system symbol and a sentence.
    public init<S>(_ title: S, systemImage name: String, description: Text? = nil) where S: StringProtocol {
        self.title = String(title)
        icon = name
        detail = description
    }
}

extension ContentUnavailableView: RecordedView {
    package func record(_ context: RenderContext) -> [ViewNode] {
        let node = ViewNode("ContentUnavailableView", text: title, children: detail.map { context.record($0) } ?? [])
        node.traits["systemImage"] = icon
        return [node]
    }
}
