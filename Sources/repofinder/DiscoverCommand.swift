import AppFeatures
import ArgumentParser
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore

/// `repofinder discover`: the swipe deck in the terminal, against a running server.
struct DiscoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract:
            "Swipe through your deck in the terminal: → or l like, ← or h skip, s save, o open, u undo, t like "
            + "today's pick, q quit.",
        discussion: """
            Talks to a running server (repofinder serve). Your anonymous account's token, the swipes not yet sent and \
            the cards of your deck are kept in the state folder, so the deck works offline and picks up where it was.
            """
    )

    @OptionGroup var connection: ServerOptions

    @Flag(help: "No colours (also when NO_COLOR is set).")
    var noColor = false

    func run() async throws {
        let database = try LocalDatabase(url: connection.folder.appendingPathComponent("app.sqlite"))
        let terminal = Terminal()
        let colors = !noColor && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        try await connection.withClient { client in
            await runDeck(client: client, database: database, terminal: terminal, colors: colors)
        }
        terminal.restore()
    }

    @MainActor
    private func runDeck(client: APIClient, database: LocalDatabase, terminal: Terminal, colors: Bool) async {
        // What the person does here goes with the swipes, marked as from the terminal (docs/dashboards.md).
        let analytics = AnalyticsRecorder(outbox: Outbox(database: database), platform: .terminal, service: client)
        let model = DeckViewModel(
            service: client, outbox: Outbox(database: database), cache: CardCache(database: database),
            analytics: analytics)
        // Who is signed in, under the card (nothing when the server cannot be asked: the deck works offline).
        let account = AccountViewModel(service: client, analytics: analytics)
        await account.send(.appear).value
        let who: String? =
            switch account.state {
            case .signedIn(let github): "Signed in as \(github.login) on GitHub"
            case .signedOut(true, _): "Not signed in: repofinder login keeps this deck on every device"
            default: nil
            }
        let home = HomeViewModel(
            service: client, outbox: Outbox(database: database), cache: CardCache(database: database),
            analytics: analytics)
        await TerminalDeck(model: model, home: home, terminal: terminal, colors: colors, who: who).run()
        _ = await analytics.flush()
    }
}
