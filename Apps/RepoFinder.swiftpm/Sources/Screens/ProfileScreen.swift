import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// Profile: the person's preferences and what they did, their GitHub account (``AccountSection``), the server, and
/// their data (download it, delete it).
struct ProfileScreen: View {
    let model: ProfileViewModel
    let account: AccountViewModel
    var server: String?
    /// Makes the view model that edits the preferences (the onboarding steps again).
    var editor: (() -> OnboardingViewModel)?
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
            if let server { Section(Copy.server) { Text(server) } }
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
