public import Foundation
public import GitHub
public import RepoFinderCore
public import Storage

/// What one pass over the followed lists did.
public struct CuratedListRefreshSummary: Hashable, Sendable {
    /// Lists read anew and stored (their placements replaced).
    public var read = 0
    /// Lists GitHub answered 304 for: unchanged since the stored ETag, nothing stored, no rate limit spent.
    public var unchanged = 0
    /// Lists GitHub does not have (a deleted repository or file): kept as they were.
    public var missing = 0
    /// Lists that could not be read for another reason (too large, GitHub's error): kept as they were.
    public var failed = 0
    /// Placements stored by the lists read anew.
    public var placements = 0
    /// Why the pass stopped before the last list (a rate limit, GitHub unreachable, the server stopping).
    public var stoppedBecause: String?

    public init() {}
}

/// Keeps curated lists current from GitHub: each followed list's file is read through the contents API in the raw
/// media type, conditionally on the ETag stored with it, so an unchanged list costs nothing against the rate limit;
/// a changed one is parsed (``CuratedListParser``) and replaces what the list placed, with its new ETag.
public struct CuratedListRefresh: Sendable {
    private let store: any CuratedListStore
    private let github: GitHubClient

    /// A refresh of `store`'s lists from `github`.
    public init(store: any CuratedListStore, github: GitHubClient) {
        self.store = store
        self.github = github
    }

    /// Reads `lists` (nil: the lists the store holds) at `date`; a list that cannot be read keeps what it had.
    public func run(_ lists: [CuratedListSource]? = nil, at date: Date = Date()) async -> CuratedListRefreshSummary {
        var summary = CuratedListRefreshSummary()
        let stored: [CuratedListRecord]
        do {
            stored = try await store.curatedLists()
        } catch {
            summary.stoppedBecause = "the lists could not be read from the database: \(error)"
            return summary
        }
        let etags = Dictionary(
            stored.map { ($0.list.id.lowercased(), $0.etag) }, uniquingKeysWith: { first, _ in first })
        for list in lists ?? stored.map(\.list) {
            guard !Task.isCancelled else {
                summary.stoppedBecause = "the server is stopping"
                break
            }
            do {
                let answer = try await github.file(
                    of: list.repository, path: list.file, etag: etags[list.id.lowercased()] ?? nil,
                    maximumBytes: CuratedListFolder.maximumFileBytes)
                switch answer {
                case .unchanged:
                    summary.unchanged += 1
                case .changed(let text, let etag):
                    let reading = CuratedListParser().read(text, list: list.repository)
                    try await store.replaceCuratedList(list, placements: reading.placements, etag: etag, at: date)
                    summary.read += 1
                    summary.placements += reading.placements.count
                }
            } catch let error as GitHubError {
                switch error {
                case .notFound:
                    summary.missing += 1
                case .rateLimited, .secondaryRateLimited, .unauthorized, .unreachable, .timeout:
                    summary.stoppedBecause = "reading \(list.id): \(error)"
                    return summary
                default:
                    summary.failed += 1
                }
            } catch {
                summary.stoppedBecause = "storing \(list.id): \(error)"
                return summary
            }
        }
        return summary
    }
}
