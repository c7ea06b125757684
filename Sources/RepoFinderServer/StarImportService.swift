import GitHubAccounts
import ServiceLifecycle

/// Runs beside the server until it stops, then stops the star imports still running (each saved as interrupted)
/// before the store closes.
struct StarImportService: Service {
    let importer: StarImporter

    func run() async throws {
        try? await gracefulShutdown()
        await importer.shutdown()
    }
}
