public import AppFeatures
import Foundation
public import ImageLoading
public import OfflineStore
public import RepoFinderClient
public import RepoFinderCore

/// Everything the app's screens talk to: the server (as the app core's services), the device's own store and the
/// image loader. ``live(server:)`` builds the real ones; tests give fakes.
public struct AppServices {
    public var service: any RepoFinderService
    public var chat: any ChatService
    public var account: any AccountService
    public var database: LocalDatabase
    public var images: ImageLoader?
    /// The server's address, as Profile shows it.
    public var serverAddress: String?

    public init(
        service: any RepoFinderService, chat: any ChatService, account: any AccountService, database: LocalDatabase,
        images: ImageLoader? = nil, serverAddress: String? = nil
    ) {
        self.service = service
        self.chat = chat
        self.account = account
        self.database = database
        self.images = images
        self.serverAddress = serverAddress
    }
}

/// The app's view models, made once and kept for the app's life (each screen's state survives tab switches).
@MainActor
public final class AppModel {
    public let router = AppRouter()
    public let onboarding: OnboardingViewModel
    public let home: HomeViewModel
    public let deck: DeckViewModel
    public let search: SearchViewModel
    public let trending: TrendingViewModel
    public let saved: ListViewModel
    public let liked: ListViewModel
    public let profile: ProfileViewModel
    public let account: AccountViewModel
    public let threads: ThreadsViewModel
    public let compare: CompareViewModel
    public let areas: AreasViewModel
    /// The person's repositories in RepoFinder (pushed from Profile for someone signed in with GitHub).
    public let maintainer: MaintainerViewModel
    /// Where the app's product analytics events go (the outbox's queue; platform `ios`).
    public let analytics: AnalyticsRecorder
    public let services: AppServices

    public init(services: AppServices) {
        self.services = services
        let outbox = Outbox(database: services.database)
        let cards = CardCache(database: services.database)
        let lists = ListCache(database: services.database)
        let analytics = AnalyticsRecorder(outbox: outbox, platform: .ios, service: services.service)
        onboarding = OnboardingViewModel(service: services.service, analytics: analytics)
        home = HomeViewModel(service: services.service, outbox: outbox, cache: cards, analytics: analytics)
        deck = DeckViewModel(
            service: services.service, outbox: outbox, cache: cards, images: services.images, lists: lists,
            analytics: analytics)
        search = SearchViewModel(service: services.service, analytics: analytics)
        trending = TrendingViewModel(service: services.service, analytics: analytics)
        saved = ListViewModel(
            list: .saved, service: services.service, cache: lists, outbox: outbox, analytics: analytics)
        liked = ListViewModel(
            list: .liked, service: services.service, cache: lists, outbox: outbox, analytics: analytics)
        profile = ProfileViewModel(service: services.service, analytics: analytics)
        account = AccountViewModel(service: services.account, deviceData: services.database, analytics: analytics)
        threads = ThreadsViewModel(service: services.chat, analytics: analytics)
        compare = CompareViewModel(
            service: services.service, tray: CompareTray(database: services.database), analytics: analytics)
        areas = AreasViewModel(service: services.service)
        maintainer = MaintainerViewModel(service: services.service, analytics: analytics)
        self.analytics = analytics
        self.outbox = outbox
        self.lists = lists
    }

    let outbox: Outbox
    let lists: ListCache

    /// A repository screen's view model (one per push).
    public func detail(_ name: RepositoryName) -> RepositoryDetailViewModel {
        RepositoryDetailViewModel(
            name: name, service: services.service, outbox: outbox, lists: lists, account: services.account,
            analytics: analytics)
    }

    /// A view model for changing the preferences again (Profile's Edit): the onboarding steps, from the first.
    public func preferencesEditor() -> OnboardingViewModel {
        OnboardingViewModel(service: services.service, revisiting: true, analytics: analytics)
    }

    /// An area's view model (one per push).
    public func area(_ id: String) -> AreaViewModel {
        AreaViewModel(id: id, service: services.service, analytics: analytics)
    }

    /// A curated list's heading's view model.
    public func listSection(_ list: String, heading: [String]) -> ListSectionViewModel {
        ListSectionViewModel(list: list, heading: heading, service: services.service)
    }

    /// A chat's view model for a thread.
    public func chat(_ threadID: String) -> ChatViewModel {
        ChatViewModel(service: services.chat, threadID: threadID, analytics: analytics)
    }
}
