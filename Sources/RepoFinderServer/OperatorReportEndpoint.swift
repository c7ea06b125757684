import Dashboards
import Foundation
import Hummingbird
import RepoFinderCore
import Storage

/// `GET /v1/admin/report`: the operator report, for the operator token of the configuration only.
struct OperatorReportEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .get, path: "/v1/admin/report")
    /// The longest window, in days.
    static let longestWindow = 400

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        try APIHandlers.jsonResponse(try await api.operatorReport(since: try QueryReader(request).single("since")))
    }

    /// "30d" as 30, within 1 to ``longestWindow``.
    static func days(_ text: String) -> Int? {
        guard text.hasSuffix("d"), let days = Int(text.dropLast()), (1...longestWindow).contains(days) else {
            return nil
        }
        return days
    }
}

extension APIHandlers {
    /// The operator report over the last `since` days (`30d` when nil), for the operator token only: 404 when the
    /// server has none, 401 without a token, 403 with another.
    func operatorReport(since: String?) async throws -> OperatorReport {
        guard let expected = operatorToken else {
            throw APIError.notFound(APIError.text("error.report.no-token"))
        }
        guard let token = RequestIdentity.current.token else {
            throw APIError.unauthorized(APIError.text("error.report.token"))
        }
        guard BearerToken.hash(token) == BearerToken.hash(expected) else {
            throw APIError(.forbidden, code: "forbidden", message: APIError.text("error.report.token"))
        }
        let since = since ?? "30d"
        guard let days = OperatorReportEndpoint.days(since) else {
            throw APIError.badRequest(
                APIError.text("error.report.since", since, OperatorReportEndpoint.longestWindow))
        }
        let through = Day(containing: clock())
        let from = through.adding(days: 1 - days)
        let tallies = try await store.analyticsTallies(from: from, through: through)
        return OperatorReport(tallies: tallies, from: from, through: through)
    }
}
