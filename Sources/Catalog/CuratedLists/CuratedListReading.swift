public import RepoFinderCore

/// What became of every GitHub repository link in a list file (every `github.com/OWNER/NAME` a `grep -o` finds), so
/// that the parser's coverage can be stated and checked against a count anyone can redo.
public struct CuratedListLinkCounts: Hashable, Sendable, CustomStringConvertible {
    /// Every link, the `grep -oiE 'github\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+'` count.
    public var total = 0
    /// The first repository of an entry: a placement.
    public var placed = 0
    /// The entry's own repository again (badges, "source code", demo and release links).
    public var sameEntry = 0
    /// Another repository an entry's description names (a fork of, a plugin for, a port of).
    public var elsewhereInEntry = 0
    /// In text under a heading that is not an entry (introductions, notes).
    public var prose = 0
    /// Not under a category: before the first one, in the table of contents, license, contributing or sponsor
    /// sections, in code blocks and comments, or the list's own repository.
    public var outsideCategories = 0
    /// A GitHub page that is not a repository (topics, sponsors, features, a gist, an organisation's page).
    public var notRepositories = 0

    /// Placements per link.
    public var coverage: Double { total == 0 ? 1 : Double(placed) / Double(total) }

    public var description: String {
        "\(placed) of \(total) links placed; the entry's own again \(sameEntry), another in an entry "
            + "\(elsewhereInEntry), prose \(prose), outside categories \(outsideCategories), "
            + "not repositories \(notRepositories)"
    }
}

/// A list's statement that a repository replaces named products: a table's "Alternative to" cell
/// (`RunaCapital/awesome-oss-alternatives`: Hoppscotch → Postman). Names only, never the curators' sentences.
public struct CuratedListReplacement: Hashable, Sendable {
    /// The row's repository.
    public let repository: RepositoryName
    /// What the row says it replaces, as written ("Postman", "Okta").
    public let names: [String]

    /// A statement.
    public init(repository: RepositoryName, names: [String]) {
        self.repository = repository
        self.names = names
    }
}

/// A list file read: its placements in the file's order and what became of its links.
public struct CuratedListReading: Sendable {
    /// The placements, in the order the file states them.
    public var placements: [CuratedListPlacement] = []
    /// What its table rows say their repositories replace, in the file's order.
    public var replacements: [CuratedListReplacement] = []
    /// The account of its links.
    public var links = CuratedListLinkCounts()
}
