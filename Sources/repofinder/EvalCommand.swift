import ArgumentParser
import Catalog
import Foundation
import Recommender
import RepoFinderCore
import Storage

/// `repofinder eval`: offline evaluations — the recommender (`eval recommend`, the default), search (`eval search`),
/// the Ask engine (`eval ask`) and alternatives (`eval alternatives`).
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval", abstract: "Evaluate the recommender (default), search, the Ask engine or alternatives.",
        subcommands: [RecommendEval.self, SearchEval.self, AskEval.self, AlternativesEval.self],
        defaultSubcommand: RecommendEval.self)
}

/// `repofinder eval [recommend]`: the recommender against a popularity baseline on held-out stars.
struct RecommendEval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend",
        abstract: "Evaluate the recommender on star data: HR@10, NDCG@10 and Recall@20, next to popularity.",
        discussion: """
            Trains on --train, then for every person ranks all repositories of both files that are not among their \
            --train stars and scores the top 10 / 20 against their --test stars. Repositories are matched to the \
            catalog in --database by full name for their content (language, topics, words).
            Discovery lines: NDCG@10 and HR@10 against the --test stars outside the catalog's 1,000 most-starred \
            repositories, the median star rank of everyone's first 20, and the share of the first 20 already starred \
            in --test.
            Example: repofinder eval --train ../shared/data/interactions/train.csv.gz \
            --test ../shared/data/interactions/valid.csv.gz
            """
    )

    @Option(help: ArgumentHelp("Training stars: user_login,repo_full_name lines (plain or gzip).", valueName: "file"))
    var train: String

    @Option(help: ArgumentHelp("Held-out stars, same format.", valueName: "file"))
    var test: String

    @Option(
        help: ArgumentHelp(
            "Score only the people whose login's FNV-1a digest is this modulo 2 (0 or 1): tune on one half, check on "
                + "the other.", valueName: "n"))
    var half: UInt64?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if let half, half > 1 { throw ValidationError("--half is 0 or 1.") }
    }

    func run() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let (trainStars, trainSkipped) = try StarFile.read(train)
        let (testStars, testSkipped) = try StarFile.read(test)
        for (file, skipped) in [(train, trainSkipped), (test, testSkipped)] where skipped > 0 {
            printError("Skipped \(Number.grouped(skipped)) malformed lines of \(file).")
        }
        guard !trainStars.isEmpty, !testStars.isEmpty else {
            throw CommandFailure("No stars to evaluate: --train and --test each need user_login,repo_full_name lines.")
        }
        let catalog = try await database.withCatalog { store in try await store.allRepositories() }
        let result = await OfflineEvaluation(train: trainStars, test: testStars, half: half).evaluate(catalog: catalog)
        printError(
            "\(Number.grouped(result.engine.users)) people, \(Number.grouped(result.repositories)) repositories "
                + "(\(Number.grouped(result.matchedInCatalog)) in the catalog), "
                + String(format: "%.1f s", (clock.now - started).secondsDouble))
        print(result.engine.line("engine"))
        print(result.popularity.line("popularity"))
        print(result.engineDiscovery.line("engine"))
        print(result.popularityDiscovery.line("popularity"))
    }
}
