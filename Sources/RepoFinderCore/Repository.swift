public import Foundation

/// A GitHub repository as RepoFinder knows it: the facts shown on a card and the detail page.
public struct Repository: Identifiable, Codable, Hashable, Sendable {
    /// The case-insensitive identity (`owner/name` lowercased); stable across engines and imports.
    public var id: String { repositoryName.key }
    /// GitHub's numeric id, where the source had it.
    public var githubID: Int64?
    /// The account that owns the repository.
    public var owner: RepositoryOwner
    /// The repository's own name.
    public var name: String
    /// The one-line description its maintainers wrote, if any.
    public var description: String?
    /// GitHub topics, lowercased, in the source's order, without duplicates.
    public var topics: [String]
    /// The primary language GitHub detected, if any.
    public var language: String?
    /// Stargazers.
    public var stars: Int
    /// Forks, where known.
    public var forks: Int?
    /// Open issues (GitHub counts pull requests too), where known.
    public var openIssues: Int?
    /// The license, where known.
    public var license: RepositoryLicense?
    /// When the repository was created, where known.
    public var createdAt: Date?
    /// When the repository's metadata last changed, where known.
    public var updatedAt: Date?
    /// When something was last pushed, where known.
    public var pushedAt: Date?
    /// Whether the maintainers archived it (read-only).
    public var archived: Bool
    /// The repository's page on GitHub.
    public var webURL: URL
    /// When GitHub stopped having it (deleted, or made private), where known: never dealt, found or trending again,
    /// but still shown, marked, on the lists of people who kept it.
    public var goneAt: Date?
    /// When GitHub last confirmed these facts and counts here (a sync or refresh); nil for counts that came with an
    /// imported catalog and were never confirmed.
    public var checkedAt: Date?
    /// Where it stands with the signed-in person (liked, saved, skipped), when an API answer said so; never part of
    /// the catalog (stores leave it nil).
    public var viewer: RepositoryState?

    /// Creates a repository. `webURL` defaults to its page on github.com; topics are normalised
    /// (lowercased, de-duplicated, order kept).
    public init(
        githubID: Int64? = nil,
        owner: RepositoryOwner,
        name: String,
        description: String? = nil,
        topics: [String] = [],
        language: String? = nil,
        stars: Int,
        forks: Int? = nil,
        openIssues: Int? = nil,
        license: RepositoryLicense? = nil,
        createdAt: Date? = nil,
        updatedAt: Date? = nil,
        pushedAt: Date? = nil,
        archived: Bool = false,
        webURL: URL? = nil,
        goneAt: Date? = nil,
        checkedAt: Date? = nil,
        viewer: RepositoryState? = nil
    ) {
        self.githubID = githubID
        self.owner = owner
        self.name = name
        self.description = description
        self.topics = Self.normalizedTopics(topics)
        self.language = language
        self.stars = stars
        self.forks = forks
        self.openIssues = openIssues
        self.license = license
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.pushedAt = pushedAt
        self.archived = archived
        self.webURL = webURL ?? URL(string: "https://github.com/\(owner.login)/\(name)")!
        self.goneAt = goneAt
        self.checkedAt = checkedAt
        self.viewer = viewer
    }

    /// `owner/name` as spelled.
    public var fullName: String { "\(owner.login)/\(name)" }

    /// The name as a value (unchecked: a stored repository was validated when it came in).
    public var repositoryName: RepositoryName { RepositoryName(unchecked: owner.login, name: name) }

    /// Lowercases, trims and de-duplicates topics, keeping their order.
    public static func normalizedTopics(_ topics: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for topic in topics {
            let normalized = topic.trimmingCharacters(in: .whitespaces).lowercased()
            if !normalized.isEmpty, seen.insert(normalized).inserted { result.append(normalized) }
        }
        return result
    }
}

extension RepositoryName {
    /// For values already validated elsewhere (stored rows).
    init(unchecked owner: String, name: String) {
        self.owner = owner
        self.name = name
    }
}

/// The account that owns a repository.
public struct RepositoryOwner: Codable, Hashable, Sendable {
    /// The GitHub login.
    public var login: String
    /// The avatar image, as the source gave it.
    public var avatarURL: URL?

    public init(login: String, avatarURL: URL? = nil) {
        self.login = login
        self.avatarURL = avatarURL
    }

    /// The avatar to show: the recorded one, else GitHub's stable per-login avatar address.
    public var displayAvatarURL: URL {
        avatarURL ?? URL(string: displayAvatarAddress)!
    }

    /// ``displayAvatarURL`` as text, without making a `URL` when none was recorded.
    public var displayAvatarAddress: String {
        avatarURL?.absoluteString ?? "https://avatars.githubusercontent.com/\(login)"
    }
}

/// A repository's license.
public struct RepositoryLicense: Codable, Hashable, Sendable {
    /// The SPDX identifier, for example `MIT`, where GitHub recognised one.
    public var spdxID: String?
    /// The license's name.
    public var name: String

    public init(spdxID: String?, name: String) {
        self.spdxID = spdxID
        self.name = name
    }
}
