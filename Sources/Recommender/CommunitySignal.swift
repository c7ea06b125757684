/// One person's signal about one repository, as the shared index learns from everyone's (likes, saves, stars …).
public struct CommunitySignal: Hashable, Sendable {
    /// Who (any stable id: a user id, a GitHub login).
    public var person: String
    /// The repository key (`owner/name`, lowercase).
    public var repositoryKey: String
    /// What they did.
    public var kind: SignalKind

    public init(person: String, repositoryKey: String, kind: SignalKind) {
        self.person = person
        self.repositoryKey = repositoryKey.lowercased()
        self.kind = kind
    }
}

/// How the recommender is tuned. The defaults are what `repofinder eval` reports on.
public struct RecommenderConfiguration: Hashable, Sendable {
    /// Content neighbours kept per repository.
    public var contentNeighbours = 50
    /// Collaborative neighbours kept per repository.
    public var collaborativeNeighbours = 200
    /// RP3β: the power applied to transition probabilities.
    public var alpha: Float = 0.8
    /// RP3β: how strongly a popular neighbour is discounted (divided by popularity to this power). 0.8 rather than
    /// the paper's 0.5: on the development split it lifts long-tail NDCG@10 by 43% with NDCG@10 overall unchanged
    /// (README § Discovery).
    public var beta: Float = 0.8
    /// Implicit factors (iALS): numbers per repository; 0 turns the model off.
    public var factorRank = 32
    /// iALS: alternating sweeps over people and repositories.
    public var factorSweeps = 6
    /// iALS: confidence of a signal is 1 + this × its weight.
    public var factorConfidence: Float = 10
    /// iALS: L2 regularisation.
    public var factorRegularization: Float = 100
    /// Weight of the implicit factors' prediction next to collaborative similarity (which weighs 1).
    public var factorWeight: Float = 2
    /// Content features shared by more than this share of repositories do not link neighbours (they say little
    /// and cost a lot).
    public var commonFeatureShare = 0.05
    /// Weight of content similarity next to collaborative similarity (which weighs 1).
    public var contentWeight: Float = 0.2
    /// Content ties are scaled by `floor + (1 - floor) · max(0, cosine)` of the two repositories' meaning vectors
    /// (``SemanticModel``); 1 leaves them as words alone.
    public var contentMeaningFloor: Float = 0.7
    /// How many of the strongest word neighbours per repository are re-weighted by meaning, as a multiple of
    /// ``contentNeighbours`` (the best ``contentNeighbours`` of them are kept).
    public var contentMeaningPool = 1
    /// Neighbours visited per request at most (shared among a person's positive signals), so that people with
    /// hundreds of signals are served as fast as others: each signal contributes its strongest neighbours only.
    public var neighbourBudget = 25_000
    /// Neighbours each positive signal contributes at least, whatever the budget.
    public var minimumNeighboursPerSignal = 40
    /// What the community did is shown (a "liked by the same people" reason or similarity) only when at least this
    /// many distinct people stand behind it, the person asking never counted among them (k-anonymity).
    public var minimumPeople = 5
    /// At most this many cards of one owner in a batch.
    public var maximumPerOwner = 3
    /// At most this many cards of one cluster in a batch.
    public var maximumPerCluster = 8

    public init() {}
}
