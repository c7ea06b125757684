/// Where a list screen is: nothing asked yet, loading its first page, showing items, showing that there are none,
/// or failed (with what to tell the person).
public enum ListState: Hashable, Sendable {
    case idle
    case loading
    case loaded
    case empty
    case failed(String)
}

/// The pages of a list read so far: the items (each once), the next page to ask for, and whether more may come.
public struct PagedItems<Item: Identifiable & Hashable & Sendable>: Sendable where Item.ID: Sendable {
    public private(set) var items: [Item] = []
    public private(set) var nextPage = 1
    public private(set) var hasMore = true

    public init() {}

    /// Adds a page (items already shown are not repeated).
    mutating func append(_ newItems: [Item], hasMore: Bool) {
        let known = Set(items.map(\.id))
        items += newItems.filter { !known.contains($0.id) }
        self.hasMore = hasMore && !newItems.isEmpty
        nextPage += 1
    }

    /// Takes an item out; returns where it was.
    mutating func remove(id: Item.ID) -> (offset: Int, item: Item)? {
        guard let offset = items.firstIndex(where: { $0.id == id }) else { return nil }
        return (offset, items.remove(at: offset))
    }

    /// Puts an item back where it was.
    mutating func insert(_ item: Item, at offset: Int) {
        items.insert(item, at: min(offset, items.count))
    }
}
