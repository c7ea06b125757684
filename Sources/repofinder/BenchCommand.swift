import ArgumentParser
import Catalog
import Foundation
import RepoFinderCore
import SearchIndex
import Storage

/// `repofinder bench`: benchmark programs that print figures (never timed assertions in tests).
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure RepoFinder on this machine.",
        subcommands: [SearchBench.self, RecommendBench.self, QuestionBench.self, ReportBench.self])
}

/// `repofinder bench search`: search latency over a fixed set of queries on the catalog in `--database`.
struct SearchBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract:
            "Search latency (p50/p90/p99) over a fixed query set: words, phrases, prefixes, filters, sorts, pages.",
        discussion: "Use a release build and a database holding the full catalog (repofinder ingest first)."
    )

    @Option(help: "Timed runs of each query (after one warm-up run).")
    var iterations = 20

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...10_000).contains(iterations) else { throw ValidationError("--iterations must be 1 to 10,000.") }
    }

    func run() async throws {
        let location = try database.location()
        let queries = SearchBenchmark.queries
        let prefixes = SearchBenchmark.typing
        let measured = try await database.withCatalog { store in
            let catalogSize = try await store.statistics().repositories
            // The first search builds the in-memory index from the store: timed on its own, then a warm-up.
            let first = ContinuousClock.now
            var matches = try await store.search(queries[0]).total
            let indexBuild = ContinuousClock.now - first
            for query in queries.dropFirst() { matches += try await store.search(query).total }
            let searches = try await Self.time(queries, iterations: iterations) { _ = try await store.search($0) }
            // The same queries on the index alone, to show where the time goes; and what each part of a build takes.
            let loadStarted = ContinuousClock.now
            let memoryBefore = Self.anonymousMemory()
            let catalog = try await store.allRepositories()
            let listings = try await store.allCuratedListEntries()
            let memoryLoaded = Self.anonymousMemory()
            let buildStarted = ContinuousClock.now
            let index = CatalogSearchIndex(catalog, listings: listings)
            let buildParts = (load: buildStarted - loadStarted, index: ContinuousClock.now - buildStarted)
            let memoryBuilt = Self.anonymousMemory()
            let indexAlone = await Self.time(queries, iterations: iterations) { _ = index.search($0) }
            // Searches ranked by meaning too: needs in other words (no repository has every word), and whole
            // questions as Ask sends them.
            let meant = SearchBenchmark.meaningQueries
            await index.prepareForQuestions()
            let byMeaning = await Self.time(meant, iterations: iterations) { _ = index.search($0) }
            // Suggestions as someone types: every prefix of a few searches, through the store's interface.
            for prefix in prefixes { _ = try await store.searchSuggestions(prefix, limit: 8) }
            let suggestions = try await Self.time(prefixes, iterations: iterations) {
                _ = try await store.searchSuggestions($0, limit: 8)
            }
            let memory = (catalog: memoryLoaded - memoryBefore, index: memoryBuilt - memoryLoaded)
            return (
                searches, indexAlone, byMeaning, suggestions, matches, catalogSize, indexBuild, buildParts, memory,
                index.understandsMeaning, index.buildPhases.phases
            )
        }
        let (
            searches, indexAlone, byMeaning, suggestions, matches, catalogSize, indexBuild, buildParts, memory,
            understands, phases
        ) = measured
        print(
            "search benchmark on \(location): \(Number.grouped(catalogSize)) repositories, "
                + "\(queries.count) queries × \(iterations) runs = \(Number.grouped(searches.all.count)) searches "
                + "(\(Number.grouped(matches / queries.count)) matches a query on average); the index was built by "
                + String(
                    format: "the first search in %.0f ms (reading the catalog %.0f ms, indexing it %.0f ms)",
                    indexBuild.secondsDouble * 1000, buildParts.load.secondsDouble * 1000,
                    buildParts.index.secondsDouble * 1000))
        print(
            "indexing, by part: "
                + phases.map { "\($0.name) " + String(format: "%.0f ms", $0.duration.secondsDouble * 1000) }
                .joined(separator: " · "))
        if memory.catalog > 0 || memory.index > 0 {
            print(
                "memory: the catalog read for it \(memory.catalog) MB, the index beside it \(memory.index) MB (resident)"
            )
        }
        print("searches:       " + Self.summary(searches.all))
        print("index alone:    " + Self.summary(indexAlone.all))
        print(
            "by meaning:     " + Self.summary(byMeaning.all)
                + " (\(SearchBenchmark.meaningQueries.count) needs in other words and questions, the index alone"
                + (understands ? ")" : "; no token vectors: words alone)"))
        print(
            "suggestions:    " + Self.summary(suggestions.all)
                + " (\(prefixes.count) prefixes typed a letter at a time)")
        let slowest = zip(queries, searches.perItem).map { query, runs in (query, runs.sorted()[runs.count / 2]) }
            .sorted { $0.1 > $1.1 }.prefix(5)
        print("slowest queries (median):")
        for (query, median) in slowest {
            print(String(format: "  %8.3f ms  ", median.secondsDouble * 1000) + query.benchDescription)
        }
    }

    /// This process's resident anonymous memory in MB (Linux's `/proc/self/status`; 0 where there is none).
    static func anonymousMemory() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }

    /// Runs `work` on every item `iterations` times (round after round) and keeps each run's time.
    static func time<Item>(
        _ items: [Item], iterations: Int, _ work: (Item) async throws -> Void
    ) async rethrows -> (all: [Duration], perItem: [[Duration]]) {
        var all: [Duration] = []
        all.reserveCapacity(items.count * iterations)
        var perItem = [[Duration]](repeating: [], count: items.count)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            for (index, item) in items.enumerated() {
                let started = clock.now
                try await work(item)
                let elapsed = clock.now - started
                all.append(elapsed)
                perItem[index].append(elapsed)
            }
        }
        return (all, perItem)
    }

    /// p50, p90, p99, max, mean and throughput of `samples`.
    static func summary(_ samples: [Duration]) -> String {
        let milliseconds = samples.map { $0.secondsDouble * 1000 }.sorted()
        guard !milliseconds.isEmpty else { return "no samples" }
        func percentile(_ p: Double) -> Double {
            milliseconds[min(milliseconds.count - 1, Int(Double(milliseconds.count) * p))]
        }
        let total = milliseconds.reduce(0, +)
        return String(
            format: "p50 %.3f ms  p90 %.3f ms  p99 %.3f ms  max %.3f ms  mean %.3f ms  %.0f/s",
            percentile(0.5), percentile(0.9), percentile(0.99), milliseconds.last ?? 0,
            total / Double(milliseconds.count), Double(milliseconds.count) / (total / 1000))
    }
}

extension SearchQuery {
    /// The query as its command line would read.
    var benchDescription: String {
        var parts = ["\"\(text)\""]
        if let language { parts.append("--language \(language)") }
        if let topic { parts.append("--topic \(topic)") }
        if let minimumStars { parts.append("--min-stars \(minimumStars)") }
        if sort != .bestMatch { parts.append("--sort \(sort.rawValue)") }
        if page.page != 1 { parts.append("--page \(page.page)") }
        return parts.joined(separator: " ")
    }
}
