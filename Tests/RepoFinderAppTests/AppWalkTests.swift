import AppFeatures
import AppServerSupport
import Foundation
import GitHub
import GitHubAccounts
import GitHubLive
import HTTPTypes
import OfflineStore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import RepoFinderClient
import RepoFinderCore
import SwiftUI
import Synchronization
import TestSupport
import Testing

@testable import RepoFinderScreens

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that can be cut off (the phone offline): requests then fail as a refused connection would.
final class SwitchableTransport: ClientTransport, Sendable {
    private let base: any ClientTransport
    private let cut = Atomic(false)

    init(_ base: any ClientTransport) { self.base = base }

    var offline: Bool {
        get { cut.load(ordering: .relaxed) }
        set { cut.store(newValue, ordering: .relaxed) }
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        if offline { throw URLError(.cannotConnectToHost) }
        return try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}

@Suite("The iPhone app walked through its router against the real server (SwiftUI stand-in)")
@MainActor
struct AppWalkTests {
    @Test(
        """
        first run → onboarding → deck: like, skip, save, undo → a card's repository → Compare with two → an area → Library → \
        Ask, streamed → Profile → sign in through the browser sheet (stand-in GitHub) → star on like, a star on GitHub, download my data → sign out → sign in with a code → sign out; offline swipes queued, sent once back online
        """)
    func walk() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0], deviceInterval: 1)
        defer { standIn.stop() }
        let transport = LiveGitHubTransport()
        let github = GitHubClient(
            configuration: GitHubConfiguration(
                baseURL: standIn.baseURL, webURL: standIn.baseURL, timeout: .seconds(10),
                retryBackoff: .milliseconds(20), maximumWait: .seconds(2)),
            transport: transport)
        let signIn = GitHubSignIn.Configuration(
            app: GitHubOAuthApp(clientID: GitHubStandIn.clientID, clientSecret: GitHubStandIn.clientSecret),
            sealer: SecretSealer())
        do {
            try await LiveServer.run(github: github, signIn: signIn, withWebApp: true) { url, _ in
                try await Self.walk(url: url, standIn: standIn)
            }
        } catch {
            try await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    /// The callback page at `page`, its "Continue in the app" link followed as a person taps it.
    static func continueInApp(_ page: URL) async throws -> URL {
        let (data, response) = try await URLSession.shared.data(from: page)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let html = String(decoding: data, as: UTF8.self)
        let marker = #"id="app-return" href=""#
        guard let start = html.range(of: marker), let end = html[start.upperBound...].firstIndex(of: "\""),
            let link = URL(string: String(html[start.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&"))
        else { throw CancellationError() }
        return link
    }

    static func walk(url: URL, standIn: GitHubStandIn) async throws {
        let network = SwitchableTransport(AsyncHTTPClientTransport(configuration: .init(client: LiveServer.httpClient)))
        let client = LiveServer.client(url, transport: network)
        let database = try LocalDatabase.inMemory()
        let model = AppModel(
            services: AppServices(service: client, chat: client, account: client, database: database))
        // The browser sheet: GitHub's consent page (ada authorizes), then the server's callback page, where ada taps
        // "Continue in the app" (the page offers it; it never goes on by itself) and the sheet closes on the app's
        // scheme. The app completes the sign-in with the PKCE verifier it made (issue 63, finding 1).
        let screen = Screen(RootView(model: model)) { consent, scheme in
            #expect(
                URLComponents(url: consent, resolvingAgainstBaseURL: false)?.queryItems?.contains {
                    $0.name == "code_challenge_method" && $0.value == "S256"
                } == true)
            let back = try await standIn.consent(consent, login: "ada")
            let app = try await Self.continueInApp(back)
            #expect(app.scheme == scheme)
            return app
        }

        // First run: onboarding, its first step, then done.
        await screen.appear()
        #expect(screen.root.first("TabView") == nil, "onboarding comes first")
        screen.tap(Copy.next)
        await screen.waitUntil("the second step") { $0.shows(OnboardingStep.allCases[1].title) }
        while screen.root.first("TabView") == nil, let skip = screen.root.button(Copy.skipOnboarding) {
            skip.action?()
            await screen.waitUntil("the next step or the tabs") {
                $0.first("TabView") != nil || $0.button(Copy.skipOnboarding) != nil
            }
        }
        await screen.appear()

        // The deck: like, skip, save, undo (the save comes back), save again.
        model.router.send(.select(.discover))
        func deck() -> ViewNode? {
            screen.refresh().first("TabView")?.children.first { $0.tag == AnyHashable(AppTab.discover) }
        }
        await screen.waitUntil("a card on top") { _ in deck()?.draggable != nil }
        func top() -> String? { model.deck.current?.repository.fullName }
        let first = try #require(top())
        deck()?.button(Copy.like)?.action?()
        let second = try #require(top())
        deck()?.button(Copy.skip)?.action?()
        let third = try #require(top())
        deck()?.button(Copy.save)?.action?()
        #expect(top() != third)
        deck()?.button(Copy.undo)?.action?()
        #expect(top() == third, "undo brings the saved card back")
        deck()?.draggable?.drag(x: 0, y: -300)
        await model.deck.flush()
        let kinds = try await client.stats().counts
        #expect(kinds[.like] == 1 && kinds[.skip] == 1 && kinds[.save] == 1, "\(first), \(second), \(third): \(kinds)")

        // A card's repository screen, then Compare with two.
        let fourth = try #require(top())
        #expect(deck()?.perform(accessibilityAction: Copy.open) == true)
        await screen.waitUntil("the repository screen") { _ in deck()?.first("Pushed")?.text == "repository(\(fourth))"
        }
        await screen.appear()
        deck()?.first("Pushed")?.button(Copy.compareAdd)?.action?()
        model.router.send(.pop)
        deck()?.button(Copy.like)?.action?()
        await screen.waitUntil("the next card (after the deck is dealt again)") { _ in top() != nil }
        let fifth = try #require(top())
        #expect(deck()?.perform(accessibilityAction: Copy.open) == true)
        await screen.appear()
        deck()?.first("Pushed")?.button(Copy.compareAdd)?.action?()
        await screen.waitUntil("the Compare button") { _ in deck()?.first("Pushed")?.button(Copy.compare) != nil }
        deck()?.first("Pushed")?.button(Copy.compare)?.action?()
        await screen.appear()
        await screen.waitUntil("two repositories side by side") { _ in
            let compare = deck()?.every("Pushed").last
            return compare?.every("Chart").count == 2 && compare?.shows(fourth) == true && compare?.shows(fifth) == true
        }

        // Explore's areas: the first area's best repositories, from the server.
        model.router.send(.select(.explore))
        model.router.send(.open("repoverse://trending"))
        await screen.appear()
        let explore = { screen.refresh().first("TabView")?.children.first { $0.tag == AnyHashable(AppTab.explore) } }
        await screen.waitUntil("the areas") { _ in
            explore()?.first("Section", Copy.areas)?.every("Button").isEmpty == false
        }
        explore()?.first("Section", Copy.areas)?.every("Button").first?.action?()
        await screen.appear()
        await screen.waitUntil("an area's repositories") { _ in
            explore()?.first("Pushed")?.every("Button").isEmpty == false
        }

        // The Library lists the saved card.
        model.router.send(.select(.library))
        let library = screen.refresh().first("TabView")?.children.first { $0.tag == AnyHashable(AppTab.library) }
        await library?.all.first { $0.refresh != nil }?.refresh?()
        await screen.waitUntil("the saved card in the Library") { root in
            root.first("TabView")?.children.first { $0.tag == AnyHashable(AppTab.library) }?.shows(third) == true
        }

        // Ask a question and read the streamed answer.
        model.router.send(.select(.ask))
        await screen.appear()
        let ask = { screen.refresh().first("TabView")?.children.first { $0.tag == AnyHashable(AppTab.ask) } }
        ask()?.all.flatMap(\.toolbar).first?.action?()
        await screen.waitUntil("the chat sheet") { _ in ask()?.all.contains { !$0.sheets.isEmpty } == true }
        await screen.appear()
        let chat = { ask()?.all.flatMap(\.sheets).first }
        chat()?.first("TextField")?.textBinding?.wrappedValue = "what is like vapor?"
        chat()?.button(Copy.send)?.action?()
        await screen.waitUntil("a streamed answer") { _ in
            (chat()?.every("Text").count ?? 0) >= 1 && chat()?.button(Copy.stop) == nil
                && chat()?.first("List")?.children.isEmpty == false
        }

        try await Self.walkAccount(
            screen: screen, model: model, client: client, standIn: standIn, repository: RepositoryName(parsing: fourth))

        // Offline: two swipes stay on the device; back online, each is sent once.
        model.router.send(.select(.discover))
        await screen.appear()
        await screen.waitUntil("a card on top again") { _ in deck()?.draggable != nil }
        let before = try await client.stats().counts[.like] ?? 0
        network.offline = true
        deck()?.draggable?.drag(x: 300)
        deck()?.draggable?.drag(x: 300)
        await model.deck.flush()
        #expect(try Outbox(database: database).pending().count == 2)
        #expect(deck()?.shows(ClientFailure.noConnection.message) == true)
        network.offline = false
        await model.deck.flush()
        await model.deck.flush()
        #expect(try Outbox(database: database).pending().isEmpty)
        #expect(try await client.stats().counts[.like] == before + 2, "each offline swipe stored once")
    }
}
