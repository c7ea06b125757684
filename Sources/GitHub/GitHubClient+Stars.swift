public import Foundation
import HTTPTypes
import RepoFinderCore

/// A GitHub account, as `GET /users/{username}` and `GET /user` describe it.
public struct GitHubUser: Sendable, Equatable, Decodable {
    /// GitHub's numeric id: it never changes, unlike the login.
    public var id: Int64
    public var login: String
    public var name: String?
    public var avatarURL: URL?

    public init(id: Int64, login: String, name: String? = nil, avatarURL: URL? = nil) {
        self.id = id
        self.login = login
        self.name = name
        self.avatarURL = avatarURL
    }

    private enum CodingKeys: String, CodingKey {
        case id, login, name
        case avatarURL = "avatar_url"
    }

    /// Reads GitHub's answer, made safe like a repository's: control characters and bidirectional controls taken out
    /// of the login and the name, an avatar kept only as `https`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        login = SafeText.clean(try container.decode(String.self, forKey: .login), layout: .line)
        name = SafeText.clean(optional: try container.decodeIfPresent(String.self, forKey: .name))
        avatarURL = GitHubAddresses.avatar(try container.decodeIfPresent(String.self, forKey: .avatarURL))
    }
}

/// One page of a person's stars, newest first.
public struct StarredPage: Sendable {
    public var stars: [StarredRepository]
    /// Items that could not be read as repositories, with the reason.
    public var skipped: [GitHubRepositoryPayload.InvalidField]
    /// The next page (`Link: rel="next"`), nil on the last.
    public var next: URL?
    /// How many pages the listing has, when GitHub says (`Link: rel="last"`; absent on the last page itself).
    public var lastPage: Int?
}

extension GitHubClient {
    /// `GET /users/{username}`.
    public func user(login: String) async throws(GitHubError) -> GitHubUser {
        let response = try await send(GitHubRequest(url: url("/users/\(PercentEncoding.encode(login))")))
        return try Self.decode(response)
    }

    /// The first page of `GET /users/{username}/starred`, newest star first, with `starred_at`.
    public func firstStarredPage(of login: String, perPage: Int = 100) async throws(GitHubError) -> StarredPage {
        try await starredPage(
            at: url(
                "/users/\(PercentEncoding.encode(login))/starred",
                query: [("sort", "created"), ("direction", "desc"), ("per_page", String(min(max(perPage, 1), 100)))]))
    }

    /// A page of a star listing at `address` (a first page's URL, or a page's `next`).
    public func starredPage(at address: URL) async throws(GitHubError) -> StarredPage {
        var request = GitHubRequest(url: address)
        request.headerFields[.accept] = "application/vnd.github.star+json"
        let response = try await send(request)
        let items: [StarredItem] = try Self.decode(response)
        var stars: [StarredRepository] = []
        var skipped: [GitHubRepositoryPayload.InvalidField] = []
        for item in items {
            switch item.repo.repository() {
            case .success(let repository):
                stars.append(
                    StarredRepository(repository: repository, starredAt: item.starred_at.flatMap(Timestamp.parse)))
            case .failure(let invalid):
                skipped.append(invalid)
            }
        }
        let links = LinkHeader(response.headerFields[.link])
        let lastPage = links.last.flatMap { last in
            URLComponents(url: last, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?.value
        }.flatMap { Int($0) }
        return StarredPage(stars: stars, skipped: skipped, next: links.next, lastPage: lastPage)
    }

    private struct StarredItem: Decodable {
        var starred_at: String?
        var repo: GitHubRepositoryPayload
    }
}
