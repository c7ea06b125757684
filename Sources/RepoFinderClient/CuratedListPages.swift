public import RepoFinderCore

/// A repository with where the curated lists the catalog follows place it (its detail screen's community part).
public struct RepositoryWithListings: Hashable, Sendable {
    public var repository: Repository
    /// By list, then heading; empty when no list places it.
    public var listings: [RepositoryListing]

    public init(repository: Repository, listings: [RepositoryListing]) {
        self.repository = repository
        self.listings = listings
    }
}

/// A curated list's heading as a screen: what the list places there and below, in the curators' order.
public struct ListSectionPage: Hashable, Sendable {
    /// A heading one level below, with how many repositories it places.
    public struct Subheading: Hashable, Sendable, Identifiable {
        public var name: String
        public var count: Int
        public var id: String { name }

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// The list's id (`avelino/awesome-go`).
    public var list: String
    /// The list on GitHub.
    public var listURL: String
    /// The heading path, outermost first.
    public var heading: [String]
    public var subheadings: [Subheading]
    /// How many repositories the list places here, the catalog's or not.
    public var listed: Int
    /// How many of them the catalog has: the repositories of every page together.
    public var inCatalog: Int
    /// The catalog's, in the list's order: the pages read so far.
    public var repositories: [Repository]

    /// A page of a heading; `inCatalog` defaults to the repositories given (all of them, on one page).
    public init(
        list: String, listURL: String, heading: [String], subheadings: [Subheading], listed: Int,
        inCatalog: Int? = nil, repositories: [Repository]
    ) {
        self.list = list
        self.listURL = listURL
        self.heading = heading
        self.subheadings = subheadings
        self.listed = listed
        self.inCatalog = inCatalog ?? repositories.count
        self.repositories = repositories
    }

    /// Whether the catalog has more of the heading's repositories than those read.
    public var hasMore: Bool { repositories.count < inCatalog }
}
