import AppFeatures
import AuthenticationServices
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// The GitHub account: signed out (sign in through GitHub's page in a browser sheet, or with a code — the device flow —
/// when the server offers it), signing in with a code (the code to enter), or signed in (star on GitHub when liking,
/// sign out here or everywhere).
struct AccountSection: View {
    let model: AccountViewModel
    @Binding var confirmsSignOut: Bool
    @Environment(\.webAuthenticationSession) private var webAuthenticationSession

    var body: some View {
        Section {
            switch model.state {
            case .loading:
                ProgressView()
            case .failed(let message):
                Text(message)
            case .signedOut(let canSignIn, let reason):
                if canSignIn {
                    Button(Copy.signIn) { model.signInInBrowser(authenticate: showConsentPage) }
                    Button(Copy.signInWithCode) { model.send(.signIn) }
                }
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
                Toggle(isOn: Binding(get: { github.starOnLike }, set: { model.send(.setStarOnLike($0)) })) {
                    Text(Copy.starOnLike)
                }
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

    /// GitHub's consent page in a browser sheet that closes when the server hands GitHub's answer to the app
    /// (`repoverse://auth/github/callback`); the address it closed on.
    private func showConsentPage(_ url: URL) async throws -> URL {
        try await webAuthenticationSession.authenticate(
            using: url, callback: .customScheme(Route.scheme), additionalHeaderFields: [:])
    }
}
