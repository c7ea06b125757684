public import Foundation

// Layout and look: recorded only where a test reads them.
extension View {
    /// Adds room around the view along `edges`.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { unrecorded() }
    /// Adds `length` of room on every side.
    public func padding(_ length: CGFloat) -> some View { unrecorded() }
    /// Gives the view a fixed size.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        unrecorded()
    }
    /// Gives the view bounds to grow or shrink within.
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { unrecorded() }
    /// The font of the text within.
    public func font(_ font: Font?) -> some View { trait("font", font?.name ?? "default") }
    /// The style of the text and shapes within.
    public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { unrecorded() }
    /// Fills the view's background.
    public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View
    where S: ShapeStyle {
        unrecorded()
    }
    /// Puts `content` behind the view.
    public func background<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View
    where V: View {
        let behind = content()
        return Modified(self) { node, context in node.children = context.record(behind) + node.children }
    }
    /// Puts `content` in front of the view.
    public func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View {
        let front = content()
        return Modified(self) { node, context in node.children += context.record(front) }
    }
    /// Clips the view to a shape.
    public func clipShape<S>(_ shape: S, style: FillStyle = FillStyle()) -> some View where S: Shape { unrecorded() }
    /// Moves the view.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        trait("offset", "\(Int(Double(x).rounded())),\(Int(Double(y).rounded()))")
    }
    /// Turns the view.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        trait("rotation", String(format: "%.1f", angle.degrees))
    }
    /// Scales the view to fill its frame.
    public func scaledToFill() -> some View { unrecorded() }
    /// Limits the text to `number` lines.
    public func lineLimit(_ number: Int?) -> some View { unrecorded() }
    /// The style of the buttons within.
    public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle { unrecorded() }
    /// Whether the controls within respond.
    public func disabled(_ disabled: Bool) -> some View {
        Modified(self) { node, _ in
            if disabled { node.traits["disabled"] = "true" }
        }
    }
}

// Behaviour: recorded so tests can find and trigger it.
extension View {
    /// Runs `action` when the view appears, cancelled when it goes.
    public func task(
        priority: TaskPriority = .userInitiated, _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View {
        Modified(self) { node, _ in node.tasks.append(action) }
    }
    /// Lets the person pull the view to refresh it.
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
        Modified(self) { node, _ in node.refresh = action }
    }
    /// Handles a link the app was asked to open.
    public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View {
        Modified(self) { node, _ in node.openURLHandlers.append { action($0) } }
    }
    /// Attaches a gesture.
    public func gesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View where T: Gesture {
        Modified(self) { node, _ in
            guard let drag = gesture as? any RecordedDrag else { return }
            node.dragChanged = drag.changed
            node.dragEnded = drag.ended
        }
    }
    /// Plays haptic feedback when `trigger` changes.
    public func sensoryFeedback<T>(_ feedback: SensoryFeedback, trigger: T) -> some View where T: Equatable {
        Modified(self) { node, _ in
            let kinds = node.traits["sensoryFeedback"].map { $0 + "," } ?? ""
            node.traits["sensoryFeedback"] = kinds + feedback.name
        }
    }
    /// Row actions revealed by swiping the row.
    public func swipeActions<T>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View
    where T: View {
        let actions = content()
        return Modified(self) { node, context in node.swipeActions += context.record(actions) }
    }
    /// Presents `content` as a sheet while `isPresented` is true.
    public func sheet<Content>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    )
        -> some View where Content: View
    {
        Modified(self) { node, context in
            guard isPresented.wrappedValue else { return }
            let sheet = context.single(content())
            sheet.dismiss = {
                isPresented.wrappedValue = false
                onDismiss?()
            }
            node.sheets.append(sheet)
        }
    }
    /// Asks to confirm an action while `isPresented` is true.
    public func confirmationDialog<S, A>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> some View where S: StringProtocol, A: View {
        let choices = actions()
        let heading = String(title)
        return Modified(self) { node, context in
            guard isPresented.wrappedValue else { return }
            let dialog = ViewNode("Dialog", text: heading, children: context.record(choices))
            dialog.dismiss = { isPresented.wrappedValue = false }
            node.dialogs.append(dialog)
        }
    }
    /// Items of the navigation bar.
    public func toolbar<Content>(@ViewBuilder content: () -> Content) -> some View where Content: View {
        let items = content()
        return Modified(self) { node, context in node.toolbar += context.record(items) }
    }
    /// A search field bound to `text`.
    public func searchable<S>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S)
        -> some View
    where S: StringProtocol {
        let prompt = String(prompt)
        return Modified(self) { node, _ in
            let field = ViewNode("SearchField", text: prompt)
            field.textBinding = text
            field.traits["value"] = text.wrappedValue
            node.children.insert(field, at: 0)
        }
    }
    /// What to offer under the search field.
    public func searchSuggestions<S>(@ViewBuilder _ suggestions: () -> S) -> some View where S: View {
        let offered = suggestions()
        return Modified(self) { node, context in node.suggestions += context.record(offered) }
    }
    /// The title of the screen.
    public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol {
        trait("navigationTitle", String(title))
    }
    /// Shows `destination` for values of type `data` pushed on the navigation stack.
    public func navigationDestination<D, C>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View
    where D: Hashable, C: View {
        Modified(self) { _, context in
            context.destinations[ObjectIdentifier(D.self)] = { value in
                guard let value = value as? D else { return [] }
                return context.record(destination(value))
            }
        }
    }
    /// The tab's label in a tab view.
    public func tabItem<V>(@ViewBuilder _ label: () -> V) -> some View where V: View {
        let item = label()
        return Modified(self) { node, context in node.tabItem = context.single(item) }
    }
    /// The value that identifies the view in a picker or a tab view.
    public func tag<V>(_ tag: V) -> some View where V: Hashable {
        Modified(self) { node, _ in node.tag = AnyHashable(tag) }
    }
}

// Accessibility.
extension View {
    /// What VoiceOver reads for the view.
    public func accessibilityLabel<S>(_ label: S) -> some View where S: StringProtocol {
        trait("accessibilityLabel", String(label))
    }
    /// What VoiceOver says the view does.
    public func accessibilityHint<S>(_ hint: S) -> some View where S: StringProtocol {
        trait("accessibilityHint", String(hint))
    }
    /// An action VoiceOver offers on the view.
    public func accessibilityAction<S>(named name: S, _ handler: @escaping () -> Void) -> some View
    where S: StringProtocol {
        let name = String(name)
        return Modified(self) { node, _ in node.accessibilityActions[name] = { handler() } }
    }
    /// Makes the view one element for VoiceOver.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        trait("accessibilityElement", children.name)
    }
}
