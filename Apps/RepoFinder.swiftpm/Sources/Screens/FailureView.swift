import Foundation
import SwiftUI

/// What a screen shows when loading failed: a title, why (the app core's words), and Try again.
struct FailureView: View {
    var title = Copy.failed
    var systemImage = "exclamationmark.triangle"
    let message: String
    let retry: () -> Void

    var body: some View {
        ContentUnavailableView(title, systemImage: systemImage, description: Text(message))
        Button(Copy.retry) { retry() }
    }
}
