public import RepoFinderCore

/// What an answer is made of, in the order it streams: the tools that ran, the repositories it cites, its words, and
/// the end.
public enum AskEvent: Hashable, Sendable {
    /// A tool ran (a chip: "Searched “web framework” in Swift").
    case tool(ToolUse)
    /// A repository the answer cites; the n-th source is cited as [n].
    case source(Repository)
    /// The next words of the answer (with their leading space or line break).
    case text(String)
    /// The answer is complete.
    case done(Answer)
}

/// One tool run: which tool, the chip a person sees, and its inputs.
public struct ToolUse: Hashable, Sendable {
    /// The tool: search, similar, trending, compare, repository, list or reasons.
    public var name: String
    /// What a chip says: "Searched “web framework” in Swift".
    public var chip: String
    /// Its inputs, by name ("query", "language", "window", …).
    public var inputs: [String: String]

    public init(name: String, chip: String, inputs: [String: String] = [:]) {
        self.name = name
        self.chip = chip
        self.inputs = inputs
    }
}

/// A whole answer: its text (citations as [n]), the tools that ran, the sources in citation order, and the question as
/// read (what a follow-up in the same thread builds on).
public struct Answer: Hashable, Sendable {
    public var text: String
    public var tools: [ToolUse]
    public var sources: [Repository]
    public var question: Question
    /// False when nothing fitted and the answer says so.
    public var found: Bool

    public init(text: String, tools: [ToolUse], sources: [Repository], question: Question, found: Bool) {
        self.text = text
        self.tools = tools
        self.sources = sources
        self.question = question
        self.found = found
    }
}
