import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// Home: the greeting, today's pick with its three decisions, this week's movers, the Ask slot (a suggestion tapped is
/// asked in a new thread; the questions left this month); Profile from the toolbar; pull to refresh.
struct HomeView: View {
    let model: HomeViewModel
    let router: AppRouter

    var body: some View {
        List {
            switch model.state {
            case .loading:
                ProgressView()
            case .failed(let message):
                FailureView(title: Copy.homeFailed, message: message) { model.send(.refresh) }
            case .loaded(let home):
                Section {
                    Text(home.greeting).font(.title2)
                    Text(home.day).foregroundStyle(Color.secondary)
                }
                if let pick = home.pick { PickSection(home: home, pick: pick, model: model, router: router) }
                Section(Copy.movers) {
                    ForEach(home.movers, id: \.repository.id) { mover in
                        Button {
                            router.send(.push(.repository(mover.repository.repositoryName)))
                        } label: {
                            RepositoryRow(facts: RepositoryFacts(mover.repository))
                        }
                    }
                }
                if let ask = home.ask {
                    Section(Copy.askSlot) {
                        ForEach(ask.suggestedQuestions, id: \.self) { question in
                            Button(question) { router.send(.ask(question)) }
                        }
                        if let quota = ask.quotaLine { Text(quota).font(.footnote) }
                    }
                }
            }
        }
        .navigationTitle(Copy.homeTab)
        .toolbar {
            Button {
                router.send(.push(.profile))
            } label: {
                Label(Copy.profile, systemImage: "person.circle")
            }
        }
        .refreshable { await model.send(.refresh).value }
        .task { await model.send(.appear).value }
    }
}

/// Today's pick: its card (which opens its repository), the server's word on it, and Like / Save / Skip until decided.
struct PickSection: View {
    let home: HomeScreen
    let pick: Card
    let model: HomeViewModel
    let router: AppRouter

    var body: some View {
        Section(Copy.today) {
            Button {
                router.send(.push(.repository(pick.repository.repositoryName)))
            } label: {
                CardView(facts: CardFacts(pick), images: nil)
            }
            if let message = home.pickMessage { Text(message) }
            if home.pickDecision == nil {
                HStack {
                    Button(Copy.like) { model.send(.decide(.like)) }
                    Button(Copy.save) { model.send(.decide(.save)) }
                    Button(Copy.skip) { model.send(.decide(.skip)) }
                }
            }
        }
    }
}

/// A repository in a list: its name, description and facts.
struct RepositoryRow: View {
    let facts: RepositoryFacts

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(facts.title).font(.headline)
            Text(facts.summary).font(.subheadline).lineLimit(2)
            FactsRow(facts: facts)
        }
        .accessibilityElement(children: .combine)
    }
}
