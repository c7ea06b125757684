import Foundation
public import RepoFinderCore
import Semantics
import Storage

/// Alternatives: other projects that do a repository's job. Those a curated list places under the same heading as it
/// (issue 65: poetry beside uv under "Package Management") and its nearest neighbours by meaning, less what goes
/// *with* it rather than replacing it — the same owner's repositories, those named after it (plugins, bindings,
/// starters, "awesome" lists), archived ones — ranked by closeness with a little popularity and health, plus the
/// kinship of the headings they share (a short heading counts for more than a long one), first those that call
/// themselves an alternative to it (in their description, or the shipped table's words where the catalog has none), and after the others those that say they work with it.
extension CatalogSearchIndex {
    /// How many neighbours by meaning are considered before the filters.
    static let alternativeCandidates = 300

    /// The alternatives of the repository keyed `key`, best first; empty when it is unknown, or has neither a vector
    /// nor a repository listed beside it nor one that says it replaces it.
    public func alternatives(toKey key: String, limit: Int) -> [Repository] {
        guard limit > 0, let seed = numbers[key] else { return [] }
        let peers = listedHeadings.peers(of: seed)
        // Without a vector, the listed peers alone (by kinship, popularity and health).
        let similarities = vectors.flatMap { vectors in vectors.vector(seed).map(vectors.centredSimilarities(to:)) }
        let seedRepository = catalog[seed]
        let owner = seedRepository.owner.login.lowercased()
        let seedName = Self.comparable(seedRepository.name)
        let called = Self.called(seedRepository)
        let filter = Filter(index: self, query: SearchQuery(text: ""))
        // Those that say they replace it.
        let replacedKeys = Set(called.map { ReplacementStatement.key($0) })
        let replacing = replacements.documents(replacing: called)
        guard similarities != nil || !peers.isEmpty || !replacing.isEmpty else { return [] }
        var candidates =
            similarities.map {
                nearest(similarities: $0, filter: filter, limit: Self.alternativeCandidates, excluding: [UInt32(seed)])
            } ?? []
        var near = Set(candidates.map(\.document) + [UInt32(seed)])
        // Those a curator put beside it, and those that say they replace it.
        for peer in peers.keys.sorted() + replacing where filter.passes(Int(peer)) && near.insert(peer).inserted {
            candidates.append((peer, similarities?[Int(peer)] ?? 0))
        }
        let kinshipWeight = Double(ranking.listedKinship)
        var scored: [(document: UInt32, score: Double)] = []
        for (document, cosine) in candidates {
            let number = Int(document)
            let candidate = catalog[number]
            guard candidate.owner.login.lowercased() != owner, !archived[number] else { continue }
            let name = Self.comparable(candidate.name)
            // The same project under another owner (moved, mirrored, forked).
            if name == seedName { continue }
            let calls =
                replacements.says(document, replaces: replacedKeys)
                || Self.callsItself(candidate, alternativeTo: seedRepository)
            // Named after the seed (vue-router, eslint-plugin-react, awesome-vue): goes with it, unless it says it
            // replaces it.
            if !calls, called.contains(where: { $0.count >= 3 && name.contains($0) }) { continue }
            if name.hasPrefix("awesome") { continue }
            var score = Double(cosine) + Double(ranking.alternativePopularity) * log10(Double(stars[number]) + 10) / 6
            if isDormant(number, now: now) { score -= Double(ranking.meaningDormant) }
            score += kinshipWeight * (peers[document] ?? 0)
            if calls {
                score += 0.15
            } else if Self.mentions(candidate, anyOf: called) {
                // Says it works with the seed ("Terraform version manager", "Tailwind CSS components"): a companion.
                score -= Double(Self.companionPenalty)
            }
            scored.append((document, score))
        }
        return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.document < $1.document }
            .prefix(limit).map { catalog[Int($0.document)] }
    }

    /// What the repository is called, compared loosely: its name, and its owner's when the name says little
    /// (laravel/framework, vuejs/core).
    static func called(_ repository: Repository) -> [String] {
        let name = comparable(repository.name)
        var called = [name]
        if genericNames.contains(name) || name.count < 3 {
            var ownerName = comparable(repository.owner.login.lowercased())
            for suffix in ["js", "lang", "hq", "io", "labs", "dev", "org"] where ownerName.hasSuffix(suffix) {
                ownerName = String(ownerName.dropLast(suffix.count))
            }
            if ownerName.count >= 3 { called.append(ownerName) }
        }
        return called
    }

    /// Why each of `keys` is an alternative to the repository keyed `key`, as far as the lists and their own words
    /// say: the closest heading (fewest entries) a list places both under, and whether it says it replaces it. Keys
    /// with neither are left out.
    public func alternativeEvidence(toKey key: String, of keys: [String]) -> [String: AlternativeEvidence] {
        guard let seed = numbers[key] else { return [:] }
        let seedHeadings = Set(listedHeadings.headings(of: seed))
        let seedRepository = catalog[seed]
        let replacedKeys = Set(Self.called(seedRepository).map { ReplacementStatement.key($0) })
        var evidence: [String: AlternativeEvidence] = [:]
        for candidateKey in keys {
            guard let number = numbers[candidateKey], number != seed else { continue }
            let shared = listedHeadings.headings(of: number).filter(seedHeadings.contains)
            // The closest heading; among equals, the first list and path in order, so every run says the same.
            let closest = shared.max { first, second in
                let (a, b) = (listedHeadings.kinship(first), listedHeadings.kinship(second))
                return a != b ? a < b : first > second
            }
            let says =
                replacements.says(UInt32(number), replaces: replacedKeys)
                || Self.callsItself(catalog[number], alternativeTo: seedRepository)
            guard closest != nil || says else { continue }
            evidence[candidateKey] = AlternativeEvidence(
                list: closest.map { listedHeadings.lists[Int($0)] },
                heading: closest.map { listedHeadings.paths[Int($0)] } ?? [],
                saysItReplaces: says)
        }
        return evidence
    }

    /// The repositories that say, in their own words, that they replace what `name` calls ("an alternative to
    /// Notion": ``ReplacementStatement``), most stars first, archived ones left out.
    public func replacing(_ name: String, limit: Int) -> [Repository] {
        replacements.documents(replacing: [name]).lazy.filter { !self.archived[Int($0)] }.prefix(max(0, limit))
            .map { self.catalog[Int($0)] }
    }

    /// What the repository keyed `key` says it replaces, as written; empty when it says nothing of the kind.
    public func replacedNames(ofKey key: String) -> [String] {
        numbers[key].map { replacements.names(of: UInt32($0)) } ?? []
    }

    /// Taken from the key of a candidate whose description or topics name the seed without saying it replaces it
    /// (tuned set of 40 tools without co-stars 62.5 → 65.0%; the rest unchanged).
    static let companionPenalty: Float = 0.2

    /// Whether `candidate`'s description or topics name the seed (any of `names`, compared loosely) as a word.
    static func mentions(_ candidate: Repository, anyOf names: [String]) -> Bool {
        let description = comparableWords(candidate.description ?? "")
        let topics = candidate.topics.map(comparable)
        return names.contains { name in
            name.count >= 3 && (topics.contains(name) || description.contains(name))
        }
    }

    /// A text's words, each as ``comparable(_:)`` makes it, and each pair of neighbouring words joined ("tailwind
    /// css" → tailwind, css, tailwindcss).
    static func comparableWords(_ text: String) -> Set<String> {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        var out = Set(words)
        for index in words.indices.dropLast() { out.insert(words[index] + words[index + 1]) }
        return out
    }

    /// Repository names that say what it is, not which project (the owner names the project).
    static let genericNames: Set<String> = [
        "framework", "core", "server", "app", "main", "cli", "library", "lib", "sdk", "engine", "platform", "api",
        "web", "client", "compiler", "runtime", "editor", "docs",
    ]

    /// A name as people spell it loosely: lowercased, without "-", "_", "." or spaces.
    static func comparable(_ name: String) -> String {
        String(name.lowercased().filter { !"-_. ".contains($0) })
    }

    /// Whether `candidate`'s description names `seed` as what it replaces ("an open-source alternative to Postman").
    static func callsItself(_ candidate: Repository, alternativeTo seed: Repository) -> Bool {
        guard let description = candidate.description?.lowercased() else { return false }
        let name = seed.name.lowercased()
        guard name.count >= 3, description.containsWord(name) else { return false }
        return ["alternative", "replacement", "replace", "instead of", "drop-in", "compatible", "inspired by"]
            .contains { description.contains($0) }
    }
}
