public import RepoFinderCore
public import Storage

/// A store whose search is answered from a ``SearchIndexCache`` of its own catalog (both SQL engines): searches,
/// suggestions and warming the index up come with the conformance.
public protocol SearchIndexedStore: DataStore {
    /// The index of this store's catalog.
    var searchIndex: SearchIndexCache { get }
    /// A number every write to a searchable column of the catalog moves, from any process.
    func catalogVersion() async throws -> Int64
}

extension SearchIndexedStore {
    public func searchResults(_ query: SearchQuery) async throws -> SearchResults {
        try await searchIndex.results(
            query, version: { try await self.catalogVersion() }, load: { try await self.allRepositories() },
            listings: { try await self.allCuratedListEntries() })
    }

    public func searchSuggestions(_ text: String, limit: Int) async throws -> [SearchSuggestion] {
        try await currentSearchIndex().suggestions(text, limit: limit)
    }

    public func alternatives(to key: String, limit: Int) async throws -> [Repository] {
        try await currentSearchIndex().alternatives(toKey: key, limit: limit)
    }

    public func alternativeEvidence(to key: String, of keys: [String]) async throws -> [String: AlternativeEvidence] {
        try await currentSearchIndex().alternativeEvidence(toKey: key, of: keys)
    }

    public func replacing(_ name: String, limit: Int) async throws -> [Repository] {
        try await currentSearchIndex().replacing(name, limit: limit)
    }

    public func replacedNames(of key: String) async throws -> [String] {
        try await currentSearchIndex().replacedNames(ofKey: key)
    }

    public func prepareSearch(questions: Bool) async throws {
        let index = try await currentSearchIndex()
        if questions { await index.prepareForQuestions() }
    }

    private func currentSearchIndex() async throws -> CatalogSearchIndex {
        try await searchIndex.index(
            version: { try await self.catalogVersion() }, load: { try await self.allRepositories() },
            listings: { try await self.allCuratedListEntries() })
    }
}
