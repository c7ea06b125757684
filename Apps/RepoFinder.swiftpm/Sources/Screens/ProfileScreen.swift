import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// Profile: the person's preferences and what they did, their GitHub account (``AccountSection``) and, signed in with
/// GitHub, their repositories in RepoFinder; the server, sharing anonymous usage figures, and their data (download
/// it, delete it).
struct ProfileScreen: View {
    let model: ProfileViewModel
    let account: AccountViewModel
    var server: String?
    /// Makes the view model that edits the preferences (the onboarding steps again).
    var editor: (() -> OnboardingViewModel)?
    /// Pushes the person's repositories (offered when signed in with GitHub); nil: not offered.
    var router: AppRouter?
    @State private var confirmsSignOut = false
    @State private var editing: OnboardingViewModel?
    @State private var showsEditor = false

    var body: some View {
        List {
            switch model.state {
            case .loading:
                ProgressView()
            case .failed(let message):
                Text(message)
                Button(Copy.retry) { model.send(.refresh) }
            case .loaded(let preferences, let stats):
                Section {
                    ForEach(ProfileViewModel.describe(preferences), id: \.self) { line in Text(line) }
                    if let editor {
                        Button(Copy.editPreferences) {
                            editing = editor()
                            showsEditor = true
                        }
                    }
                }
                Section {
                    ForEach(ProfileViewModel.summarize(stats), id: \.self) { line in Text(line) }
                }
            }
            AccountSection(model: account, confirmsSignOut: $confirmsSignOut)
            if case .signedIn = account.state, let router {
                Section {
                    Button(Copy.maintainerRepositories) { router.send(.push(.maintainer)) }
                }
            }
            if let server { Section(Copy.server) { Text(server) } }
            if case .loaded = model.state { UsageSection(model: model) }
            YourDataSection(account: account)
        }
        .sheet(isPresented: $showsEditor, onDismiss: { model.send(.refresh) }) {
            if let editing {
                OnboardingScreen(model: editing, account: account) { showsEditor = false }
            }
        }
        .navigationTitle(Copy.profile)
        .refreshable { await model.send(.refresh).value }
        .task {
            await model.send(.appear).value
            await account.send(.appear).value
        }
    }
}

/// Sharing anonymous usage figures (product analytics): a switch kept with the preferences, what it sends, and how the
/// last change went.
struct UsageSection: View {
    let model: ProfileViewModel

    var body: some View {
        Section {
            Toggle(isOn: Binding(get: { model.sharesAnalytics }, set: { model.send(.setSharesAnalytics($0)) })) {
                Text(Copy.shareUsage)
            }
            Text(Copy.shareUsageHelp).font(.footnote)
            if let notice = model.notice { Text(notice).font(.footnote) }
        }
    }
}
