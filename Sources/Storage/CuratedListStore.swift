public import Foundation
public import RepoFinderCore

/// The curated ("awesome") lists the catalog follows, and where each places repositories. One of the roles
/// ``DataStore`` composes. Every method is atomic (see ``DataStore``).
public protocol CuratedListStore: Sendable {
    /// Replaces what `list` places with `placements` (the list as read now; the same repository under the same
    /// heading twice is kept once, at its first position), and remembers the ETag it was read with, for a
    /// conditional request next time. Moves the catalog version, so the search index reads the list.
    func replaceCuratedList(
        _ list: CuratedListSource, placements: [CuratedListPlacement], etag: String?, at date: Date
    ) async throws

    /// The lists read so far, by id.
    func curatedLists() async throws -> [CuratedListRecord]

    /// Where the lists place the repository named `name` (or a name it had before a rename), by list, then heading.
    func listings(of name: RepositoryName) async throws -> [RepositoryListing]

    /// Every placement of every list, each repository under its current key, by list, heading and position: what the
    /// search index reads for alternatives.
    func allCuratedListEntries() async throws -> [CuratedListEntry]

    /// What `list` places under `heading` and the headings below it, each repository under its current key, by
    /// heading, then position: a heading's page. Empty when the list is not followed or places nothing there.
    func curatedListSection(list: String, heading: [String]) async throws -> [CuratedListEntry]
}

/// A list as last read.
public struct CuratedListRecord: Hashable, Sendable {
    /// The list.
    public let list: CuratedListSource
    /// The ETag GitHub answered with, for the next conditional request.
    public let etag: String?
    /// When it was read.
    public let readAt: Date
    /// How many placements it holds.
    public let placements: Int

    /// A record.
    public init(list: CuratedListSource, etag: String?, readAt: Date, placements: Int) {
        self.list = list
        self.etag = etag
        self.readAt = readAt
        self.placements = placements
    }
}
