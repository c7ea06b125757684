/// Keeps a writer's citations to the sources and drops the rest, on text that arrives in pieces split anywhere. A
/// citation is `[n]` or `[n, m]` (written back as `[n][m]`, as the engine writes them); a number outside 1…sources
/// is dropped, and a citation left empty goes with the spaces before it ("vapor [9]." → "vapor."). Other brackets
/// pass unchanged.
public struct CitationFilter: Sendable {
    /// How many sources there are.
    public let sources: Int
    /// Spaces, then perhaps `[` and what followed it, not yet known to be a citation.
    private var held = ""
    /// The longest bracket read as a possible citation.
    private static let longest = 16

    public init(sources: Int) {
        self.sources = sources
    }

    /// The text of `piece` that can be passed on now.
    public mutating func feed(_ piece: String) -> String {
        var out = ""
        for character in piece { take(character, into: &out) }
        return out
    }

    /// What is still held, at the end of the text.
    public mutating func finish() -> String {
        defer { held = "" }
        return held
    }

    private mutating func take(_ character: Character, into out: inout String) {
        guard let open = held.firstIndex(of: "[") else {
            switch character {
            case " ", "[": held.append(character)
            default:
                out += held
                out.append(character)
                held = ""
            }
            return
        }
        let inside = held[held.index(after: open)...]
        if character == "]", inside.contains(where: \.isNumber) {
            out += rewritten(spaces: held[..<open], inside)
            held = ""
        } else if character.isNumber || character == "," || character == " ", inside.count < Self.longest {
            held.append(character)
        } else {
            // Not a citation: what was held is text, and this character starts afresh.
            out += held
            held = ""
            take(character, into: &out)
        }
    }

    /// `[n, m]` with only the numbers of sources, or nothing (nor the spaces before it) when none is.
    private func rewritten(spaces: Substring, _ inside: Substring) -> String {
        let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " })
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return String(spaces) + "[" + inside + "]" }
        let kept = numbers.filter { $0 >= 1 && $0 <= sources }
        guard !kept.isEmpty else { return "" }
        return String(spaces) + kept.map { "[\($0)]" }.joined()
    }
}
