import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// The Library: Saved and Liked, each row removable by swiping, rows not yet sent marked, the offline copy said so.
struct LibraryScreen: View {
    let saved: ListViewModel
    let liked: ListViewModel
    let router: AppRouter

    private var model: ListViewModel { router.state.list == .saved ? saved : liked }

    var body: some View {
        List {
            Picker(
                Copy.libraryTab,
                selection: Binding(
                    get: { router.state.list },
                    set: { choice in
                        router.send(.open(choice == .saved ? "repoverse://saved" : "repoverse://liked"))
                    })
            ) {
                Text(Copy.saved).tag(NavigationState.ListChoice.saved)
                Text(Copy.liked).tag(NavigationState.ListChoice.liked)
            }
            if model.offline { Text(Copy.offline).font(.footnote) }
            if let notice = model.notice { Text(notice).font(.footnote) }
            switch model.state {
            case .idle, .loading:
                ProgressView()
            case .empty:
                ContentUnavailableView(Copy.listEmpty, systemImage: "tray")
            case .failed(let message):
                FailureView(title: Copy.listFailed, systemImage: "wifi.slash", message: message) {
                    model.send(.refresh)
                }
            case .loaded:
                ForEach(model.items) { entry in
                    Button {
                        router.send(.push(.repository(entry.repository.repositoryName)))
                    } label: {
                        VStack(alignment: .leading) {
                            RepositoryRow(facts: RepositoryFacts(entry.repository))
                            if model.waiting.contains(entry.id) {
                                Label(Copy.waiting, systemImage: "clock").font(.caption)
                            }
                        }
                    }
                    .swipeActions {
                        Button(role: .destructive) {
                            model.send(.remove(entry.repository.repositoryName))
                        } label: {
                            Text(Copy.remove)
                        }
                    }
                }
            }
        }
        .navigationTitle(Copy.libraryTab)
        .refreshable { await model.send(.refresh).value }
        .task { @MainActor in
            // The list on screen counts as shown; the other loads too, ready for the picker.
            let other = model === saved ? liked : saved
            await model.send(.appear).value
            if other.state == .idle { await other.send(.refresh).value }
        }
    }
}
