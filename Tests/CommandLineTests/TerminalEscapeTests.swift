import Foundation
import RepoFinderCore
import StorageSQLite
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 42, finding 6 (and the addresses of finding 8): terminal escape sequences in data. A repository whose
/// description carries `ESC[31m`, an OSC window title and U+202E, coming in from a catalog file or from GitHub, and a
/// model reply with ESC/OSC, must never reach a terminal as control characters; nor may a stored row from before.
@Suite("Terminal escapes in data never reach the terminal")
struct TerminalEscapeTests {
    typealias ServerProcess = ServerProcessTests.ServerProcess

    /// The attack: colours, a window title (OSC 0, ended by BEL), a hyperlink (OSC 8, ended by ST), a right-to-left
    /// override.
    static let description =
        "Totally normal \u{1B}[31mRED\u{1B}[0m \u{1B}]0;owned title\u{07}library "
        + "\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\ \u{202E}txt.exe"
    /// What is left of it.
    static let cleanDescription = "Totally normal RED library link txt.exe"

    /// The attack repository as a GitHub REST object (a catalog line, or what the stand-in GitHub answers).
    static func attackObject(_ fullName: String) -> [String: Any] {
        let parts = fullName.split(separator: "/").map(String.init)
        return [
            "full_name": fullName, "name": parts[1],
            "owner": ["login": parts[0], "avatar_url": "javascript:alert(1)"],
            "description": description, "topics": ["cli", "\u{1B}[5mblink\u{202E}"], "language": "Ru\u{1B}[31mst",
            "license": ["spdx_id": "MIT\u{200F}", "name": "MIT \u{1B}]0;x\u{07}License"],
            "stargazers_count": 4_321, "pushed_at": "2026-11-22T08:00:00Z",
            "html_url": "https://evil.example/\(fullName)",
        ]
    }

    /// Whether `text` holds anything a terminal would act on (or that reorders what it shows).
    static func holdsControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
                || [0x061C, 0x200E, 0x200F].contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
        }
    }

    let cli = CommandLineTests()

    @Test("a catalog file's escapes are taken out on ingest; search prints none; addresses are GitHub's")
    func ingested() async throws {
        let directory = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("escapes.sqlite").path
        let line = try JSONSerialization.data(withJSONObject: Self.attackObject("mallory/tool"), options: [.sortedKeys])
        try (String(decoding: line, as: UTF8.self) + "\n").write(
            to: directory.appendingPathComponent("attack.jsonl"), atomically: true, encoding: .utf8)
        let ingest = try await cli.run([
            "ingest", directory.appendingPathComponent("attack.jsonl").path, "--database", database,
        ])
        #expect(ingest.status == 0, "\(ingest.errors)")

        let text = try await cli.run(["search", "totally normal", "--database", database])
        #expect(text.status == 0, "\(text.errors)")
        #expect(text.output.contains("mallory/tool"))
        #expect(text.output.contains(Self.cleanDescription), "\(text.output)")
        #expect(!text.output.utf8.contains(0x1B), "no ESC byte: \(text.output.debugDescription)")
        #expect(!Self.holdsControls(text.output), "\(text.output.debugDescription)")

        // What was stored, as the API's JSON: clean words, GitHub's own page, no javascript: avatar.
        let json = try await cli.run(["search", "totally", "--format", "json", "--database", database])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let item = try #require((object?["items"] as? [[String: Any]])?.first)
        #expect(item["description"] as? String == Self.cleanDescription)
        #expect(item["topics"] as? [String] == ["cli", "blink"])
        #expect(item["language"] as? String == "Rust")
        #expect(item["license"] as? String == "MIT")
        #expect(item["url"] as? String == "https://github.com/mallory/tool")
        #expect(
            (item["owner"] as? [String: Any])?["avatarUrl"] as? String
                == "https://avatars.githubusercontent.com/mallory")
    }

    @Test("rows stored before the fix are made safe when printed: search, route, compare, deck; JSON escapes them")
    func storedEarlier() async throws {
        let directory = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("old.sqlite").path
        // Written straight to the store, as an older RepoFinder kept whatever it was given.
        let store = try SQLiteStorage(path: database)
        var raw = Fixtures.repository("mallory/tool", stars: 4_321, topics: ["cli"])
        raw.description = Self.description
        raw.language = "Ru\u{1B}[31mst"
        raw.topics = ["cli", "\u{1B}[5mblink"]
        _ = try await store.upsertRepositories([raw, Fixtures.repository("someone/else", stars: 10, topics: ["cli"])])
        try await store.close()

        for arguments in [
            ["search", "totally normal"], ["route", "/r/mallory/tool"], ["compare", "mallory/tool", "someone/else"],
            ["deck"],
        ] {
            let outcome = try await cli.run(arguments + ["--database", database])
            #expect(outcome.status == 0, "\(arguments): \(outcome.errors)")
            #expect(outcome.output.contains("mallory/tool"), "\(arguments): \(outcome.output)")
            #expect(!outcome.output.utf8.contains(0x1B), "\(arguments): \(outcome.output.debugDescription)")
            #expect(!Self.holdsControls(outcome.output + outcome.errors), "\(arguments)")
        }
        // JSON keeps the data exactly (a script reads it back) with nothing raw a terminal would act on.
        let json = try await cli.run(["search", "totally", "--format", "json", "--database", database])
        #expect(!Self.holdsControls(json.output), "\(json.output.debugDescription)")
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect((object?["items"] as? [[String: Any]])?.first?["description"] as? String == Self.description)
    }

    @Test("a repository fetched through the stand-in GitHub is stored safe and printed safe", .timeLimit(.minutes(3)))
    func fetchedFromGitHub() async throws {
        let standIn = try GitHubStandIn(users: [:])
        defer { standIn.stop() }
        try await standIn.addRepository(Self.attackObject("mallory/fetched"))
        let helper = ServerProcessTests()
        let directory = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await helper.makeDatabase(in: directory)
        let server = try ServerProcess(
            database: database, directory: directory, environment: ["GITHUB_API_URL": standIn.baseURL.absoluteString])
        defer { if server.process.isRunning { server.process.terminate() } }
        try await server.waitUntilListening()

        let (status, body) = try await helper.send("GET", server.url.appendingPathComponent("v1/repos/mallory/fetched"))
        #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
        let repository = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(repository["description"] as? String == Self.cleanDescription)
        #expect(repository["language"] as? String == "Rust")
        #expect(repository["url"] as? String == "https://github.com/mallory/fetched")
        #expect((repository["owner"] as? [String: Any])?["avatarUrl"] as? String != "javascript:alert(1)")
        #expect(!Self.holdsControls(String(decoding: body, as: UTF8.self)))
        _ = await server.terminate()

        let text = try await cli.run(["search", "totally normal", "--database", database])
        #expect(text.output.contains("mallory/fetched"), "\(text.output) \(text.errors)")
        #expect(text.output.contains(Self.cleanDescription))
        #expect(!text.output.utf8.contains(0x1B), "\(text.output.debugDescription)")
    }

    @Test(
        "a model reply with ESC and OSC reaches neither the server's answer nor `ask --server`", .timeLimit(.minutes(3))
    )
    func modelEscapes() async throws {
        let model = try ModelStandIn()
        defer { model.stop() }
        let helper = ServerProcessTests()
        let directory = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await helper.makeDatabase(in: directory)
        let server = try ServerProcess(
            database: database, directory: directory,
            environment: [
                "ASK_MODEL_URL": model.baseURL.absoluteString, "ASK_MODEL_NAME": "standin-escapes",
                "ASK_MODEL_KEY": model.key, "ASK_MODEL_TIMEOUT_SECONDS": "30",
            ])
        defer { if server.process.isRunning { server.process.terminate() } }
        try await server.waitUntilListening()

        // Over HTTP: the streamed words and the stored answer carry no control character, raw or JSON-escaped.
        let (_, account) = try await helper.send("POST", server.url.appendingPathComponent("v1/users"))
        let token = try #require(
            (try JSONSerialization.jsonObject(with: account) as? [String: Any])?["token"] as? String)
        let (_, threadBody) = try await helper.send(
            "POST", server.url.appendingPathComponent("v1/me/threads"), token: token)
        let thread = try #require(
            (try JSONSerialization.jsonObject(with: threadBody) as? [String: Any])?["id"] as? String)
        var request = URLRequest(url: server.url.appendingPathComponent("v1/me/threads/\(thread)/messages"))
        request.httpMethod = "POST"
        request.timeoutInterval = 60
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.httpBody = Data(#"{"text": "swift projects"}"#.utf8)
        let (streamed, _) = try await URLSession.shared.data(for: request)
        let events = String(decoding: streamed, as: UTF8.self)
        #expect(events.contains("event: done"), "\(events)")
        #expect(try await model.requests().count == 1, "the model wrote this answer")
        for escaped in ["\\u001b", "\\u001B", "\\u0007", "\\u202e", "\\u202E", "owned by the model", "evil.example"] {
            #expect(!events.contains(escaped), "\(escaped) in \(events)")
        }
        #expect(!Self.holdsControls(events), "\(events.debugDescription)")

        // The command line, asking that server.
        let state = directory.appendingPathComponent("state")
        let asked = try await cli.run([
            "ask", "swift projects", "--server", server.url.absoluteString, "--state", state.path,
        ])
        #expect(asked.status == 0, "\(asked.errors)")
        #expect(asked.output.contains("txt.exe"), "the words around the escapes are kept: \(asked.output)")
        #expect(!asked.output.utf8.contains(0x1B), "no ESC byte: \(asked.output.debugDescription)")
        #expect(!Self.holdsControls(asked.output + asked.errors), "\(asked.output.debugDescription)")
        #expect(!asked.output.contains("owned by the model"), "the OSC title goes whole")
    }
}
