import APISchemas
import Ask
import Foundation
import RepoFinderAPI
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

@Suite("Server: Ask's hand-written events say what the generated types say")
struct AskJSONTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func parsed(_ text: String) throws -> NSDictionary? {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
    }

    /// The `data` line of one server-sent event.
    static func data(of event: String, named name: String) throws -> String {
        let lines = event.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "event: \(name)")
        return String(try #require(lines.dropFirst().first?.dropFirst("data: ".count)))
    }

    static let tools = [
        AskToolRun(
            name: "search", chip: "Searched “web \"framework\"” in Swift · 5 found",
            inputs: ["query": "web framework", "language": "Swift", "ümlaut \\ key": "a/b"], found: 5),
        AskToolRun(name: "trending", chip: "Trending", inputs: [:], found: nil),
    ]

    @Test("a tool event parses to the generated AskTool's JSON", arguments: [0, 1])
    func tool(_ which: Int) throws {
        let written = try #require(try ServerSentEvent.encode(.tool(Self.tools[which]), now: Self.now))
        let expected = try Self.parsed(try SchemaJSON.line(APISchemas.askTool(Self.tools[which])))
        #expect(try Self.parsed(try Self.data(of: written, named: "tool")) == expected)
    }

    @Test("the done event parses to the generated AskMessage, AskThread and AskQuota", arguments: [false, true])
    func done(_ full: Bool) throws {
        var repository = Fixtures.repository("tricky-owner/we.ird_name", stars: 123_456, topics: ["c++", "naïve"])
        repository.description = "Quotes \" backslash \\ — “curly” 日本語 🚀"
        let sources = full ? [repository, Fixtures.repository("apple/swift", stars: 60_000, topics: ["swift"])] : []
        let message = AskMessage(
            id: "m1", threadID: "t1", role: .assistant, text: full ? "Try [1] and [2].\n\"Both\" \\ work." : "",
            tools: full ? Self.tools : [], sources: sources.map(\.repositoryName),
            createdAt: Self.now.addingTimeInterval(0.25),
            stopped: !full, notice: full ? nil : "The server stopped while writing this answer.")
        let thread = AskThread(
            id: "t1", title: "a “web” framework", preview: "Try…", pinned: full, archived: false,
            createdAt: Self.now.addingTimeInterval(-86_400), updatedAt: Self.now)
        let quota = (used: 3, limit: full ? 100 : nil, renewsOn: try #require(Day(year: 2026, month: 12, day: 1)))
        let written = ServerSentEvent.done((message, sources, thread), quota: quota, now: Self.now)

        struct Done: Encodable {
            var message: Components.Schemas.AskMessage
            var thread: Components.Schemas.AskThread
            var quota: Components.Schemas.AskQuota
        }
        let generated = Done(
            message: APISchemas.askMessage(message, sources: sources, now: Self.now),
            thread: APISchemas.askThread(thread),
            quota: APISchemas.askQuota(used: quota.used, limit: quota.limit, renewsOn: quota.renewsOn))
        let expected = try Self.parsed(try SchemaJSON.line(generated))
        #expect(try Self.parsed(try Self.data(of: written, named: "done")) == expected)
    }
}
