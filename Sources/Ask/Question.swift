public import RepoFinderCore
public import Storage

/// A question as the reader understood it: what is asked (the intent), about what (subject words), and the filters it
/// names (a language, a trending window).
public struct Question: Hashable, Sendable {
    /// What kind of answer is wanted.
    public enum Intent: Hashable, Sendable {
        /// Repositories about the subject words: "a lightweight web framework for Swift".
        case find
        /// Repositories like a named one, optionally "but" different: "something like ripgrep but for JSON".
        case like(String)
        /// What gains stars now: "what is trending in Rust this week".
        case trending
        /// Two to four named repositories side by side: "compare vapor and hummingbird".
        case compare([String])
        /// Welcoming projects with open issues: "beginner-friendly Python projects with open issues".
        case beginner
        /// The person's own lists (saved, liked, or both when nil): "what did I save about databases?".
        case mine(RepositoryList?)
        /// Why a repository was dealt: the one named, else the card the question is asked from.
        case why(String?)
        /// One repository's facts: "tell me about ripgrep".
        case facts(String)
        /// Nothing to go on.
        case unclear
    }

    /// The question's own words.
    public var text: String
    public var intent: Intent
    /// What it is about, as search words ("web framework"); for `like`, what makes it different ("json").
    public var words: [String]
    /// Only this language, spelled as GitHub spells it.
    public var language: String?
    /// Whether the language is asked for ("in Rust", "written in Go", "for Python"), not named as where the need
    /// lives ("a js bundler"), which a replacement written in another language can meet.
    public var languageAsked = false
    /// The trending window named (weekly when none is).
    public var window: TrendingWindow
    /// Whether it asks for the most recent first ("lately", "recently").
    public var recent: Bool
    /// Whether it builds on the thread's earlier question ("and for Go?").
    public var followsUp: Bool
    /// The question as text for meaning: its words less what it rules out (``QuestionReader/meaning(of:)``).
    public var meaning: String = ""
    /// Names it rules out ("not Electron" → electron), lowercased.
    public var excluded: [String] = []
    /// A comparison read from a sentence ("terraform or pulumi for …?"): when the names are not both repositories,
    /// it is answered as a search instead.
    public var looseComparison = false

    public init(
        text: String, intent: Intent, words: [String] = [], language: String? = nil, window: TrendingWindow = .weekly,
        recent: Bool = false, followsUp: Bool = false
    ) {
        self.text = text
        self.intent = intent
        self.words = words
        self.language = language
        self.window = window
        self.recent = recent
        self.followsUp = followsUp
    }
}
