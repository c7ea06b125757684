import Foundation
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// Trending repositories: a window (day, week, month), an optional language, pages on scroll, refresh.
@Observable @MainActor
public final class TrendingViewModel {
    public enum Event: Hashable, Sendable {
        case appear
        case setWindow(TrendingWindow)
        /// nil or blank: every language.
        case setLanguage(String?)
        case loadMore
        case refresh
    }

    public private(set) var window: TrendingWindow
    public private(set) var language: String?
    private var loader = PagedLoader<TrendingEntry>()
    private let service: any RepoFinderService
    private let perPage: Int
    private let analytics: AnalyticsRecorder

    public var state: ListState { loader.state }
    public var items: [TrendingEntry] { loader.pages.items }
    public var moreError: String? { loader.moreError }
    public var isLoadingMore: Bool { loader.isLoadingMore }

    /// - Parameter analytics: where the screen view goes (on ``Event/appear``).
    public init(
        service: any RepoFinderService, window: TrendingWindow = .standard, language: String? = nil, perPage: Int = 20,
        analytics: AnalyticsRecorder = .disabled
    ) {
        self.analytics = analytics
        self.service = service
        self.window = window
        self.language = language
        self.perPage = perPage
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            analytics.screen(.trending)
            guard loader.state == .idle else { return Task {} }
            return reload()
        case .setWindow(let window):
            self.window = window
            return reload()
        case .setLanguage(let language):
            let trimmed = language?.trimmingCharacters(in: .whitespaces) ?? ""
            self.language = trimmed.isEmpty ? nil : trimmed
            return reload()
        case .refresh:
            return reload()
        case .loadMore:
            guard loader.canLoadMore else { return Task {} }
            loader.isLoadingMore = true
            return load(page: loader.pages.nextPage)
        }
    }

    private func reload() -> Task<Void, Never> {
        loader.reset()
        return load(page: 1)
    }

    private func load(page: Int) -> Task<Void, Never> {
        let (generation, language, window, perPage) = (loader.generation, language, window, perPage)
        return Task {
            do throws(ClientFailure) {
                let result = try await service.trending(
                    language: language, window: window, page: page, perPage: perPage)
                loader.apply(result, generation: generation)
            } catch {
                loader.apply(error, generation: generation)
            }
        }
    }
}
