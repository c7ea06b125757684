import AppFeatures
import AppServerSupport
import Foundation
import RepoFinderClient
import TestSupport
import Testing

/// Issue 42, finding 4, for the app: the server lists threads a page at a time; the history shows the most recent 50
/// at once, adds older ones on demand, and a change keeps as many shown as before.
@Suite("Ask history in the app core: threads a page at a time")
struct ThreadPagesTests {
    @Test("the threads view model shows the first page, loads more on demand, and keeps them through a change")
    @MainActor
    func historyPages() async throws {
        try await LiveServer.run { @MainActor url, _ in
            let client = LiveServer.client(url)
            var ids: [String] = []
            for _ in 0..<60 { ids.append(try await client.newThread().id) }
            let first = try await client.threads(timeZone: "Europe/Lisbon")
            #expect(first.count == 50)
            let cursor = try #require(first.nextCursor)
            let rest = try await client.threads(timeZone: "Europe/Lisbon", after: cursor)
            #expect(rest.count == 10)
            #expect(rest.nextCursor == nil)
            let all = first.appending(rest)
            #expect(all.groups.map(\.title) == ["Today"], "a group the next page continues grows")
            #expect(Set(all.groups.flatMap(\.threads).map(\.id)) == Set(ids))

            let threads = ThreadsViewModel(service: client, timeZone: "Europe/Lisbon")
            await threads.send(.appear).value
            guard case .loaded(let shown) = threads.state else {
                Issue.record("threads not loaded: \(threads.state)")
                return
            }
            #expect(shown.count == 50)
            #expect(threads.canLoadMore)
            await threads.send(.loadMore).value
            guard case .loaded(let more) = threads.state else { return }
            #expect(more.count == 60)
            #expect(!threads.canLoadMore)
            await threads.send(.pin(id: try #require(ids.first), true)).value
            guard case .loaded(let changed) = threads.state else { return }
            #expect(changed.count == 60, "read again as far as it had been shown")
            #expect(changed.groups.map(\.title) == ["Pinned", "Today"])
        }
    }
}
