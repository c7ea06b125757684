import AppFeatures
import Charts
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// The person's repositories in RepoFinder (for someone signed in with GitHub): over 7, 30 or 90 days, each with how
/// often it was dealt and liked; one tapped shows how it fared (``MaintainerRepositoryScreen``). Not signed in with
/// GitHub: the account section to sign in, then Try again. None of theirs in the catalog: said so.
struct MaintainerScreen: View {
    let model: MaintainerViewModel
    let account: AccountViewModel
    let router: AppRouter
    @State private var confirmsSignOut = false

    var body: some View {
        List {
            switch model.state {
            case .loading:
                ProgressView()
            case .signedOut(let message):
                ContentUnavailableView(
                    Copy.maintainerSignIn, systemImage: "person.crop.circle.badge.questionmark",
                    description: Text(message))
                AccountSection(model: account, confirmsSignOut: $confirmsSignOut)
                Button(Copy.retry) { model.send(.retry) }
            case .failed(let message):
                FailureView(message: message) { model.send(.retry) }
            case .empty(let list):
                MaintainerWindowPicker(model: model)
                Text(MaintainerFacts.who(list)).font(.footnote)
                ContentUnavailableView(
                    Copy.maintainerTitle, systemImage: "tray", description: Text(MaintainerFacts.emptyList))
            case .loaded(let list):
                MaintainerWindowPicker(model: model)
                Text(MaintainerFacts.who(list)).font(.footnote)
                Section(Copy.maintainerRepositories) {
                    ForEach(list.repositories) { summary in
                        Button {
                            router.send(.push(.maintainerRepository(summary.repository)))
                        } label: {
                            VStack(alignment: .leading, spacing: 4) {
                                Text(summary.repository.fullName).font(.headline)
                                ForEach(MaintainerFacts.row(summary)) { line in FigureRow(line: line) }
                            }
                            .accessibilityElement(children: .combine)
                        }
                    }
                }
            }
        }
        .navigationTitle(Copy.maintainerTitle)
        .refreshable { await model.send(.retry).value }
        .task { @MainActor in
            model.send(.deselect)
            await model.send(.appear).value
            // Not signed in with GitHub: the account section offers it.
            if case .signedOut = model.state { await account.send(.appear).value }
        }
    }
}

/// How one of the person's repositories fared over the window: totals, its like rate beside its area's typical
/// repository's, its days (Swift Charts), why and where it was dealt, who liked it (a group of fewer than 5 people
/// shows no number), its stars and trending ranks, and its days as a CSV file to share.
struct MaintainerRepositoryScreen: View {
    let model: MaintainerViewModel
    let name: RepositoryName

    var body: some View {
        List {
            MaintainerWindowPicker(model: model)
            if case .signedOut(let message) = model.state {
                FailureView(title: Copy.maintainerSignIn, message: message) { model.send(.select(name)) }
            }
            switch model.detail {
            case .unselected, .loading:
                ProgressView()
            case .failed(_, let message):
                FailureView(message: message) { model.send(.select(name)) }
            case .loaded:
                if let facts = model.facts {
                    MaintainerFiguresSections(facts: facts)
                    MaintainerAudienceSections(facts: facts)
                }
                Section {
                    Button(Copy.downloadCSV) { model.send(.exportCSV) }
                    if let exported = model.exported { ShareLink(item: exported.url) }
                    if let notice = model.notice { Text(notice).font(.footnote) }
                }
            }
        }
        .navigationTitle(name.fullName)
        .refreshable { await model.send(.select(name)).value }
        .task { await model.send(.select(name)).value }
    }
}

/// The window's choice: 7, 30 or 90 days.
struct MaintainerWindowPicker: View {
    let model: MaintainerViewModel

    var body: some View {
        Picker(Copy.daysCounted, selection: Binding(get: { model.window }, set: { model.send(.setWindow($0)) })) {
            ForEach(MaintainerWindow.allCases, id: \.self) { window in
                Text(MaintainerFacts.title(window)).tag(window)
            }
        }
    }
}

/// Totals, the like rate beside the area's typical one, and the days charted.
struct MaintainerFiguresSections: View {
    let facts: MaintainerFacts

    var body: some View {
        Section(facts.range) {
            ForEach(facts.totals) { line in FigureRow(line: line) }
        }
        Section(Copy.likeRate) {
            ForEach(facts.likeRate, id: \.self) { sentence in Text(sentence) }
        }
        Section(Copy.dayByDay) {
            Chart(facts.days) { point in
                LineMark(x: .value(Copy.day, point.id), y: .value(Copy.timesDealt, point.dealt))
            }
            .frame(height: 160)
            .accessibilityLabel(Copy.timesDealt)
            Chart(facts.days) { point in
                LineMark(x: .value(Copy.day, point.id), y: .value(Copy.likes, point.likes))
            }
            .frame(height: 120)
            .accessibilityLabel(Copy.likes)
        }
    }
}

/// Why and where it was dealt, who liked it, its stars and trending ranks.
struct MaintainerAudienceSections: View {
    let facts: MaintainerFacts

    var body: some View {
        Section(Copy.whyDealt) {
            if let none = facts.noReasons { Text(none) }
            ForEach(facts.reasons) { line in FigureRow(line: line) }
        }
        Section(Copy.whereDealt) {
            ForEach(facts.sources) { line in FigureRow(line: line) }
        }
        Section(Copy.whoLiked) {
            Text(facts.likers)
        }
        ForEach(facts.likerGroups) { group in
            Section(group.title) {
                if group.lines.isEmpty { Text(group.empty).font(.footnote) }
                ForEach(group.lines) { line in FigureRow(line: line) }
            }
        }
        Section(Copy.starHistory) {
            if let none = facts.noStars { Text(none) }
            if let caption = facts.starsCaption {
                Chart(facts.stars) { point in
                    LineMark(x: .value(Copy.day, point.id), y: .value(Copy.stars, point.stars))
                }
                .frame(height: 120)
                .accessibilityLabel(caption)
                Text(caption).font(.footnote)
            }
        }
        Section(Copy.trending) {
            ForEach(facts.trending, id: \.self) { rank in Text(rank) }
        }
    }
}

/// A figure and what it counts, side by side.
struct FigureRow: View {
    let line: MaintainerFacts.Line

    var body: some View {
        HStack {
            Text(line.label)
            Text(line.value).font(.headline)
        }
        .accessibilityElement(children: .combine)
    }
}
