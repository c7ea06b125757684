import APISchemas
import ArgumentParser
import Foundation
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

/// `repofinder alternatives`: other projects that do a given repository's job.
struct AlternativesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alternatives",
        abstract: "Other projects that do the given one's job: not its plugins or wrappers, nor the same owner's.")

    @Argument(help: "owner/name")
    var repository: String

    @Option(help: "How many, 1 to 100.")
    var limit = 10

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var options: RecommenderOptions

    func validate() throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be 1 to 100.") }
        guard (try? RepositoryName(parsing: repository)) != nil else {
            throw ValidationError("'\(repository)' is not a repository name like owner/name.")
        }
    }

    func run() async throws {
        try await options.database.judgingActivity { try await answer() }
    }

    private func answer() async throws {
        let key = try RepositoryName(parsing: repository).key
        let community = try options.communitySignals()
        let cards = try await options.database.withCatalog { store in
            let index = await RecommendationIndex.build(
                repositories: try await store.allRepositories(), community: community,
                weeklyGains: try await store.weeklyGains())
            guard let seed = index.item(forKey: key) else {
                throw CommandFailure("\(repository) is not in the catalog. Search for it with repofinder search.")
            }
            let recommender = Recommender(index: index)
            let alternatives = recommender.alternatives(
                among: try await store.alternatives(to: key, limit: Recommender.alternativeCandidates), to: key,
                limit: limit)
            let assessed = recommender.assess(
                alternatives.map(\.id), for: APISchemas.alternativeTaste(liking: key))
            let evidence = try await store.alternativeEvidence(to: key, of: alternatives.map(\.id))
            return APISchemas.alternativeCards(
                alternatives, to: index.repositories[seed], assessed: assessed, evidence: evidence)
        }
        switch format {
        case .json:
            try printJSON(Components.Schemas.SimilarList(items: cards.map { APISchemas.card($0, now: Date()) }))
        case .text:
            if cards.isEmpty { printError("No alternatives to \(repository) are known.") }
            CardPrinter.print(cards)
        }
    }
}
