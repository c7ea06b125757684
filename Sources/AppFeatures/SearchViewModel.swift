import Foundation
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// Full-text search: typing is debounced (a search starts once the words stop changing for ``debounce``), an answer
/// to older words is dropped, results page on scroll, and order and language filter the results. While typing,
/// suggestions (repositories, topics, languages) come sooner (``suggestionDelay``); results carry the words to mark
/// and, when a word is unknown, a correction to offer.
@Observable @MainActor
public final class SearchViewModel {
    public enum Event: Hashable, Sendable {
        /// The search screen is shown (for analytics: a screen view).
        case appear
        case queryChanged(String)
        case setOrder(SearchOrder)
        /// nil or blank: every language.
        case setLanguage(String?)
        case loadMore
        case retry
        /// Takes a suggestion: a topic searches for its words, a language filters by it (the words cleared); a
        /// repository is for the app to open. The suggestions close either way.
        case chooseSuggestion(SearchSuggestion)
        /// Searches the corrected words (``didYouMean``).
        case acceptCorrection
        /// Closes the suggestions (Escape, a tap elsewhere).
        case dismissSuggestions
    }

    public private(set) var query = ""
    public private(set) var order = SearchOrder.bestMatch
    public private(set) var language: String?
    /// Results across all pages, as the server counts them.
    public private(set) var total: Int?
    /// What to offer for the words being typed; empty when there is nothing to offer or they were dismissed.
    public private(set) var suggestions: [SearchSuggestion] = []
    /// Lowercased words of the results that matched, to mark (``SearchHighlight`` finds them in a text).
    public private(set) var highlights: Set<String> = []
    /// The words with an unknown one corrected, to offer as "Did you mean …?".
    public private(set) var didYouMean: String?
    private var loader = PagedLoader<Repository>()
    private var pending: Task<Void, Never>?
    private var pendingSuggestions: Task<Void, Never>?
    private let service: any RepoFinderService
    private let debounce: Duration
    private let suggestionDelay: Duration
    private let perPage: Int
    private let analytics: AnalyticsRecorder

    /// ``ListState/idle`` while the words are blank.
    public var state: ListState { loader.state }
    public var results: [Repository] { loader.pages.items }
    public var moreError: String? { loader.moreError }
    public var isLoadingMore: Bool { loader.isLoadingMore }

    /// - Parameter analytics: where search's analytics events go: each search's length and how many it found (its
    ///   words only when it found nothing), and the screen shown.
    public init(
        service: any RepoFinderService, debounce: Duration = .milliseconds(300),
        suggestionDelay: Duration = .milliseconds(120), perPage: Int = 20, analytics: AnalyticsRecorder = .disabled
    ) {
        self.analytics = analytics
        self.service = service
        self.debounce = debounce
        self.suggestionDelay = suggestionDelay
        self.perPage = perPage
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            analytics.screen(.search)
            return Task {}
        case .queryChanged(let text):
            query = text
            let suggesting = suggest()
            let searching = restart(after: debounce)
            return Task {
                await suggesting.value
                await searching.value
            }
        case .setOrder(let order):
            self.order = order
            return restart(after: .zero)
        case .setLanguage(let language):
            let trimmed = language?.trimmingCharacters(in: .whitespaces) ?? ""
            self.language = trimmed.isEmpty ? nil : trimmed
            return restart(after: .zero)
        case .retry:
            return restart(after: .zero)
        case .chooseSuggestion(let suggestion):
            closeSuggestions()
            switch suggestion.kind {
            case .repository: return Task {}
            case .topic: query = suggestion.text.replacingOccurrences(of: "-", with: " ")
            case .language:
                language = suggestion.text
                query = ""
            }
            return restart(after: .zero)
        case .acceptCorrection:
            guard let didYouMean else { return Task {} }
            query = didYouMean
            closeSuggestions()
            return restart(after: .zero)
        case .dismissSuggestions:
            closeSuggestions()
            return Task {}
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

    private func closeSuggestions() {
        pendingSuggestions?.cancel()
        suggestions = []
    }

    /// Asks for suggestions for the words once they have not changed for ``suggestionDelay``; an answer to older
    /// words is dropped, and a failure just offers nothing (the search itself says what went wrong).
    private func suggest() -> Task<Void, Never> {
        pendingSuggestions?.cancel()
        let words = self.words
        // A `repoverse:` link being pasted is not a search.
        guard !words.isEmpty, !words.lowercased().hasPrefix("repoverse:") else {
            suggestions = []
            return Task {}
        }
        let task = Task {
            do { try await Task.sleep(for: suggestionDelay) } catch { return }
            let found: [SearchSuggestion]
            do throws(ClientFailure) {
                found = try await service.searchSuggestions(words, limit: 8)
            } catch {
                found = []
            }
            guard !Task.isCancelled, words == self.words else { return }
            suggestions = found
        }
        pendingSuggestions = task
        return task
    }

    private func restart(after delay: Duration) -> Task<Void, Never> {
        pending?.cancel()
        loader.reset()
        total = nil
        highlights = []
        didYouMean = nil
        // Words, or a language to browse.
        guard !words.isEmpty || language != nil else {
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
                let found = try await service.search(request)
                if generation == loader.generation {
                    total = found.results.total
                    highlights.formUnion(found.highlights)
                    if page == 1 {
                        didYouMean = found.didYouMean
                        if !request.query.isEmpty {
                            analytics.search(request.query, found: found.results.total ?? found.results.items.count)
                        }
                    }
                }
                loader.apply(found.results, generation: generation)
            } catch {
                loader.apply(error, generation: generation)
            }
        }
    }
}
