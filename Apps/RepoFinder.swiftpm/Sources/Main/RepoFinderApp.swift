import RepoFinderScreens
import SwiftUI

/// The iPhone app: one window with the root view, its model built against the server the person chose.
@main
struct RepoFinderApp: App {
    @State private var model = LiveApp.model()

    var body: some Scene {
        WindowGroup { RootView(model: model) }
    }
}
