import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Synchronization
import Testing

@Suite("Home and Compare view models (fake service)")
@MainActor
struct HomeAndCompareViewModelTests {
    let service = FakeService()

    nonisolated static func home(pick: Card?, decision: InteractionKind? = nil) -> HomeScreen {
        HomeScreen(
            greeting: "Good evening, Ana", day: "2026-11-23", onboarded: true, pick: pick, pickDecision: decision,
            pickMessage: pick == nil ? "You have seen everything." : nil,
            movers: [TrendingEntry(rank: 1, repository: Sample.repository(3), starsGained: 420)],
            moverLanguages: ["Rust"], moversNote: nil, recentSaves: [Sample.repository(4)], savedCount: 1, ask: nil)
    }

    @Test("home: asks for the device's local day, shows the cards waiting here; a decision on the pick counts once")
    func home() async throws {
        service.storeInteractions()
        let asked = Mutex<[String]>([])
        service.onHome { zone in
            asked.withLock { $0.append(zone) }
            return Self.home(pick: Sample.card(1))
        }
        let database = try LocalDatabase.inMemory()
        let cache = CardCache(database: database)
        try cache.keep([Sample.card(5), Sample.card(6)])
        let model = HomeViewModel(
            service: service, outbox: Outbox(database: database), cache: cache, timeZone: "Pacific/Honolulu")
        await model.send(.appear).value
        #expect(asked.withLock { $0 } == ["Pacific/Honolulu"])
        #expect(model.waitingCards == 2)
        #expect(model.pick == Sample.card(1))
        await model.send(.decide(.like)).value
        await model.send(.decide(.save)).value
        #expect(service.recorded.map(\.kind) == [.like], "one decision on the day's pick")
        #expect(service.recorded.first?.repository == Sample.card(1).repository.repositoryName)
        guard case .loaded(let screen) = model.state else { Issue.record("not loaded"); return }
        #expect(screen.pickDecision == .like)

        service.onHome { _ throws(ClientFailure) in throw .noConnection }
        let offline = HomeViewModel(service: service, outbox: Outbox(database: database), timeZone: "UTC")
        await offline.send(.appear).value
        #expect(offline.state == .failed(ClientFailure.noConnection.message))
    }

    @Test("Not for me: once the skip is sent, Home is asked again and shows the server's new pick")
    func notForMe() async throws {
        service.storeInteractions()
        let visits = Mutex(0)
        service.onHome { _ in
            let visit = visits.withLock {
                $0 += 1
                return $0
            }
            return Self.home(pick: Sample.card(visit == 1 ? 1 : 2))
        }
        let database = try LocalDatabase.inMemory()
        let model = HomeViewModel(service: service, outbox: Outbox(database: database), timeZone: "UTC")
        await model.send(.appear).value
        #expect(model.pick == Sample.card(1))
        await model.send(.decide(.skip)).value
        #expect(service.recorded.map(\.kind) == [.skip])
        #expect(service.calls.lastIndex(of: "record")! < service.calls.lastIndex(of: "home")!)
        #expect(model.pick == Sample.card(2))
        #expect(model.notice == "Another pick: \(Sample.card(2).repository.fullName).")
        guard case .loaded(let screen) = model.state else { Issue.record("not loaded"); return }
        #expect(screen.pickDecision == nil, "the new pick is undecided")
    }

    @Test("compare: the tray holds four, survives a new model on the same device, and compares what it holds")
    func compare() async throws {
        let database = try LocalDatabase.inMemory()
        let names = (1...5).map { Sample.repository($0).repositoryName }
        let model = CompareViewModel(service: service, tray: CompareTray(database: database))
        for name in names { model.send(.toggle(name)) }
        #expect(model.tray == Array(names.prefix(4)))
        #expect(model.notice?.contains("holds 4") == true)
        model.send(.toggle(names[1]))
        #expect(model.tray == [names[0], names[2], names[3]])
        let again = CompareViewModel(service: service, tray: CompareTray(database: database))
        #expect(again.tray == [names[0], names[2], names[3]], "kept on the device")
        let asked = Mutex<[RepositoryName]>([])
        service.onCompare { requested in
            asked.withLock { $0 = requested }
            let entries = requested.map { name in
                ComparedRepository(
                    repository: Sample.repository(names.firstIndex(of: name)! + 1), history: [], likedHere: 0)
            }
            return RepositoryComparison(
                comparison: Comparison(entries, now: Date()), fits: entries.map { _ in nil }, deepLink: "x")
        }
        await again.send(.compareTray).value
        #expect(asked.withLock { $0 } == [names[0], names[2], names[3]])
        guard case .loaded(let result) = again.state else { Issue.record("not loaded"); return }
        #expect(result.comparison.entries.count == 3)
        again.send(.clearTray)
        await again.send(.compareTray).value
        guard case .failed(let message) = again.state else { Issue.record("an empty tray compared"); return }
        #expect(message.contains("Name the repositories"))
        #expect(service.count("compare") == 1, "a bad list never reaches the server")
    }
}
