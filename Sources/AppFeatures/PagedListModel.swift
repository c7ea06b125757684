import RepoFinderClient

/// What Trending, Search and the lists share: loading the first page, further pages on scroll, and the state.
/// `fetch(page)` asks the server for one page; `generation` changes when the question changes (filters, words) so an
/// answer to an old question is dropped.
@MainActor
struct PagedLoader<Item: Identifiable & Hashable & Sendable> where Item.ID: Sendable {
    var state: ListState = .idle
    var pages = PagedItems<Item>()
    /// Why the last "more" failed (the items so far stay).
    var moreError: String?
    var isLoadingMore = false
    var generation = 0

    /// Starts over for a new question.
    mutating func reset() {
        generation += 1
        pages = PagedItems()
        moreError = nil
        isLoadingMore = false
        state = .loading
    }

    /// Whether a next page should be asked for now.
    var canLoadMore: Bool { state == .loaded && pages.hasMore && !isLoadingMore }

    /// Applies a page (if it answers the current question).
    mutating func apply(_ page: ResultPage<Item>, generation: Int) {
        guard generation == self.generation else { return }
        pages.append(page.items, hasMore: page.hasMore)
        isLoadingMore = false
        moreError = nil
        state = pages.items.isEmpty ? .empty : .loaded
    }

    /// Applies a failure (if it answers the current question): a first page fails the screen, a later one only
    /// the "more" row.
    mutating func apply(_ failure: ClientFailure, generation: Int) {
        guard generation == self.generation else { return }
        if pages.items.isEmpty {
            state = .failed(failure.message)
        } else {
            moreError = failure.message
        }
        isLoadingMore = false
    }
}
