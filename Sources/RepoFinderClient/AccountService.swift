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
}

extension APIClient: AccountService {}
