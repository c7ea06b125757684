public import RepoFinderCore

/// When and what a server refreshes from GitHub (see ``CatalogRefresher``).
public struct CatalogRefreshSchedule: Hashable, Sendable {
    /// One refresh per period of this length, counted from midnight UTC (a day by default).
    public var interval: Duration
    /// Languages and topics whose new repositories come in once they have ``minimumStars``.
    public var languages: [String]
    public var topics: [String]
    public var minimumStars: Int
    /// How often the server looks whether a period's refresh is due (or was left unfinished by a server that stopped).
    public var checkEvery: Duration
    /// A run that has not reported for this long was abandoned (its server stopped): another server takes it over.
    public var staleAfter: Duration
    /// A run that stopped early (a rate limit, GitHub unreachable) is tried again this long after it stopped.
    public var retryAfter: Duration
    /// The curated lists each run reads again (conditionally, so an unchanged list costs nothing): nil for those the
    /// database holds (the starter catalog's, or what `repofinder ingest --lists` loaded), empty for none.
    public var curatedLists: [CuratedListSource]?

    public init(
        interval: Duration = .seconds(86_400), languages: [String] = SyncPlan.defaultLanguages,
        topics: [String] = [], minimumStars: Int = 50, checkEvery: Duration = .seconds(60),
        staleAfter: Duration = .seconds(600), retryAfter: Duration = .seconds(3_600),
        curatedLists: [CuratedListSource]? = nil
    ) {
        self.interval = interval
        self.languages = languages
        self.topics = topics
        self.minimumStars = minimumStars
        self.checkEvery = checkEvery
        self.staleAfter = staleAfter
        self.retryAfter = retryAfter
        self.curatedLists = curatedLists
    }
}
