import Dashboards
import Dealing
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

/// The generated forms of the dashboards' operations. The server answers them by hand (``MaintainerDashboardEndpoint``
/// and its neighbours write the dashboards' own `Codable` values); these give the same answers through the contract's
/// types, which also checks that those values decode as the contract says.
extension APIHandlers {
    func getMaintainedRepositories(_ input: Operations.GetMaintainedRepositories.Input) async throws
        -> Operations.GetMaintainedRepositories.Output
    {
        let (from, through) = try window(input.query.window?.rawValue)
        let listed = try await maintainedRepositories(from: from, through: through)
        return .ok(.init(body: .json(try Self.contract(listed))))
    }

    func getMaintainerDashboard(_ input: Operations.GetMaintainerDashboard.Input) async throws
        -> Operations.GetMaintainerDashboard.Output
    {
        let (from, through) = try window(input.query.window?.rawValue)
        let name = try InputMapping.repositoryName(owner: input.path.owner, name: input.path.name)
        let dashboard = try await maintainerDashboard(name, from: from, through: through)
        if input.query.format == .csv { return .ok(.init(body: .csv(HTTPBody(dashboard.csv)))) }
        return .ok(.init(body: .json(try Self.contract(dashboard))))
    }

    func getOperatorReport(_ input: Operations.GetOperatorReport.Input) async throws
        -> Operations.GetOperatorReport.Output
    {
        .ok(.init(body: .json(try Self.contract(try await operatorReport(since: input.query.since)))))
    }

    /// The window of a generated input (7, 30 or 90 days; 30 when absent).
    private func window(_ days: Int?) throws -> (from: Day, through: Day) {
        let through = Day(containing: clock())
        return (through.adding(days: 1 - (days ?? 30)), through)
    }

    /// A dashboard's value as the contract's type.
    private static func contract<Value: Encodable, Schema: Decodable>(_ value: Value) throws -> Schema {
        try JSONDecoder().decode(Schema.self, from: JSONEncoder().encode(value))
    }
}
