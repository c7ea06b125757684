public import Foundation
import Localization
public import Observation
public import RepoFinderClient
import RepoFinderCore

/// The Ask history: the person's threads grouped Pinned / Today / Yesterday / Last 7 days / Older / Archived, with the
/// monthly quota; start a thread, rename, pin, archive, delete. The server lists threads a page at a time: the first
/// page (50, the most recent) shows at once and ``Event/loadMore`` (a list scrolled to its end) adds the next; after a
/// change the list is read again as far as it had been shown.
@Observable @MainActor
public final class ThreadsViewModel {
    public enum State: Hashable, Sendable {
        case loading
        case loaded(ChatThreads)
        case failed(String)
    }

    public enum Event: Hashable, Sendable {
        case appear
        case rename(id: String, title: String)
        case pin(id: String, Bool)
        case archive(id: String, Bool)
        case delete(id: String)
        /// The next page of older threads, when there is one (``canLoadMore``).
        case loadMore
    }

    public private(set) var state = State.loading
    /// Something to tell the person (a change that did not take).
    public private(set) var notice: String?
    private let service: any ChatService
    private let timeZone: String
    private let analytics: AnalyticsRecorder

    /// - Parameter analytics: where the screen view goes (on ``Event/appear``).
    public init(
        service: any ChatService, timeZone: String = TimeZone.current.identifier,
        analytics: AnalyticsRecorder = .disabled
    ) {
        self.service = service
        self.timeZone = timeZone
        self.analytics = analytics
    }

    /// Whether older threads are on the server beyond those shown.
    public var canLoadMore: Bool {
        guard case .loaded(let threads) = state else { return false }
        return threads.nextCursor != nil
    }

    /// "12 of 50 questions left this month · renews on 2026-12-01", or nil without a limit.
    public var quotaLine: String? {
        guard case .loaded(let threads) = state, let limit = threads.quota.limit else { return nil }
        let left = threads.quota.left ?? max(0, limit - threads.quota.used)
        let words = Words(Language.device)
        let renews = Day(threads.quota.renewsOn).map { $0.spoken(words) } ?? threads.quota.renewsOn
        return words.text("facts.ask.quota", left, limit, renews)
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            analytics.screen(.ask)
            return load()
        case .loadMore: return loadMore()
        case .rename(let id, let title): return change(id, title: title)
        case .pin(let id, let pinned): return change(id, pinned: pinned)
        case .archive(let id, let archived): return change(id, archived: archived)
        case .delete(let id):
            return Task {
                do throws(ClientFailure) {
                    try await service.deleteThread(id)
                    await load().value
                } catch {
                    notice = error.message
                }
            }
        }
    }

    /// Starts a thread (for a chat screen to open).
    public func newThread() async throws(ClientFailure) -> ChatThread {
        try await service.newThread()
    }

    /// Reads the threads again: the first page, then more until as many as were shown (or all there are).
    private func load() -> Task<Void, Never> {
        Task {
            var shown = 0
            if case .loaded(let threads) = state { shown = threads.count }
            do throws(ClientFailure) {
                var threads = try await service.threads(timeZone: timeZone, after: nil)
                while threads.count < shown, let cursor = threads.nextCursor {
                    threads = threads.appending(try await service.threads(timeZone: timeZone, after: cursor))
                }
                state = .loaded(threads)
            } catch {
                if case .loaded = state { notice = error.message } else { state = .failed(error.message) }
            }
        }
    }

    /// Adds the next page of threads to those shown.
    private func loadMore() -> Task<Void, Never> {
        Task {
            guard case .loaded(let threads) = state, let cursor = threads.nextCursor else { return }
            do throws(ClientFailure) {
                let page = try await service.threads(timeZone: timeZone, after: cursor)
                // Unless the list was read again meanwhile.
                guard case .loaded(let current) = state, current.nextCursor == cursor else { return }
                state = .loaded(current.appending(page))
            } catch {
                notice = error.message
            }
        }
    }

    private func change(_ id: String, title: String? = nil, pinned: Bool? = nil, archived: Bool? = nil)
        -> Task<Void, Never>
    {
        Task {
            do throws(ClientFailure) {
                _ = try await service.changeThread(id, title: title, pinned: pinned, archived: archived)
                await load().value
            } catch {
                notice = error.message
            }
        }
    }
}
