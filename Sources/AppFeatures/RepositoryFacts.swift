public import Foundation
import Localization
public import RepoFinderClient
public import RepoFinderCore

/// A repository's facts as an app shows them, worded and formatted here (in the person's locale, by Foundation's
/// formatters) so that views only lay them out.
public struct RepositoryFacts: Hashable, Sendable {
    /// `owner/name`.
    public var title: String
    /// The description, or a sentence saying there is none.
    public var summary: String
    /// Stars, compact (`12K`).
    public var stars: String
    /// Forks, compact, when known.
    public var forks: String?
    /// The language, when known.
    public var language: String?
    /// "Updated 3 days ago", when known.
    public var updated: String?
    /// The licence's short name, when known.
    public var license: String?
    /// Archived repositories say so.
    public var archived: Bool
    /// How alive it is, in words ("Active — pushed 3 days ago"), when known.
    public var health: String?
    /// What VoiceOver reads for the whole card.
    public var spoken: String

    public init(_ repository: Repository, locale: Locale = .current, now: Date = Date()) {
        let compact = IntegerFormatStyle<Int>.number.notation(.compactName).locale(locale)
        let words = Words(Language.device)
        title = repository.fullName
        summary = repository.description ?? words.text("app.no-description")
        stars = repository.stars.formatted(compact)
        forks = repository.forks.map { $0.formatted(compact) }
        language = repository.language
        license = repository.license?.spdxID
        archived = repository.archived
        let assessed = repository.health(now: now)
        if words.language == .english {
            // English as it has always been worded; other languages from the catalogue, as the server words them.
            updated = repository.lastUpdatedDescription(now: now)
            health = assessed?.summary(openIssues: repository.openIssues, stars: repository.stars)
        } else {
            updated = (repository.pushedAt ?? repository.updatedAt ?? repository.createdAt).map {
                words.relative(min($0, now), now: now)
            }
            health = assessed?.summary(
                openIssues: repository.openIssues, stars: repository.stars, now: now, words: words)
        }
        spoken = [title, summary, words.text("app.facts.spoken-stars", stars), language].compactMap { $0 }
            .joined(separator: ". ")
    }
}

/// A card's facts and why it was dealt.
public struct CardFacts: Hashable, Sendable {
    public var repository: RepositoryFacts
    /// The deck's reasons, at most three.
    public var reasons: [String]
    /// "Strong fit · 87%", as every face words a fit; empty when nothing personal stands behind it (a fit of 0).
    public var fit: String
    /// The owner's avatar.
    public var avatar: URL

    public init(_ card: Card, locale: Locale = .current, now: Date = Date()) {
        repository = RepositoryFacts(card.repository, locale: locale, now: now)
        reasons = Array(card.reasons.prefix(3))
        fit = Words(Language.device).fit(card.fitScore) ?? ""
        avatar = card.repository.owner.displayAvatarURL
    }
}

/// One point of a star-history chart: the day's place in the series (0 is the oldest) and the stars then.
public struct StarHistoryPoint: Identifiable, Hashable, Sendable {
    public var id: Int
    public var stars: Int

    /// The points of `history`, oldest first.
    public static func points(_ history: [StarSnapshot]) -> [StarHistoryPoint] {
        history.sorted { $0.day < $1.day }.enumerated().map { StarHistoryPoint(id: $0.offset, stars: $0.element.stars) }
    }
}

/// The choices the deck's filter sheet offers, worded in the person's locale.
public enum DeckFilterChoices {
    /// Minimums of stars, with their titles ("★ 1,000+"); 0 is any.
    public static func stars(locale: Locale = .current) -> [(value: Int, title: String)] {
        let anyNumber = Words(Language.device).text("app.facts.stars-any")
        return [0, 100, 1_000, 10_000].map { value in
            (value, value == 0 ? anyNumber : "★ \(value.formatted(.number.locale(locale)))+")
        }
    }
}
