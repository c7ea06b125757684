public import Foundation
import Localization
public import Observation
public import OfflineStore
public import RepoFinderClient
public import RepoFinderCore

/// A repository's details and the repositories like it. Opening the screen records a view; like, save and open are
/// recorded through the outbox like the deck's swipes. Like and save show where the repository stands with the person
/// (the server says, `viewer`) and toggle: an unlike or unsave takes it off the list, optimistically, queued offline.
@Observable @MainActor
public final class RepositoryDetailViewModel {
    public enum State: Hashable, Sendable {
        case loading
        case loaded(Repository)
        case failed(String)
    }

    public enum Event: Hashable, Sendable {
        case appear
        case retry
        case like
        case save
        /// Takes it off the liked list.
        case unlike
        /// Takes it off the saved list.
        case unsave
        /// Records the open; the app then shows ``opened``.
        case open
        /// Stars it on GitHub, or takes the star off (for a person signed in with GitHub).
        case toggleGitHubStar
    }

    public let name: RepositoryName
    public private(set) var state = State.loading
    /// Similar repositories (empty until loaded, or when none could be found).
    public private(set) var similar: [Card] = []
    /// Where the curated lists the catalog follows place it, by list, then heading.
    public private(set) var listings: [RepositoryListing] = []
    /// The star history, one point a day, oldest first (empty until loaded, or when the server has none).
    public private(set) var history: [StarHistoryPoint] = []
    /// Why similar repositories could not be loaded.
    public private(set) var similarProblem: String?
    public private(set) var liked = false
    public private(set) var saved = false
    public private(set) var opened: URL?
    public private(set) var notice: String?
    /// The person's star on GitHub; nil unless they are signed in with GitHub (then the screen offers no star).
    public private(set) var gitHubStar: GitHubStarState?
    private var viewed = false
    private let service: any RepoFinderService
    private let account: (any AccountService)?
    private let outbox: Outbox
    private let recorder: InteractionRecorder
    private let lists: ListCache?
    private let analytics: AnalyticsRecorder
    private let now: @Sendable () -> Date

    /// - Parameter account: asked for the person's star on GitHub; nil: the screen offers none.
    /// - Parameter analytics: where the screen view and an open on GitHub go.
    public init(
        name: RepositoryName, service: any RepoFinderService, outbox: Outbox, lists: ListCache? = nil,
        account: (any AccountService)? = nil, now: @escaping @Sendable () -> Date = Date.init,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString }, analytics: AnalyticsRecorder = .disabled
    ) {
        self.analytics = analytics
        self.name = name
        self.service = service
        self.account = account
        self.outbox = outbox
        self.recorder = InteractionRecorder(outbox: outbox, now: now, makeID: makeID)
        self.now = now
        self.lists = lists
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            analytics.screen(.repository)
            return load()
        case .retry:
            return load()
        case .like:
            guard !liked, record(.like) else { return Task {} }
            liked = true
            keep(on: .liked)
        case .save:
            guard !saved, record(.save) else { return Task {} }
            saved = true
            keep(on: .saved)
        case .unlike:
            guard liked, unlist(.liked) else { return Task {} }
            liked = false
            try? lists?.remove(name, from: .liked)
        case .unsave:
            guard saved, unlist(.saved) else { return Task {} }
            saved = false
            try? lists?.remove(name, from: .saved)
        case .open:
            guard case .loaded(let repository) = state, record(.open) else { return Task {} }
            opened = repository.webURL
            analytics.track(.open)
        case .toggleGitHubStar:
            return toggleGitHubStar()
        }
        return flush()
    }

    private func toggleGitHubStar() -> Task<Void, Never> {
        guard let account, let current = gitHubStar else { return Task {} }
        let wanted = current.starred != true
        return Task {
            do throws(ClientFailure) {
                let answer = try await account.setGitHubStar(name, starred: wanted)
                gitHubStar = answer
                notice =
                    answer.pending
                    ? answer.problem.map { Words(Language.device).text("app.github.waiting-because", $0) }
                        ?? Words(Language.device).text("app.github.waiting") : nil
            } catch {
                notice = error.message
            }
        }
    }

    private func record(_ kind: InteractionKind) -> Bool {
        do {
            _ = try recorder.record(kind, name)
            return true
        } catch {
            notice = InteractionRecorder.problem(kind, error)
            return false
        }
    }

    /// Puts the repository on a list kept on the device (so it lists offline at once).
    private func keep(on list: UserList) {
        guard case .loaded(let repository) = state else { return }
        try? lists?.add(ListEntry(repository: repository, addedAt: now()), to: list)
    }

    private func unlist(_ list: UserList) -> Bool {
        do {
            try outbox.unlist(name, from: list, at: now())
            return true
        } catch {
            notice = Words(Language.device).text("app.keep-failed.any", "\(error)")
            return false
        }
    }

    private func flush() -> Task<Void, Never> {
        Task {
            let report = await outbox.flush(to: service)
            // Without a connection the interaction waits in the outbox; the screen need not say so.
            if report.stoppedBy != .noConnection { notice = report.notice }
        }
    }

    private func load() -> Task<Void, Never> {
        state = .loading
        similarProblem = nil
        return Task {
            do throws(ClientFailure) {
                let listed = try await service.listedRepository(name)
                let repository = listed.repository
                listings = listed.listings
                state = .loaded(repository)
                if let viewer = repository.viewer {
                    liked = viewer.liked
                    saved = viewer.saved
                }
            } catch {
                state = .failed(error.message)
                return
            }
            if !viewed, record(.view) {
                viewed = true
                await flush().value
            }
            do throws(ClientFailure) {
                similar = try await service.similar(to: name, limit: 10)
            } catch {
                similarProblem = error.message
            }
            // The chart is extra: without it the screen still says everything else.
            history = StarHistoryPoint.points((try? await service.starHistory(of: name, from: nil, to: nil)) ?? [])
            // So is the star on GitHub: asked only of a person signed in with GitHub (anyone else is refused).
            gitHubStar = try? await account?.gitHubStar(name)
        }
    }
}
