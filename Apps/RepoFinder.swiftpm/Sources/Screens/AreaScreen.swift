import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// Explore's areas, each opening its best repositories.
struct AreasSection: View {
    let model: AreasViewModel
    let router: AppRouter

    var body: some View {
        Section(Copy.areas) {
            switch model.state {
            case .loading:
                ProgressView()
            case .failed(let message):
                Text(message)
                Button(Copy.retry) { model.load() }
            case .loaded(let areas):
                ForEach(areas) { area in
                    Button(area.name) { router.send(.push(.area(area.id))) }
                }
            }
        }
        .task { await model.load().value }
    }
}

/// An area's best repositories.
struct AreaScreen: View {
    @State private var model: AreaViewModel
    let router: AppRouter

    init(model: @autoclosure () -> AreaViewModel, router: AppRouter) {
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
                Text(page.area.name).font(.title2)
                ForEach(page.repositories) { repository in
                    Button {
                        router.send(.push(.repository(repository.repositoryName)))
                    } label: {
                        RepositoryRow(facts: RepositoryFacts(repository))
                    }
                }
            }
        }
        .navigationTitle(Copy.areaTitle)
        .refreshable { await model.load().value }
        .task { await model.load().value }
    }
}
