import Dashboards
import Dealing
import Foundation
import HTTPTypes
import Hummingbird
import Recommender
import RepoFinderCore
import Storage

/// `GET /v1/me/maintainer/repos`: the person's repositories in the catalog with their totals over the window.
struct MaintainedRepositoriesEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .get, path: "/v1/me/maintainer/repos")

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        let (from, through) = try api.maintainerWindow(QueryReader(request))
        return try APIHandlers.jsonResponse(try await api.maintainedRepositories(from: from, through: through))
    }
}

/// `GET /v1/me/maintainer/repos/{owner}/{name}`: one repository's dashboard (JSON), or its daily series (CSV).
struct MaintainerDashboardEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .get, path: "/v1/me/maintainer/repos/{owner}/{name}")

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        let query = QueryReader(request)
        let (from, through) = try api.maintainerWindow(query)
        let format = try query.single("format") ?? "json"
        guard format == "json" || format == "csv" else {
            throw APIError.badRequest(APIError.text("error.maintainer.format", format))
        }
        let name = try InputMapping.repositoryName(
            owner: context.pathParameter("owner"), name: context.pathParameter("name"))
        let dashboard = try await api.maintainerDashboard(name, from: from, through: through)
        guard format == "csv" else { return try APIHandlers.jsonResponse(dashboard) }
        let file = "\(name.owner)-\(name.name)-\(dashboard.window)d.csv"
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(file)\"",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: dashboard.csv)))
    }
}

/// The list `GET /v1/me/maintainer/repos` answers.
struct MaintainedRepositories: Codable, Sendable {
    var login: String
    var organisations: [String]
    var window: Int
    var repos: [MaintainedRepository]
}

extension APIHandlers {
    /// The window's days, ending today (the server's clock, UTC): `window` is 7, 30 (the default) or 90.
    func maintainerWindow(_ query: QueryReader) throws -> (from: Day, through: Day) {
        let given = try query.single("window") ?? "30"
        guard let days = Int(given), MaintainerDashboard.windows.contains(days) else {
            throw APIError.badRequest(APIError.text("error.maintainer.window", given))
        }
        let through = Day(containing: clock())
        return (through.adding(days: 1 - days), through)
    }

    /// The person's GitHub login and organisations (403 without sign-in with GitHub).
    func owners(of userID: String) async throws -> Maintainers.Owners {
        guard let maintainers else {
            throw APIError(.forbidden, code: "not_signed_in", message: APIError.text("error.maintainer.not-signed-in"))
        }
        return try await maintainers.owners(of: userID)
    }

    /// The signed-in person's repositories with their totals over the days, most dealt first.
    func maintainedRepositories(from: Day, through: Day) async throws -> MaintainedRepositories {
        let owners = try await owners(of: try await accounts.authenticate())
        let repositories = Maintainers.repositories(of: owners, in: deck.recommender.index)
        // This server's last second of deals too (the ledger writes behind).
        await deck.ledger.flush()
        let totals = try await store.activityTotals(repositories.map(\.repositoryName), from: from, through: through)
        return MaintainedRepositories(
            login: owners.login, organisations: owners.organisations,
            window: through.daysSinceEpoch - from.daysSinceEpoch + 1,
            repos: repositories.map { MaintainedRepository($0, totals: totals[$0.id] ?? DailyActivity()) }
                .sorted { $0.dealt != $1.dealt ? $0.dealt > $1.dealt : $0.stars > $1.stars })
    }

    /// A repository's dashboard over the days, with its cluster's like rates and its trending ranks, for one of its
    /// maintainers only (403 for anyone else).
    func maintainerDashboard(_ name: RepositoryName, from: Day, through: Day) async throws -> MaintainerDashboard {
        let owners = try await owners(of: try await accounts.authenticate())
        guard owners.keys.contains(name.owner.lowercased()) else {
            throw APIError(
                .forbidden, code: "not_maintainer",
                message: APIError.text("error.maintainer.not-yours", name.fullName, owners.login))
        }
        await deck.ledger.flush()
        guard let activity = try await store.repositoryActivity(name, from: from, through: through) else {
            throw APIError.notFound(APIError.text("error.repository.not-in-catalog", name.fullName))
        }
        let recommender = deck.recommender
        let cluster = recommender.index.cluster(of: name.key)
        var clusterTotals: [String: DailyActivity] = [:]
        if let cluster, let members = recommender.repositories(inCluster: cluster.id, limit: Int.max) {
            clusterTotals = try await store.activityTotals(
                members.map(\.repositoryName), from: from, through: through)
        }
        var ranks: [TrendingWindow: Int?] = [:]
        for window in TrendingWindow.allCases {
            let query = TrendingQuery(window: window, limit: TrendingQuery.maximumLimit)
            let list = try await trendingCache.value(for: query) { [store] in try await store.trending(query) }
            ranks[window] = list.entries.firstIndex { $0.repository.repositoryName.key == name.key }.map { $0 + 1 }
        }
        return MaintainerDashboard(
            repository: name, activity: activity, from: from, through: through, cluster: cluster?.id,
            clusterTotals: clusterTotals, stars: try await store.starSnapshots(of: name), trending: ranks)
    }

    /// A Codable value as a JSON response.
    static func jsonResponse(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}
