public import Foundation

/// What a person narrows their deck to: languages, languages to leave out ("no JavaScript"), areas (topic clusters), a
/// minimum of stars and a minimum health.
/// Kept per person on the server (every device deals with it), named in the deck's links
/// (`repoverse://discover?language=Rust&cluster=developer-tools`); repositories outside it are never dealt.
///
/// Values are kept normalized: languages trimmed, each once (case-insensitively, the first spelling kept), and both
/// lists sorted, so two filters that narrow the same way are equal and print the same link.
public struct DeckFilter: Codable, Hashable, Sendable {
    /// Only these languages (compared case-insensitively); empty: any.
    public private(set) var languages: [String]
    /// Never these languages (compared case-insensitively); empty: none left out.
    public private(set) var excludedLanguages: [String]
    /// Only these cluster ids (`developer-tools`, `web-frontend`); empty: any.
    public private(set) var clusters: [String]
    /// Only repositories with at least this many stars; 0: any.
    public var minimumStars: Int
    /// Only repositories at least this alive: ``RepositoryHealth/Level/active`` alone, or active and quiet; nil: any.
    public var health: RepositoryHealth.Level?

    /// At most this many languages, as many left out, and as many clusters.
    public static let maximumValues = 10
    /// The largest minimum of stars accepted.
    public static let maximumStars = 10_000_000

    public init(
        languages: [String] = [], excludedLanguages: [String] = [], clusters: [String] = [], minimumStars: Int = 0,
        health: RepositoryHealth.Level? = nil
    ) {
        self.languages = Self.normalized(languages)
        self.excludedLanguages = Self.normalized(excludedLanguages)
        self.clusters = Self.normalized(clusters.map { $0.lowercased() })
        self.minimumStars = max(0, minimumStars)
        self.health = health == .dormant ? nil : health
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            languages: try container.decodeIfPresent([String].self, forKey: .languages) ?? [],
            excludedLanguages: try container.decodeIfPresent([String].self, forKey: .excludedLanguages) ?? [],
            clusters: try container.decodeIfPresent([String].self, forKey: .clusters) ?? [],
            minimumStars: try container.decodeIfPresent(Int.self, forKey: .minimumStars) ?? 0,
            health: try container.decodeIfPresent(RepositoryHealth.Level.self, forKey: .health))
    }

    /// No narrowing at all.
    public var isEmpty: Bool {
        languages.isEmpty && excludedLanguages.isEmpty && clusters.isEmpty && minimumStars <= 0 && health == nil
    }

    /// The filter in words, as the web app's filter bar says it: "Rust · without JavaScript · CLI & developer tools ·
    /// ★ 1,000+ · active only", or "Everything"; `areaName` names an area id.
    public func summary(areaName: (String) -> String) -> String {
        var parts = languages
        if !excludedLanguages.isEmpty { parts.append("without " + excludedLanguages.joined(separator: ", ")) }
        parts += clusters.map(areaName)
        if minimumStars > 0 { parts.append("★ \(Number.grouped(minimumStars))+") }
        if let health { parts.append(health == .active ? "active only" : "active or quiet") }
        return parts.isEmpty ? "Everything" : parts.joined(separator: " · ")
    }

    /// Whether `language` is one of ``languages`` (any case; any language when there are none) and not one of
    /// ``excludedLanguages`` (a repository of no language is never left out by them).
    public func allows(language: String?) -> Bool {
        if let language, excludedLanguages.contains(where: { $0.equalsIgnoringCase(language) }) { return false }
        guard !languages.isEmpty else { return true }
        guard let language else { return false }
        return languages.contains { $0.equalsIgnoringCase(language) }
    }

    /// Whether `repository` (of area `cluster`) is inside the filter at `now` (what the server deals by; clients use it
    /// to keep the cards in hand that a new filter still allows).
    public func allows(_ repository: Repository, cluster: String?, now: Date) -> Bool {
        guard allows(language: repository.language), repository.stars >= minimumStars else { return false }
        if !clusters.isEmpty, !clusters.contains(cluster ?? "") { return false }
        guard let health else { return true }
        guard let level = RepositoryHealth.assess(repository, now: now)?.level else { return false }
        return health == .active ? level == .active : level != .dormant
    }

    /// Checks a filter a person or a client sent: at most ``maximumValues`` of each list, languages of 1–64 printable
    /// characters, none both kept and left out, cluster ids of lowercase letters, digits and hyphens, stars within
    /// 0…``maximumStars``.
    public static func checked(
        languages: [String], excludedLanguages: [String] = [], clusters: [String], minimumStars: Int,
        health: RepositoryHealth.Level?
    ) throws(DeckFilterError) -> DeckFilter {
        if (languages + excludedLanguages).contains(where: { $0.trimmingSpaces.isEmpty }) {
            throw .invalidLanguage("")
        }
        let filter = DeckFilter(
            languages: languages, excludedLanguages: excludedLanguages, clusters: clusters,
            minimumStars: minimumStars, health: health)
        guard filter.languages.count <= maximumValues else { throw .tooMany("languages", filter.languages.count) }
        guard filter.excludedLanguages.count <= maximumValues else {
            throw .tooMany("languages", filter.excludedLanguages.count)
        }
        guard filter.clusters.count <= maximumValues else { throw .tooMany("clusters", filter.clusters.count) }
        for language in filter.languages + filter.excludedLanguages where !isLanguageName(language) {
            throw .invalidLanguage(language)
        }
        for language in filter.languages
        where filter.excludedLanguages.contains(where: { $0.equalsIgnoringCase(language) }) {
            throw .keptAndLeftOut(language)
        }
        for cluster in filter.clusters where !isClusterID(cluster) { throw .invalidCluster(cluster) }
        guard (0...maximumStars).contains(minimumStars) else { throw .invalidStars(minimumStars) }
        return filter
    }

    private static func normalized(_ values: [String]) -> [String] {
        var kept: [String] = []
        for value in values {
            let trimmed = value.trimmingSpaces
            if !trimmed.isEmpty, !kept.contains(where: { $0.equalsIgnoringCase(trimmed) }) { kept.append(trimmed) }
        }
        return kept.sorted { $0.lowercased() < $1.lowercased() }
    }

    private static func isLanguageName(_ text: String) -> Bool {
        text.count <= 64 && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Whether `text` has the form of a cluster id (lowercase letters, digits and hyphens, at most 32 bytes).
    public static func isClusterID(_ text: String) -> Bool {
        text.utf8.count <= 32 && text.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }
}

/// Why a deck filter was refused; each message says what to send instead.
public enum DeckFilterError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooMany(String, Int)
    case invalidLanguage(String)
    case invalidCluster(String)
    case invalidStars(Int)
    case keptAndLeftOut(String)

    public var description: String {
        switch self {
        case .tooMany(let what, let count):
            "A deck filter takes at most \(DeckFilter.maximumValues) \(what); this one has \(count)."
        case .invalidLanguage(let language):
            language.isEmpty
                ? "A language name cannot be empty; leave it out instead."
                : "'\(language)' is not a language name: at most 64 printable characters."
        case .invalidCluster(let cluster):
            "'\(cluster)' is not an area id: lowercase letters, digits and hyphens, such as developer-tools."
        case .invalidStars(let stars):
            "A minimum of \(stars) stars is out of range: use 0 to \(DeckFilter.maximumStars)."
        case .keptAndLeftOut(let language):
            "'\(language)' is both kept and left out; choose one."
        }
    }
}

extension String {
    /// Equal ignoring case (ASCII and Unicode simple case folding, through lowercasing).
    fileprivate func equalsIgnoringCase(_ other: String) -> Bool {
        self == other || lowercased() == other.lowercased()
    }

    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
