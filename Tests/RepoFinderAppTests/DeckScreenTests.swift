import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import SwiftUI
import Synchronization
import Testing

@testable import RepoFinderScreens

@Suite("Deck screen on the SwiftUI stand-in (fake service)")
@MainActor
struct DeckScreenTests {
    let database: LocalDatabase
    let service = FakeService()
    let router = AppRouter()

    init() throws {
        database = try .inMemory()
        service.storeInteractions()
        service.onWithdraw { _ in }
    }

    func deck() -> DeckViewModel {
        DeckViewModel(
            service: service, outbox: Outbox(database: database), cache: CardCache(database: database),
            redealWait: .seconds(60))
    }

    @Test("loading: a spinner, and the four buttons disabled until a card is on top")
    func loading() {
        let model = deck()
        let screen = Screen(DeckScreen(model: model, router: router))
        #expect(screen.root.first("ProgressView") != nil)
        for title in [Copy.like, Copy.skip, Copy.save, Copy.undo] {
            #expect(screen.root.button(title)?.traits["disabled"] == "true", "\(title)")
        }
    }

    @Test("a card on top: its name, fit, facts and reasons; the buttons like, skip and save it, undo brings it back")
    func buttons() async {
        Sample.pool(total: 30, into: service)
        let model = deck()
        let screen = Screen(DeckScreen(model: model, router: router))
        await screen.appear()
        #expect(screen.root.shows("owner0/project-0"))
        #expect(screen.root.shows("Project number 0"))
        #expect(screen.root.shows("Because of 0"))
        #expect(screen.root.shows(CardFacts(Sample.card(0)).repository.stars))
        #expect(screen.root.button(Copy.undo)?.traits["disabled"] == "true", "nothing to undo yet")
        screen.tap(Copy.like)
        #expect(screen.root.shows("owner1/project-1"))
        screen.tap(Copy.skip)
        screen.tap(Copy.save)
        #expect(screen.root.shows("owner3/project-3"))
        screen.tap(Copy.undo)
        #expect(screen.root.shows("owner2/project-2"), "the saved card is back on top")
        await model.flush()
        #expect(service.recorded.filter { $0.kind != .save }.map(\.kind) == [.like, .skip])
        let saves = service.recorded.filter { $0.kind == .save }.count
        #expect(saves == service.count("withdraw"), "an undone save is withdrawn if it had left the device")
    }

    @Test("dragging the card: right likes, left skips, up saves, a short drag springs back; the tilt follows the drag")
    func swipes() async {
        Sample.pool(total: 30, into: service)
        let model = deck()
        let screen = Screen(DeckScreen(model: model, router: router))
        await screen.appear()
        let card = screen.root.draggable
        #expect(card != nil)
        card?.dragChanged?(.init(translation: CGSize(width: 100, height: 0)))
        screen.refresh()
        #expect(screen.root.draggable?.traits["rotation"] == "6.0")
        #expect(screen.root.draggable?.texts.contains(Copy.like.uppercased()) == true, "the LIKE stamp shows")
        screen.root.draggable?.drag(x: 40)
        screen.refresh()
        #expect(screen.root.shows("owner0/project-0"), "a short drag decides nothing")
        screen.root.draggable?.drag(x: 200)
        screen.refresh()
        screen.root.draggable?.drag(x: -200)
        screen.refresh()
        screen.root.draggable?.drag(x: 10, y: -200)
        screen.refresh()
        #expect(screen.root.shows("owner3/project-3"))
        await model.flush()
        #expect(service.recorded.map(\.kind) == [.like, .skip, .save])
    }

    @Test("VoiceOver: the card is one element with a hint and Like, Skip, Save and Open actions")
    func accessibility() async {
        Sample.pool(total: 30, into: service)
        let model = deck()
        let screen = Screen(DeckScreen(model: model, router: router))
        await screen.appear()
        let card = screen.root.draggable
        #expect(card?.traits["accessibilityElement"] == "combine")
        #expect(card?.traits["accessibilityHint"] == Copy.deckHint)
        #expect(Set(card?.accessibilityActions.keys.map { $0 } ?? []) == [Copy.like, Copy.skip, Copy.save, Copy.open])
        #expect(screen.root.perform(accessibilityAction: Copy.save))
        screen.refresh()
        #expect(screen.root.perform(accessibilityAction: Copy.open))
        #expect(router.state.path == [.repository(Sample.card(1).repository.repositoryName)])
        await model.flush()
        #expect(service.recorded.map(\.kind) == [.save, .open])
    }

    @Test("Reduce Motion: the card neither moves nor tilts while dragged")
    func reduceMotion() async {
        Sample.pool(total: 30, into: service)
        let model = deck()
        let screen = Screen(DeckScreen(model: model, router: router), reduceMotion: true)
        await screen.appear()
        screen.root.draggable?.dragChanged?(
            .init(translation: CGSize(width: 100, height: 0)))
        screen.refresh()
        #expect(screen.root.draggable?.traits["rotation"] == "0.0", "\(screen.root.outline())")
        #expect(screen.root.draggable?.traits["offset"] == "0,0")
    }

    @Test("dry: the server's words; failed: why, and Try again deals")
    func dryAndFailed() async {
        service.onFeed { _ in FeedBatch(cards: [], exhausted: true, message: "You have seen them all") }
        let dryModel = deck()
        let dry = Screen(DeckScreen(model: dryModel, router: router))
        await dry.appear()
        #expect(dry.root.first("ContentUnavailableView", Copy.deckEmpty) != nil, "\(dry.root.outline())")
        #expect(dry.root.shows("You have seen them all"))

        service.onFeed { _ throws(ClientFailure) in throw .noConnection }
        let model = deck()
        let failed = Screen(DeckScreen(model: model, router: router))
        await failed.appear()
        #expect(failed.root.first("ContentUnavailableView", Copy.deckFailed) != nil)
        #expect(failed.root.shows(ClientFailure.noConnection.message))
        Sample.pool(total: 30, into: service)
        failed.tap(Copy.retry)
        await failed.waitUntil("the deck deals after Try again") { $0.shows("owner0/project-0") }
    }

    @Test("offline with cards in hand: the swipe is kept on the device and the deck says it could not send")
    func offline() async {
        Sample.pool(total: 30, into: service)
        let model = deck()
        let screen = Screen(DeckScreen(model: model, router: router))
        await screen.appear()
        service.onRecord { _ throws(ClientFailure) in throw .noConnection }
        screen.tap(Copy.like)
        await model.flush()
        screen.refresh()
        #expect(screen.root.shows(ClientFailure.noConnection.message))
        #expect(try! Outbox(database: database).pending().count == 1)
    }
}

extension DeckScreenTests {
    @Test(
        "the filter sheet: a language, a minimum of stars and activity, applied for the person; Show everything widens")
    func filterSheet() async {
        let saved = Mutex<[DeckFilter]>([])
        // The server deals within the filter the person saved, and says which.
        service.onFeed { _ in
            FeedBatch(
                cards: (0..<10).map(Sample.card), exhausted: false, filter: saved.withLock { $0.last } ?? DeckFilter())
        }
        service.onSaveDeckFilter { filter in
            saved.withLock { $0.append(filter) }
            return DeckFilterState(filter: filter, matching: 12, deepLink: "", webPath: "")
        }
        let model = deck()
        let screen = Screen(DeckScreen(model: model, router: router))
        await screen.appear()
        screen.root.all.flatMap(\.toolbar).first?.action?()
        screen.refresh()
        let sheet = { screen.root.all.flatMap(\.sheets).first }
        #expect(sheet()?.first("TextField", Copy.filterLanguage) != nil)
        sheet()?.first("TextField")?.textBinding?.wrappedValue = "Swift"
        sheet()?.every("Picker").first { $0.text == Copy.stars }?.selection?.set(AnyHashable(1_000))
        sheet()?.every("Picker").first { $0.text == Copy.filterHealth }?.selection?.set(
            AnyHashable(RepositoryHealth.Level?.some(.active)))
        screen.refresh()
        sheet()?.button(Copy.filterApply)?.action?()
        await screen.waitUntil("the filter saved and the sheet closed") { root in
            model.matching == 12 && root.all.allSatisfy { $0.sheets.isEmpty }
        }
        #expect(saved.withLock { $0 } == [DeckFilter(languages: ["Swift"], minimumStars: 1_000, health: .active)])
        screen.root.all.flatMap(\.toolbar).first?.action?()
        screen.refresh()
        #expect(sheet()?.shows(Copy.matching(12)) == true)
        sheet()?.button(Copy.filterWiden)?.action?()
        await screen.waitUntil("the filter widened") { _ in saved.withLock { $0 }.last == DeckFilter() }
    }
}
