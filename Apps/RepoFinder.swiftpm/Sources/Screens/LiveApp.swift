import AppFeatures
import Foundation
import ImageLoading
import OfflineStore
import OpenAPIURLSession
import RepoFinderClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app wired for real: the server's address (from the app's settings, `RepoFinderServerURL` in Info.plist, or the
/// local default), URLSession as the transport, the device's store and image cache under Application Support.
public enum LiveApp {
    /// The server when none is set.
    static let defaultServer = URL(string: "http://127.0.0.1:8080")!

    @MainActor
    public static func model() -> AppModel {
        let server = UserDefaults.standard.string(forKey: "server").flatMap(URL.init(string:)) ?? defaultServer
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("RepoFinder", isDirectory: true)
        // The server words reasons, notes and messages in the device's languages, in their order of preference.
        let client = APIClient(
            serverURL: server, transport: URLSessionTransport(), tokens: KeychainTokenStore(),
            language: Locale.preferredLanguages.prefix(4).joined(separator: ", "))
        let database =
            (try? LocalDatabase(url: support.appendingPathComponent("device.sqlite")))
            ?? (try! LocalDatabase.inMemory())
        let images = ImageLoader(
            downloader: URLSessionImageDownloader(),
            diskDirectory: support.appendingPathComponent("images", isDirectory: true))
        return AppModel(
            services: AppServices(
                service: client, chat: client, account: client, database: database, images: images,
                serverAddress: server.absoluteString))
    }
}

/// Downloads images with URLSession.
struct URLSessionImageDownloader: ImageDownloading {
    func download(_ url: URL) async throws -> Data { try await URLSession.shared.data(from: url).0 }
}
