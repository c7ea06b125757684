import Localization
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// A curated list's heading: what the list places there and below, in the curators' order.
@Observable @MainActor
public final class ListSectionViewModel {
    public enum State: Hashable, Sendable {
        case loading
        case loaded(ListSectionPage)
        case failed(String)
    }

    /// How many repositories a heading shows.
    public static let limit = 100
    /// The list's id.
    public let list: String
    /// The heading path, outermost first.
    public let heading: [String]
    public private(set) var state = State.loading
    /// Whether the next page is being read (``loadMore()``).
    public private(set) var isLoadingMore = false
    /// Why the next page could not be read, until the next try.
    public private(set) var moreFailure: String?
    private let service: any RepoFinderService

    public init(list: String, heading: [String], service: any RepoFinderService) {
        self.list = list
        self.heading = heading
        self.service = service
    }

    /// Loads the heading (again).
    @discardableResult
    public func load() -> Task<Void, Never> {
        state = .loading
        return Task {
            do throws(ClientFailure) {
                state = .loaded(
                    try await service.listSection(list: list, heading: heading, limit: Self.limit, page: 1))
            } catch {
                state = .failed(error.message)
            }
        }
    }

    /// Reads the next page of the heading's repositories and adds it, when the catalog has more than those shown.
    @discardableResult
    public func loadMore() -> Task<Void, Never>? {
        guard case .loaded(let shown) = state, shown.hasMore, !isLoadingMore else { return nil }
        isLoadingMore = true
        moreFailure = nil
        let next = shown.repositories.count / Self.limit + 1
        return Task {
            defer { isLoadingMore = false }
            do throws(ClientFailure) {
                let page = try await service.listSection(list: list, heading: heading, limit: Self.limit, page: next)
                guard case .loaded(var current) = state else { return }
                let known = Set(current.repositories.map(\.id))
                current.repositories += page.repositories.filter { !known.contains($0.id) }
                // An empty page (the catalog changed meanwhile) ends the list rather than asking again.
                current.inCatalog = page.repositories.isEmpty ? current.repositories.count : page.inCatalog
                state = .loaded(current)
            } catch {
                moreFailure = error.message
            }
        }
    }
}

extension ListSectionViewModel {
    /// How many repositories the list places here, in the device's language.
    public static func about(_ page: ListSectionPage) -> String {
        Words(Language.device).text("app.list.about", page.listed)
    }

    /// How many repositories a heading below holds, in the device's language.
    public static func count(_ subheading: ListSectionPage.Subheading) -> String {
        Words(Language.device).text("app.list.count", subheading.count)
    }
}

extension RepositoryListing {
    /// The heading path as one line, outermost first ("Developer Tools › Queues").
    public var headingPath: String { heading.joined(separator: " › ") }
}
