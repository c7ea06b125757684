import ArgumentParser
import Ask
import Foundation
import Recommender
import RepoFinderCore
import Storage

/// `repofinder eval ask`: the embedded engine on judged questions — how often an accepted repository is among the
/// first three sources, per kind of question and over all.
struct AskEval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Evaluate the Ask engine on judged questions: accepted sources among the first three, per kind.",
        discussion: """
            Reads --questions (kind<TAB>question<TAB>accepted<TAB>context lines, # comments; see \
            Tests/Fixtures/ask-questions.tsv), asks each of the catalog in --database as the person and thread the \
            context gives, and counts a success when an accepted repository is among the first three sources (for \
            questions nothing fits: no sources and an answer that says so). Use the full catalog with its star \
            history (repofinder ingest), and --community for the recommender's neighbours.
            Example: repofinder eval ask --database catalog.sqlite --community ../shared/data/interactions/train.csv.gz
            """
    )

    @Option(help: ArgumentHelp("Judged questions (tab-separated).", valueName: "file"))
    var questions = "Tests/Fixtures/ask-questions.tsv"

    @Flag(help: "Print every question's first three sources.")
    var verbose = false

    @OptionGroup var options: RecommenderOptions

    func run() async throws {
        let evaluation: AskEvaluation
        do {
            evaluation = try AskEvaluation(file: questions)
        } catch let error as AskEvaluationError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("Could not read --questions \(questions): \(error.localizedDescription)")
        }
        let community = try options.communitySignals()
        try await options.database.withCatalog { store in
            let index = await RecommendationIndex.build(
                repositories: try await store.allRepositories(), community: community,
                weeklyGains: try await store.weeklyGains())
            let recommender = Recommender(index: index)
            try await store.prepareSearch()
            let clock = ContinuousClock()
            let started = clock.now
            let outcomes = try await evaluation.run(currentKey: { index.sameProjects.currentKey[$0] ?? $0 }) { item in
                let person = try await GivenPerson.named(saved: item.saved, liked: item.liked, in: store).person
                return CatalogAskTools(store: store, recommender: recommender, person: person)
            }
            let seconds = (clock.now - started).secondsDouble
            printError(
                "\(outcomes.count) questions, \(Number.grouped(index.repositories.count)) repositories, "
                    + String(format: "%.1f ms a question", seconds * 1_000 / Double(max(1, outcomes.count))))
            for outcome in outcomes where verbose || !outcome.success {
                let mark = outcome.success ? "ok  " : "MISS"
                let top = outcome.answer.sources.prefix(3).map(\.fullName).joined(separator: ", ")
                print("\(mark) [\(outcome.item.kind)] \(outcome.item.text) → \(top.isEmpty ? "(none)" : top)")
            }
            let figures = AskEvaluation.figures(outcomes)
            for row in figures.kinds {
                let times = outcomes.filter { $0.item.kind == row.kind }.map { $0.duration.secondsDouble * 1_000 }
                print(
                    row.kind.padding(toLength: 10, withPad: " ", startingAt: 0)
                        + String(
                            format: "%3d questions  %3.0f%%  mean %.2f ms", row.count, row.rate * 100,
                            times.reduce(0, +) / Double(max(1, times.count))))
            }
            print(String(format: "all       %3d questions  %.1f%%", outcomes.count, figures.all * 100))
        }
    }
}
