import Foundation
public import Localization

/// Why a card was dealt, before it is put in words: a kind and its values (`inStack(language: "Swift", …)`), worded
/// at the edge in the person's language (``text(_:)``), so an app can word it itself from the same catalogue.
public enum Reason: Hashable, Sendable {
    /// What the person did to a repository that led here.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        case liked, saved, starred, opened, viewed, skipped
    }

    /// Which of the person's answers a match comes from.
    public enum Source: String, Hashable, Sendable, CaseIterable {
        case techStack = "tech-stack"
        case interest
        case project
    }

    /// People who liked `repository` (which the person liked, saved …) like this one too.
    case like(repository: String, action: Action)
    /// Its words and topics are close to `repository`'s, which the person liked (saved …).
    case similar(repository: String, action: Action)
    /// Liked by people whose taste is close to the person's.
    case peopleLikeYou
    /// Written in `language`, which the person named.
    case language(String, source: Source)
    /// Has `topic`, which the person named.
    case topic(String, source: Source)
    /// Its name has `word`, which the person named.
    case word(String, source: Source)
    /// In the person's main area (its id).
    case mainArea(String)
    /// In one of the person's other areas (its id).
    case otherArea(String)
    /// Gained `gain` stars in the last week (to `weekTo`, a stale catalog's newest day; nil: today).
    case trending(gain: Int, weekTo: Day?)
    /// Active with `count` open issues to help with (as of a stale catalog's day).
    case openIssues(count: Int, asOf: Day?)
    /// Many stars; well kept too (for a beginner).
    case popular(stars: Int, wellKept: Bool)
    /// Pushed `days` days ago (as of a stale catalog's day).
    case active(days: Int, asOf: Day?)
    /// Nothing personal to say: its stars on GitHub.
    case stars(Int)
    /// Nothing personal to say, not even stars: its area (id).
    case area(String)
    /// (Similar repositories) liked by the same people as the one it is similar to.
    case sameFans
    /// (Similar repositories, alternatives) the topics it shares with the other one, at most three.
    case sharesTopics([String])
    /// (Similar repositories, alternatives) written in the same language.
    case sameLanguage(String)
    /// (Similar repositories) by the same owner.
    case sameOwner(String)
    /// (Similar repositories) nothing else shared: its name and description are close.
    case similarText
    /// (Alternatives) nothing else shared: it does the same job.
    case sameJob
    /// (Alternatives) a curated list (its id) places both under `heading` (its path, outermost first).
    case listedWith(list: String, heading: [String])
    /// (Alternatives) it says, in its own words, that it replaces the other (named as the other is called).
    case saysItReplaces(String)

    /// Every kind's name in the API, in the order of ``kindNumber`` (`inStack` is `language` with source
    /// `tech-stack`; the kinds are the cases).
    public static let kinds = [
        "like", "similar", "people-like-you", "language", "topic", "word", "main-area", "other-area", "trending",
        "open-issues", "popular", "active", "stars", "area", "same-fans", "shares-topics", "same-language",
        "same-owner", "similar-text", "same-job", "listed-with", "says-it-replaces",
    ]

    /// The kind's name in the API.
    public var kind: String { Self.kinds[Int(kindNumber)] }

    /// The name of the kind numbered `number` (``kindNumber``); nil for a number that names none.
    public static func kind(numbered number: UInt8) -> String? {
        kinds.indices.contains(Int(number)) ? kinds[Int(number)] : nil
    }

    /// The kind's place in ``kinds``: a small number a tally can key by without hashing text.
    public var kindNumber: UInt8 {
        switch self {
        case .like: 0
        case .similar: 1
        case .peopleLikeYou: 2
        case .language: 3
        case .topic: 4
        case .word: 5
        case .mainArea: 6
        case .otherArea: 7
        case .trending: 8
        case .openIssues: 9
        case .popular: 10
        case .active: 11
        case .stars: 12
        case .area: 13
        case .sameFans: 14
        case .sharesTopics: 15
        case .sameLanguage: 16
        case .sameOwner: 17
        case .similarText: 18
        case .sameJob: 19
        case .listedWith: 20
        case .saysItReplaces: 21
        }
    }

    /// The reason in `words`' language: "Swift — in your tech stack", "Swift — en tu stack". Remembered per
    /// language: every card of every deal words its reasons, and most are one of a few hundred.
    public func text(_ words: Words) -> String {
        guard words.isShipped else { return worded(words) }
        return ReasonMemo.memo.value(ReasonMemo.Key(language: words.language, reason: self)) { worded(words) }
    }

    private func worded(_ words: Words) -> String {
        switch self {
        case .like(let repository, let action):
            words.text("reason.like.\(action.rawValue)", repository)
        case .similar(let repository, let action):
            words.text("reason.similar.\(action.rawValue)", repository)
        case .peopleLikeYou:
            words.text("reason.people-like-you")
        case .language(let name, let source), .word(let name, let source):
            words.text("reason.match.\(source.rawValue)", name)
        case .topic(let name, let source):
            words.text("reason.match.\(source.rawValue)", "#" + name)
        case .mainArea(let id):
            words.text("reason.main-area", Self.areaName(id, words))
        case .otherArea(let id):
            words.text("reason.other-area", Self.areaName(id, words))
        case .trending(let gain, let weekTo):
            weekTo.map { words.text("reason.trending.week-to", $0.spoken(words), words.compact(gain)) }
                ?? words.text("reason.trending.week", words.compact(gain))
        case .openIssues(let count, let asOf):
            Self.stamped(words.text("reason.open-issues", count), asOf, words)
        case .popular(let stars, let wellKept):
            wellKept
                ? words.text("reason.popular.well-kept", words.compact(stars))
                : words.text("reason.popular.plain", words.compact(stars))
        case .active(let days, let asOf):
            Self.stamped(words.text("reason.active", Self.ago(days, words)), asOf, words)
        case .stars(let count):
            words.text("reason.stars", words.compact(count))
        case .area(let id):
            words.text("reason.area", Self.areaName(id, words))
        case .sameFans: words.text("reason.same-fans")
        case .sharesTopics(let topics): words.text("reason.shares-topics", words.list(topics.map { "#" + $0 }))
        case .sameLanguage(let language): words.text("reason.same-language", language)
        case .sameOwner(let owner): words.text("reason.same-owner", owner)
        case .similarText: words.text("reason.similar-text")
        case .sameJob: words.text("reason.same-job")
        case .listedWith(let list, let heading):
            words.text("reason.listed-with", heading.last ?? "", Self.listName(list))
        case .saysItReplaces(let name): words.text("reason.says-it-replaces", name)
        }
    }

    /// An area's name in `words`' language ("Security & privacy"); its id when the catalogue lacks it.
    public static func areaName(_ id: String, _ words: Words) -> String {
        words.has("area.\(id)") ? words.text("area.\(id)") : id
    }

    /// How a reason names a curated list: its repository's name (`awesome-python` for `vinta/awesome-python`, and for
    /// `lorien/awesome-web-scraping/golang.md`).
    public static func listName(_ id: String) -> String {
        let parts = id.split(separator: "/", maxSplits: 2)
        return parts.count >= 2 ? String(parts[1]) : id
    }

    /// "today", "yesterday", "3 days ago", "2 months ago" in `words`' language.
    static func ago(_ days: Int, _ words: Words) -> String {
        guard days > 0 else { return words.text("facts.ago.today") }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        return words.relative(now.addingTimeInterval(-86_400 * Double(days)), now: now)
    }

    private static func stamped(_ text: String, _ asOf: Day?, _ words: Words) -> String {
        asOf.map { words.text("facts.activity.as-of", text, $0.spoken(words)) } ?? text
    }
}

/// Reasons worded before, per language (of the shipped words only): typed keys, so a look-up hashes the reason and
/// nothing boxes it.
private enum ReasonMemo {
    struct Key: Hashable, Sendable {
        let language: Language
        let reason: Reason
    }

    static let memo = ThreadMemo<Key, String>(capacity: 50_000)
}
