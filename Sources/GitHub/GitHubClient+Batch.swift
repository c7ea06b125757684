import Foundation
import HTTPTypes
public import RepoFinderCore

/// What GitHub said of one repository asked for in a batch.
public enum RepositoryLookup: Sendable, Equatable {
    /// Its current facts, under its current name (a renamed repository comes back under the new one).
    case found(Repository)
    /// GitHub has no repository by that name (deleted, made private, or never existed). GraphQL does not tell a
    /// deletion from a rename it could not follow: confirm with ``GitHubClient/repository(_:)`` (REST answers 301 for
    /// a rename).
    case notFound
    /// GitHub's answer for it could not be read as a repository (the reason).
    case invalid(String)
}

extension GitHubClient {
    /// Repositories per ``repositories(_:)`` request: each is an aliased field of one GraphQL query.
    public static let batchSize = 100

    /// `POST /graphql`: the current facts of up to ``batchSize`` repositories in one request, as GitHub's GraphQL API
    /// documents it (`repository(owner:, name:)` per alias; renames are followed). A query of 100 repositories costs
    /// a few points of the 5,000 an hour a token has (its `rateLimit { cost }` is read back), so a whole catalog of
    /// 42,000 repositories takes 422 requests. GraphQL needs a token: without one GitHub answers 401
    /// (``GitHubError/unauthorized(message:)``).
    public func repositories(_ names: [RepositoryName]) async throws(GitHubError) -> [RepositoryName: RepositoryLookup]
    {
        guard !names.isEmpty else { return [:] }
        let batch = Array(names.prefix(Self.batchSize))
        var variables: [String: String] = [:]
        var declarations: [String] = []
        var fields: [String] = []
        for (index, name) in batch.enumerated() {
            variables["o\(index)"] = name.owner
            variables["n\(index)"] = name.name
            declarations.append("$o\(index): String!, $n\(index): String!")
            fields.append("r\(index): repository(owner: $o\(index), name: $n\(index)) { ...facts }")
        }
        let query =
            "query(\(declarations.joined(separator: ", "))) { rateLimit { cost remaining resetAt } "
            + fields.joined(separator: " ") + " } " + Self.factsFragment
        let body: Data
        do {
            body = try JSONEncoder().encode(GraphQLRequestBody(query: query, variables: variables))
        } catch {
            throw .invalidResponse("could not encode the GraphQL query: \(error)")
        }
        var request = GitHubRequest(method: .post, url: url("/graphql"), body: body)
        request.headerFields[.contentType] = "application/json"
        let response = try await send(request)
        let decoded: GraphQLResponse = try Self.decode(response)
        guard let data = decoded.data else {
            let message = decoded.errors?.first?.message ?? "no data"
            throw .invalidResponse("GraphQL: \(message)")
        }
        var outcomes: [RepositoryName: RepositoryLookup] = [:]
        for (index, name) in batch.enumerated() {
            guard let node = data["r\(index)"] ?? nil else {
                outcomes[name] = .notFound
                continue
            }
            switch node.payload.repository() {
            case .success(let repository): outcomes[name] = .found(repository)
            case .failure(let invalid): outcomes[name] = .invalid("\(invalid.field): \(invalid.reason)")
            }
        }
        return outcomes
    }

    /// The fields RepoFinder keeps, in GitHub's GraphQL schema (`open_issues_count` in REST counts open issues and
    /// pull requests alike).
    static let factsFragment = """
        fragment facts on Repository { databaseId nameWithOwner name owner { login avatarUrl } description \
        primaryLanguage { name } repositoryTopics(first: 20) { nodes { topic { name } } } stargazerCount forkCount \
        issues(states: OPEN) { totalCount } pullRequests(states: OPEN) { totalCount } licenseInfo { spdxId name } \
        createdAt updatedAt pushedAt isArchived url }
        """
}

private struct GraphQLRequestBody: Encodable {
    var query: String
    var variables: [String: String]
}

private struct GraphQLResponse: Decodable {
    struct Failure: Decodable {
        var message: String
        var type: String?
    }
    var data: [String: GraphQLRepository?]?
    var errors: [Failure]?

    enum CodingKeys: String, CodingKey { case data, errors }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        errors = try container.decodeIfPresent([Failure].self, forKey: .errors)
        // `rateLimit` sits beside the aliases; only the aliases are repositories.
        let raw = try container.decodeIfPresent([String: Lenient].self, forKey: .data)
        data = raw?.compactMapValues { $0.repository.map { Optional($0) } ?? .some(nil) }
    }

    /// A value of `data`: a repository, null, or something else (`rateLimit`).
    struct Lenient: Decodable {
        var repository: GraphQLRepository?
        init(from decoder: any Decoder) throws {
            repository = try? GraphQLRepository(from: decoder)
        }
    }
}

/// A repository as GraphQL names its fields.
private struct GraphQLRepository: Decodable {
    struct Owner: Decodable {
        var login: String
        var avatarUrl: String?
    }
    struct Named: Decodable { var name: String }
    struct Count: Decodable { var totalCount: Int }
    struct Topics: Decodable {
        struct Node: Decodable { var topic: Named }
        var nodes: [Node]
    }
    struct License: Decodable {
        var spdxId: String?
        var name: String?
    }
    var databaseId: Int64?
    var nameWithOwner: String
    var name: String
    var owner: Owner
    var description: String?
    var primaryLanguage: Named?
    var repositoryTopics: Topics?
    var stargazerCount: Int
    var forkCount: Int?
    var issues: Count?
    var pullRequests: Count?
    var licenseInfo: License?
    var createdAt: String?
    var updatedAt: String?
    var pushedAt: String?
    var isArchived: Bool?
    var url: String?

    /// The same fields as the REST object, so one validation reads both.
    var payload: GitHubRepositoryPayload {
        GitHubRepositoryPayload(
            id: databaseId, name: name, full_name: nameWithOwner,
            owner: .init(login: owner.login, avatar_url: owner.avatarUrl), description: description,
            language: primaryLanguage?.name, topics: repositoryTopics?.nodes.map(\.topic.name),
            stargazers_count: stargazerCount, forks_count: forkCount,
            open_issues_count: issues.map { $0.totalCount + (pullRequests?.totalCount ?? 0) },
            created_at: createdAt, updated_at: updatedAt, pushed_at: pushedAt, html_url: url,
            license: licenseInfo.map { .init(spdx_id: $0.spdxId, name: $0.name) }, archived: isArchived)
    }
}
