import APISchemas
import ArgumentParser
import Catalog
import Foundation
import Localization
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

/// What the recommendation commands share: the catalog, optional community stars, this week's trending gains.
struct RecommenderOptions: ParsableArguments {
    @Option(
        name: .customLong("community"),
        help: ArgumentHelp(
            "Star files (user_login,repo_full_name) whose people's stars teach \"people who liked this also liked\".",
            valueName: "file"))
    var communityFiles: [String] = []

    @OptionGroup var database: DatabaseOptions

    /// Builds the recommender over the catalog in the database (loading the starter catalog into an empty one).
    func recommender() async throws -> Recommender {
        let community = try communitySignals()
        let (catalog, gains, listings) = try await database.withCatalog { store in
            (try await store.allRepositories(), try await store.weeklyGains(), try await store.allCuratedListEntries())
        }
        return Recommender(
            index: await RecommendationIndex.build(
                repositories: catalog, community: community, weeklyGains: gains, listings: listings))
    }
}

extension RecommenderOptions {
    /// The stars of the `--community` files.
    func communitySignals() throws -> [CommunitySignal] {
        var community: [CommunitySignal] = []
        for file in communityFiles {
            community += try StarFile.read(file).stars.map {
                CommunitySignal(person: $0.person, repositoryKey: $0.repositoryKey, kind: .star)
            }
        }
        return community
    }
}

/// `repofinder deck`: a personal batch of repository cards from onboarding answers and swipes.
struct DeckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deck",
        abstract: "Deal a personal deck: the next repositories most worth your time, with fit and reasons.",
        discussion: """
            Example: repofinder deck --stack Swift --interest ios --level beginner --like vapor/vapor
            Clusters: \(TopicCluster.all.map(\.id).joined(separator: ", ")).
            """
    )

    @Option(name: .customLong("stack"), help: "A language, framework or tool you work with (repeatable).")
    var techStack: [String] = []

    @Option(name: .customLong("interest"), help: "A subject you want to see, e.g. machine-learning (repeatable).")
    var interests: [String] = []

    @Option(help: "beginner, intermediate or advanced.")
    var level: ExperienceLevel?

    @Option(help: "learning-new-tech, building-project, contributing, finding-solutions or exploring (repeatable).")
    var goal: [Goal] = []

    @Option(help: "Your main cluster (an id from the list below).")
    var cluster: String?

    @Option(name: .customLong("project"), help: "The kind of project you work on, in your words (e.g. \"mobile app\").")
    var projectType: String?

    @Option(help: "A repository you liked, owner/name (repeatable).")
    var like: [String] = []

    @Option(help: "A repository you saved (repeatable).")
    var save: [String] = []

    @Option(help: "A repository you skipped (repeatable).")
    var skip: [String] = []

    @Option(name: .customLong("seen"), help: "A repository already dealt to you (repeatable).")
    var served: [String] = []

    @Option(name: .customLong("language"), help: "Only this language (repeatable).")
    var languages: [String] = []

    @Option(name: .customLong("without-language"), help: "Never this language, such as JavaScript (repeatable).")
    var excludedLanguages: [String] = []

    @Option(name: .customLong("in-cluster"), help: "Only this cluster (repeatable).")
    var clusters: [String] = []

    @Option(name: .customLong("min-stars"), help: "Only repositories with at least this many stars.")
    var minimumStars = 0

    @Option(help: "Cards, 1 to 100.")
    var size = 20

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var options: RecommenderOptions

    func validate() throws {
        guard (1...100).contains(size) else { throw ValidationError("--size must be 1 to 100.") }
        _ = try checkedFilter()
        for id in clusters + [cluster].compactMap({ $0 }) where TopicCluster.named(id) == nil {
            throw ValidationError(
                "No cluster '\(id)'. Clusters: \(TopicCluster.all.map(\.id).joined(separator: ", ")).")
        }
        for name in like + save + skip + served where (try? RepositoryName(parsing: name)) == nil {
            throw ValidationError("'\(name)' is not a repository name like owner/name.")
        }
    }

    /// The filter the flags name, checked as the API checks one (a bad one stops before the catalog loads).
    func checkedFilter() throws -> DeckFilter {
        do {
            return try DeckFilter.checked(
                languages: languages, excludedLanguages: excludedLanguages,
                clusters: clusters.compactMap { TopicCluster.named($0)?.id }, minimumStars: minimumStars, health: nil)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let recommender = try await options.recommender()
        let signals =
            like.map { TasteSignal(repositoryKey: $0, kind: .like) }
            + save.map { TasteSignal(repositoryKey: $0, kind: .save) }
            + skip.map { TasteSignal(repositoryKey: $0, kind: .skip) }
        for signal in signals where recommender.index.item(forKey: signal.repositoryKey) == nil {
            printError("\(signal.repositoryKey) is not in the catalog; it is left out.")
        }
        let preferences = UserPreferences(
            primaryCluster: cluster.flatMap { TopicCluster.named($0)?.id }, techStack: techStack, interests: interests,
            experienceLevel: level, projectType: projectType, goals: goal, onboardingCompleted: true)
        let taste = Taste(preferences: preferences, signals: signals, served: Set(served.map { $0.lowercased() }))
        let filter = try checkedFilter()
        let deck = recommender.deck(for: taste, size: size, filter: filter)
        // Activity as of the catalog's newest day once it is stale, as the deck's own reasons judge it; words in the
        // terminal's language (LC_ALL, LC_MESSAGES, LANG).
        let language = Language.terminal(environment: ProcessInfo.processInfo.environment)
        try Language.$chosen.withValue(language) {
            try CatalogAge.$current.withValue(recommender.index.age) {
                switch format {
                case .json:
                    try printJSON(APISchemas.feed(deck, filter: filter, now: Date()))
                case .text:
                    CardPrinter.print(deck.cards)
                    if let message = deck.exhaustedMessage { print(terminalSafe(message)) }
                }
            }
        }
    }
}

/// `repofinder similar`: repositories like a given one.
struct SimilarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "similar",
        abstract: "Repositories like the given one: starred by the same people, alike in content.")

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
        let recommender = try await options.recommender()
        guard recommender.index.item(forKey: repository) != nil else {
            throw CommandFailure("\(repository) is not in the catalog. Search for it with repofinder search.")
        }
        let similar = recommender.similar(to: repository, limit: limit)
        try CatalogAge.$current.withValue(recommender.index.age) {
            switch format {
            case .json:
                try printJSON(Components.Schemas.SimilarList(items: similar.map { APISchemas.card($0, now: Date()) }))
            case .text: CardPrinter.print(similar)
            }
        }
    }
}

/// `repofinder clusters`: the topic clusters and their sizes.
struct ClustersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clusters", abstract: "The topic clusters, with how many repositories each holds.")

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var options: RecommenderOptions

    func run() async throws {
        let sizes = try await options.recommender().clusters()
        switch format {
        case .json:
            try printJSON(APISchemas.clusters(sizes))
        case .text:
            for size in sizes {
                print(
                    Number.grouped(size.repositories).leftPadded(to: 7) + "  "
                        + size.cluster.id.padding(toLength: 18, withPad: " ", startingAt: 0) + size.cluster.name)
            }
        }
    }
}

/// Prints cards for people: rank, fit, name, language, stars, then the reasons. The fit column is left out when no
/// card has one (alternatives on a catalog that knows too little of the seed to score them): a column of zeros says
/// nothing.
enum CardPrinter {
    static func print(_ cards: [Recommendation]) {
        let width = cards.map(\.repository.fullName.count).max() ?? 0
        let showsFit = cards.contains { $0.fit > 0 }
        for (rank, card) in cards.enumerated() {
            let name = card.repository.fullName.padding(toLength: width, withPad: " ", startingAt: 0)
            let language = SafeText.clean(card.repository.language ?? "—", layout: .line).padding(
                toLength: 12, withPad: " ", startingAt: 0)
            Swift.print(
                String(rank + 1).leftPadded(to: 3) + (showsFit ? "  fit " + String(card.fit).leftPadded(to: 3) : "")
                    + "  \(name)  "
                    + "\(language)  " + Number.grouped(card.repository.stars).leftPadded(to: 9) + " ★  "
                    + SafeText.clean(card.reasons(in: Words(Language.current)).joined(separator: " · "), layout: .line))
        }
    }
}
