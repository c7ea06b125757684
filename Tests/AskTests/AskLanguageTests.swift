import Ask
import Foundation
import Localization
import RepoFinderCore
import Storage
import Testing

/// Ask answers in the asking person's language: its sentences, tool chips, notes and refusals come from the `Ask`
/// String Catalog, so no English template is left in a Spanish, German or Japanese answer, and the pseudo-language
/// shows any chip word that escaped the catalogue.
@Suite struct AskLanguageTests {
    /// One question of every kind the engine answers, with the lists and card they need.
    static let questions: [(text: String, card: String?)] = [
        ("a web framework for Swift", nil), ("something like redis", nil), ("like ripgrep but for JSON", nil),
        ("what is trending this week in Go", nil), ("what is trending today", nil), ("compare vapor and gin", nil),
        ("compare vapor and nosuchthing", nil), ("tell me about ripgrep", nil), ("what did I save?", nil),
        ("what did I save about web frameworks?", nil), ("did I like anything about json?", nil),
        ("why was this in my deck?", "vapor/vapor"), ("good first issues in Swift", nil),
        ("a quantum gravity simulator in COBOL", nil), ("what's the weather tomorrow?", nil),
    ]

    /// The English words of every Ask message, less their placeholders: pieces of at least two words, which no
    /// answer in another language may hold.
    static let englishPieces: [String] = {
        let catalogue = Catalogue.shared
        let table = catalogue.tables.first { $0.name == "Ask" }!
        var pieces: Set<String> = []
        for key in table.keys {
            let forms: [String]
            switch catalogue.message(key, in: .english)! {
            case .plain(let words): forms = [words]
            case .plural(let byCategory): forms = Array(byCategory.values)
            }
            for form in forms {
                for piece in form.split(separator: /%(\d+\$)?(@|lld|%)/) {
                    let words = piece.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
                    if words.split(separator: " ").count >= 2 { pieces.insert(words) }
                }
            }
        }
        return pieces.sorted()
    }()

    func answers(
        in language: Language, _ tools: any AskTools
    ) async throws -> [(question: String, answer: Answer)] {
        try await Language.$chosen.withValue(language) {
            var answers: [(String, Answer)] = []
            for question in Self.questions {
                answers.append(
                    (question.text, try await AnswerEngine().answer(question.text, card: question.card, tools: tools)))
            }
            return answers
        }
    }

    @Test(arguments: [Language.spanish, .german, .japanese])
    func answersHoldNoEnglishTemplate(_ language: Language) async throws {
        #expect(Self.englishPieces.count > 60, "the pieces were read")
        try await AnswerEngineTests().withTools(saved: ["redis/redis", "vapor/vapor"], liked: ["Kitura/Kitura"]) {
            tools in
            let english = try await answers(in: .english, tools)
            let worded = try await answers(in: language, tools)
            for ((question, inEnglish), (_, answer)) in zip(english, worded) {
                #expect(answer.sources == inEnglish.sources, "\(question): the same answer, in other words")
                #expect(answer.text != inEnglish.text, "\(question): \(answer.text)")
                let said = ([answer.text] + answer.tools.map(\.chip)).joined(separator: "\n")
                let left = Self.englishPieces.filter { said.contains($0) }
                #expect(left.isEmpty, "\(question) in \(language.code): English left \(left) in \(said)")
                #expect(!said.contains("answer.") && !said.contains("tool."), "a key shown as text: \(said)")
            }
        }
    }

    @Test func chipsInThePseudoLanguageHaveNoPlainWords() async throws {
        try await AnswerEngineTests().withTools(saved: ["redis/redis"], liked: ["Kitura/Kitura"]) { tools in
            for (question, answer) in try await answers(in: .pseudo, tools) {
                for tool in answer.tools {
                    // What the tool was given (a query, names, a language) is the person's, not ours.
                    var chip = tool.chip
                    for repository in AnswerEngineTests.catalog {
                        chip = chip.replacingOccurrences(of: repository.fullName, with: " ")
                    }
                    // Longest first: a search by meaning shows the question ("good first issues in Swift"), which
                    // holds the language input too.
                    let given = tool.inputs.values.flatMap { [$0] + $0.split(separator: ",").map(String.init) }
                    for value in given.sorted(by: { $0.count > $1.count }) where !value.isEmpty {
                        chip = chip.replacingOccurrences(of: String(value.prefix(40)), with: " ")
                    }
                    // The list formatter's conjunction is the locale's (en for the pseudo-language), as on the web.
                    let conjunction = Words(.pseudo).list(["X", "Y"]).dropFirst().dropLast()
                    chip = chip.replacingOccurrences(of: conjunction, with: " ")
                    let plain = chip.split { !$0.isLetter }.filter { word in
                        word.count >= 3 && word.allSatisfy { $0.isASCII }
                    }
                    #expect(plain.isEmpty, "\(question): \(tool.name) chip “\(tool.chip)” has \(plain)")
                }
                #expect(answer.tools.allSatisfy { !$0.chip.isEmpty })
            }
        }
    }

    @Test func chipsCarryWhatTheyFound() async throws {
        try await AnswerEngineTests().withTools { tools in
            let answer = try await AnswerEngine().answer("a web framework for Swift", tools: tools)
            let search = try #require(answer.tools.first { $0.name == "search" })
            #expect(search.found == 2, "a client can word the chip itself: \(search)")
            #expect(search.chip == "Searched “web framework” in Swift · 2 found")
            let german = try await Language.$chosen.withValue(.german) {
                try await AnswerEngine().answer("a web framework for Swift", tools: tools)
            }
            #expect(german.tools.first?.chip.contains("Swift") == true)
            #expect(german.tools.first?.chip != search.chip)
        }
    }

    @Test func refusalsAndNoticesInTheLanguage() throws {
        let refusal = AskRefusal.overQuota(limit: 30, used: 30, renewsOn: Day(year: 2026, month: 12, day: 1)!)
        #expect(refusal.message == "You have asked all 30 questions of this month; Ask renews on 2026-12-01.")
        let inSpanish = Language.$chosen.withValue(.spanish) { refusal.message }
        #expect(inSpanish.contains("30") && inSpanish.contains("2026") && !inSpanish.contains("questions"))
        let missing = Language.$chosen.withValue(.japanese) { AskRefusal.noThread(id: "t1").message }
        #expect(missing.contains("t1") && !missing.contains("deleted"))
        let failure = AnswerWriterFailure("went silent for 10 s")
        #expect(
            failure.notice()
                == "The writing model went silent for 10 s, so this answer was written from the facts alone.")
        #expect(failure.notice(in: .german).contains("went silent for 10 s"))
        #expect(failure.notice(in: .german) != failure.notice())
        #expect(AskDesk.interrupted(in: .spanish) != AskDesk.interrupted())
    }

    @Test func aWritingModelIsToldTheLanguage() {
        let request = WritingRequest(
            question: "¿un framework web para Swift?", tools: [], sources: [], draft: "", now: Date(),
            language: .spanish)
        #expect(request.messages.first?.content.contains("Write the answer in Spanish") == true)
        let english = WritingRequest(question: "q", tools: [], sources: [], draft: "", now: Date())
        #expect(english.messages.first?.content == WritingRequest.instructions)
    }
}
