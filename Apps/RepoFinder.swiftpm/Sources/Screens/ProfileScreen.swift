import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// Profile: the person's preferences and what they did, their GitHub account (sign in with the device flow, sign out
/// here or everywhere).
struct ProfileScreen: View {
    let model: ProfileViewModel
    let account: AccountViewModel
    var server: String?
    /// Makes the view model that edits the preferences (the onboarding steps again).
    var editor: (() -> OnboardingViewModel)?
    @State private var confirmsSignOut = false
    @State private var editing: OnboardingViewModel?
    @State private var showsEditor = false
    @State private var confirmsDelete = false

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
            Section {
                Button(role: .destructive) {
                    confirmsDelete = true
                } label: {
                    Text(Copy.deleteAccount)
                }
            }
        }
        .sheet(isPresented: $showsEditor, onDismiss: { model.send(.refresh) }) {
            if let editing {
                OnboardingScreen(model: editing, account: account) { showsEditor = false }
            }
        }
        .confirmationDialog(Copy.deleteAccountQuestion, isPresented: $confirmsDelete) {
            Button(role: .destructive) {
                account.send(.deleteAccount)
            } label: {
                Text(Copy.deleteAccount)
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

/// The GitHub account: signed out (with the sign-in button when the server offers it), signing in (the code to enter),
/// or signed in (with sign-out).
struct AccountSection: View {
    let model: AccountViewModel
    @Binding var confirmsSignOut: Bool

    var body: some View {
        Section {
            switch model.state {
            case .loading:
                ProgressView()
            case .failed(let message):
                Text(message)
            case .signedOut(let canSignIn, let reason):
                if canSignIn { Button(Copy.signIn) { model.send(.signIn) } }
                if let reason { Text(reason).font(.footnote) }
            case .signingIn(let progress):
                Text(Copy.enterCode)
                Text(progress.userCode).font(.title)
                Button(role: .cancel) {
                    model.send(.cancelSignIn)
                } label: {
                    Text(Copy.cancel)
                }
            case .signedIn(let github):
                Label(github.login, systemImage: "person.crop.circle.badge.checkmark")
                Button(Copy.signOut) { model.send(.signOut(everywhere: false)) }
                Button(role: .destructive) {
                    confirmsSignOut = true
                } label: {
                    Text(Copy.signOutEverywhere)
                }
            }
            if let notice = model.notice { Text(notice).font(.footnote) }
        }
        .confirmationDialog(Copy.signOutEverywhere, isPresented: $confirmsSignOut) {
            Button(role: .destructive) {
                model.send(.signOut(everywhere: true))
            } label: {
                Text(Copy.signOutEverywhere)
            }
        }
    }
}
