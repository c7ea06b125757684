import Ask
import Foundation
import RepoFinderCore
import Storage
import Testing

/// Questions written the way people ask an assistant: what they rule out, choices asked in a sentence, trending in
/// other words, follow-ups made of small words — and an engine that says it does not know when nothing is close.
@Suite struct ConversationalQuestionTests {
    let reader = QuestionReader()

    @Test func whatAQuestionRulesOutLeavesItsMeaning() {
        let question = reader.read(
            "I'm a C# dev and want to make a small 2D indie game, but not Unity after the whole pricing mess")
        #expect(question.excluded == ["unity"])
        #expect(!question.meaning.lowercased().contains("unity"))
        #expect(question.meaning.contains("2D indie game"))
        let tied = reader.read("a way to do database migrations that isn't tied to an ORM, in Go")
        #expect(tied.excluded.isEmpty)
        #expect(!tied.meaning.contains("ORM"))
        #expect(tied.meaning.contains("in Go"))
        // "not too intimidating" rules out nothing by name.
        #expect(reader.read("a 2D game library that's not too intimidating").excluded.isEmpty)
    }

    @Test func aChoiceAskedInASentenceIsAComparisonThatMayFallBack() {
        let question = reader.read("terraform or pulumi for a team that mostly writes typescript?")
        #expect(question.intent == .compare(["terraform", "pulumi"]))
        #expect(question.looseComparison)
        #expect(reader.read("how does bun compare to deno these days?").intent == .compare(["bun", "deno"]))
        // No choice asked: a search.
        #expect(reader.read("something in Python or Lua for a 2D game").intent == .find)
        // The strict forms stay strict.
        #expect(!reader.read("react vs vue").looseComparison)
    }

    @Test func trendingInOtherWords() {
        #expect(reader.read("show me python stuff that's getting a lot of stars today").intent == .trending)
        #expect(reader.read("any new rust projects people are excited about lately?").intent == .trending)
    }

    @Test func aFollowUpOfSmallWordsKeepsTheSubject() {
        let first = reader.read("a library for writing terminal user interfaces")
        let next = reader.read("ok, and if it has to be python?", after: first)
        #expect(next.words == first.words)
        #expect(next.language == "Python")
        #expect(next.meaning.contains("terminal user interfaces"))
    }

    @Test func nothingCloseIsAnHonestIDontKnow() async throws {
        let far = MeaningTools(
            matches: MeaningMatches(
                repositories: [Self.repository("a/b")], closeness: [0.2], completeMatches: 0, bestWordShare: 0.2))
        let answer = try await AnswerEngine().answer("a birthday message for my mother please", tools: far)
        #expect(!answer.found)
        #expect(answer.sources.isEmpty)
        // Far in meaning, but most of the words in one repository: an answer.
        let worded = MeaningTools(
            matches: MeaningMatches(
                repositories: [Self.repository("a/b")], closeness: [0.2], completeMatches: 0, bestWordShare: 0.7))
        #expect(try await AnswerEngine().answer("a lightweight web framework for swift", tools: worded).found)
        let near = MeaningTools(
            matches: MeaningMatches(repositories: [Self.repository("a/b")], closeness: [0.9], completeMatches: 0))
        #expect(try await AnswerEngine().answer("a tool to back up my server", tools: near).found)
        let unknownWords = MeaningTools(
            matches: MeaningMatches(
                repositories: [Self.repository("a/b")], closeness: [0.9], completeMatches: 0, anyWordKnown: false))
        #expect(!(try await AnswerEngine().answer("qwpoeiru zxmvnb asdkjh", tools: unknownWords).found))
    }

    @Test func theSentenceModelsLineDecidesForQuestionsItRead() async throws {
        // A cosine of 0.47: under the token vectors' line (0.5), over the sentence model's (0.45).
        func matches(_ line: Float?) -> MeaningTools {
            MeaningTools(
                matches: MeaningMatches(
                    repositories: [Self.repository("a/b")], closeness: [0.47], completeMatches: 0, bestWordShare: 0.2,
                    weakCloseness: line))
        }
        let question = "something to keep my notes in sync across devices"
        #expect(!(try await AnswerEngine().answer(question, tools: matches(nil)).found))
        #expect(try await AnswerEngine().answer(question, tools: matches(0.45)).found)
    }

    @Test func aSeedTheCatalogLacksIsKnownByTheQuestionsMeaningFirst() async throws {
        let tools = MeaningTools(
            matches: MeaningMatches(
                repositories: [Self.repository("n8n-io/n8n"), Self.repository("huginn/huginn")],
                closeness: [0.7, 0.65], completeMatches: 0),
            words: [Self.repository("words/server"), Self.repository("words/source")])
        let answer = try await AnswerEngine().answer(
            "Something like Zapier but open source, that I can run on my own server", tools: tools)
        #expect(answer.sources.first?.fullName == "n8n-io/n8n")
        #expect(answer.sources.map(\.fullName).contains("words/server"))
    }

    @Test func whatTheQuestionRulesOutIsNotAnswered() async throws {
        let tools = MeaningTools(
            matches: MeaningMatches(
                repositories: [Self.repository("Unity-Technologies/unity"), Self.repository("godotengine/godot")],
                closeness: [0.9, 0.88], completeMatches: 1))
        let answer = try await AnswerEngine().answer("a 2D game engine for C#, not unity", tools: tools)
        #expect(answer.sources.map(\.fullName) == ["godotengine/godot"])
    }

    static func repository(_ name: String) -> Repository {
        let parts = name.split(separator: "/").map(String.init)
        return Repository(
            owner: RepositoryOwner(login: parts[0]), name: parts[1], description: "A project", stars: 1_000,
            pushedAt: Date(timeIntervalSince1970: 1_780_000_000), webURL: URL(string: "https://github.com/\(name)"))
    }
}

/// Tools whose search by meaning answers `matches`; the rest find nothing.
struct MeaningTools: AskTools {
    let matches: MeaningMatches
    /// What a search by words alone finds.
    var words: [Repository] = []
    var now: Date { Date(timeIntervalSince1970: 1_780_100_000) }

    func search(_ text: String, language: String?, limit: Int) async throws -> [Repository] { words }
    func search(_ text: String, meaning: String, language: String?, limit: Int) async throws -> MeaningMatches {
        matches
    }
    func repository(named name: String) async throws -> Repository? { nil }
    func similar(to repository: Repository, limit: Int) async throws -> [Repository] { [] }
    func clusters(of repositories: [Repository]) async throws -> [String?] { repositories.map { _ in nil } }
    func trending(language: String?, window: TrendingWindow, limit: Int) async throws -> TrendingList {
        TrendingList(start: nil, end: nil, entries: [], coverage: nil)
    }
    func compare(_ repositories: [Repository]) async throws -> Comparison { Comparison([], now: now) }
    func list(_ list: RepositoryList) async throws -> [Repository] { [] }
    func reasons(for repository: Repository) async throws -> (fit: Int, reasons: [String])? { nil }
}
