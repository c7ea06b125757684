/// One fact a curated list states: it places a repository under a heading (the path of headings from the list's
/// first category level down, as the curators wrote them), at a position among that heading's entries. Only the
/// placement is kept, never the curators' sentences about the repository.
public struct CuratedListPlacement: Hashable, Sendable {
    /// The repository the entry links to (as spelled in the link; its ``RepositoryName/key`` identifies it).
    public let repository: RepositoryName
    /// The headings above the entry, outermost first, for example `["Messaging"]` or `["Database", "ORM"]`.
    public let heading: [String]
    /// The entry's place under its heading, from 1.
    public let position: Int

    /// A placement.
    public init(repository: RepositoryName, heading: [String], position: Int) {
        self.repository = repository
        self.heading = heading
        self.position = position
    }
}

/// A curated list a catalog follows: its repository and the Markdown file that holds it (most keep it in their
/// README; a few in other files, each then a list of its own).
public struct CuratedListSource: Hashable, Sendable, CustomStringConvertible {
    /// The list's repository, for example `avelino/awesome-go`.
    public let repository: RepositoryName
    /// The file's path in it, nil for the README (whatever its name).
    public let file: String?

    /// A list.
    public init(repository: RepositoryName, file: String? = nil) {
        self.repository = repository
        self.file = file
    }

    /// How the list is named: `owner/name`, or `owner/name/path` for a list kept in another file.
    public var id: String { file.map { "\(repository.fullName)/\($0)" } ?? repository.fullName }

    /// Parses an ``id``.
    public init(id: String) throws(RepositoryNameError) {
        let parts = id.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2 else { throw .notOwnerSlashName(id) }
        let repository = try RepositoryName(owner: String(parts[0]), name: String(parts[1]))
        self.init(repository: repository, file: parts.count == 3 ? String(parts[2]) : nil)
    }

    public var description: String { id }
}

/// Where a curated list places a repository: the list and the heading path (outermost first).
public struct RepositoryListing: Hashable, Sendable {
    /// The list.
    public let list: CuratedListSource
    /// The headings, for example `["Messaging"]`.
    public let heading: [String]

    /// A listing.
    public init(list: CuratedListSource, heading: [String]) {
        self.list = list
        self.heading = heading
    }
}

/// A placement as an index reads it: a list's heading and a repository under it, by the catalog's key (a name the
/// repository had before a rename already resolved to its current one).
public struct CuratedListEntry: Hashable, Sendable {
    /// The list's ``CuratedListSource/id``.
    public let list: String
    /// The heading path, outermost first.
    public let heading: [String]
    /// The repository's ``RepositoryName/key``.
    public let key: String

    /// An entry.
    public init(list: String, heading: [String], key: String) {
        self.list = list
        self.heading = heading
        self.key = key
    }
}

/// Why one repository is an alternative to another, as far as curated lists and its own words say.
public struct AlternativeEvidence: Hashable, Sendable {
    /// The id of a list that places both under one heading (the closest such heading: fewest entries), if any.
    public let list: String?
    /// That heading's path, outermost first; empty without a list.
    public let heading: [String]
    /// Whether it says, in its own words, that it replaces the other ("an alternative to Moment.js").
    public let saysItReplaces: Bool

    /// Evidence.
    public init(list: String?, heading: [String], saysItReplaces: Bool) {
        self.list = list
        self.heading = list == nil ? [] : heading
        self.saysItReplaces = saysItReplaces
    }
}
