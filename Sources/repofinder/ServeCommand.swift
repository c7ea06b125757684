import ArgumentParser
import Ask
import AskLive
import Foundation
import GitHub
import GitHubAccounts
import GitHubLive
import Logging
import Recommender
import RepoFinderCore
import RepoFinderServer
import RepoFinderSettings
import Semantics
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
            Every flag can also come from the environment (named in its help); flags win. Give a PostgreSQL password \
            in DATABASE_URL, not --database, so it stays out of the process list.
            Example: DATABASE_URL=postgres://repofinder:secret@127.0.0.1:5432/repofinder repofinder serve --port 8080
            """
    )

    @Option(help: ArgumentHelp(Setting.port.help))
    var port: Int?

    @Option(help: ArgumentHelp(Setting.host.help))
    var host: String?

    @Option(name: .customLong("token-rate"), help: ArgumentHelp(Setting.tokenRate.help))
    var tokenRate: Double?

    @Option(name: .customLong("address-rate"), help: ArgumentHelp(Setting.addressRate.help))
    var addressRate: Double?

    @Option(name: .customLong("max-body"), help: ArgumentHelp(Setting.maximumBodyKiB.help))
    var maximumBodyKiB: Int?

    @Option(name: .customLong("rebuild-every"), help: ArgumentHelp(Setting.rebuildSeconds.help))
    var rebuildSeconds: Int?

    @Option(name: .customLong("log-level"), help: ArgumentHelp(Setting.logLevel.help))
    var logLevel: String?

    @OptionGroup(title: "Limits (docs/server.md)") var limits: LimitOptions

    @OptionGroup(title: "Ask's writing model (docs/ask.md)") var askModel: AskModelOptions

    @OptionGroup(title: "Sign-in with GitHub (docs/sign-in.md)") var signInOptions: SignInOptions

    @OptionGroup(title: "HTTPS (docs/deploy.md)") var tlsOptions: TLSOptions

    @OptionGroup var recommenderOptions: RecommenderOptions

    /// `--database`, given with the recommender's options.
    private var databaseOptions: DatabaseOptions { recommenderOptions.database }

    /// The flags given, over the environment (`DATABASE_URL`, `HTTP_PORT`, …), over the defaults.
    private var settings: Settings {
        var flags: [Setting: String] = [:]
        flags[.database] = databaseOptions.given
        flags[.host] = host
        flags[.port] = port.map { String($0) }
        flags[.tokenRate] = tokenRate.map { String($0) }
        flags[.addressRate] = addressRate.map { String($0) }
        flags[.maximumBodyKiB] = maximumBodyKiB.map { String($0) }
        flags[.rebuildSeconds] = rebuildSeconds.map { String($0) }
        flags[.logLevel] = logLevel
        limits.add(to: &flags)
        askModel.add(to: &flags)
        signInOptions.add(to: &flags)
        tlsOptions.add(to: &flags)
        return Settings(flags: flags)
    }

    /// What the server is told, checked: a value it cannot use is a usage error naming its flag and variable.
    private func resolved(_ settings: Settings) throws -> (
        ServerConfiguration, Logger.Level, DatabaseLocation, GitHubConfiguration, GitHubSignIn.Configuration?
    ) {
        try validated { () throws(SettingsError) in
            (
                try settings.server(), try settings.logLevel(), try settings.database(), try settings.github(),
                try settings.signIn()
            )
        }
    }

    func validate() throws {
        _ = try resolved(settings)
        _ = try validated { () throws(SettingsError) in try settings.askModel() }
    }

    func run() async throws {
        let settings = settings
        let (configuration, level, location, githubConfiguration, signIn) = try resolved(settings)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardOutput(label: label)
            handler.logLevel = level
            // The one redaction rule: no credential reaches the log, whoever logs it.
            return RedactingLogHandler(wrapping: handler)
        }
        let logger = Logger(label: "repofinder")
        FileDescriptors.raiseLimit(toServe: configuration.maximumConnections, logger: logger)
        logger.info("configuration", metadata: ["settings": "\(settings.summary)"])
        if signIn == nil {
            logger.notice(
                "sign-in with GitHub is off: set GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET and GITHUB_TOKEN_KEY to offer it"
            )
        }
        if let problem = SemanticModel.problem {
            logger.warning(
                "search, Ask, alternatives and the deck match words alone (no meaning): \(problem)")
        } else if let embedder = SemanticModel.shared {
            logger.info(
                "meaning: token vectors loaded",
                metadata: ["tokens": "\(embedder.vectors.vocabulary.count)", "dimensions": "\(embedder.dimensions)"])
            if let problem = SemanticModel.repositoryVectorsProblem {
                logger.warning("meaning: every repository is embedded by the token vectors: \(problem)")
            }
            // Loaded at the first question (about a second, off Swift concurrency's threads): a server nobody asks,
            // and the test suite's many, never pays for it.
            do {
                let model = try SentenceModelFiles.locate()
                logger.info("meaning: the sentence model will read Ask's questions", metadata: ["model": "\(model)"])
            } catch {
                logger.notice("Ask reads questions with the token vectors alone: \(error)")
            }
        }
        let community = try recommenderOptions.communitySignals()
        let database = databaseOptions
        logger.info("opening the database", metadata: ["database": "\(location)"])
        let store: any DataStore
        do {
            // A small page cache per connection: a server runs for weeks and its tables keep growing. Reads go
            // through the memory map; 2 MiB holds what the writer changes (with 8 MiB, memory rose 11 MB more during a
            // minute of load test and the deck was no faster).
            store = try await StorageFactory.open(location, sqlitePageCacheMiB: 2, logger: logger)
        } catch let error as StorageError {
            throw CommandFailure(error.description)
        }
        // GitHub (GITHUB_API_URL, GITHUB_TOKEN) for star imports; when it is unreachable, imports say so.
        let transport = LiveGitHubTransport(
            connectTimeout: .seconds(min(Int(githubConfiguration.timeout.secondsDouble), 10)))
        let github = GitHubClient(configuration: githubConfiguration, transport: transport)
        let askWriter = try AskModelOptions.writer(settings)
        if let askWriter {
            logger.info(
                "Ask's answers are worded by a model",
                metadata: [
                    "endpoint": "\(askWriter.configuration.endpoint)", "model": "\(askWriter.configuration.model)",
                ])
        }
        // The server runs the store as a service, loads the starter catalog into an empty one, and closes the store
        // when it stops (or fails to start).
        let outcome: Result<Void, any Error>
        do {
            try await APIServer.run(
                configuration: configuration, store: store, community: community, github: github, signIn: signIn,
                askWriter: askWriter, logger: logger
            ) { store in
                try await database.loadStarterCatalogIfEmpty(into: store)
            }
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try? await transport.shutdown()
        try? await askWriter?.shutdown()
        do {
            try outcome.get()
        } catch let error as StorageError {
            throw CommandFailure(error.description)
        }
    }
}
