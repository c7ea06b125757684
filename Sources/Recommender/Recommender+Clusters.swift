public import RepoFinderCore

extension Recommender {
    /// Every cluster with how many repositories (archived ones included) have it as their primary cluster, largest
    /// first; clusters with none are left out.
    public func clusters() -> [ClusterSize] {
        var counts = [Int](repeating: 0, count: TopicCluster.all.count)
        for cluster in index.facts.clusterOf { counts[Int(cluster)] += 1 }
        return zip(TopicCluster.all, counts).filter { $0.1 > 0 }.map { ClusterSize(cluster: $0.0, repositories: $0.1) }
            .sorted {
                $0.repositories > $1.repositories
                    || ($0.repositories == $1.repositories && $0.cluster.id < $1.cluster.id)
            }
    }

    /// The repositories of a cluster a person has not seen yet (keys in `excluding`), strongest general prior
    /// first, archived ones left out; `nil` when there is no such cluster.
    public func repositories(inCluster id: String, excluding seen: Set<String> = [], limit: Int = 20) -> [Repository]? {
        guard let cluster = TopicCluster.all.firstIndex(where: { $0.id == id }) else { return nil }
        let seen = Set(seen.map { $0.lowercased() })
        return index.byCluster[cluster].lazy.map { self.index.repositories[Int($0)] }.filter { !seen.contains($0.id) }
            .prefix(limit).map { $0 }
    }
}
