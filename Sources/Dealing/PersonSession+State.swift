public import Recommender
public import RepoFinderCore
import Storage

extension PersonSession {
    /// The keys of every repository the person ever signalled positively (liked, saved, starred, opened, viewed —
    /// even if a skip came later, as the community's signals count the strongest): what must never be shown back to
    /// them as other people's doing.
    public func positiveKeys(in index: RecommendationIndex) async throws -> Set<String> {
        Set(try await current(for: index).signals.lazy.filter { $0.kind.weight > 0 }.map(\.repositoryKey))
    }

    /// The person's state of each repository in `keys` (``RepositoryName/key``): on which of their lists, and whether
    /// their last like, save or skip of it was a skip. From what the session holds — no read of the store once it is
    /// loaded — so a page of any length costs one call.
    public func states(of keys: [String], in index: RecommendationIndex) async throws -> [String: RepositoryState] {
        let state = try await current(for: index)
        let wanted = Set(keys)
        var skipped = Set<String>()
        for signal in state.signals where wanted.contains(signal.repositoryKey) {
            switch signal.kind {
            case .skip: skipped.insert(signal.repositoryKey)
            case .like, .save: skipped.remove(signal.repositoryKey)
            case .star, .open, .view: break
            }
        }
        let liked = state.listed[.liked] ?? []
        let saved = state.listed[.saved] ?? []
        var states: [String: RepositoryState] = [:]
        states.reserveCapacity(wanted.count)
        for key in wanted {
            states[key] = RepositoryState(
                liked: liked.contains(key), saved: saved.contains(key), skipped: skipped.contains(key))
        }
        return states
    }
}
