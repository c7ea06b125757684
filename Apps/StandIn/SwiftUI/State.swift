public import Foundation

/// A stored property the framework manages for a view.
public protocol DynamicProperty {}

/// Where a `@State` keeps its value between recordings.
package final class StateBox<Value> {
    package var value: Value
    package init(_ value: Value) { self.value = value }
}

/// A value a view owns and changes.
@propertyWrapper public struct State<Value>: DynamicProperty {
    package let box: StateBox<Value>

    /// Starts with `value`.
    public init(wrappedValue value: Value) { box = StateBox(value) }
    /// Starts with `value`.
    public init(initialValue value: Value) { box = StateBox(value) }

    /// The value now.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> {
        let box = box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State: RecordedProperty {
    package func prepare(_ context: RenderContext, key: String) {
        if let kept = context.stateBoxes[key] as? StateBox<Value> {
            box.value = kept.value
        }
        context.stateBoxes[key] = box
    }
}

/// Reads and writes a value someone else owns.
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    package let read: () -> Value
    package let write: (Value) -> Void

    /// A binding through these two closures.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        read = get
        write = set
    }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    /// The value now.
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { read()[keyPath: keyPath] }, set: { var value = read(); value[keyPath: keyPath] = $0; write(value) })
    }
}

/// What a view tree shares with every view below a point.
public struct EnvironmentValues {
    package var values: [String: Any] = [:]

    /// The defaults.
    public init() {}

    package func value<T>(_ key: String, default fallback: T) -> T { values[key] as? T ?? fallback }

    /// Whether the person asked for less motion.
    public var accessibilityReduceMotion: Bool {
        get { value("accessibilityReduceMotion", default: false) }
        set { values["accessibilityReduceMotion"] = newValue }
    }

    /// Opens an address.
    public var openURL: OpenURLAction {
        get { value("openURL", default: OpenURLAction { _ in .systemAction }) }
        set { values["openURL"] = newValue }
    }

    /// Dismisses the presented view.
    public var dismiss: DismissAction { value("dismiss", default: DismissAction {}) }
}

/// Reads a value of the environment.
@propertyWrapper public struct Environment<Value>: DynamicProperty {
    package let keyPath: KeyPath<EnvironmentValues, Value>
    package let box: StateBox<EnvironmentValues>

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
        box = StateBox(EnvironmentValues())
    }

    /// The value now.
    public var wrappedValue: Value { box.value[keyPath: keyPath] }
}

extension Environment: RecordedProperty {
    package func prepare(_ context: RenderContext, key: String) { box.value = context.environment }
}

/// Opens an address (in the app, or in the system).
public struct OpenURLAction {
    /// What a handler did with an address.
    public struct Result: Sendable {
        package let handled: Bool
        /// The handler opened it.
        public static let handled = Result(handled: true)
        /// The system should open it.
        public static let systemAction = Result(handled: false)
    }

    package let handler: (URL) -> Result

    /// An action that calls `handler`.
    public init(handler: @escaping (URL) -> OpenURLAction.Result) { self.handler = handler }

    /// Opens `url`.
    public func callAsFunction(_ url: URL) { _ = handler(url) }
}

/// Dismisses the presented view.
public struct DismissAction {
    package let action: () -> Void
    package init(_ action: @escaping () -> Void) { self.action = action }

    /// Dismisses.
    public func callAsFunction() { action() }
}
