import Foundation
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// The saved or the liked list: most recent first, pages on scroll, refresh, remove (at once on screen; put back with
/// the reason if the server refuses).
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
    private var loader = PagedLoader<ListEntry>()
    private let service: any DiscoveryService
    private let perPage: Int

    public var state: ListState { loader.state }
    public var items: [ListEntry] { loader.pages.items }
    public var moreError: String? { loader.moreError }
    public var isLoadingMore: Bool { loader.isLoadingMore }

    public init(list: UserList, service: any DiscoveryService, perPage: Int = 20) {
        self.list = list
        self.service = service
        self.perPage = perPage
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
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
                loader.apply(try await service.list(list, page: page, perPage: perPage), generation: generation)
            } catch {
                loader.apply(error, generation: generation)
            }
        }
    }

    private func remove(_ name: RepositoryName) -> Task<Void, Never> {
        guard let removed = loader.pages.remove(id: name.key) else { return Task {} }
        notice = nil
        if loader.pages.items.isEmpty { loader.state = .empty }
        let list = list
        return Task {
            do throws(ClientFailure) {
                try await service.remove(name, from: list)
            } catch .notFound {
                // Already off the list (removed elsewhere): what the screen shows is right.
            } catch {
                loader.pages.insert(removed.item, at: removed.offset)
                loader.state = .loaded
                notice = "\(name.fullName) is still on your \(list.rawValue) list: \(error.message)"
            }
        }
    }
}
