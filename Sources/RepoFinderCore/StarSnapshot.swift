extension Array where Element == StarSnapshot {
    /// The snapshots from `from` to `to`, both included; nil leaves that end open.
    public func within(from: Day?, to: Day?) -> [StarSnapshot] {
        filter { snapshot in
            (from.map { snapshot.day >= $0 } ?? true) && (to.map { snapshot.day <= $0 } ?? true)
        }
    }
}

/// A repository's star (and fork) count on one day; trending is computed from these.
public struct StarSnapshot: Hashable, Sendable {
    /// The repository.
    public var repository: RepositoryName
    /// The day counted.
    public var day: Day
    /// Stargazers that day.
    public var stars: Int
    /// Forks that day, where recorded.
    public var forks: Int?

    public init(repository: RepositoryName, day: Day, stars: Int, forks: Int? = nil) {
        self.repository = repository
        self.day = day
        self.stars = stars
        self.forks = forks
    }
}

extension Array where Element == StarSnapshot {
    /// The counts of the last `days` days before the newest one (and that one); empty stays empty.
    public func last(days: Int) -> [StarSnapshot] {
        guard let newest = self.map(\.day).max() else { return [] }
        return within(from: newest.adding(days: -days), to: nil)
    }

    /// Stars gained over the last `days` days of these counts: the newest count minus the count `days` days before it
    /// (or, when that day is missing, the nearest earlier one up to two days before); nil without both.
    public func gain(overDays days: Int) -> Int? {
        guard let newest = self.max(by: { $0.day < $1.day }) else { return nil }
        let target = newest.day.adding(days: -days)
        let earlier = self.filter { $0.day <= target && $0.day >= target.adding(days: -2) }.max { $0.day < $1.day }
        return earlier.map { newest.stars - $0.stars }
    }
}
