public import Foundation
import HTTPTypes
public import RepoFinderCore

/// `sort` of `GET /search/repositories`.
public enum RepositorySearchSort: String, Sendable, CaseIterable {
    case bestMatch = "best-match"
    case stars
    case forks
    case helpWantedIssues = "help-wanted-issues"
    case updated
}

/// `order` of sorted lists.
public enum SortOrder: String, Sendable {
    case descending = "desc"
    case ascending = "asc"
}

/// One page of repository search results.
public struct RepositorySearchPage: Sendable {
    /// How many repositories match in all (GitHub serves at most the first 1,000).
    public var totalCount: Int
    /// GitHub ran out of time and the results may be incomplete.
    public var incompleteResults: Bool
    public var repositories: [Repository]
    /// Items that could not be read as repositories, with the reason.
    public var skipped: [GitHubRepositoryPayload.InvalidField]
    /// `Link: rel="next"` is present.
    public var hasNextPage: Bool
}

/// A repository a person starred, and when.
public struct StarredRepository: Sendable, Equatable {
    public var repository: Repository
    public var starredAt: Date?
}

/// A repository's README, decoded to text.
public struct Readme: Sendable, Equatable {
    /// The file's name, e.g. `README.md`.
    public var name: String
    public var path: String
    public var text: String
    public var webURL: URL?
}

extension GitHubClient {
    /// `GET /search/repositories`: `q` in GitHub's search syntax (`swift server language:Swift stars:>100`).
    /// - Parameters:
    ///   - perPage: 1…100.
    ///   - page: from 1; GitHub serves only the first 1,000 results.
    public func searchRepositories(
        _ query: String, sort: RepositorySearchSort = .bestMatch, order: SortOrder = .descending, perPage: Int = 30,
        page: Int = 1
    ) async throws(GitHubError) -> RepositorySearchPage {
        var items = [("q", query)]
        if sort != .bestMatch { items += [("sort", sort.rawValue), ("order", order.rawValue)] }
        items.append(("per_page", String(min(max(perPage, 1), 100))))
        if page > 1 { items.append(("page", String(page))) }
        let response = try await send(GitHubRequest(url: url("/search/repositories", query: items)))
        let body: SearchBody = try Self.decode(response)
        var repositories: [Repository] = []
        var skipped: [GitHubRepositoryPayload.InvalidField] = []
        for item in body.items {
            switch item.repository() {
            case .success(let repository): repositories.append(repository)
            case .failure(let invalid): skipped.append(invalid)
            }
        }
        return RepositorySearchPage(
            totalCount: body.total_count, incompleteResults: body.incomplete_results ?? false,
            repositories: repositories, skipped: skipped,
            hasNextPage: LinkHeader(response.headerFields[.link]).next != nil)
    }

    /// `GET /repos/{owner}/{repo}`, following a rename to the repository's current name.
    public func repository(_ name: RepositoryName) async throws(GitHubError) -> Repository {
        let response = try await send(GitHubRequest(url: url(Self.path(name))))
        let payload: GitHubRepositoryPayload = try Self.decode(response)
        switch payload.repository() {
        case .success(let repository): return repository
        case .failure(let invalid): throw .invalidResponse("\(invalid.field): \(invalid.reason)")
        }
    }

    /// `GET /users/{user}/starred` with `starred_at`, every page (up to `maximumPages`) followed through `Link`.
    public func starredRepositories(
        of user: String, perPage: Int = 100, maximumPages: Int = 100
    ) async throws(GitHubError) -> [StarredRepository] {
        let first = url(
            "/users/\(PercentEncoding.encode(user))/starred", query: [("per_page", String(min(max(perPage, 1), 100)))])
        var starred: [StarredRepository] = []
        var next: URL? = first
        var pagesRead = 0
        while let target = next, pagesRead < maximumPages {
            let page = try await starredPage(at: target)
            starred += page.stars
            next = page.next
            pagesRead += 1
        }
        return starred
    }

    /// `GET /repos/{owner}/{repo}/topics`.
    public func topics(of name: RepositoryName) async throws(GitHubError) -> [String] {
        let response = try await send(GitHubRequest(url: url(Self.path(name) + "/topics")))
        let body: TopicsBody = try Self.decode(response)
        return body.names
    }

    /// `GET /repos/{owner}/{repo}/readme`, decoded from base64.
    public func readme(of name: RepositoryName) async throws(GitHubError) -> Readme {
        let response = try await send(GitHubRequest(url: url(Self.path(name) + "/readme")))
        let body: ReadmeBody = try Self.decode(response)
        guard body.encoding == nil || body.encoding == "base64",
            let data = Data(base64Encoded: body.content, options: .ignoreUnknownCharacters)
        else { throw .invalidResponse("README content is not base64") }
        return Readme(
            name: body.name, path: body.path ?? body.name, text: String(decoding: data, as: UTF8.self),
            webURL: body.html_url.flatMap(URL.init(string:)))
    }

    /// Every page of a list, following `Link: rel="next"` until there is none or `maximumPages` were read.
    package func pages(
        from first: URL, accept: String? = nil, maximumPages: Int = 100
    ) async throws(GitHubError) -> [GitHubResponse] {
        var responses: [GitHubResponse] = []
        var next: URL? = first
        while let target = next, responses.count < maximumPages {
            var request = GitHubRequest(url: target)
            if let accept { request.headerFields[.accept] = accept }
            let response = try await send(request)
            responses.append(response)
            next = LinkHeader(response.headerFields[.link]).next
        }
        return responses
    }

    private static func path(_ name: RepositoryName) -> String {
        "/repos/\(PercentEncoding.encode(name.owner))/\(PercentEncoding.encode(name.name))"
    }

    static func decode<T: Decodable>(_ response: GitHubResponse) throws(GitHubError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw .invalidResponse("\(T.self): \(error)")
        }
    }

    private struct SearchBody: Decodable {
        var total_count: Int
        var incomplete_results: Bool?
        var items: [GitHubRepositoryPayload]
    }

    private struct TopicsBody: Decodable {
        var names: [String]
    }

    private struct ReadmeBody: Decodable {
        var name: String
        var path: String?
        var content: String
        var encoding: String?
        var html_url: String?
    }
}
