import Foundation
import RepoFinderCore

extension AnswerEngine {
    /// Repositories like a named one: those that call themselves an alternative to it, those matching what should be
    /// different ("but for JSON") with the seed's own topics, and the recommender's neighbours — merged in turn.
    func like(_ seedName: String, _ asked: Question, into draft: inout Draft, _ context: AskContext) async throws {
        let found = try await draft.lookUp(seedName, context)
        // Those that name the seed as what they replace: in their own words as the catalog keeps them (a product known
        // only by name too, "like Notion"), then by searching descriptions for looser ways of saying so.
        // The name as asked ("firebase") and the name of the repository it found (firebase/flutterfire) may differ.
        let replacedNames = [seedName] + (found.map { [$0.name] }?.filter { $0.lowercased() != seedName } ?? [])
        let replacing = try await draft.run(
            "replacing", context, inputs: ["name": replacedNames.joined(separator: ", ")], found: { $0.count }
        ) { (found: [Repository]) in
            context.words.text("tool.replacing", found.count, seedName)
        } _: { tools in
            var found: [Repository] = []
            for name in replacedNames {
                found += try await tools.replacing(name, limit: 20).filter { candidate in
                    !found.contains { $0.id == candidate.id }
                }
            }
            return found
        }
        // A product found only as an owner ("auth0" → auth0/node-jsonwebtoken, "datadog" → DATA-DOG/go-sqlmock) is not
        // that repository: when others say they replace the product, it is the product that is asked about.
        let seed = Self.isOwnerOnly(found, named: seedName) && replacing.count >= 2 ? nil : found
        // "a js bundler faster than webpack": a language that is the seed's own names its ecosystem, not what the
        // replacement must be written in (esbuild is Go).
        var question = asked
        if let seed, seed.language == question.language, !question.languageAsked { question.language = nil }
        let label = seed?.fullName ?? seedName
        let names = [seedName] + (seed.map { [$0.name] } ?? [])
        var alternatives = replacing.filter { question.language == nil || $0.language == question.language }
        for word in ["alternative", "replacement"] {
            let found = try await draft.search(
                "\(seedName) \(word)", language: question.language, limit: 40, context)
            alternatives += found.filter { candidate in
                names.contains { Self.callsItself(an: candidate, alternativeTo: $0) }
            }
        }
        var different: [Repository] = []
        if !question.words.isEmpty {
            // What should be different, among repositories of the seed's kind ("like ripgrep but for JSON").
            let found = try await draft.search(
                question.words.joined(separator: " "), language: question.language, limit: 100, context)
            different = try await draft.sameKind(found, as: seed, context)
        } else if let seed, question.language != nil, seed.language != question.language {
            // "express for python": the seed's subject in the other language.
            let subject = Self.distinctiveTopics(of: seed).prefix(3)
            let words = subject.isEmpty ? ["\(seed.name)"] : Array(subject)
            different = try await draft.search(
                words.joined(separator: " "), language: question.language, limit: 20, context)
        }
        // The seed's job with what should be different ("like iTerm2 but on linux"): the seed's own words and the
        // question's, by meaning.
        let seedText = seed.map { [$0.description ?? "", $0.topics.joined(separator: " ")].joined(separator: " ") }
        let meaning = [seedText ?? "", question.meaning].joined(separator: " ")
        let byMeaning = try await draft.search(
            question.words.joined(separator: " "), meaning: meaning, language: question.language, limit: 30,
            context)
        let seedOwner = seed?.owner.login.lowercased()
        let meant = Self.withoutExcluded(byMeaning, question.excluded + names.map { $0.lowercased() }).filter {
            $0.owner.login.lowercased() != seedOwner
        }
        var replacements: [Repository] = []
        var neighbourList: [Repository] = []
        if let seed {
            let replacing = try await draft.run(
                "alternatives", context, inputs: ["repository": seed.fullName], found: { $0.count }
            ) { (found: [Repository]) in
                context.words.text("tool.alternatives", found.count, seed.fullName)
            } _: { tools in
                try await tools.alternatives(to: seed, limit: 20)
            }
            replacements = replacing.filter { question.language == nil || $0.language == question.language }
            let neighbours = try await draft.run(
                "similar", context, inputs: ["repository": seed.fullName], found: { $0.count }
            ) { (found: [Repository]) in
                context.words.text("tool.similar", found.count, seed.fullName)
            } _: { tools in
                try await tools.similar(to: seed, limit: 30)
            }
            neighbourList = neighbours.filter { question.language == nil || $0.language == question.language }
        }
        // Those that say they replace it, then what should differ among its kind, then its job by meaning, then its
        // alternatives and its neighbours (the order measured best of five on the judged questions).
        // A seed the catalog does not have ("like Notion", "instead of Zapier") is known only through the question's
        // meaning, which the sentence model reads: that list comes before the question's bare words.
        // A product known only by name is known best by what says it replaces it: those all come first.
        let lists =
            seed == nil
            ? [alternatives + Self.interleave([meant, different], excluding: nil)]
            : [alternatives, different, meant, replacements, neighbourList]
        let merged = Self.interleave(lists, excluding: seed?.id).prefix(Self.listSize)
        let said = context.words
        guard !merged.isEmpty else {
            draft.dontKnow(said.text("answer.like.none", label, Self.but(question, said)))
            return
        }
        draft.lines.append(said.text("answer.like.intro", label, Self.but(question, said)))
        for repository in merged {
            draft.lines.append(
                FactLine.item(repository, number: draft.cite(repository), now: context.now, words: said))
        }
    }

    /// Whether `found` was found for `name` by its owner alone: its own name does not hold the name asked.
    static func isOwnerOnly(_ found: Repository?, named name: String) -> Bool {
        guard let found else { return false }
        let asked = ReplacementStatement.key(name)
        return !asked.isEmpty && !ReplacementStatement.key(found.name).contains(asked)
            && ReplacementStatement.key(found.owner.login).contains(asked)
    }

    /// " but about “json”" / " in Python" / "" — what the question wants different.
    static func but(_ question: Question, _ said: AskWords) -> String {
        var text = ""
        if !question.words.isEmpty {
            text += said.text("answer.like.about", said.quoted(question.words.joined(separator: " ")))
        }
        if let language = question.language { text += said.text("answer.like.in", language) }
        return text
    }

    /// Whether `repository`'s description names `seed` as what it replaces ("an open-source alternative to Postman").
    static func callsItself(an repository: Repository, alternativeTo seed: String) -> Bool {
        guard let description = repository.description?.lowercased() else { return false }
        let name = seed.lowercased()
        guard description.containsWord(name) || repository.topics.contains(name) else { return false }
        return [
            "alternative", "replacement", "replace", "instead of", "inspired by", "clone", "drop-in", "compatible",
            "fork of",
        ]
        .contains { description.contains($0) } || repository.topics.contains { $0.contains("alternative") }
    }

    /// The seed's topics that say what it is, not what it is written in or called.
    static func distinctiveTopics(of seed: Repository) -> [String] {
        let generic: Set<String> = ["hacktoberfest", "open-source", "opensource", "awesome", "free"]
        return seed.topics.filter { topic in
            !generic.contains(topic) && QuestionReader.languages[topic] == nil && topic != seed.name.lowercased()
        }
    }

    /// The lists taken in turn (first of each, then second of each, …), each repository once, `excluded` left out.
    static func interleave(_ lists: [[Repository]], excluding excluded: String?) -> [Repository] {
        var seen: Set<String> = excluded.map { [$0] } ?? []
        var merged: [Repository] = []
        for position in 0..<(lists.map(\.count).max() ?? 0) {
            for list in lists where position < list.count {
                let repository = list[position]
                if seen.insert(repository.id).inserted { merged.append(repository) }
            }
        }
        return merged
    }
}

extension Draft {
    /// `candidates` of the seed's topic cluster, in their order (all of them when the seed is unknown or none is).
    mutating func sameKind(
        _ candidates: [Repository], as seed: Repository?, _ context: AskContext
    ) async throws -> [Repository] {
        guard let seed, !candidates.isEmpty else { return candidates }
        let clusters = try await run("clusters", context, inputs: ["repository": seed.fullName]) {
            (_: [String?]) in
            context.words.text("tool.clusters", seed.fullName)
        } _: { tools in
            try await tools.clusters(of: [seed] + candidates)
        }
        guard let kind = clusters.first ?? nil else { return candidates }
        let same = zip(candidates, clusters.dropFirst()).filter { $0.1 == kind }.map(\.0)
        return same.isEmpty ? candidates : same
    }
}
