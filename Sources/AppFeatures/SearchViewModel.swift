import Foundation
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// Full-text search: typing is debounced (a search starts once the words stop changing for ``debounce``), an answer
/// to older words is dropped, results page on scroll, and order and language filter the results.
@Observable @MainActor
public final class SearchViewModel {
    public enum Event: Hashable, Sendable {
        case queryChanged(String)
        case setOrder(SearchOrder)
        /// nil or blank: every language.
        case setLanguage(String?)
        case loadMore
        case retry
    }

    public private(set) var query = ""
    public private(set) var order = SearchOrder.bestMatch
    public private(set) var language: String?
    /// Results across all pages, as the server counts them.
    public private(set) var total: Int?
    private var loader = PagedLoader<Repository>()
    private var pending: Task<Void, Never>?
    private let service: any DiscoveryService
    private let debounce: Duration
    private let perPage: Int

    /// ``ListState/idle`` while the words are blank.
    public var state: ListState { loader.state }
    public var results: [Repository] { loader.pages.items }
    public var moreError: String? { loader.moreError }
    public var isLoadingMore: Bool { loader.isLoadingMore }

    public init(service: any DiscoveryService, debounce: Duration = .milliseconds(300), perPage: Int = 20) {
        self.service = service
        self.debounce = debounce
        self.perPage = perPage
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .queryChanged(let text):
            query = text
            return restart(after: debounce)
        case .setOrder(let order):
            self.order = order
            return restart(after: .zero)
        case .setLanguage(let language):
            let trimmed = language?.trimmingCharacters(in: .whitespaces) ?? ""
            self.language = trimmed.isEmpty ? nil : trimmed
            return restart(after: .zero)
        case .retry:
            return restart(after: .zero)
        case .loadMore:
            guard loader.canLoadMore else { return Task {} }
            loader.isLoadingMore = true
            return search(page: loader.pages.nextPage)
        }
    }

    /// The words as sent: trimmed, at most 256 characters.
    private var words: String {
        String(query.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Route.maximumQueryLength))
    }

    private func restart(after delay: Duration) -> Task<Void, Never> {
        pending?.cancel()
        loader.reset()
        total = nil
        guard !words.isEmpty else {
            loader.state = .idle
            return Task {}
        }
        let generation = loader.generation
        let task = Task {
            if delay > .zero {
                do { try await Task.sleep(for: delay) } catch { return }
            }
            guard generation == loader.generation else { return }
            await search(page: 1).value
        }
        pending = task
        return task
    }

    private func search(page: Int) -> Task<Void, Never> {
        let request = SearchRequest(
            query: words, language: language, order: order, page: page, perPage: perPage)
        let generation = loader.generation
        return Task {
            do throws(ClientFailure) {
                let result = try await service.search(request)
                if generation == loader.generation { total = result.total }
                loader.apply(result, generation: generation)
            } catch {
                loader.apply(error, generation: generation)
            }
        }
    }
}
