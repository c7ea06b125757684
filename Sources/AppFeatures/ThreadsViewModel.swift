public import Foundation
public import Observation
public import RepoFinderClient

/// The Ask history: the person's threads grouped Pinned / Today / Yesterday / Last 7 days / Older / Archived, with the
/// monthly quota; start a thread, rename, pin, archive, delete.
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
    }

    public private(set) var state = State.loading
    /// Something to tell the person (a change that did not take).
    public private(set) var notice: String?
    private let service: any ChatService
    private let timeZone: String

    public init(service: any ChatService, timeZone: String = TimeZone.current.identifier) {
        self.service = service
        self.timeZone = timeZone
    }

    /// "12 of 50 questions left this month · renews on 2026-12-01", or nil without a limit.
    public var quotaLine: String? {
        guard case .loaded(let threads) = state, let limit = threads.quota.limit else { return nil }
        let left = threads.quota.left ?? max(0, limit - threads.quota.used)
        return "\(left) of \(limit) questions left this month · renews on \(threads.quota.renewsOn)"
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear: return load()
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

    private func load() -> Task<Void, Never> {
        Task {
            do throws(ClientFailure) {
                state = .loaded(try await service.threads(timeZone: timeZone))
            } catch {
                if case .loaded = state { notice = error.message } else { state = .failed(error.message) }
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
