import Foundation
import RepoFinderCore

/// Which page to read: pages count from 1; at most ``maximumPerPage`` items a page.
public struct PageRequest: Hashable, Sendable {
    public let page: Int
    public let perPage: Int

    /// Largest page size.
    public static let maximumPerPage = 100

    /// Clamps to valid values: page ≥ 1, 1 ≤ perPage ≤ 100.
    public init(page: Int = 1, perPage: Int = 20) {
        self.page = max(1, page)
        self.perPage = min(max(1, perPage), Self.maximumPerPage)
    }

    /// Rows to skip.
    public var offset: Int { (page - 1) * perPage }
}

/// One page of results and the total across all pages.
public struct Page<Item: Hashable & Sendable>: Hashable, Sendable {
    public var items: [Item]
    public var total: Int
    public var request: PageRequest

    public init(items: [Item], total: Int, request: PageRequest) {
        self.items = items
        self.total = total
        self.request = request
    }
}
