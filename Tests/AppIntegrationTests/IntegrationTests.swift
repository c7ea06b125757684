import AppFeatures
import AppServerSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import TestSupport
import Testing

@Suite("View models against the real server (in process, over HTTP)")
@MainActor
struct IntegrationTests {
    @Test("onboarding, then the deck: likes, saves, a skip undone, a refill; lists, profile and detail agree")
    func wholeApp() async throws {
        try await LiveServer.run { url, _ in
            let client = LiveServer.client(url)
            let database = try LocalDatabase.inMemory()
            let outbox = Outbox(database: database)

            let onboarding = await OnboardingViewModel(service: client)
            await onboarding.send(.appear).value
            #expect(await onboarding.state == .editing(.stars))
            await onboarding.send(.next)
            #expect(await onboarding.state == .editing(.about))
            let clusters = await onboarding.clusters
            #expect(clusters.contains { $0.id == "systems" })
            await onboarding.send(.choosePrimary("systems"))
            await onboarding.send(.addTech("Rust"))
            await onboarding.send(.skip).value
            #expect(await onboarding.state == .finished)
            #expect(try await client.preferences().onboardingCompleted)

            let deck = await DeckViewModel(
                service: client, outbox: outbox, cache: CardCache(database: database))
            await deck.send(.appear).value
            #expect(await deck.state == .ready)
            #expect(await deck.cards.count == 20)
            let liked = try #require(await deck.current)
            await deck.send(.like).value
            let saved = try #require(await deck.current)
            await deck.send(.save).value
            let skipped = try #require(await deck.current)
            await deck.send(.skip).value
            #expect(try await client.stats().counts[.skip] == 1)
            await deck.send(.undo).value
            #expect(await deck.current == skipped)
            #expect(try await client.stats().counts[.skip] == 0, "the skip was withdrawn on the server")
            for _ in 0..<13 { await deck.send(.skip).value }
            #expect(await deck.cards.count > 5, "the next batch came when 5 remained")
            #expect(await deck.lastFlush?.remaining == 0)

            let likedList = await ListViewModel(list: .liked, service: client)
            await likedList.send(.appear).value
            #expect(await likedList.items.map(\.id) == [liked.id])
            let savedList = await ListViewModel(list: .saved, service: client)
            await savedList.send(.appear).value
            #expect(await savedList.items.map(\.id) == [saved.id])
            await savedList.send(.remove(saved.repository.repositoryName)).value
            #expect(await savedList.items.isEmpty)
            #expect(try await client.list(.saved, page: 1, perPage: 10).total == 0)

            let profile = await ProfileViewModel(service: client)
            await profile.send(.appear).value
            guard case .loaded(let preferences, let stats) = await profile.state else {
                Issue.record("profile: \(await profile.state)")
                return
            }
            #expect(preferences.primaryCluster == "systems")
            #expect(stats.counts[.like] == 1)
            #expect(stats.counts[.skip] == 13)
            // The lists as they are now: the save was removed above, though it still counts as a save made.
            #expect(stats.liked == 1 && stats.saved == 0 && stats.counts[.save] == 1)

            // The deck may have recorded a view of its own: a card that reached the top while the unseen ones went
            // back (a slow give-back, as on a busy machine). So the detail's view is counted from what is there now.
            _ = await outbox.flush(to: client)
            let viewsBefore = try await client.stats().counts[.view] ?? 0
            let detail = await RepositoryDetailViewModel(
                name: liked.repository.repositoryName, service: client, outbox: outbox)
            await detail.send(.appear).value
            // The server says where it stands with the person: liked (and nothing else).
            var expected = liked.repository
            expected.viewer = RepositoryState(liked: true)
            #expect(await detail.state == .loaded(expected))
            #expect(await detail.liked)
            #expect(await !detail.saved)
            #expect(await !detail.similar.isEmpty)
            // The view goes out through the outbox, behind the detail's appearance: it arrives within moments (a
            // read at once missed it once, in the quick tier on a busy machine).
            var views = try await client.stats().counts[.view] ?? 0
            for _ in 0..<300 where views != viewsBefore + 1 {
                try await Task.sleep(for: .milliseconds(100))
                views = try await client.stats().counts[.view] ?? 0
            }
            #expect(views == viewsBefore + 1)
        }
    }

    @Test("trending and search read the real catalog, page by page")
    func catalogScreens() async throws {
        try await LiveServer.run { url, _ in
            let client = LiveServer.client(url)
            let trending = await TrendingViewModel(service: client, perPage: 10)
            await trending.send(.appear).value
            #expect(await trending.items.count == 10)
            await trending.send(.loadMore).value
            #expect(await trending.items.count == 20)
            await trending.send(.setLanguage("Python")).value
            #expect(await trending.items.allSatisfy { $0.repository.language == "Python" })

            let search = await SearchViewModel(service: client, debounce: .milliseconds(10), perPage: 5)
            await search.send(.queryChanged("python")).value
            #expect(await search.total == 12)
            #expect(await search.results.count == 5)
            await search.send(.loadMore).value
            await search.send(.loadMore).value
            #expect(await search.results.count == 12)
            #expect(await search.state == .loaded)
        }
    }
}
