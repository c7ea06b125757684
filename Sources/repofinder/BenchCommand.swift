import ArgumentParser
import Catalog
import Foundation
import RepoFinderCore
import Storage

/// `repofinder bench`: benchmark programs that print figures (never timed assertions in tests).
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure RepoFinder on this machine.",
        subcommands: [SearchBench.self, RecommendBench.self])
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

    static let words = [
        "swift", "react", "rust", "python", "go", "kubernetes", "docker", "machine", "learning", "web", "framework",
        "cli", "database", "awesome", "api", "game", "engine", "android", "ios", "vue", "compiler", "editor",
        "terminal", "http", "server", "graphql", "blockchain", "deep", "neural", "chart", "ui", "css", "testing",
        "security", "linux", "parser", "json", "markdown", "monitoring", "cloud",
    ]
    static let phrases = [
        "machine learning", "web framework", "rust web framework", "swift server", "react native", "game engine",
        "static site generator", "command line", "deep learning", "kubernetes operator", "text editor", "http client",
        "design system", "data visualization", "neural network", "package manager", "code editor", "self hosted",
        "password manager", "awesome list",
    ]
    static let prefixes = ["kube", "reac", "tensorf", "pyth", "sw", "j"]

    /// Every query three ways: best match; sorted by stars in a language; page 2 with a star floor.
    static var queries: [SearchQuery] {
        let languages = ["JavaScript", "Python", "Go", "Rust", "Swift", "TypeScript", "Java", "C++"]
        return (words + phrases + prefixes).enumerated().flatMap { index, text in
            [
                SearchQuery(text: text),
                SearchQuery(text: text, language: languages[index % languages.count], sort: .stars),
                SearchQuery(text: text, minimumStars: 1000, sort: .recentlyPushed, page: PageRequest(page: 2)),
            ]
        } + [
            SearchQuery(text: "", sort: .stars), SearchQuery(text: "", language: "Python", sort: .forks),
            SearchQuery(text: "", topic: "machine-learning"), SearchQuery(text: "", topic: "javascript", sort: .stars),
        ]
    }

    func validate() throws {
        guard (1...10_000).contains(iterations) else { throw ValidationError("--iterations must be 1 to 10,000.") }
    }

    func run() async throws {
        let location = try database.location()
        let queries = Self.queries
        let (samples, perQuery, matches, catalogSize) = try await database.withCatalog { store in
            let catalogSize = try await store.statistics().repositories
            var matches = 0
            for query in queries { matches += try await store.search(query).total }  // warm-up
            var samples: [Duration] = []
            samples.reserveCapacity(queries.count * iterations)
            var perQuery = [[Duration]](repeating: [], count: queries.count)
            let clock = ContinuousClock()
            for _ in 0..<iterations {
                for (index, query) in queries.enumerated() {
                    let started = clock.now
                    _ = try await store.search(query)
                    let elapsed = clock.now - started
                    samples.append(elapsed)
                    perQuery[index].append(elapsed)
                }
            }
            return (samples, perQuery, matches, catalogSize)
        }
        let milliseconds = samples.map { $0.secondsDouble * 1000 }.sorted()
        func percentile(_ p: Double) -> Double {
            milliseconds[min(milliseconds.count - 1, Int(Double(milliseconds.count) * p))]
        }
        let total = milliseconds.reduce(0, +)
        print(
            "search benchmark on \(location): \(Number.grouped(catalogSize)) repositories, "
                + "\(queries.count) queries × \(iterations) runs = \(Number.grouped(milliseconds.count)) searches "
                + "(\(Number.grouped(matches / queries.count)) matches a query on average)")
        print(
            String(
                format: "p50 %.3f ms  p90 %.3f ms  p99 %.3f ms  max %.3f ms  mean %.3f ms  %.0f searches/s",
                percentile(0.5), percentile(0.9), percentile(0.99), milliseconds.last ?? 0,
                total / Double(milliseconds.count), Double(milliseconds.count) / (total / 1000)))
        let slowest = zip(queries, perQuery).map { query, runs in (query, runs.sorted()[runs.count / 2]) }
            .sorted { $0.1 > $1.1 }.prefix(5)
        print("slowest queries (median):")
        for (query, median) in slowest {
            print(String(format: "  %8.3f ms  ", median.secondsDouble * 1000) + query.benchDescription)
        }
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
