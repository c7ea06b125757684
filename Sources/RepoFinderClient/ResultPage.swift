/// One page of a paged list and where it sits: pages count from 1.
public struct ResultPage<Item: Hashable & Sendable>: Hashable, Sendable {
    public var items: [Item]
    public var page: Int
    public var perPage: Int
    /// Items across all pages, when the server counts them.
    public var total: Int?

    public init(items: [Item], page: Int, perPage: Int, total: Int? = nil) {
        self.items = items
        self.page = page
        self.perPage = perPage
        self.total = total
    }

    /// Whether a next page may hold more.
    public var hasMore: Bool {
        if let total { return page * perPage < total }
        return items.count == perPage
    }
}
