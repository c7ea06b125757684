import Foundation
import Recommender
import RepoFinderCore
import Storage
import Synchronization
import TestSupport
import Testing

@testable import Dealing

/// A session due for a refresh answers from memory and reads the store again behind the requests, a few sessions at a
/// time.
@Suite("Session refresh")
struct SessionRefreshTests {
    @Test("a session due for a refresh reads what changed elsewhere, behind the requests", arguments: Engine.available)
    func refreshesBehind(engine: Engine) async throws {
        try await withStore(engine) { test in
            try await SyntheticCatalog.seed(test.store)
            let account = try await test.store.createUser(tokenHash: "refresh-behind", at: Date())
            let deck = try await RecommenderService.make(store: test.store, logger: DealingTests.logger)
            let sessions = DealingSessions(store: test.store, served: deck.served, refresh: .milliseconds(20))
            let session = sessions.session(account.id)
            _ = try await session.deal(size: 3, filter: DeckFilter(), recommender: deck.recommender)

            // A like stored by someone else (another server, the command line): this server's session does not know.
            let liked = try RepositoryName(parsing: SyntheticCatalog.name("Rust", 2))
            let like = Interaction(id: "elsewhere-1", repository: liked, kind: .like, at: Date())
            _ = try await test.store.recordInteractions([like], userID: account.id)
            #expect(try await !session.seen(in: deck.recommender.index).signalled.contains(liked.key))

            // Once due, the next request starts a refresh; the session learns the like without a request waiting.
            try await Task.sleep(for: .milliseconds(40))
            var learned = false
            for _ in 0..<200 where !learned {
                _ = try await session.deal(size: 1, filter: DeckFilter(), recommender: deck.recommender)
                learned = try await session.seen(in: deck.recommender.index).signalled.contains(liked.key)
                if !learned { try await Task.sleep(for: .milliseconds(25)) }
            }
            #expect(learned, "the refresh read the like")

            // This server's own like counts at once, whatever the refreshes do.
            let mine = try RepositoryName(parsing: SyntheticCatalog.name("Go", 3))
            await session.didRecord([Interaction(id: "here-1", repository: mine, kind: .like, at: Date())])
            #expect(try await session.seen(in: deck.recommender.index).signalled.contains(mine.key))
        }
    }

    @Test("at most the limit of refreshes run at once, and every one runs")
    func limiter() async {
        let limiter = RefreshLimiter(limit: 2)
        let counts = RunningCount()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    await limiter.run {
                        counts.start()
                        try? await Task.sleep(for: .milliseconds(5))
                        counts.end()
                    }
                }
            }
        }
        let final = counts.value
        #expect(final.most == 2)
        #expect(final.done == 12)
        #expect(final.running == 0)
    }
}

/// How many run at once, the most at any time, and how many ended.
private final class RunningCount: Sendable {
    private let counts = Mutex((running: 0, most: 0, done: 0))

    func start() {
        counts.withLock {
            $0.running += 1; $0.most = max($0.most, $0.running)
        }
    }
    func end() {
        counts.withLock {
            $0.running -= 1; $0.done += 1
        }
    }
    var value: (running: Int, most: Int, done: Int) { counts.withLock { $0 } }
}
