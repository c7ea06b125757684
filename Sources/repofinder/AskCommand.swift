import ArgumentParser
import Ask
import Foundation
import Recommender
import RepoFinderCore
import Storage

/// `repofinder ask "QUESTION"`: the embedded answering engine on the catalog in `--database`, streamed to the
/// terminal — the tools that ran, the answer word by word, then its numbered sources.
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Ask about repositories: a short answer from the catalog, with the sources it cites.",
        discussion: """
            Reads the question (languages, topics, "like X", "compare A and B", trending windows, your saved and \
            liked repositories, beginner-friendly projects, why a card was dealt), runs tools over the catalog and \
            writes an answer from what they found. --like and --save stand for your lists.
            Examples: repofinder ask "a lightweight web framework for Swift"
                      repofinder ask "something like ripgrep but for JSON"
                      repofinder ask "what did I save about databases?" --save redis/redis --save vapor/vapor
            """
    )

    @Argument(help: "The question.")
    var question: String

    @Option(help: "A repository you liked, owner/name (repeatable, oldest first).")
    var like: [String] = []

    @Option(help: "A repository you saved (repeatable, oldest first).")
    var save: [String] = []

    @Option(help: "The card the question is asked from, owner/name (\"why was this in my deck?\").")
    var card: String?

    @Option(help: "The thread's earlier question, for a follow-up (\"and for Go?\").")
    var after: String?

    @OptionGroup var options: RecommenderOptions

    func validate() throws {
        guard !question.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("Ask a question, for example: repofinder ask \"a terminal file manager\".")
        }
        guard question.count <= AnswerEngine.maximumQuestionLength else {
            throw ValidationError("The question is too long: at most \(AnswerEngine.maximumQuestionLength) characters.")
        }
        for name in like + save + [card].compactMap({ $0 }) where (try? RepositoryName(parsing: name)) == nil {
            throw ValidationError("'\(name)' is not a repository name like owner/name.")
        }
    }

    func run() async throws {
        let community = try options.communitySignals()
        try await options.database.withCatalog { store in
            let index = await RecommendationIndex.build(
                repositories: try await store.allRepositories(), community: community,
                weeklyGains: try await store.weeklyGains())
            let recommender = Recommender(index: index)
            let person = try await GivenPerson.named(saved: save, liked: like, in: store)
            let tools = CatalogAskTools(store: store, recommender: recommender, person: person)
            let engine = AnswerEngine()
            var previous: Question?
            if let after { previous = try await engine.answer(after, tools: tools).question }
            let terminal = isatty(STDERR_FILENO) == 1
            var sources: [Repository] = []
            for try await event in engine.stream(question, previous: previous, card: card, tools: tools) {
                switch event {
                case .tool(let use): printError(terminal ? "\u{1B}[2m· \(use.chip)\u{1B}[0m" : "· \(use.chip)")
                case .source(let repository): sources.append(repository)
                case .text(let words): FileHandle.standardOutput.write(Data(words.utf8))
                case .done: print()
                }
            }
            if !sources.isEmpty { print("\nSources:") }
            for (number, repository) in sources.enumerated() {
                print("[\(number + 1)] \(repository.fullName)  \(repository.webURL.absoluteString)")
            }
        }
    }
}

extension GivenPerson {
    /// A person whose lists are these names (oldest first), looked up in `store`; names it lacks are left out, said
    /// on standard error.
    static func named(saved: [String], liked: [String], in store: any DataStore) async throws -> GivenPerson {
        var lists: [RepositoryList: [Repository]] = [:]
        var signals: [TasteSignal] = []
        for (list, names, kind) in [(RepositoryList.saved, saved, SignalKind.save), (.liked, liked, .like)] {
            for name in names {
                guard let parsed = try? RepositoryName(parsing: name),
                    let repository = try await store.repository(named: parsed)
                else {
                    printError("\(name) is not in the catalog; it is left out.")
                    continue
                }
                lists[list, default: []].append(repository)
                signals.append(TasteSignal(repositoryKey: repository.id, kind: kind))
            }
        }
        return GivenPerson(lists: lists, taste: Taste(signals: signals))
    }
}
