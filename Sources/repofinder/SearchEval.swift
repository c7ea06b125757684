import ArgumentParser
import Foundation
import RepoFinderCore
import SearchIndex
import Storage

/// `repofinder eval search`: relevance of search on judged queries — success@3, success@10 and MRR@10 — next to the
/// plain BM25 baseline, and what each ranking idea adds (`--ablation`).
struct SearchEval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Evaluate search relevance on judged queries: success@3, success@10, MRR@10.",
        discussion: """
            Reads --queries (lines of query<TAB>language (may be empty)<TAB>owner/name owner/name …, # comments), \
            searches the catalog in --database for each (best match, first ten) and scores where the first accepted \
            repository ranks. Use a database holding the full catalog (repofinder ingest first).
            Example: repofinder eval search --queries Tests/Fixtures/search-queries.tsv --database catalog.sqlite
            """
    )

    @Option(help: ArgumentHelp("Judged queries (tab-separated).", valueName: "file"))
    var queries = "Tests/Fixtures/search-queries.tsv"

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Change a ranking knob for this run (repeatable), for example --set popularity=2.", valueName: "knob=value")
    )
    var changes: [String] = []

    @Flag(help: "Also the figures with each ranking idea switched off, one at a time.")
    var ablation = false

    @Flag(help: "List the queries whose first accepted repository is not among the first three.")
    var misses = false

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let evaluation: SearchEvaluation
        do {
            evaluation = try SearchEvaluation(file: queries)
        } catch let error as EvaluationFileError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("Could not read --queries \(queries): \(error.localizedDescription)")
        }
        let (catalog, listings) = try await database.withCatalog { store in
            (try await store.allRepositories(), try await store.allCuratedListEntries())
        }
        printError("\(evaluation.queries.count) judged queries, \(Number.grouped(catalog.count)) repositories")
        func line(_ name: String, _ ranking: SearchRanking) -> [SearchEvaluation.Outcome] {
            let outcomes = evaluation.run(on: CatalogSearchIndex(catalog, listings: listings, ranking: ranking))
            let figures = SearchEvaluation.figures(outcomes)
            print(
                name.padding(toLength: max(28, name.count + 1), withPad: " ", startingAt: 0)
                    + String(
                        format: "success@3=%.3f success@10=%.3f MRR@10=%.3f", figures.successAt3, figures.successAt10,
                        figures.mrrAt10))
            return outcomes
        }
        var ranking = SearchRanking.standard
        for change in changes {
            let parts = change.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw CommandFailure("--set \(change): expected knob=value") }
            do {
                try ranking.set(parts[0], to: parts[1])
            } catch let error as SearchRankingError {
                throw CommandFailure("--set \(change): \(error.description)")
            }
        }
        let outcomes = line(changes.isEmpty ? "ranking" : "ranking with " + changes.joined(separator: " "), ranking)
        _ = line("baseline (BM25 × log stars)", .baseline)
        if ablation {
            let standard = ranking
            for (name, change) in Self.ablations {
                var ranking = standard
                change(&ranking)
                _ = line("  " + name, ranking)
            }
        }
        if misses {
            for outcome in outcomes where (outcome.firstAccepted ?? 99) > 3 {
                let language = outcome.query.language.map { " [\($0)]" } ?? ""
                let rank = outcome.firstAccepted.map { "#\($0)" } ?? "none in 10"
                print(
                    "miss: \(outcome.query.text)\(language) (\(rank)): \(outcome.top.prefix(5).joined(separator: " "))")
            }
        }
    }

    /// Each idea switched off alone.
    static let ablations: [(String, @Sendable (inout SearchRanking) -> Void)] = [
        ("equal field weights", { $0.fieldWeights = [1, 1, 1, 1, 1, 1] }),
        ("no length normalisation", { $0.lengthNormalisation = [0, 0, 0, 0, 0, 0] }),
        ("whole descriptions", { $0.descriptionWords = 100_000 }),
        ("no popularity", { $0.popularity = 0 }),
        ("no health", { $0.dormantFactor = 1 }),
        ("no exact-name boost", { $0.exactName = 1 }),
        ("no word forms/synonyms", { $0.expandWords = false }),
        ("no completion", { $0.completeLastWord = false }),
        ("no typo tolerance", { $0.correctTypos = false }),
        ("all words, no fallback", { $0.fallbackBelow = 0 }),
        ("partial matches: weight share squared", { $0.partialPenalty = 2 }),
        ("any word", { $0.anyWord = true }),
        ("no name completion", { $0.completeNames = false }),
        ("no name endings", { $0.suffixNames = false }),
        ("every word first, on score (×2)", { $0.strictCompleteness = false }),
    ]
}
