public import Foundation

/// The GitHub account an account is linked to (by GitHub's numeric id: the login can change), with the person's
/// access token sealed (AES-GCM) by the server: the store never sees it in clear.
public struct GitHubIdentity: Hashable, Sendable {
    /// The RepoFinder account.
    public var userID: String
    /// GitHub's numeric user id.
    public var githubID: Int64
    public var login: String
    public var name: String?
    public var avatarURL: String?
    /// The access token, sealed (base64 of AES-GCM's nonce, ciphertext and tag).
    public var sealedToken: String
    /// The scopes GitHub granted.
    public var scopes: [String]
    /// Liking a repository also stars it on GitHub (off until the person turns it on).
    public var starOnLike: Bool
    public var linkedAt: Date
    public var updatedAt: Date

    public init(
        userID: String, githubID: Int64, login: String, name: String? = nil, avatarURL: String? = nil,
        sealedToken: String, scopes: [String], starOnLike: Bool = false, linkedAt: Date, updatedAt: Date
    ) {
        self.userID = userID
        self.githubID = githubID
        self.login = login
        self.name = name
        self.avatarURL = avatarURL
        self.sealedToken = sealedToken
        self.scopes = scopes
        self.starOnLike = starOnLike
        self.linkedAt = linkedAt
        self.updatedAt = updatedAt
    }
}

/// What merging one account into another moved.
public struct AccountMerge: Hashable, Sendable {
    /// Interactions moved over (the others had an idempotency id the account already held).
    public var interactions: Int
    /// Interactions the account already held by id, kept once.
    public var duplicates: Int
    /// Entries added to Saved and Liked (those already there stay as they were).
    public var saved: Int
    public var liked: Int
    /// Whether the merged account's preferences were taken (the account had none).
    public var tookPreferences: Bool

    public init(interactions: Int, duplicates: Int, saved: Int, liked: Int, tookPreferences: Bool) {
        self.interactions = interactions
        self.duplicates = duplicates
        self.saved = saved
        self.liked = liked
        self.tookPreferences = tookPreferences
    }
}
