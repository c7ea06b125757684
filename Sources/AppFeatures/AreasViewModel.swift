public import Observation
public import RepoFinderClient

/// Explore's areas: the catalog's topic clusters, largest first.
@Observable @MainActor
public final class AreasViewModel {
    public enum State: Hashable, Sendable {
        case loading
        case loaded([ClusterSummary])
        case failed(String)
    }

    public private(set) var state = State.loading
    private let service: any RepoFinderService

    public init(service: any RepoFinderService) { self.service = service }

    /// Loads the areas (again).
    @discardableResult
    public func load() -> Task<Void, Never> {
        Task {
            do throws(ClientFailure) {
                state = .loaded(try await service.clusters().sorted { $0.size > $1.size })
            } catch {
                state = .failed(error.message)
            }
        }
    }
}

/// One area's best repositories, without what the person has seen.
@Observable @MainActor
public final class AreaViewModel {
    public enum State: Hashable, Sendable {
        case loading
        case loaded(AreaPage)
        case failed(String)
    }

    /// How many repositories an area shows.
    public static let limit = 30
    public let id: String
    public private(set) var state = State.loading
    private let service: any RepoFinderService
    private let analytics: AnalyticsRecorder
    /// Whether the screen view was recorded (loading again is not another view).
    private var viewed = false

    /// - Parameter analytics: where the screen view goes (the first load).
    public init(id: String, service: any RepoFinderService, analytics: AnalyticsRecorder = .disabled) {
        self.id = id
        self.service = service
        self.analytics = analytics
    }

    /// Loads the area (again).
    @discardableResult
    public func load() -> Task<Void, Never> {
        if !viewed {
            viewed = true
            analytics.screen(.area)
        }
        state = .loading
        return Task {
            do throws(ClientFailure) {
                state = .loaded(try await service.area(id, limit: Self.limit))
            } catch {
                state = .failed(error.message)
            }
        }
    }
}
