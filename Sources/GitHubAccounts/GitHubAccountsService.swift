public import ServiceLifecycle

/// Runs beside the server until it stops, then stops the star imports still running (each saved as interrupted) and
/// the device sign-ins' polling, before the store closes.
public struct GitHubAccountsService: Service {
    let importer: StarImporter
    let signIn: GitHubSignIn?

    public init(importer: StarImporter, signIn: GitHubSignIn?) {
        self.importer = importer
        self.signIn = signIn
    }

    public func run() async throws {
        try? await gracefulShutdown()
        await importer.shutdown()
        await signIn?.shutdown()
    }
}
