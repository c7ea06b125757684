import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Synchronization
import Testing

@Suite("Analytics events: queued in the outbox, sent with its flush, dropped when refused or turned off")
@MainActor
struct AnalyticsTests {
    let service = FakeService()
    let outbox: Outbox
    let analytics: AnalyticsRecorder

    init() throws {
        outbox = Outbox(database: try .inMemory())
        let counter = Mutex(0)
        analytics = AnalyticsRecorder(
            outbox: outbox, platform: .ios, now: { Date(timeIntervalSince1970: 1_800_000_000) },
            makeID: {
                counter.withLock { count in
                    count += 1
                    return "event-\(count)"
                }
            })
    }

    /// The events the fake stored, as `name label`.
    func sent() -> [String] {
        service.events.map { [$0.name.rawValue, $0.label].compactMap { $0 }.joined(separator: " ") }
    }

    @Test("queued offline, sent once online (each once), after the interactions; the queue empties")
    func offlineThenOnline() async throws {
        let offline = Mutex(true)
        let stored = Mutex<[String]>([])
        service.onSendEvents { events throws(ClientFailure) in
            if offline.withLock({ $0 }) { throw .noConnection }
            stored.withLock { $0 += events.map(\.id) }
            return AnalyticsReceipt(accepted: events.count, duplicates: 0)
        }
        service.storeInteractions()
        try outbox.enqueue(
            Interaction(id: "like-1", repository: try RepositoryName(parsing: "a/b"), kind: .like, at: Date()))
        analytics.track(.swipe, label: "like")
        analytics.screen(.discover)
        let first = await outbox.flush(to: service)
        #expect(first.remaining == 0, "the interaction went")
        #expect(first.events.stoppedBy == .noConnection)
        #expect(first.events.remaining == 2)
        #expect(try outbox.pendingEvents().map(\.id) == ["event-1", "event-2"])
        offline.withLock { $0 = false }
        let second = await outbox.flush(to: service)
        #expect(second.events.accepted == 2)
        #expect(second.events.remaining == 0)
        #expect(stored.withLock { $0 } == ["event-1", "event-2"])
        let calls = service.calls.filter { $0 == "record" || $0 == "sendEvents" }
        #expect(calls == ["record", "sendEvents", "sendEvents"], "events after the interactions")
        _ = await outbox.flush(to: service)
        #expect(stored.withLock { $0 }.count == 2, "nothing sent twice")
    }

    @Test("sent at most 100 at a time, oldest first")
    func batches() async throws {
        let sizes = Mutex<[Int]>([])
        service.onSendEvents { events in
            sizes.withLock { $0.append(events.count) }
            return AnalyticsReceipt(accepted: events.count, duplicates: 0)
        }
        for _ in 0..<230 { analytics.track(.undo) }
        let report = await outbox.flush(to: service)
        #expect(sizes.withLock { $0 } == [100, 100, 30])
        #expect(report.events.accepted == 230)
        #expect(try outbox.pendingEventCount() == 0)
    }

    @Test("an event the server refuses as invalid is dropped, not retried; the rest of its batch goes")
    func refused() async throws {
        let stored = Mutex<[String]>([])
        service.onSendEvents { events throws(ClientFailure) in
            if events.contains(where: { $0.label == "bad" }) { throw .rejected("'at' is too old.") }
            stored.withLock { $0 += events.compactMap(\.label) }
            return AnalyticsReceipt(accepted: events.count, duplicates: 0)
        }
        for label in ["a", "b", "bad", "c", "d"] { analytics.track(.screenView, label: label) }
        let report = await outbox.flush(to: service)
        #expect(report.events.dropped == 1)
        #expect(report.events.lastRefusal == "'at' is too old.")
        #expect(report.stoppedBy == nil, "the person is not told: analytics is not their concern")
        #expect(stored.withLock { $0 }.sorted() == ["a", "b", "c", "d"])
        #expect(try outbox.pendingEvents().isEmpty)
        let calls = service.count("sendEvents")
        _ = await outbox.flush(to: service)
        #expect(service.count("sendEvents") == calls, "nothing left to retry")
    }

    @Test("turned off: what waits is dropped unsent, nothing new is kept, nothing is sent; on again, events go")
    func turnedOff() async throws {
        analytics.track(.swipe, label: "like")
        analytics.track(.undo)
        #expect(try outbox.pendingEventCount() == 2)
        try analytics.setSharing(false)
        #expect(!analytics.isSharing)
        #expect(try outbox.pendingEventCount() == 0)
        analytics.track(.swipe, label: "skip")
        #expect(try outbox.pendingEventCount() == 0)
        _ = await outbox.flush(to: service)
        #expect(service.count("sendEvents") == 0)
        analytics.follow(UserPreferences(analytics: true))
        #expect(analytics.isSharing, "the preferences as loaded turn it back on")
        analytics.track(.swipe, label: "save")
        _ = await outbox.flush(to: service)
        #expect(sent() == ["swipe save"])
    }

    @Test("the Profile switch saves `analytics` with the preferences and drops what waits when turned off")
    func profileSwitch() async throws {
        let stored = Mutex(UserPreferences(techStack: ["Swift"], onboardingCompleted: true))
        service.onPreferences { stored.withLock { $0 } }
        service.onSavePreferences { preferences in
            stored.withLock { $0 = preferences }
            return preferences
        }
        service.onStats { PersonStats(counts: [:], languages: [], topics: []) }
        let model = ProfileViewModel(service: service, analytics: analytics)
        await model.send(.appear).value
        #expect(model.sharesAnalytics)
        #expect(try outbox.pendingEvents().map(\.label) == ["profile"], "the screen view")
        await model.send(.setSharesAnalytics(false)).value
        #expect(!model.sharesAnalytics)
        #expect(stored.withLock { $0.analytics } == false)
        #expect(stored.withLock { $0.techStack } == ["Swift"], "the rest of the preferences as they were")
        #expect(try outbox.pendingEventCount() == 0)
        #expect(!analytics.isSharing)
        await model.send(.setSharesAnalytics(true)).value
        #expect(model.sharesAnalytics && analytics.isSharing)
        #expect(model.notice != nil)
    }

    @Test("a refused change of the switch puts it back")
    func profileSwitchRefused() async throws {
        service.onPreferences { UserPreferences() }
        service.onSavePreferences { _ throws(ClientFailure) in throw .serverTrouble("HTTP 503") }
        service.onStats { PersonStats(counts: [:], languages: [], topics: []) }
        let model = ProfileViewModel(service: service, analytics: analytics)
        await model.send(.refresh).value
        await model.send(.setSharesAnalytics(false)).value
        #expect(model.sharesAnalytics)
        #expect(analytics.isSharing)
        #expect(model.notice?.contains("HTTP 503") == true)
    }

    @Test("what an event carries is cut to what the server takes; a search's words only when it found nothing")
    func shapes() throws {
        analytics.search("vapor", found: 12)
        analytics.search("  ruts ", found: 0)
        analytics.track(.screenView, label: "home screen/étoile" + String(repeating: "x", count: 60))
        analytics.track(.deckDealt, count: 1_000_000)
        analytics.track(.dealt, label: "deck")
        let events = try outbox.pendingEvents()
        #expect(events.count == 4, "`dealt` is the server's own")
        #expect(events[0].query == nil && events[0].value == 5 && events[0].count == 12)
        #expect(events[1].query == "ruts" && events[1].count == 0)
        #expect(events[2].label?.hasPrefix("homescreentoile") == true)
        #expect(events[2].label?.count == AnalyticsRecorder.maximumLabelLength)
        #expect(events[3].count == AnalyticsRecorder.maximumNumber)
        #expect(events.allSatisfy { $0.platform == .ios })
    }

    @Test("onboarding: each step seen, then finished (answered) or skipped (not), in order; then onboarding.finished")
    func onboarding() async throws {
        service.onClusters { [ClusterSummary(id: "mobile", name: "Mobile", size: 10)] }
        service.onPreferences { UserPreferences() }
        service.onSavePreferences { $0 }
        let model = OnboardingViewModel(service: service, analytics: analytics)
        await model.send(.appear).value
        model.send(.next)  // stars: nothing imported
        model.send(.setName("Ada"))
        model.send(.next)  // about: answered
        model.send(.back)
        model.send(.next)
        await model.send(.skip).value  // stack: skipped, and onboarding ends
        #expect(model.state == .finished)
        let events = try outbox.pendingEvents().map {
            [$0.name.rawValue, $0.label].compactMap { $0 }.joined(separator: " ")
        }
        #expect(
            events == [
                "onboarding.step.seen stars", "onboarding.step.skipped stars",
                "onboarding.step.seen about", "onboarding.step.finished about",
                "onboarding.step.seen stack", "onboarding.step.seen about", "onboarding.step.finished about",
                "onboarding.step.seen stack", "onboarding.step.skipped stack", "onboarding.finished",
            ])
    }

    @Test("onboarding revisited from Profile records no steps")
    func onboardingRevisited() async throws {
        service.onClusters { [] }
        service.onPreferences { UserPreferences(onboardingCompleted: true) }
        service.onSavePreferences { $0 }
        let model = OnboardingViewModel(service: service, revisiting: true, analytics: analytics)
        await model.send(.appear).value
        model.send(.next)
        await model.send(.skip).value
        #expect(try outbox.pendingEventCount() == 0)
    }

    @Test("the deck: a screen view, each batch dealt with its size, swipes, undo, open, and the deck running dry")
    func deck() async throws {
        service.storeInteractions()
        service.onWithdraw { _ in }
        service.onFeed(Sample.deck(total: 3))
        let deck = DeckViewModel(service: service, outbox: outbox, redealWait: .seconds(60), analytics: analytics)
        await deck.send(.appear).value
        await deck.send(.like).value
        deck.send(.undo)
        await deck.send(.skip).value
        await deck.send(.open).value
        await deck.send(.save).value
        await deck.send(.save).value
        await deck.flush()
        #expect(
            sent() == [
                "screen.view discover", "deck.dealt", "swipe like", "undo", "swipe skip", "open", "swipe save",
                "swipe save", "deck.emptied",
            ])
        #expect(service.events.first { $0.name == .deckDealt }?.count == 3)
    }

    @Test("search: the words' length and how many were found; the words themselves only when none were")
    func search() async throws {
        service.onSearch { request in
            let found = request.query == "vapor" ? [Sample.repository(7)] : []
            return SearchResultsPage(results: ResultPage(items: found, page: 1, perPage: 20, total: found.count))
        }
        service.onSearchSuggestions { _ in [] }
        let model = SearchViewModel(service: service, debounce: .zero, suggestionDelay: .zero, analytics: analytics)
        model.send(.appear)
        await model.send(.queryChanged("vapor")).value
        await model.send(.queryChanged("ruts")).value
        let events = try outbox.pendingEvents()
        #expect(events.map(\.name) == [.screenView, .search, .search])
        #expect(events[1].value == 5 && events[1].count == 1 && events[1].query == nil)
        #expect(events[2].value == 4 && events[2].count == 0 && events[2].query == "ruts")
    }
}
