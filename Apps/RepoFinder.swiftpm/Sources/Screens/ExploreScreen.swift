import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// Explore: search as you type (with suggestions and a correction) or trending by window and language.
struct ExploreScreen: View {
    let search: SearchViewModel
    let trending: TrendingViewModel
    var areas: AreasViewModel?
    let router: AppRouter
    /// The language field as typed (the model keeps it trimmed).
    @State private var language = ""

    var body: some View {
        List {
            Picker(
                Copy.exploreTab,
                selection: Binding(
                    get: { router.state.explore },
                    set: { choice in
                        router.send(.open(choice == .search ? "repoverse://search" : "repoverse://trending"))
                    })
            ) {
                Text(Copy.search).tag(NavigationState.ExploreChoice.search)
                Text(Copy.trending).tag(NavigationState.ExploreChoice.trending)
            }
            if router.state.explore == .search { searchResults } else { trendingList }
        }
        .searchable(
            text: Binding(get: { search.query }, set: { search.send(.queryChanged($0)) }), prompt: Copy.searchPrompt
        )
        .searchSuggestions {
            ForEach(search.suggestions, id: \.text) { suggestion in
                Button(suggestion.text) { search.send(.chooseSuggestion(suggestion)) }
            }
        }
        .navigationTitle(Copy.exploreTab)
        .refreshable { await trending.send(.refresh).value }
        .task { @MainActor in
            // The half on screen counts as shown; trending loads either way, ready for the other half.
            if router.state.explore == .search {
                search.send(.appear)
                if trending.state == .idle { await trending.send(.refresh).value }
            } else {
                await trending.send(.appear).value
            }
        }
    }

    @ViewBuilder private var searchResults: some View {
        if let correction = search.didYouMean {
            Button(correction) { search.send(.acceptCorrection) }
        }
        switch search.state {
        case .idle: EmptyView()
        case .loading: ProgressView()
        case .empty: ContentUnavailableView(Copy.noResults, systemImage: "magnifyingglass")
        case .failed(let message):
            Text(message)
            Button(Copy.retry) { search.send(.retry) }
        case .loaded:
            ForEach(search.results) { repository in row(repository) }
        }
    }

    @ViewBuilder private var trendingList: some View {
        Picker(Copy.trending, selection: Binding(get: { trending.window }, set: { trending.send(.setWindow($0)) })) {
            ForEach(TrendingWindow.allCases, id: \.self) { window in Text(Copy.window(window)).tag(window) }
        }
        TextField(
            Copy.anyLanguage,
            text: Binding(
                get: { language },
                set: { typed in
                    language = typed
                    trending.send(.setLanguage(typed))
                }))
        switch trending.state {
        case .idle, .loading: ProgressView()
        case .empty: ContentUnavailableView(Copy.noResults, systemImage: "chart.line.uptrend.xyaxis")
        case .failed(let message):
            Text(message)
            Button(Copy.retry) { trending.send(.refresh) }
        case .loaded:
            ForEach(trending.items) { entry in row(entry.repository) }
        }
        if let areas { AreasSection(model: areas, router: router) }
    }

    private func row(_ repository: Repository) -> some View {
        Button {
            router.send(.push(.repository(repository.repositoryName)))
        } label: {
            RepositoryRow(facts: RepositoryFacts(repository))
        }
    }
}
