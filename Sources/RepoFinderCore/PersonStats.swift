/// What a person did, counted, and the languages and topics of what they liked and saved, most frequent first: what
/// the store aggregates and what the app shows.
public struct PersonStats: Hashable, Sendable {
    /// Interactions by kind (kinds never used may be absent).
    public var counts: [InteractionKind: Int]
    public var languages: [NamedCount]
    public var topics: [NamedCount]
    /// How many repositories are on the Liked and Saved lists now — what a Profile shows as "Liked" and "Saved" (a
    /// like taken back or removed still counts in ``counts``, not here). Nil when not known.
    public var liked: Int?
    public var saved: Int?

    public init(
        counts: [InteractionKind: Int], languages: [NamedCount], topics: [NamedCount], liked: Int? = nil,
        saved: Int? = nil
    ) {
        self.counts = counts
        self.languages = languages
        self.topics = topics
        self.liked = liked
        self.saved = saved
    }

    /// A name and how often it came up.
    public struct NamedCount: Hashable, Sendable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }

        /// The `limit` most frequent of `counts`, most frequent first, ties by name in byte order (so every store
        /// orders them alike).
        public static func top(_ counts: [(String, Int)], limit: Int) -> [NamedCount] {
            counts.sorted { $0.1 > $1.1 || ($0.1 == $1.1 && Array($0.0.utf8).lexicographicallyPrecedes($1.0.utf8)) }
                .prefix(limit).map { NamedCount(name: $0.0, count: $0.1) }
        }
    }
}
