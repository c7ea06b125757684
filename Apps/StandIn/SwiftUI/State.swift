import Foundation

/// A stored property the framework manages for a view.
public protocol DynamicProperty {}

/// Where a `@State` keeps its value between recordings: the first box made for a place in the tree holds the value;
/// the boxes of later recordings of that place lead to it, so a closure kept from any recording changes the one value.
package final class StateBox<Value> {
    private var own: Value
    private var canonical: StateBox<Value>?
    package init(_ value: Value) { own = value }

    package var value: Value {
        get { canonical?.value ?? own }
        set {
            if let canonical { canonical.value = newValue } else { own = newValue }
        }
    }

    /// Leads this box to `box` (the first made for its place).
    package func follow(_ box: StateBox<Value>) {
        if box !== self { canonical = box }
    }
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
            box.follow(kept)
        } else {
            context.stateBoxes[key] = box
        }
    }
}

/// Reads and writes a value someone else owns.
@frozen @propertyWrapper public struct Binding<Value> {
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
}

/// What a view tree shares with every view below a point.
public struct EnvironmentValues {
    package var values: [String: Any] = [:]

    /// The defaults.
    package init() {}

    package func value<T>(_ key: String, default fallback: T) -> T { values[key] as? T ?? fallback }

    /// Whether the person asked for less motion.
    public var accessibilityReduceMotion: Bool { value("accessibilityReduceMotion", default: false) }

    /// Sets whether the person asked for less motion (what a recording's environment says).
    package mutating func setReduceMotion(_ reduce: Bool) { values["accessibilityReduceMotion"] = reduce }
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
