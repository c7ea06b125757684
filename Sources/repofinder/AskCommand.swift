import APISchemas
import ArgumentParser
import Ask
import AskLive
import Foundation
import Localization
import Recommender
import RepoFinderClient
import RepoFinderCore
import RepoFinderSettings
import Storage

/// `repofinder ask "QUESTION"`: the Ask assistant, streamed to the terminal — the tools that ran (standard error), the
/// answer word by word, then its numbered sources. With `--server`, asked of a running server in a thread (the
/// person's token in the state folder); without it, the embedded engine on the catalog in `--database`.
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Ask about repositories: a short answer from the catalog, with the sources it cites.",
        discussion: """
            Reads the question (languages, topics, "like X", "compare A and B", trending windows, your saved and \
            liked repositories, beginner-friendly projects, why a card was dealt), runs tools over the catalog and \
            writes an answer from what they found.
            With --server: asked in a thread on that server (a new one unless --thread; its id is printed on \
            standard error), counted against your monthly quota, with your own lists. Without: locally on \
            --database, where --like and --save stand for your lists and --after for the thread's earlier question.
            Examples: repofinder ask "a lightweight web framework for Swift"
                      repofinder ask "something like ripgrep but for JSON" --server http://127.0.0.1:8080
                      repofinder ask "what did I save about databases?" --save redis/redis --save vapor/vapor
            """
    )

    @Argument(help: "The question.")
    var question: String

    @Option(help: "A running server to ask, such as http://127.0.0.1:8080 (default: answer locally on --database).")
    var server: String?

    @Option(help: "With --server: the thread to ask in (default: a new one).")
    var thread: String?

    @Option(help: "With --server: where the token is kept (default: ~/.repofinder).")
    var state: String?

    @Option(help: "Locally: a repository you liked, owner/name (repeatable, oldest first).")
    var like: [String] = []

    @Option(help: "Locally: a repository you saved (repeatable, oldest first).")
    var save: [String] = []

    @Option(help: "The card the question is asked from, owner/name (\"why was this in my deck?\").")
    var card: String?

    @Option(help: "Locally: the thread's earlier question, for a follow-up (\"and for Go?\").")
    var after: String?

    @Option(help: "text (streamed) or json (the answer as the API's AskMessage).")
    var format: OutputFormat = .text

    @OptionGroup var options: RecommenderOptions

    @OptionGroup(title: "Locally: a writing model (docs/ask.md)") var askModel: AskModelOptions

    func validate() throws {
        guard !question.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("Ask a question, for example: repofinder ask \"a terminal file manager\".")
        }
        guard question.count <= AnswerEngine.maximumQuestionLength else {
            throw ValidationError("The question is too long: at most \(AnswerEngine.maximumQuestionLength) characters.")
        }
        for name in like + save + [card].compactMap({ $0 }) where (try? RepositoryName(parsing: name)) == nil {
            throw ValidationError("'\(name)' is not a repository name like owner/name.")
        }
        if let server {
            guard let url = URL(string: server), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--server must be an http(s) address such as http://127.0.0.1:8080.")
            }
            guard like.isEmpty, save.isEmpty, after == nil else {
                throw ValidationError("--like, --save and --after are for local answers; a server knows your lists.")
            }
        } else if thread != nil {
            throw ValidationError("--thread needs --server (local answers keep no threads).")
        }
    }

    func run() async throws {
        if let server { try await askServer(URL(string: server)!) } else { try await askLocally() }
    }

    /// The embedded engine on `--database`.
    private func askLocally() async throws {
        var flags: [Setting: String] = [:]
        askModel.add(to: &flags)
        let writer = try AskModelOptions.writer(Settings(flags: flags))
        do {
            try await askLocally(writer: writer)
        } catch {
            try? await writer?.shutdown()
            throw error
        }
        try? await writer?.shutdown()
    }

    private func askLocally(writer: ChatCompletionsWriter?) async throws {
        let community = try options.communitySignals()
        try await options.database.withCatalog { store in
            let index = await RecommendationIndex.build(
                repositories: try await store.allRepositories(), community: community,
                weeklyGains: try await store.weeklyGains())
            let (person, missing) = try await GivenPerson.named(saved: save, liked: like, in: store)
            for name in missing { printError("\(name) is not in the catalog; it is left out.") }
            let tools = CatalogAskTools(store: store, recommender: Recommender(index: index), person: person)
            let engine = AnswerEngine(writer: writer)
            // The earlier question as read: no tools run and no model asked for it.
            let previous = after.map { QuestionReader().read($0) }
            var printer = AnswerPrinter(format: format)
            // Answered in the terminal's language (LC_ALL, LC_MESSAGES, LANG), as the server answers in a request's.
            let language = Language.terminal(environment: ProcessInfo.processInfo.environment)
            let answers = Language.$chosen.withValue(language) {
                engine.stream(question, previous: previous, card: card, tools: tools)
            }
            for try await event in answers {
                switch event {
                case .tool(let use): printer.chip(use.chip)
                case .source(let repository): printer.source(repository)
                case .text(let words): printer.words(words)
                case .fallback(let notice): printer.fallback(notice)
                case .queued(let position): printer.queued(position)
                case .done(let answer):
                    try printer.finish(text: answer.text, tools: answer.tools, notice: answer.notice)
                }
            }
        }
    }

    /// A thread on a running server.
    private func askServer(_ url: URL) async throws {
        let folder =
            state.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".repofinder")
        try await ServerOptions.withClient(server: url, folder: folder) { client in
            do {
                let threadID: String
                if let thread {
                    threadID = thread
                } else {
                    threadID = try await client.newThread().id
                    printError("Thread \(threadID) (ask a follow-up with --thread \(threadID)).")
                }
                var printer = AnswerPrinter(format: format)
                let about = try card.map { try RepositoryName(parsing: $0) }
                for try await event in client.ask(question, in: threadID, about: about) {
                    switch event {
                    case .tool(let chip): printer.chip(chip.chip)
                    case .source(let repository): printer.source(repository)
                    case .text(let words): printer.words(words)
                    case .fallback(let notice): printer.fallback(notice)
                    case .queued(let position): printer.queued(position)
                    case .done(let answer, _, let quota):
                        try printer.finish(
                            text: answer.text,
                            tools: answer.tools.map {
                                AskToolRun(name: $0.name, chip: $0.chip, inputs: $0.inputs, found: $0.found)
                            },
                            notice: answer.notice, id: answer.id)
                        if format == .text, let left = quota.left {
                            printError("\(left) questions left this month (renews on \(quota.renewsOn)).")
                        }
                    }
                }
            } catch let failure as ClientFailure {
                throw CommandFailure(failure.message)
            }
        }
    }
}

/// Writes an answer as it streams (text: chips dimmed on standard error, words on standard output, then the sources),
/// or, for `json`, the whole answer at the end as the API's `AskMessage`. Every word, chip, notice and source is made
/// safe for the terminal first (an escape sequence split across streamed pieces still goes whole).
struct AnswerPrinter {
    let format: OutputFormat
    private var sources: [Repository] = []
    /// The streamed words, made safe piece by piece.
    private var safeWords = SafeTextStream()
    /// Whether the notice was said when the writing model failed.
    private var noticeSaid = false
    private let dim = isatty(STDERR_FILENO) == 1

    init(format: OutputFormat) { self.format = format }

    func chip(_ text: String) {
        guard format == .text else { return }
        let text = SafeText.clean(text, layout: .line)
        writeError(dim ? "\u{1B}[2m· \(text)\u{1B}[0m" : "· \(text)")
    }

    mutating func source(_ repository: Repository) { sources.append(repository) }

    /// The answer waits for the writing model, busy with others: its place in line, said on standard error.
    func queued(_ position: Int) {
        guard format == .text else { return }
        let text =
            position <= 1
            ? "Waiting for the writing model: this answer is next."
            : "Waiting for the writing model: \(position - 1) answer\(position == 2 ? "" : "s") ahead of this one."
        writeError(dim ? "\u{1B}[2m\(text)\u{1B}[0m" : text)
    }

    /// The writing model failed: what it wrote stays on the screen, the notice says so, the engine's words follow.
    mutating func fallback(_ notice: String) {
        noticeSaid = true
        // What the model left unfinished never swallows the engine's words that follow.
        safeWords = SafeTextStream()
        guard format == .text else { return }
        FileHandle.standardOutput.write(Data("\n".utf8))
        let notice = terminalSafe(notice)
        writeError(dim ? "\u{1B}[2m\(notice)\u{1B}[0m" : notice)
    }

    /// Writes a line of our own making (already safe, perhaps dimmed) on standard error.
    private func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    mutating func words(_ words: String) {
        guard format == .text else { return }
        FileHandle.standardOutput.write(Data(safeWords.feed(words).utf8))
    }

    func finish(
        text: String, tools: [AskToolRun], notice: String?,
        id: String = UUID().uuidString.lowercased()
    ) throws {
        switch format {
        case .json:
            let message = AskMessage(
                id: id, threadID: "", role: .assistant, text: text,
                tools: tools,
                sources: sources.map(\.repositoryName), createdAt: Date(), notice: notice)
            try printJSON(APISchemas.askMessage(message, sources: sources, now: Date()))
        case .text:
            print()
            if let notice, !noticeSaid { printError(notice) }
            if !sources.isEmpty { print("\nSources:") }
            for (number, repository) in sources.enumerated() {
                print(terminalSafe("[\(number + 1)] \(repository.fullName)  \(repository.webURL.absoluteString)"))
            }
        }
        fflush(nil)
    }
}
