import Foundation

/// A view the stand-in records itself (every view the framework provides); a person's own views are recorded through
/// their `body`.
@MainActor
package protocol RecordedView {
    func record(_ context: RenderContext) -> [ViewNode]
}

/// What a view's stored `@State` and `@Environment` properties do while the stand-in records it.
@MainActor
package protocol RecordedProperty {
    func prepare(_ context: RenderContext, key: String)
}

/// The recording of one view tree: the environment it sees, the state kept between recordings, and the destinations
/// `navigationDestination(for:)` registered.
@MainActor
package final class RenderContext {
    package var environment: EnvironmentValues
    /// `@State` storage by the view's place in the tree and the property's name, kept across recordings.
    package var stateBoxes: [String: AnyObject] = [:]
    /// The place in the tree being recorded.
    package var path: [String] = []
    /// Pushed screens' builders, by the type of value they show.
    package var destinations: [ObjectIdentifier: (Any) -> [ViewNode]] = [:]

    package init(environment: EnvironmentValues = EnvironmentValues()) {
        self.environment = environment
    }

    /// Records `view` and everything below it.
    package func record<V: View>(_ view: V) -> [ViewNode] {
        if let primitive = view as? any RecordedView { return primitive.record(self) }
        if let represented = view as? any UIViewControllerRepresentable { return recordRepresented(represented) }
        let key = path.joined(separator: "/") + "/" + String(describing: V.self)
        for child in Mirror(reflecting: view).children {
            if let property = child.value as? any RecordedProperty {
                property.prepare(self, key: key + "." + (child.label ?? "?"))
            }
        }
        path.append(String(describing: V.self))
        defer { path.removeLast() }
        return record(view.body)
    }

    /// Records `view` as one node (a group when it made several or none).
    package func single<V: View>(_ view: V) -> ViewNode {
        let nodes = record(view)
        return nodes.count == 1 ? nodes[0] : ViewNode("Group", children: nodes)
    }

    /// Records `body` at a numbered place below the current one (siblings keep their state apart).
    package func record<V: View>(_ view: V, at index: Int) -> [ViewNode] {
        path.append("#\(index)")
        defer { path.removeLast() }
        return record(view)
    }
}

extension RenderContext {
    fileprivate func recordRepresented<R: UIViewControllerRepresentable>(_ view: R) -> [ViewNode] {
        RepresentedRecording(representable: view).record(self)
    }
}
