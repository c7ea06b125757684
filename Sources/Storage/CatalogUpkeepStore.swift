public import Foundation
public import RepoFinderCore

/// Keeping the catalog current: renames, repositories GitHub no longer has, and the daily refresh's runs. One of the roles ``DataStore`` composes;
/// a module that needs only this part takes it alone. Every method is atomic (see ``DataStore``).
public protocol CatalogUpkeepStore: Sendable {
    /// Moves a repository GitHub renamed to its new name and saves its current facts (`current`): star snapshots,
    /// everyone's signals and lists follow it, and the old name resolves to the new one (``currentName(of:)``). When
    /// the catalog already holds the new name as another record, the two become one (the new record's snapshot wins
    /// on a day both have). False when neither name is in the catalog.
    func renameRepository(_ old: RepositoryName, to current: Repository, at date: Date) async throws -> Bool

    /// The name a repository has now if `name` is one it had before it was renamed; nil otherwise.
    func currentName(of name: RepositoryName) async throws -> RepositoryName?

    /// Marks repositories GitHub no longer has: never dealt, found or trending again, kept (marked) on lists.
    /// Returns how many were newly marked.
    func markGone(_ names: [RepositoryName], at date: Date) async throws -> Int

    /// Notes that GitHub confirmed these repositories at `date` (a gone one that is back is no longer gone).
    func markChecked(_ names: [RepositoryName], at date: Date) async throws

    /// Up to `limit` repositories (not gone) that GitHub has not confirmed since `date`, those never checked first,
    /// then those checked longest ago: the order a refresh works in, so a refresh cut short resumes where it stopped.
    func repositoriesToCheck(notCheckedSince date: Date, limit: Int) async throws -> [RepositoryName]

    /// Claims a period's refresh for `run.runner`: true when nobody had claimed the period, its runner stopped
    /// reporting before `staleBefore` (taken over), or it stopped early (``CatalogRefreshRun/State/partial``) before
    /// `retryBefore` (tried again); false when another server has it or it finished.
    func claimCatalogRefresh(_ run: CatalogRefreshRun, staleBefore: Date, retryBefore: Date) async throws -> Bool

    /// Saves a claimed run's progress or outcome (only while `run.runner` holds it).
    func saveCatalogRefresh(_ run: CatalogRefreshRun) async throws

    /// The latest refreshes, newest first.
    func catalogRefreshes(limit: Int) async throws -> [CatalogRefreshRun]
}
