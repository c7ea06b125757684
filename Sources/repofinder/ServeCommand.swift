import ArgumentParser
import Foundation
import Logging
import Recommender
import RepoFinderServer
import Storage
import StorageLive

/// `repofinder serve`: the discovery server (the OpenAPI JSON API) over the catalog and the people's data.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the discovery server: the JSON API of the deck, lists, trending and search.",
        discussion: """
            With no flags: SQLite in ./repofinder.sqlite (the starter catalog is loaded on first use), on \
            http://127.0.0.1:8080. The API is described at /openapi.yaml. Stops gracefully on SIGTERM or SIGINT.
            Example: repofinder serve --port 8080 --database postgres://repofinder:secret@127.0.0.1:5432/repofinder
            """
    )

    @Option(help: "The port to listen on (0: any free port, printed when ready).")
    var port: Int = 8080

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(
        name: .customLong("token-rate"),
        help: ArgumentHelp("Requests per second per bearer token, with a burst of 3 s worth; 0: unlimited."))
    var tokenRate: Double = 20

    @Option(
        name: .customLong("address-rate"),
        help: ArgumentHelp("Requests per second per client address, with a burst of 3 s worth; 0: unlimited."))
    var addressRate: Double = 100

    @Option(name: .customLong("max-body"), help: "Largest request body accepted, in KiB.")
    var maximumBodyKiB: Int = 256

    @Option(name: .customLong("rebuild-every"), help: "Seconds between rebuilds of the recommender (with new likes).")
    var rebuildSeconds: Int = 300

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @OptionGroup var recommenderOptions: RecommenderOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard tokenRate >= 0, addressRate >= 0 else { throw ValidationError("Rates cannot be negative.") }
        guard maximumBodyKiB >= 1 else { throw ValidationError("--max-body must be at least 1 KiB.") }
        guard rebuildSeconds >= 1 else { throw ValidationError("--rebuild-every must be at least 1 second.") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("Unknown --log-level '\(logLevel)'.")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardOutput(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "repofinder")
        let configuration = ServerConfiguration(
            host: host, port: port, maximumBodySize: maximumBodyKiB * 1024,
            perTokenLimit: tokenRate > 0 ? RateLimit(perSecond: tokenRate, burst: max(1, tokenRate * 3)) : nil,
            perAddressLimit: addressRate > 0 ? RateLimit(perSecond: addressRate, burst: max(1, addressRate * 3)) : nil,
            rebuildInterval: .seconds(rebuildSeconds))
        let community = try recommenderOptions.communitySignals()
        let database = recommenderOptions.database
        let location = try database.location()
        logger.info("opening \(location)")
        let store: any DataStore
        do {
            // A small page cache per connection: a server runs for weeks and its tables keep growing. Reads go
            // through the memory map; 2 MiB holds what the writer changes (with 8 MiB, memory rose 11 MB more during a
            // minute of load test and the deck was no faster).
            store = try await StorageFactory.open(location, sqlitePageCacheMiB: 2)
        } catch let error as StorageError {
            throw CommandFailure(error.description)
        }
        do {
            try await database.loadStarterCatalogIfEmpty(into: store)
        } catch {
            try? await store.close()
            throw (error as? StorageError).map { CommandFailure($0.description) } ?? error
        }
        // The server closes the store when it stops (or fails to start).
        try await DiscoveryServer.run(configuration: configuration, store: store, community: community, logger: logger)
    }
}
