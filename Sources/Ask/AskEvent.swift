public import RepoFinderCore
public import Storage

/// What an answer is made of, in the order it streams: the tools that ran, the repositories it cites, its words, and
/// the end.
public enum AskEvent: Hashable, Sendable {
    /// The answer waits for a turn at the writing model, which is busy with others: `position` is its place in line
    /// (1: next). Said when it starts waiting and each time it moves up; its words follow when its turn comes.
    case queued(position: Int)
    /// A tool ran (a chip: "Searched “web framework” in Swift").
    case tool(AskToolRun)
    /// A repository the answer cites; the n-th source is cited as [n].
    case source(Repository)
    /// The next words of the answer (with their leading space or line break).
    case text(String)
    /// The writing model failed: the words so far are withdrawn, and the answer starts again in the engine's own words.
    /// The text says why (``Answer/notice``).
    case fallback(String)
    /// The answer is complete.
    case done(Answer)
}

/// A whole answer: its text (citations as [n]), the tools that ran, the sources in citation order, and the question as
/// read (what a follow-up in the same thread builds on).
public struct Answer: Hashable, Sendable {
    public var text: String
    public var tools: [AskToolRun]
    public var sources: [Repository]
    public var question: Question
    /// False when nothing fitted and the answer says so.
    public var found: Bool
    /// Why the engine wrote the answer when a writing model was to (it failed), or nil.
    public var notice: String?

    public init(
        text: String, tools: [AskToolRun], sources: [Repository], question: Question, found: Bool,
        notice: String? = nil
    ) {
        self.text = text
        self.tools = tools
        self.sources = sources
        self.question = question
        self.found = found
        self.notice = notice
    }
}
