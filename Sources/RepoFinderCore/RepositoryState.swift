/// Where a repository stands with the signed-in person: on their liked list, on their saved list, skipped (their last
/// decision on it was a skip). Every repository the API returns to a signed-in person carries it (`viewer`).
public struct RepositoryState: Codable, Hashable, Sendable {
    public var liked: Bool
    public var saved: Bool
    public var skipped: Bool

    public init(liked: Bool = false, saved: Bool = false, skipped: Bool = false) {
        self.liked = liked
        self.saved = saved
        self.skipped = skipped
    }
}
