/// How long each part of building a ``CatalogSearchIndex`` took, in the order they ran: for `repofinder bench search`,
/// so that a slower build says which part grew.
public struct IndexBuildPhases: Sendable {
    /// One part of a build.
    public struct Phase: Sendable {
        /// What the part does ("postings", "vectors").
        public let name: String
        /// How long it took.
        public let duration: Duration
    }

    /// The parts, in the order they ran.
    public private(set) var phases: [Phase] = []
    private var last = ContinuousClock.now

    init() {}

    /// Ends the part called `name`, which began where the previous one ended.
    mutating func end(_ name: String) {
        let now = ContinuousClock.now
        phases.append(Phase(name: name, duration: now - last))
        last = now
    }
}
