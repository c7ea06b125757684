import Foundation
import OpenAPIRuntime
import RepoFinderAPI
import RepoFinderAPIClient
public import RepoFinderCore

extension APIClient {
    /// Sends product analytics events (each id is stored once however often it is sent). A device without an account
    /// yet sends nothing and fails with ``ClientFailure/signedOut`` (the events wait): analytics never makes an
    /// account.
    public func sendEvents(_ events: [AnalyticsEvent]) async throws(ClientFailure) -> AnalyticsReceipt {
        guard !events.isEmpty else { return AnalyticsReceipt(accepted: 0, duplicates: 0) }
        let hasToken: Bool
        do {
            hasToken = try tokens.token() != nil
        } catch {
            throw .rejected("The stored sign-in token cannot be read: \(error).")
        }
        guard hasToken else { throw .signedOut }
        let batch = Components.Schemas.EventBatch(events: try events.map(ResponseMapping.event))
        return try await personal {
            let receipt = try await client.postEvents(.init(body: .json(batch))).ok.body.json
            return AnalyticsReceipt(
                accepted: receipt.accepted, duplicates: receipt.duplicates, ignored: receipt.ignored)
        }
    }

    /// The catalog's repositories the person signed in with GitHub maintains, with their counts over `window`.
    /// Fails with ``ClientFailure/forbidden(_:code:)`` (`not_signed_in`) when the device is not signed in with GitHub.
    public func maintainedRepositories(window: MaintainerWindow) async throws(ClientFailure) -> MaintainedRepositories {
        try await personal {
            let query = Operations.GetMaintainedRepositories.Input.Query(window: ResponseMapping.window(window))
            let body = try await client.getMaintainedRepositories(.init(query: query)).ok.body.json
            return try ResponseMapping.maintained(body, asked: window)
        }
    }

    /// How one of the person's repositories fared over `window`. Fails with ``ClientFailure/forbidden(_:code:)``:
    /// `not_signed_in` when the device is not signed in with GitHub, `not_maintainer` when the repository is not
    /// theirs.
    public func maintainerDashboard(_ name: RepositoryName, window: MaintainerWindow) async throws(ClientFailure)
        -> MaintainerDetail
    {
        try await personal {
            let input = Operations.GetMaintainerDashboard.Input(
                path: .init(owner: name.owner, name: name.name),
                query: .init(window: ResponseMapping.window(window), format: .json),
                headers: .init(accept: [.init(contentType: .json)]))
            let body = try await client.getMaintainerDashboard(input).ok.body.json
            return try ResponseMapping.dashboard(body, asked: name, window: window)
        }
    }

    /// The repository's days over `window` as CSV (`day,dealt,likes,saves,skips,opens`, a line per day), as the server
    /// writes it.
    public func maintainerDashboardCSV(_ name: RepositoryName, window: MaintainerWindow) async throws(ClientFailure)
        -> String
    {
        try await personal {
            let input = Operations.GetMaintainerDashboard.Input(
                path: .init(owner: name.owner, name: name.name),
                query: .init(window: ResponseMapping.window(window), format: .csv),
                headers: .init(accept: [.init(contentType: .csv)]))
            let body = try await client.getMaintainerDashboard(input).ok.body.csv
            // 90 days of six numbers: a few kilobytes; the limit only guards against a runaway answer.
            return try await String(collecting: body, upTo: 1 << 20)
        }
    }
}

extension ResponseMapping {
    /// An analytics event as the contract's (a name or platform the contract does not take is refused here).
    static func event(_ event: AnalyticsEvent) throws(ClientFailure) -> Components.Schemas.EventInput {
        guard let name = Components.Schemas.EventInput.NamePayload(rawValue: event.name.rawValue) else {
            throw .rejected("'\(event.name.rawValue)' is not an event a device sends.")
        }
        guard let platform = Components.Schemas.EventInput.PlatformPayload(rawValue: event.platform.rawValue) else {
            throw .rejected("'\(event.platform.rawValue)' is not a platform a device sends from.")
        }
        return Components.Schemas.EventInput(
            id: event.id, name: name, at: event.at, platform: platform, label: event.label, value: event.value,
            count: event.count, query: event.query)
    }

    static func window(_ window: MaintainerWindow) -> Components.Parameters.Window {
        switch window {
        case .week: ._7
        case .month: ._30
        case .quarter: ._90
        }
    }

    static func counts(
        dealt: Int, likes: Int, saves: Int, skips: Int, opens: Int, likeRate: Double? = nil
    ) -> DiscoveryCounts {
        DiscoveryCounts(dealt: dealt, likes: likes, saves: saves, skips: skips, opens: opens, likeRate: likeRate)
    }

    static func name(_ text: String) throws(ClientFailure) -> RepositoryName {
        do {
            return try RepositoryName(parsing: text)
        } catch {
            throw .serverTrouble("a repository name this app cannot read: \(text)")
        }
    }

    static func maintained(_ body: Components.Schemas.MaintainedRepositories, asked: MaintainerWindow)
        throws(ClientFailure) -> MaintainedRepositories
    {
        var repositories: [MaintainerSummary] = []
        for item in body.repos {
            repositories.append(
                MaintainerSummary(
                    repository: try name(item.repository), language: item.language, stars: item.stars,
                    counts: counts(
                        dealt: item.dealt, likes: item.likes, saves: item.saves, skips: item.skips, opens: item.opens,
                        likeRate: item.likeRate)))
        }
        return MaintainedRepositories(
            login: body.login, organisations: body.organisations,
            window: MaintainerWindow(rawValue: body.window) ?? asked, repositories: repositories)
    }

    static func dashboard(
        _ body: Components.Schemas.MaintainerDashboard, asked: RepositoryName, window: MaintainerWindow
    ) throws(ClientFailure) -> MaintainerDetail {
        guard let from = Day(body.from), let through = Day(body.through) else {
            throw .serverTrouble("dates this app cannot read: \(body.from) to \(body.through)")
        }
        let repository = (try? RepositoryName(parsing: body.repository)) ?? asked
        let totals = body.totals
        let bucket = { (item: Components.Schemas.LikerBucket) in
            MaintainerDetail.LikerBucket(value: item.value, count: item.count, fewerThanFive: item.fewerThanFive)
        }
        return MaintainerDetail(
            repository: repository, window: MaintainerWindow(rawValue: body.window) ?? window, from: from,
            through: through,
            totals: counts(
                dealt: totals.dealt, likes: totals.likes, saves: totals.saves, skips: totals.skips, opens: totals.opens,
                likeRate: totals.likeRate),
            cluster: body.cluster, clusterLikeRate: body.clusterLikeRate,
            clusterRepositories: body.clusterRepositories,
            days: body.days.compactMap { item in
                Day(item.day).map {
                    MaintainerDetail.DayCounts(
                        day: $0,
                        counts: counts(
                            dealt: item.dealt, likes: item.likes, saves: item.saves, skips: item.skips,
                            opens: item.opens))
                }
            },
            reasons: body.reasons.map { .init(name: $0.name, count: $0.count) },
            sources: body.sources.map { .init(name: $0.name, count: $0.count) },
            likers: MaintainerDetail.Likers(
                people: body.likers.people, fewerThanFive: body.likers.fewerThanFive,
                languages: body.likers.languages.map(bucket), interests: body.likers.interests.map(bucket),
                experienceLevels: body.likers.experienceLevels.map(bucket)),
            stars: body.stars.compactMap { count in
                Day(count.day).map {
                    StarSnapshot(repository: repository, day: $0, stars: count.stars, forks: count.forks)
                }
            },
            trending: body.trending.compactMap { item in
                TrendingWindow(rawValue: item.window.rawValue).map {
                    MaintainerDetail.TrendingRank(window: $0, rank: item.rank)
                }
            })
    }
}
