import Foundation
import Localization
public import Observation
public import OfflineStore
public import RepoFinderClient
public import RepoFinderCore

/// The saved or the liked list: most recent first, pages on scroll, refresh, remove (at once on screen; put back with
/// the reason if the server refuses). With a ``ListCache`` and the ``Outbox``, the list works offline: what loaded
/// is kept on the device, and without a connection the kept list shows — with what this device did since (likes and
/// saves still queued are on it and ``waiting``; a removal is queued and sent when the connection is back).
@Observable @MainActor
public final class ListViewModel {
    public enum Event: Hashable, Sendable {
        case appear
        case refresh
        case loadMore
        case remove(RepositoryName)
    }

    public let list: UserList
    /// What the person should know about the last removal that did not go through.
    public private(set) var notice: String?
    /// Whether the list shows what the device keeps, because the server could not be reached.
    public private(set) var offline = false
    /// Keys of the entries this device added that have not reached the server yet.
    public private(set) var waiting: Set<String> = []
    private var loader = PagedLoader<ListEntry>()
    private let service: any RepoFinderService
    private let perPage: Int
    private let cache: ListCache?
    private let outbox: Outbox?
    private let analytics: AnalyticsRecorder

    public var state: ListState { loader.state }
    public var items: [ListEntry] { loader.pages.items }
    public var moreError: String? { loader.moreError }
    public var isLoadingMore: Bool { loader.isLoadingMore }

    /// - Parameter analytics: where the screen view goes (on ``Event/appear``: `saved` or `liked`).
    public init(
        list: UserList, service: any RepoFinderService, perPage: Int = 20, cache: ListCache? = nil,
        outbox: Outbox? = nil, analytics: AnalyticsRecorder = .disabled
    ) {
        self.analytics = analytics
        self.list = list
        self.service = service
        self.perPage = perPage
        self.cache = cache
        self.outbox = outbox
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            analytics.screen(list == .saved ? .saved : .liked)
            guard loader.state == .idle else { return Task {} }
            loader.reset()
            return load(page: 1)
        case .refresh:
            loader.reset()
            return load(page: 1)
        case .loadMore:
            guard loader.canLoadMore else { return Task {} }
            loader.isLoadingMore = true
            return load(page: loader.pages.nextPage)
        case .remove(let name):
            return remove(name)
        }
    }

    private func load(page: Int) -> Task<Void, Never> {
        let (generation, list, perPage) = (loader.generation, list, perPage)
        return Task {
            do throws(ClientFailure) {
                let answer = try await service.list(list, page: page, perPage: perPage)
                offline = false
                loader.apply(answer, generation: generation)
                keepLoaded()
            } catch {
                if error == .noConnection, page == 1, showKept(generation: generation) { return }
                loader.apply(error, generation: generation)
            }
        }
    }

    /// Keys of the likes or saves (whichever this list holds) still in the outbox.
    private func queuedKeys() -> Set<String> {
        let kind: InteractionKind = list == .liked ? .like : .save
        let pending = (try? outbox?.pending()) ?? []
        return Set(
            pending.filter { $0.operation == .record && $0.interaction.kind == kind }.map(\.interaction.repository.key))
    }

    /// Keeps what loaded on the device (and what this device did that the server has not heard of yet).
    private func keepLoaded() {
        guard let cache else { return }
        waiting = []
        try? cache.replace(list, with: loader.pages.items, keeping: queuedKeys())
    }

    /// Shows the list as kept on the device; false when nothing is kept (the failure shows instead).
    private func showKept(generation: Int) -> Bool {
        guard let cache, let kept = try? cache.entries(list), !kept.isEmpty, generation == loader.generation else {
            return false
        }
        offline = true
        waiting = queuedKeys()
        loader.apply(
            ResultPage(items: kept, page: 1, perPage: max(perPage, kept.count), total: kept.count),
            generation: generation)
        return true
    }

    private func remove(_ name: RepositoryName) -> Task<Void, Never> {
        guard let removed = loader.pages.remove(id: name.key) else { return Task {} }
        notice = nil
        if loader.pages.items.isEmpty { loader.state = .empty }
        try? cache?.remove(name, from: list)
        let (list, outbox) = (list, outbox)
        return Task {
            do throws(ClientFailure) {
                try await service.remove(name, from: list)
            } catch .notFound {
                // Already off the list (removed elsewhere): what the screen shows is right.
            } catch .noConnection where outbox != nil {
                // Taken off here now; on the server when the connection is back.
                if (try? outbox?.unlist(name, from: list, at: Date())) == nil {
                    loader.pages.insert(removed.item, at: removed.offset)
                    loader.state = .loaded
                    notice = Words(Language.device).text("app.list.unkept.\(list.rawValue)", name.fullName)
                }
            } catch {
                try? cache?.add(removed.item, to: list)
                loader.pages.insert(removed.item, at: removed.offset)
                loader.state = .loaded
                notice = Words(Language.device).text("app.list.refused.\(list.rawValue)", name.fullName, error.message)
            }
        }
    }
}
