import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// Where curated lists place a repository (its screen's community part): each heading opens its own screen.
struct ListingsSection: View {
    let listings: [RepositoryListing]
    let router: AppRouter

    var body: some View {
        if !listings.isEmpty {
            Section(Copy.curatedLists) {
                ForEach(listings, id: \.self) { listing in
                    Button {
                        router.send(.push(.listSection(list: listing.list.id, heading: listing.heading)))
                    } label: {
                        VStack(alignment: .leading) {
                            Text(listing.headingPath)
                            Text(listing.list.id).font(.footnote).foregroundStyle(Color.secondary)
                        }
                    }
                }
            }
        }
    }
}

/// A curated list's heading: the headings below it, then what it places, in the curators' order.
struct ListSectionScreen: View {
    @State private var model: ListSectionViewModel
    @State private var showsList = false
    /// Whether every heading below shows; past a dozen the rest wait behind a button, so the repositories stay near.
    @State private var showsAllBelow = false
    let router: AppRouter

    init(model: @autoclosure () -> ListSectionViewModel, router: AppRouter) {
        _model = State(initialValue: model())
        self.router = router
    }

    var body: some View {
        List {
            switch model.state {
            case .loading:
                ProgressView()
            case .failed(let message):
                FailureView(message: message) { model.load() }
            case .loaded(let page):
                Section {
                    Text(page.heading.last ?? page.list).font(.title2)
                    Text(ListSectionViewModel.about(page))
                    Button(Copy.openListOnGitHub) { showsList = true }
                }
                if !page.subheadings.isEmpty {
                    Section(Copy.headingsBelow) {
                        ForEach(showsAllBelow ? page.subheadings : Array(page.subheadings.prefix(12))) { subheading in
                            Button {
                                router.send(
                                    .push(.listSection(list: page.list, heading: page.heading + [subheading.name])))
                            } label: {
                                VStack(alignment: .leading) {
                                    Text(subheading.name)
                                    Text(ListSectionViewModel.count(subheading)).font(.footnote)
                                        .foregroundStyle(Color.secondary)
                                }
                            }
                        }
                        if page.subheadings.count > 12, !showsAllBelow {
                            Button(Copy.showAllHeadings(page.subheadings.count)) { showsAllBelow = true }
                        }
                    }
                }
                Section {
                    ForEach(page.repositories) { repository in
                        Button {
                            router.send(.push(.repository(repository.repositoryName)))
                        } label: {
                            RepositoryRow(facts: RepositoryFacts(repository))
                        }
                    }
                    if let failure = model.moreFailure {
                        FailureView(message: failure) { model.loadMore() }
                    } else if page.hasMore {
                        Button(Copy.showMoreRepositories(page.inCatalog - page.repositories.count)) {
                            model.loadMore()
                        }
                        .disabled(model.isLoadingMore)
                    }
                }
            }
        }
        .navigationTitle(Copy.curatedList)
        .refreshable { await model.load().value }
        .task { await model.load().value }
        .sheet(isPresented: $showsList) {
            if case .loaded(let page) = model.state, let url = URL(string: page.listURL) { SafariView(url: url) }
        }
    }
}
