import AppFeatures
import Foundation
import Localization
import OfflineStore
import Recommender
import RepoFinderClient
import RepoFinderCore

/// The deck in a terminal: a thin shell over ``DeckViewModel``: keys become events, the model's state is drawn.
@MainActor
final class TerminalDeck {
    private let model: DeckViewModel
    /// Home, shown over the deck until the first swipe (nil: no header).
    private let home: HomeViewModel?
    private var showHome = true
    private let terminal: Terminal
    private let colors: Bool
    private var liked = 0
    private var saved = 0
    /// Who is signed in, shown under every card.
    private let who: String?
    /// The terminal's language (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    private let words: Words

    init(
        model: DeckViewModel, home: HomeViewModel? = nil, terminal: Terminal, colors: Bool, who: String? = nil,
        words: Words = Words(Language.terminal(environment: ProcessInfo.processInfo.environment))
    ) {
        self.model = model
        self.home = home
        self.terminal = terminal
        self.colors = colors
        self.who = who
        self.words = words
    }

    /// Runs until `q` (or the end of input), then sends what is queued and says what is left.
    func run() async {
        terminal.write("\u{1B}[?25l")
        defer { terminal.write("\u{1B}[?25h") }
        redraw(after: model.send(.appear))
        if let home { redraw(after: home.send(.appear)) }
        draw()
        for await key in terminal.keys() {
            if key == .quit { break }
            handle(key)
            draw()
        }
        let report = await model.flush()
        var summary = words.text("terminal.summary.counts", liked, saved)
        if report.remaining > 0 { summary += " " + words.text("terminal.summary.kept", report.remaining) }
        terminal.write("\n" + summary + "\n")
    }

    private func handle(_ key: DeckKey) {
        let top = model.current?.repository.fullName
        if [.like, .skip, .save].contains(key) { showHome = false }
        switch key {
        case .likePick:
            guard showHome, let home, let pick = home.pick?.repository.fullName else { return }
            redraw(after: home.send(.decide(.like)))
            status = words.text("terminal.status.liked-pick", pick)
        case .like:
            redraw(after: model.send(.like))
            if let top, model.current?.repository.fullName != top {
                liked += 1
                status = words.text("terminal.status.liked", top)
            }
        case .save:
            redraw(after: model.send(.save))
            if let top, model.current?.repository.fullName != top {
                saved += 1
                status = words.text("terminal.status.saved", top)
            }
        case .skip:
            redraw(after: model.send(.skip))
            if let top { status = words.text("terminal.status.skipped", top) }
        case .undo:
            guard let kind = model.lastDecision?.interaction.kind else { return }
            redraw(after: model.send(.undo))
            if !model.canUndo {  // taken back: this session's counts no longer hold it
                if kind == .like { liked -= 1 }
                if kind == .save { saved -= 1 }
            }
            status = nil
        case .open:
            redraw(after: model.send(.open))
            if let url = model.opened { status = words.text("terminal.status.open", url.absoluteString) }
        case .retry:
            redraw(after: model.send(.retry))
        case .quit, .other:
            return
        }
    }

    /// What the last key did, shown under the card until the next key.
    private var status: String?

    /// Draws again when the event's background work (a refill, sending) is done.
    private func redraw(after task: Task<Void, Never>) {
        Task {
            await task.value
            draw()
        }
    }

    private func draw() {
        let renderer = CardRenderer(width: terminal.width, colors: colors, words: words)
        var header: [String] = []
        if showHome, let home, case .loaded(let screen) = home.state { header = renderer.home(screen) }
        terminal.write(
            renderer.screen(
                state: model.state, card: model.current, remaining: model.cards.count, canUndo: model.canUndo,
                notices: [status, model.notice, home?.notice, who, filterLine].compactMap { $0 }, home: header))
    }

    /// What the deck is narrowed to, when the person saved a filter (on the web, say): the terminal deals within it.
    private var filterLine: String? {
        guard model.canWiden else { return nil }
        let summary = model.filter.summary { id in Reason.areaName(id, words) }
        return words.text("terminal.filter", summary)
    }
}
