public import Foundation

/// An object that manages a view of the interface.
@MainActor @preconcurrency open class UIViewController {
    package init() {}
}

/// An image's pixels.
open class UIImage: @unchecked Sendable {
    package let data: Data
    /// The image in `data` (PNG, JPEG...); nil when it is not an image.
    public init?(data: Data) {
        guard !data.isEmpty else { return nil }
        self.data = data
    }
}

/// What the stand-in records of a view controller shown through SwiftUI.
@MainActor
package protocol RecordedController {
    var recordedKind: String { get }
    var recordedTraits: [String: String] { get }
}
