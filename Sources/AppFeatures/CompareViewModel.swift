import Localization
public import Observation
public import OfflineStore
public import RepoFinderClient
public import RepoFinderCore

/// 2–4 repositories side by side: the facts with the better value marked, each one's reason and fit, and the tray
/// that collects them (kept on the device).
@Observable @MainActor
public final class CompareViewModel {
    public enum State: Sendable {
        case empty
        case loading
        case loaded(RepositoryComparison)
        case failed(String)
    }

    public enum Event: Hashable, Sendable {
        /// Compare these (a deep link, the tray's Compare).
        case compare([RepositoryName])
        /// Compare what is in the tray.
        case compareTray
        /// Put a repository in the tray or take it out.
        case toggle(RepositoryName)
        case clearTray
    }

    public private(set) var state = State.empty
    public private(set) var tray: [RepositoryName] = []
    public private(set) var notice: String?
    private let service: any RepoFinderService
    private let trayStore: CompareTray
    private let analytics: AnalyticsRecorder

    /// - Parameter analytics: where the screen view and each comparison (how many repositories) go.
    public init(service: any RepoFinderService, tray: CompareTray, analytics: AnalyticsRecorder = .disabled) {
        self.analytics = analytics
        self.service = service
        self.trayStore = tray
        self.tray = (try? tray.items()) ?? []
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .compare(let names):
            return load(names)
        case .compareTray:
            return load(tray)
        case .toggle(let name):
            do {
                try trayStore.toggle(name)
                notice = nil
            } catch {
                notice = "\(error)"
            }
            tray = (try? trayStore.items()) ?? tray
        case .clearTray:
            try? trayStore.clear()
            tray = []
        }
        return Task {}
    }

    private func load(_ names: [RepositoryName]) -> Task<Void, Never> {
        do {
            _ = try CompareRequest.names(list: names.map(\.fullName))
        } catch {
            state = .failed(Words(Language.device).compareProblem(error))
            return Task {}
        }
        state = .loading
        analytics.screen(.compare)
        return Task {
            do throws(ClientFailure) {
                let comparison = try await service.compare(names)
                state = .loaded(comparison)
                analytics.track(.compare, count: comparison.comparison.entries.count)
            } catch {
                state = .failed(error.message)
            }
        }
    }
}
