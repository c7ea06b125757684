import ArgumentParser
import Foundation
import RepoFinderCore
import Semantics

/// `repofinder bench questions`: how long the sentence model takes to load and to read a question, and its memory.
struct QuestionBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "questions",
        abstract: "Question reading (the sentence model): load time, memory, p50/p90/p99 per question, cold and kept.",
        discussion:
            "Use a release build. Questions come from --questions (an Ask set: kind TAB question per line) or a "
            + "built-in set of short and long questions."
    )

    @Option(help: "A file of questions (tab-separated, the question in the second column; # lines skipped).")
    var questions: String?

    @Option(help: "Timed runs of each question (after one warm-up run).")
    var iterations = 5

    func validate() throws {
        guard (1...1_000).contains(iterations) else { throw ValidationError("--iterations must be 1 to 1,000.") }
    }

    func run() async throws {
        let texts = try questions.map(Self.read) ?? Self.builtIn
        guard !texts.isEmpty else { throw ValidationError("\(questions ?? "") holds no questions.") }
        let memoryStart = SearchBench.anonymousMemory()
        guard let table = SemanticModel.shared else {
            throw ValidationError("no token vectors: \(SemanticModel.problem ?? "")")
        }
        let memoryTable = SearchBench.anonymousMemory()
        let started = ContinuousClock.now
        guard let reader = await SemanticModel.questionReader() else {
            throw ValidationError("no sentence model: \(SemanticModel.questionsProblem ?? "")")
        }
        let loaded = ContinuousClock.now - started
        let memoryModel = SearchBench.anonymousMemory()
        for text in texts { _ = reader.embed(text) }
        let cold = await SearchBench.time(texts, iterations: iterations) { _ = reader.read($0) }
        let kept = await SearchBench.time(texts, iterations: iterations) { _ = reader.embed($0) }
        let statics = await SearchBench.time(texts, iterations: iterations) { _ = table.embed($0) }
        let tokens = texts.map { reader.tokenizer.tokenIDs($0).count + 2 }
        print(
            "question benchmark: \(texts.count) questions × \(iterations) runs, "
                + "\(tokens.reduce(0, +) / tokens.count) tokens on average (\(tokens.min() ?? 0)–\(tokens.max() ?? 0))")
        print(
            String(format: "sentence model loaded in %.0f ms", loaded.secondsDouble * 1000)
                + "; memory (resident): token vectors \(memoryTable - memoryStart) MB, "
                + "the model \(memoryModel - memoryTable) MB")
        print("read by the model:   " + SearchBench.summary(cold.all))
        print("kept (asked again):  " + SearchBench.summary(kept.all))
        print("token vectors alone: " + SearchBench.summary(statics.all))
    }

    static func read(_ path: String) throws -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ValidationError("Could not read \(path).")
        }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            return columns.count > 1 && !columns[1].isEmpty ? String(columns[1]) : nil
        }
    }

    /// Questions of the lengths people write, from a few words to a paragraph.
    static let builtIn = [
        "a terminal file manager", "react vs vue", "alternatives to postman",
        "what is trending in Rust this week", "a lightweight web framework for Swift",
        "something like ripgrep but for JSON", "beginner-friendly Python projects with open issues",
        "is there a python library to pull tables out of pdf bank statements",
        "my team is drowning in yaml for kubernetes, something to write manifests in a real language",
        "I'm looking for a self-hosted alternative to Google Photos with face recognition and an app that backs up "
            + "my phone automatically; it should run on a small home server with docker",
        "We run a dozen microservices in Go and our logs are a mess. Is there an open source tool that collects "
            + "logs and traces in one place, that we can host ourselves without paying for a SaaS, and that does "
            + "not need a whole Elasticsearch cluster to operate?",
    ]
}
