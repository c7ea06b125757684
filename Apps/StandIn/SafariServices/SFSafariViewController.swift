public import Foundation
public import UIKit

/// A web page shown in the app, with Safari's controls.
@MainActor @preconcurrency open class SFSafariViewController: UIViewController {
    package let url: URL
    /// Shows the page at `URL`.
    public init(url URL: URL) {
        url = URL
        super.init()
    }
}

extension SFSafariViewController: RecordedController {
    package var recordedKind: String { "SafariView" }
    package var recordedTraits: [String: String] { ["url": url.absoluteString] }
}
