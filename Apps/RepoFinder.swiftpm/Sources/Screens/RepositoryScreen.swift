import AppFeatures
import Charts
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// A repository: its facts and health, star history, similar repositories; like, save, star on GitHub (for a person
/// signed in with GitHub), Compare, open on GitHub (in the app's Safari view) and share.
struct RepositoryScreen: View {
    /// The screen's own model, made once for its place in the navigation stack (SwiftUI makes the view value anew on
    /// every update of its parent; the state keeps the first model).
    @State private var model: RepositoryDetailViewModel
    let compare: CompareViewModel
    let router: AppRouter
    @State private var showsGitHub = false

    init(model: @autoclosure () -> RepositoryDetailViewModel, compare: CompareViewModel, router: AppRouter) {
        _model = State(initialValue: model())
        self.compare = compare
        self.router = router
    }

    var body: some View {
        List {
            switch model.state {
            case .loading:
                ProgressView()
            case .failed(let message):
                FailureView(message: message) { model.send(.retry) }
            case .loaded(let repository):
                let facts = RepositoryFacts(repository)
                Section {
                    Text(facts.summary)
                    FactsRow(facts: facts)
                    if let health = facts.health { Label(health, systemImage: "waveform.path.ecg") }
                    if let notice = model.notice { Text(notice).font(.footnote) }
                }
                RepositoryActions(
                    model: model, compare: compare, router: router, webURL: repository.webURL,
                    showsGitHub: $showsGitHub)
                if !model.history.isEmpty {
                    Section(Copy.starHistory) {
                        Chart(model.history) { point in
                            LineMark(x: .value(Copy.day, point.id), y: .value(Copy.stars, point.stars))
                        }
                        .frame(height: 160)
                        .accessibilityLabel(Copy.starHistory)
                    }
                }
                ListingsSection(listings: model.listings, router: router)
                Section(Copy.similar) {
                    ForEach(model.similar) { card in
                        Button {
                            router.send(.push(.repository(card.repository.repositoryName)))
                        } label: {
                            RepositoryRow(facts: RepositoryFacts(card.repository))
                        }
                    }
                }
            }
        }
        .navigationTitle(model.name.description)
        .sheet(isPresented: $showsGitHub) {
            if let url = model.opened { SafariView(url: url) }
        }
        .task { await model.send(.appear).value }
    }
}
