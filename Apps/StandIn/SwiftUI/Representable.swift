import Foundation
public import UIKit

/// A UIKit view controller shown as a SwiftUI view.
@MainActor @preconcurrency public protocol UIViewControllerRepresentable: View where Self.Body == Never {
    /// The type of the view controller.
    associatedtype UIViewControllerType: UIViewController
    /// What the view controller is given.
    typealias Context = UIViewControllerRepresentableContext<Self>
    /// Makes the view controller.
    @MainActor @preconcurrency func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
    /// Brings the view controller up to date.
    @MainActor @preconcurrency func updateUIViewController(
        _ uiViewController: Self.UIViewControllerType, context: Self.Context)
}

extension UIViewControllerRepresentable {
    @_documentation(visibility: internal) public var body: Never { fatalError() }
}

/// What a represented view controller is given.
@MainActor @preconcurrency public struct UIViewControllerRepresentableContext<Representable>
where Representable: UIViewControllerRepresentable {
    /// The environment where the view is.
    public var environment: EnvironmentValues
    package init(environment: EnvironmentValues) { self.environment = environment }
}

/// Records a represented view controller as the controller it makes.
@MainActor
package struct RepresentedRecording<R: UIViewControllerRepresentable>: RecordedView {
    let representable: R
    package func record(_ context: RenderContext) -> [ViewNode] {
        let controller = representable.makeUIViewController(context: .init(environment: context.environment))
        guard let described = controller as? any RecordedController else { return [ViewNode("UIViewController")] }
        let node = ViewNode(described.recordedKind)
        node.traits = described.recordedTraits
        return [node]
    }
}
