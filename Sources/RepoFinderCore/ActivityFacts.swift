public import Foundation

/// What every face says of a repository's activity — its age as a person says it, its health and the health's
/// summary — judged at `now` while the catalog is fresh and as of its newest day, saying so, once it is stale
/// (``CatalogAge``): "3 days ago, as of 22 Aug 2026" rather than "3 months ago" of a catalog nobody refreshed.
public struct ActivityFacts: Sendable {
    /// "3 days ago", with ", as of 22 Aug 2026" when judged on a stale catalog's newest day; nil without a push.
    public var lastUpdated: String?
    /// The health at the moment of judging.
    public var health: RepositoryHealth?
    /// The health in a sentence, with the same "as of" when there is one.
    public var healthSummary: String?
    /// The moment the repository was judged at.
    public var moment: Date
    /// ", as of 22 Aug 2026" when judged on a stale catalog's newest day, else empty.
    public var suffix: String
    /// The stale catalog's newest day it was judged as of; nil when judged at now.
    public var asOfDay: Day?

    /// Judges `repository` at `now`, or as of `age`'s newest day (by default the current task's catalog,
    /// ``CatalogAge/current``) when that catalog is stale at `now`.
    public init(_ repository: Repository, now: Date, age: CatalogAge? = CatalogAge.current) {
        let judged = age?.judging(repository, now: now) ?? (moment: now, asOf: nil)
        let moment = judged.moment
        let suffix = judged.asOf.map { day in age?.asOf(day) ?? CatalogAge.asOf(day) } ?? ""
        self.moment = moment
        self.suffix = suffix
        asOfDay = judged.asOf
        lastUpdated = repository.pushedAt.map { RelativeTime.describe($0, now: moment) + suffix }
        health = repository.health(now: moment)
        healthSummary = health.map { $0.summary(openIssues: repository.openIssues, stars: repository.stars) + suffix }
    }
}
