import Foundation
public import RepoFinderCore

/// Signing a device in and out with GitHub. ``APIClient`` is the real one; tests give view models a fake.
public protocol AccountService: Sendable {
    /// The device's account: signed in with GitHub or not, and whether the server offers it.
    func account() async throws(ClientFailure) -> AccountInfo
    /// Starts a device sign-in: the code the person enters on GitHub.
    func startDeviceSignIn() async throws(ClientFailure) -> DeviceSignInProgress
    /// A device sign-in's progress (once done, the device keeps the account's token).
    func deviceSignIn(id: String) async throws(ClientFailure) -> DeviceSignInProgress
    /// Signs this device out, or every device of the account.
    func signOut(everywhere: Bool) async throws(ClientFailure)
    /// Deletes the person's account and everything kept for it on the server (the device forgets its token).
    func deleteAccount() async throws(ClientFailure)
    /// Starts signing in through a browser sheet: GitHub's consent page, which comes back to the app at
    /// `repoverse://auth/github/callback` (see ``AppSignInReturn``).
    func startWebSignIn() async throws(ClientFailure) -> WebSignInStart
    /// Completes a browser sign-in with what GitHub sent back and the verifier ``startWebSignIn()`` made (the device
    /// keeps a new token if it joined an account).
    func completeWebSignIn(code: String, state: String, verifier: String) async throws(ClientFailure)
        -> WebSignInResult
    /// Turns starring on GitHub when the person likes a repository on or off.
    func setStarOnLike(_ on: Bool) async throws(ClientFailure) -> AccountInfo
    /// Everything the server keeps for the account, as one JSON document (never a token).
    func exportData() async throws(ClientFailure) -> AccountExport
    /// Whether the person starred a repository on GitHub.
    func gitHubStar(_ repository: RepositoryName) async throws(ClientFailure) -> GitHubStarState
    /// Stars or unstars a repository on GitHub (waiting and retried when GitHub does not take it now).
    func setGitHubStar(_ repository: RepositoryName, starred: Bool) async throws(ClientFailure) -> GitHubStarState
}

extension APIClient: AccountService {}
