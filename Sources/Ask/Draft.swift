import Foundation
import RepoFinderCore
import Storage

/// An answer being written: its lines, the sources cited (numbered in order of first citation) and the tools that ran.
struct Draft {
    var lines: [String] = []
    var sources: [Repository] = []
    var tools: [AskToolRun] = []
    var found = true

    /// The citation number of `repository`, citing it if it is new.
    mutating func cite(_ repository: Repository) -> Int {
        if let known = sources.firstIndex(where: { $0.id == repository.id }) { return known + 1 }
        sources.append(repository)
        return sources.count
    }

    /// Says plainly that nothing fits.
    mutating func dontKnow(_ line: String) {
        found = false
        lines.append(line)
    }
}

/// The facts of a repository as an answer states them: only what the tools returned.
enum FactLine {
    /// "A server-side Swift HTTP web framework." — its description, cut at a word past `limit` characters.
    static func description(_ repository: Repository, limit: Int = 140) -> String? {
        guard var text = repository.description?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            return nil
        }
        if text.count > limit {
            let cut = text.prefix(limit)
            text = String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + "…"
        } else if !".!?".contains(text.last!) {
            text += "."
        }
        return text
    }

    /// "Swift, 25,102 stars, last push 2 days ago" — language, stars and the latest push.
    static func summary(_ repository: Repository, now: Date, words: AskWords) -> String {
        var parts: [String] = []
        if let language = repository.language { parts.append(language) }
        parts.append(words.text("answer.fact.stars", repository.stars))
        if repository.archived {
            parts.append(words.text("answer.fact.archived"))
        } else if let pushed = repository.pushedAt {
            parts.append(words.text("answer.fact.last-push", words.ago(pushed, now: now)))
        }
        return words.joined(parts)
    }

    /// One line of a list: "vapor/vapor [1]: A server-side Swift HTTP web framework. Swift, 25,102 stars, …".
    static func item(
        _ repository: Repository, number: Int, now: Date, words: AskWords, extra: String? = nil
    ) -> String {
        let parts = [description(repository), extra, words.sentence(summary(repository, now: now, words: words))]
            .compactMap {
                $0
            }
        return "• \(repository.fullName) [\(number)]: " + parts.joined(separator: " ")
    }
}
