public import Foundation
import Localization
public import Observation
public import OfflineStore
public import RepoFinderClient
public import RepoFinderCore

/// Home: the greeting, today's pick (Like / Save / Not for me count like swipes, through the outbox), the cards
/// waiting in the deck on this device, this week's movers in the person's languages, recent saves, and the Ask slot.
@Observable @MainActor
public final class HomeViewModel {
    public enum State: Hashable, Sendable {
        case loading
        case loaded(HomeScreen)
        case failed(String)
    }

    public enum Event: Hashable, Sendable {
        case appear
        case refresh
        /// The pick: like, save or skip ("Not for me").
        case decide(InteractionKind)
    }

    public private(set) var state = State.loading
    /// Cards dealt to this device and not swiped yet ("continue where you left off").
    public private(set) var waitingCards = 0
    /// Something to tell the person (a decision not kept).
    public private(set) var notice: String?
    private let service: any RepoFinderService
    private let outbox: Outbox
    private let cache: CardCache?
    private let timeZone: String
    private let recorder: InteractionRecorder
    private let analytics: AnalyticsRecorder

    /// - Parameter analytics: where Home's analytics events go (the screen shown, a decision on the pick).
    public init(
        service: any RepoFinderService, outbox: Outbox, cache: CardCache? = nil,
        timeZone: String = TimeZone.current.identifier, now: @escaping @Sendable () -> Date = Date.init,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString }, analytics: AnalyticsRecorder = .disabled
    ) {
        self.analytics = analytics
        self.service = service
        self.outbox = outbox
        self.cache = cache
        self.timeZone = timeZone
        self.recorder = InteractionRecorder(outbox: outbox, now: now, makeID: makeID)
    }

    /// The pick, while loaded.
    public var pick: Card? {
        if case .loaded(let home) = state { return home.pick }
        return nil
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            analytics.screen(.home)
            return load()
        case .refresh:
            return load()
        case .decide(let kind):
            guard case .loaded(var home) = state, let pick = home.pick, home.pickDecision == nil,
                [.like, .save, .skip].contains(kind)
            else { return Task {} }
            do {
                _ = try recorder.record(kind, pick.repository.repositoryName)
            } catch {
                notice = InteractionRecorder.problem(kind, error)
                return Task {}
            }
            home.pickDecision = kind
            state = .loaded(home)
            analytics.track(.swipe, label: kind.rawValue)
            return Task {
                let report = await outbox.flush(to: service)
                if report.stoppedBy != .noConnection { notice = report.notice }
                // "Not for me", once sent: the server replaces the pick (a few times a day); Home shows the new one.
                guard kind == .skip, report.remaining == 0 else { return }
                if let fresh = try? await service.home(timeZone: timeZone), let next = fresh.pick,
                    next.id != pick.id
                {
                    state = .loaded(fresh)
                    notice = Words(Language.device).text("app.home.another-pick", next.repository.fullName)
                }
            }
        }
    }

    private func load() -> Task<Void, Never> {
        if case .loaded = state {} else { state = .loading }
        waitingCards = (try? cache?.cards().count) ?? 0
        return Task {
            do throws(ClientFailure) {
                state = .loaded(try await service.home(timeZone: timeZone))
            } catch {
                state = .failed(error.message)
            }
        }
    }
}
