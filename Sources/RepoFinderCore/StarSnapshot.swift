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
