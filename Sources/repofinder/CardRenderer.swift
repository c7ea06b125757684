import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore

/// Draws the deck as text: the top card wrapped to the terminal's width, with colours unless turned off.
struct CardRenderer {
    let width: Int
    let colors: Bool

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
        var lines = [paint("RepoFinder · discover", "1;36") + "   " + paint("\(remaining) cards in the deck", "2"), ""]
        if !home.isEmpty { lines += home + [""] }
        switch state {
        case .idle, .loading:
            lines.append("Dealing your cards…")
        case .failed(let message):
            lines += wrap(message) + ["", paint("r retry   q quit", "2")]
        case .exhausted(let message):
            lines += wrap(message) + ["", paint("q quit", "2")]
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
        if let pushed = repository.pushedAt { facts.append("updated " + RelativeTime.describe(pushed, now: now)) }
        if repository.archived { facts.append("archived") }
        var lines = [
            rule,
            paint(repository.fullName, "1") + "   " + paint("★ \(Number.grouped(repository.stars))", "33"),
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
        let fit = card.fitScore > 0 ? "Fit \(card.fitScore)% — " : "Why: "
        lines += [""] + wrap(fit + card.reasons.joined(separator: "; ")).map { paint($0, "32") }
        lines.append(rule)
        return lines
    }

    /// Home, as a header over the deck: the greeting, today's pick (t likes it), this week's movers.
    func home(_ home: HomeScreen) -> [String] {
        var lines = [paint(home.greeting, "1")]
        if let pick = home.pick {
            let decided: String =
                switch home.pickDecision {
                case .like?: " — liked"
                case .save?: " — saved"
                case .skip?: " — not for you"
                default: "   (t likes it)"
                }
            lines += wrap(
                "Today's pick: \(pick.repository.fullName) ★ \(Number.grouped(pick.repository.stars)), "
                    + (pick.fitScore > 0 ? "\(pick.fitScore)% fit — " : "") + (pick.reasons.first ?? "") + decided)
        } else if let message = home.pickMessage {
            lines += wrap(message)
        }
        if let note = home.catalogNote { lines += wrap(note).map { paint($0, "2") } }
        if !home.movers.isEmpty {
            let place = home.moverLanguages.isEmpty ? "" : " in " + home.moverLanguages.joined(separator: ", ")
            let movers = home.movers.prefix(3).map { "\($0.repository.fullName) +\(Number.grouped($0.starsGained))" }
            lines += wrap("Moving\(place) this week: " + movers.joined(separator: ", ")).map { paint($0, "2") }
        }
        return lines
    }

    func keys(canUndo: Bool) -> String {
        let undo = canUndo ? "   u undo" : ""
        return paint("→/l like   ←/h skip   s save   o open\(undo)   q quit", "2")
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
