/// One suggestion while typing a search: a repository to open, a topic to search or a language to filter by.
public struct SearchSuggestion: Hashable, Sendable {
    /// What kind of thing is suggested.
    public enum Kind: String, CaseIterable, Codable, Hashable, Sendable {
        case repository, topic, language
    }

    public var kind: Kind
    /// The repository's full name (`owner/name`), the topic or the language.
    public var text: String
    /// The repository's stars, or how many repositories have the topic or language.
    public var count: Int

    public init(kind: Kind, text: String, count: Int) {
        self.kind = kind
        self.text = text
        self.count = count
    }
}
