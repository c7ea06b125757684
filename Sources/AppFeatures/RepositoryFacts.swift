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
        title = repository.fullName
        summary = repository.description ?? Words(Language.device).text("app.no-description")
        stars = repository.stars.formatted(compact)
        forks = repository.forks.map { $0.formatted(compact) }
        language = repository.language
        updated = repository.lastUpdatedDescription(now: now)
        license = repository.license?.spdxID
        archived = repository.archived
        health = repository.health(now: now)?.summary(openIssues: repository.openIssues, stars: repository.stars)
        spoken = [title, summary, "\(stars) stars", language].compactMap { $0 }.joined(separator: ". ")
    }
}

/// A card's facts and why it was dealt.
public struct CardFacts: Hashable, Sendable {
    public var repository: RepositoryFacts
    /// The deck's reasons, at most three.
    public var reasons: [String]
    /// "87% fit".
    public var fit: String
    /// The owner's avatar.
    public var avatar: URL

    public init(_ card: Card, locale: Locale = .current, now: Date = Date()) {
        repository = RepositoryFacts(card.repository, locale: locale, now: now)
        reasons = Array(card.reasons.prefix(3))
        let percent = (Double(card.fitScore) / 100).formatted(.percent.precision(.fractionLength(0)).locale(locale))
        fit = Words(Language.device).text("facts.card.fit", percent)
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
        [0, 100, 1_000, 10_000].map { value in
            (value, value == 0 ? "★ any" : "★ \(value.formatted(.number.locale(locale)))+")
        }
    }
}
