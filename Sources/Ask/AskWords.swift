import Foundation
import Localization
import RepoFinderCore
import Storage

/// How Ask words its answers, chips and refusals: the `Ask` String Catalog in the asking person's language, with
/// numbers, relative times and health from that language's formatters. English keeps the words Ask always used
/// ("2 days ago", "25,102"), which the judged questions and the tests read.
struct AskWords: Sendable {
    let words: Words

    /// Words in `language` (the request's, ``Localization/Language/current``, by default).
    init(_ language: Language = .current) {
        words = Words(language)
    }

    var language: Language { words.language }

    /// The key's message with `arguments` filled in.
    func text(_ key: String, _ arguments: any Sendable...) -> String {
        words.text(key, arguments: arguments)
    }

    /// "25,102", "25.102".
    func number(_ value: Int) -> String {
        language == .english ? Number.grouped(value) : words.number(value)
    }

    /// "2 days ago", "hace 2 días".
    func ago(_ date: Date, now: Date) -> String {
        language == .english ? RelativeTime.describe(date, now: now) : words.relative(min(date, now), now: now)
    }

    /// "“web framework”", "«web framework»", "「web framework」".
    func quoted(_ words: String) -> String { text("answer.quoted", words) }

    /// "Swift, 25,102 stars", "Swift、25,102 スター": facts one after another.
    func joined(_ parts: [String]) -> String { parts.joined(separator: text("answer.separator")) }

    /// "25,102 stars.", "25,102 スター。": a run of facts ended as a sentence.
    func sentence(_ facts: String) -> String { text("answer.sentence", facts) }

    /// "a and b", "a y b", "aとb".
    func list(_ items: [String]) -> String { words.list(items) }

    /// A repository's health in a sentence.
    func health(_ health: RepositoryHealth, of repository: Repository, now: Date) -> String {
        language == .english
            ? health.summary(openIssues: repository.openIssues, stars: repository.stars)
            : health.summary(openIssues: repository.openIssues, stars: repository.stars, now: now, words: words)
    }

    /// "today", "this week", "in Swift this month": when (and in which language) stars were gained.
    func scope(_ window: TrendingWindow, language: String?) -> String {
        guard let language else { return text("answer.scope.\(window.rawValue)") }
        return text("answer.scope-in.\(window.rawValue)", language)
    }

    /// The language's name as a writing model is told it ("Spanish").
    var englishName: String {
        switch language {
        case .spanish: "Spanish"
        case .german: "German"
        case .japanese: "Japanese"
        case .english, .pseudo: "English"
        }
    }
}
