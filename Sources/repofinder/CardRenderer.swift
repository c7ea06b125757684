import AppFeatures
import Foundation
import Localization
import RepoFinderClient
import RepoFinderCore

/// Draws the deck as text: the top card wrapped to the terminal's width, with colours unless turned off.
struct CardRenderer {
    let width: Int
    let colors: Bool
    /// The terminal's language (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    var words = Words(.english)

    /// `text` (data made safe for the terminal first) in the colour `code`, when colours are on.
    private func paint(_ text: String, _ code: String) -> String {
        let text = SafeText.clean(text, layout: .line)
        return colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The whole screen for the deck's state, under Home's header when there is one (until the first swipe).
    func screen(
        state: DeckViewModel.State, card: Card?, remaining: Int, canUndo: Bool, notices: [String],
        home: [String] = [], now: Date = Date()
    ) -> String {
        var lines = [
            paint(words.text("terminal.title"), "1;36") + "   "
                + paint(words.text("terminal.remaining", remaining), "2"), "",
        ]
        if !home.isEmpty { lines += home + [""] }
        switch state {
        case .idle, .loading:
            lines.append(words.text("terminal.dealing"))
        case .failed(let message):
            lines += wrap(message) + ["", paint(words.text("terminal.keys.retry"), "2")]
        case .exhausted(let message):
            lines += wrap(message) + ["", paint(words.text("terminal.keys.quit"), "2")]
        case .ready:
            if let card { lines += self.card(card, now: now) }
            lines += ["", keys(canUndo: canUndo)]
        }
        if !notices.isEmpty { lines.append("") }
        for notice in notices { lines += wrap(notice).map { paint($0, "33") } }
        return "\u{1B}[2J\u{1B}[H" + lines.joined(separator: "\n") + "\n"
    }

    func card(_ card: Card, now: Date) -> [String] {
        let repository = card.repository
        let rule = paint(String(repeating: "─", count: min(width, 100)), "2")
        var facts = [repository.language, repository.license?.spdxID].compactMap { $0 }
        if let pushed = repository.pushedAt {
            let ago =
                words.language == .english ? RelativeTime.describe(pushed, now: now) : words.relative(pushed, now: now)
            facts.append(words.text("terminal.updated", ago))
        }
        if repository.archived { facts.append(words.text("terminal.archived")) }
        var lines = [
            rule,
            paint(repository.fullName, "1") + "   " + paint("★ \(words.number(repository.stars))", "33"),
        ]
        if !facts.isEmpty { lines.append(paint(facts.joined(separator: " · "), "2")) }
        if let description = repository.description, !description.isEmpty { lines += [""] + wrap(description) }
        if !repository.topics.isEmpty {
            lines +=
                [""]
                + wrap(repository.topics.prefix(8).map { "#\($0)" }.joined(separator: " ")).map {
                    paint($0, "35")
                }
        }
        // A fit only when something personal stands behind it (0 otherwise), like the web card.
        let reasons = card.reasons.joined(separator: "; ")
        let why =
            words.fit(card.fitScore).map { words.text("terminal.fit", $0, reasons) }
            ?? words.text("terminal.why", reasons)
        lines += [""] + wrap(why).map { paint($0, "32") }
        lines.append(rule)
        return lines
    }

    /// Home, as a header over the deck: the greeting, today's pick (t likes it), this week's movers.
    func home(_ home: HomeScreen) -> [String] {
        var lines = [paint(home.greeting, "1")]
        if let pick = home.pick {
            let decided: String =
                switch home.pickDecision {
                case .like?: words.text("terminal.pick.liked")
                case .save?: words.text("terminal.pick.saved")
                case .skip?: words.text("terminal.pick.skipped")
                default: words.text("terminal.pick.undecided")
                }
            let reason = pick.reasons.first ?? ""
            let why = words.fit(pick.fitScore).map { words.text("terminal.pick.fit", $0, reason) } ?? reason
            lines += wrap(
                words.text("terminal.pick.line", pick.repository.fullName, words.number(pick.repository.stars), why)
                    + decided)
        } else if let message = home.pickMessage {
            lines += wrap(message)
        }
        if let note = home.catalogNote { lines += wrap(note).map { paint($0, "2") } }
        if !home.movers.isEmpty {
            let movers = home.movers.prefix(3).map { "\($0.repository.fullName) +\(words.number($0.starsGained))" }
                .joined(separator: ", ")
            let line =
                home.moverLanguages.isEmpty
                ? words.text("terminal.movers.all", movers)
                : words.text("terminal.movers.in", home.moverLanguages.joined(separator: ", "), movers)
            lines += wrap(line).map { paint($0, "2") }
        }
        return lines
    }

    func keys(canUndo: Bool) -> String {
        paint(canUndo ? words.text("terminal.keys.deck-undo") : words.text("terminal.keys.deck"), "2")
    }

    /// Words wrapped to the width (a word longer than a line is cut), made safe for the terminal.
    func wrap(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in SafeText.clean(text, layout: .line).split(whereSeparator: \.isWhitespace) {
            var word = String(word)
            while word.count > width {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
