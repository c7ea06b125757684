extension DataStore {
    /// Adds a thread however many the person holds (see ``DataStore/createThread(_:userID:limit:)``).
    public func createThread(_ thread: AskThread, userID: String) async throws {
        _ = try await createThread(thread, userID: userID, limit: .max)
    }

    /// Every thread of the person in list order, read a page at a time (for tools and tests; the API pages).
    public func threads(userID: String) async throws -> [AskThread] {
        var all: [AskThread] = []
        var cursor: AskThreadCursor?
        while true {
            let page = try await threads(userID: userID, after: cursor, limit: 200)
            all += page
            guard page.count == 200, let last = page.last else { return all }
            cursor = AskThreadCursor(after: last)
        }
    }
}
