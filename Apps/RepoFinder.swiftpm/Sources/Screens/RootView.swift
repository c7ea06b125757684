import AppFeatures
import Foundation
import RepoFinderCore
public import SwiftUI

/// The app: onboarding on first run, then the five tabs; links from outside go through the router.
public struct RootView: View {
    let model: AppModel

    public init(model: AppModel) { self.model = model }

    public var body: some View {
        Group {
            if case .finished = model.onboarding.state {
                tabs
            } else {
                OnboardingScreen(model: model.onboarding, account: model.account)
            }
        }
        .onOpenURL { url in model.router.send(.open(url.absoluteString)) }
    }

    private var tabs: some View {
        TabView(selection: Binding(get: { model.router.state.tab }, set: { model.router.send(.select($0)) })) {
            stack(.home) { HomeView(model: model.home, router: model.router) }
                .tabItem { Label(Copy.homeTab, systemImage: "house") }.tag(AppTab.home)
            stack(.discover) { DeckScreen(model: model.deck, router: model.router, images: model.services.images) }
                .tabItem { Label(Copy.deckTab, systemImage: "rectangle.stack") }.tag(AppTab.discover)
            stack(.explore) {
                ExploreScreen(search: model.search, trending: model.trending, areas: model.areas, router: model.router)
            }
            .tabItem { Label(Copy.exploreTab, systemImage: "magnifyingglass") }.tag(AppTab.explore)
            stack(.library) { LibraryScreen(saved: model.saved, liked: model.liked, router: model.router) }
                .tabItem { Label(Copy.libraryTab, systemImage: "books.vertical") }.tag(AppTab.library)
            stack(.ask) { AskScreen(model: model.threads, chat: model.chat, router: model.router) }
                .tabItem { Label(Copy.askTab, systemImage: "bubble.left.and.text.bubble.right") }.tag(AppTab.ask)
        }
    }

    /// A tab's navigation stack, with every screen a tab can push.
    /// The tab's stack follows the router's path while the tab shows; a tab out of sight shows its root (the router
    /// keeps one path: choosing a tab starts it afresh).
    private func stack<Root: View>(_ tab: AppTab, @ViewBuilder root: () -> Root) -> some View {
        NavigationStack(
            path: Binding(
                get: { model.router.state.tab == tab ? model.router.state.path : [] },
                set: { model.router.send(.setPath($0)) })
        ) {
            root().navigationDestination(for: Destination.self) { destination in
                switch destination {
                case .repository(let name):
                    RepositoryScreen(model: model.detail(name), compare: model.compare, router: model.router)
                case .compare(let names):
                    CompareScreen(model: model.compare, names: names, router: model.router)
                case .area(let id):
                    AreaScreen(model: model.area(id), router: model.router)
                case .listSection(let list, let heading):
                    ListSectionScreen(model: model.listSection(list, heading: heading), router: model.router)
                case .profile:
                    ProfileScreen(
                        model: model.profile, account: model.account, server: model.services.serverAddress,
                        editor: model.preferencesEditor, router: model.router)
                case .maintainer:
                    MaintainerScreen(model: model.maintainer, account: model.account, router: model.router)
                case .maintainerRepository(let name):
                    MaintainerRepositoryScreen(model: model.maintainer, name: name)
                }
            }
        }
    }
}
