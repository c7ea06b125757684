import Foundation
public import RepoFinderCore

/// The fields of GitHub's repository object that RepoFinder keeps, named as in `GET /repos/{owner}/{repo}`
/// (search results, starred lists and the shared catalog's lines have the same shape).
public struct GitHubRepositoryPayload: Decodable, Sendable {
    public struct Owner: Decodable, Sendable {
        var login: String
        var avatar_url: String?
    }
    public struct License: Decodable, Sendable {
        var spdx_id: String?
        var name: String?
    }
    var id: Int64?
    var name: String?
    var full_name: String
    var owner: Owner?
    var description: String?
    var language: String?
    var topics: [String]?
    var stargazers_count: Int
    var forks_count: Int?
    var open_issues_count: Int?
    var created_at: String?
    var updated_at: String?
    var pushed_at: String?
    var html_url: String?
    var license: License?
    var archived: Bool?

    /// A field whose value cannot be a RepoFinder repository.
    public struct InvalidField: Error, Equatable, Sendable {
        public var field: String
        /// Why, quoting the value with its control characters taken out (it is printed and logged).
        public var reason: String

        /// A field's problem; `reason` is made one safe line.
        init(field: String, reason: String) {
            self.field = field
            self.reason = SafeText.clean(reason, layout: .line)
        }
    }

    /// The repository, validated: a well-formed name matching `owner.login` and `name`, no negative counts, ISO 8601
    /// dates (a date alone reads as midnight UTC). What is kept of the rest is made safe: control characters and
    /// bidirectional controls are taken out of every text (``SafeText``, one line each), `html_url` is kept only as a
    /// page on https://github.com (else it is `https://github.com/owner/name`) and an avatar only as `https`.
    public func repository() -> Result<Repository, InvalidField> {
        let repositoryName: RepositoryName
        do {
            repositoryName = try RepositoryName(parsing: full_name)
        } catch {
            return .failure(InvalidField(field: "full_name", reason: "\(error)"))
        }
        if let login = owner?.login, login.lowercased() != repositoryName.owner.lowercased() {
            return .failure(
                InvalidField(field: "owner.login", reason: "'\(login)' does not match full_name '\(full_name)'"))
        }
        if let name, name.lowercased() != repositoryName.name.lowercased() {
            return .failure(InvalidField(field: "name", reason: "'\(name)' does not match full_name '\(full_name)'"))
        }
        for (field, count) in [
            ("stargazers_count", stargazers_count), ("forks_count", forks_count ?? 0),
            ("open_issues_count", open_issues_count ?? 0),
        ] where count < 0 {
            return .failure(InvalidField(field: field, reason: "\(count) is negative"))
        }
        var dates: [Date?] = []
        for (field, text) in [("created_at", created_at), ("updated_at", updated_at), ("pushed_at", pushed_at)] {
            guard let text else {
                dates.append(nil)
                continue
            }
            guard let date = Timestamp.parse(text) ?? Day(text).map(\.startDate) else {
                return .failure(InvalidField(field: field, reason: "'\(text)' is not an ISO 8601 date or date-time"))
            }
            dates.append(date)
        }
        let spdxID = SafeText.clean(optional: license?.spdx_id)
        let licenseName = SafeText.clean(optional: license?.name) ?? spdxID
        return .success(
            Repository(
                githubID: id,
                owner: RepositoryOwner(
                    login: owner?.login ?? repositoryName.owner,
                    avatarURL: GitHubAddresses.avatar(owner?.avatar_url)),
                name: name ?? repositoryName.name,
                description: SafeText.clean(optional: description),
                topics: (topics ?? []).map { SafeText.clean($0, layout: .line) },
                language: SafeText.clean(optional: language),
                stars: stargazers_count, forks: forks_count, openIssues: open_issues_count,
                license: licenseName.map { RepositoryLicense(spdxID: spdxID, name: $0) },
                createdAt: dates[0], updatedAt: dates[1], pushedAt: dates[2],
                archived: archived ?? false, webURL: GitHubAddresses.repositoryPage(html_url)))
    }
}
