import AppFeatures
import Charts
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// 2–4 repositories side by side: each one's facts, fit and star history.
struct CompareScreen: View {
    let model: CompareViewModel
    let names: [RepositoryName]
    let router: AppRouter

    var body: some View {
        List {
            switch model.state {
            case .empty, .loading:
                ProgressView()
            case .failed(let message):
                FailureView(message: message) { model.send(.compare(names)) }
            case .loaded(let result):
                ForEach(result.comparison.entries, id: \.repository.id) { entry in
                    Section(entry.repository.fullName) {
                        RepositoryRow(facts: RepositoryFacts(entry.repository))
                        Chart(StarHistoryPoint.points(entry.history)) { point in
                            LineMark(x: .value(Copy.day, point.id), y: .value(Copy.stars, point.stars))
                        }
                        .frame(height: 120)
                    }
                }
                ForEach(result.comparison.reasons, id: \.self) { reason in Text(reason) }
            }
        }
        .navigationTitle(Copy.compare)
        .task { await model.send(.compare(names)).value }
    }
}
