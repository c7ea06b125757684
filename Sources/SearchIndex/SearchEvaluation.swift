import Foundation
import RepoFinderCore
import Storage

/// Relevance on a set of judged queries: what people type, and the repositories they would accept first.
public struct SearchEvaluation: Sendable {
    /// One judged query.
    public struct Judged: Hashable, Sendable {
        public var text: String
        public var language: String?
        /// Accepted repositories' keys (lowercased `owner/name`).
        public var accepted: Set<String>
    }

    /// How one query fared: the 1-based rank of the first accepted repository within the first ten, if any.
    public struct Outcome: Hashable, Sendable {
        public var query: Judged
        public var firstAccepted: Int?
        public var top: [String]
    }

    /// The figures over a set.
    public struct Figures: Hashable, Sendable {
        public var queries: Int
        public var successAt3: Double
        public var successAt10: Double
        public var mrrAt10: Double
    }

    public var queries: [Judged]

    /// Reads a judged-query file: `query<TAB>language (may be empty)<TAB>owner/name owner/name …` per line; `#` starts
    /// a comment line. Throws with the line number of a malformed line.
    public init(file path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var queries: [Judged] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            let accepted = columns.count == 3 ? Set(columns[2].split(separator: " ").map { $0.lowercased() }) : []
            guard columns.count == 3, !columns[0].isEmpty, !accepted.isEmpty else {
                throw EvaluationFileError(
                    description: "\(path):\(number + 1): expected query<TAB>language<TAB>owner/name …")
            }
            let language = columns[1].trimmingCharacters(in: .whitespaces)
            queries.append(
                Judged(text: String(columns[0]), language: language.isEmpty ? nil : language, accepted: accepted))
        }
        self.queries = queries
    }

    /// Runs every query on `index` (best match, first page of ten).
    public func run(on index: CatalogSearchIndex) -> [Outcome] {
        queries.map { judged in
            let query = SearchQuery(text: judged.text, language: judged.language, page: PageRequest(perPage: 10))
            let top = index.search(query).keys
            // An accepted repository counts under the index's current name of its project.
            let accepted = Set(judged.accepted.map { index.sameProjects.currentKey[$0] ?? $0 })
            let first = top.firstIndex { accepted.contains($0) }.map { $0 + 1 }
            return Outcome(query: judged, firstAccepted: first, top: top)
        }
    }

    /// success@3, success@10 and MRR@10 of `outcomes`.
    public static func figures(_ outcomes: [Outcome]) -> Figures {
        let count = Double(max(1, outcomes.count))
        let ranks = outcomes.map(\.firstAccepted)
        return Figures(
            queries: outcomes.count,
            successAt3: Double(ranks.filter { ($0 ?? 99) <= 3 }.count) / count,
            successAt10: Double(ranks.filter { $0 != nil }.count) / count,
            mrrAt10: ranks.reduce(0) { $0 + ($1.map { 1 / Double($0) } ?? 0) } / count)
    }
}

/// A judged-query file that cannot be read.
public struct EvaluationFileError: Error, CustomStringConvertible {
    public let description: String
}
