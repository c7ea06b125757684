import Foundation
import RepoFinderCore
import TestSupport
import Testing

/// Runs the built `repofinder` binary the way a person would, and checks what they would see.
@Suite("repofinder command line")
struct CommandLineTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `repofinder` built beside this test run: the same build folder as the running test executable, so a
    /// release run (`swift build -c release --build-tests`) tests the release command; `.build/debug` otherwise.
    static let binary: URL = {
        let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let beside = running.deletingLastPathComponent().appendingPathComponent("repofinder")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/repofinder")
    }()

    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `repofinder` with `arguments` in `directory`, waiting on a Dispatch thread (never on one of Swift
    /// concurrency's few cooperative threads, which other tests' timers and deadlines need). Its locale is `C.UTF-8`
    /// (English words) unless `environment` says otherwise (`LANG`, `LC_ALL`).
    func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) async throws
        -> Outcome
    {
        try await offThePool { try runAndWait(arguments, in: directory, environment: environment) }
    }

    private func runAndWait(_ arguments: [String], in directory: URL?, environment: [String: String]) throws -> Outcome
    {
        let binary = Self.binary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw CommandLineTestError("build the command first: swift build --build-tests (\(binary.path) is missing)")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment.filter { !["LC_ALL", "LC_MESSAGES"].contains($0.key) }
        variables["LANG"] = "C.UTF-8"
        process.environment = variables.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    /// The counts of an ingest summary ("  inserted   42,184" lines).
    func summary(_ output: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("  ") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1].replacingOccurrences(of: ",", with: "")) {
                counts[String(parts[0])] = value
            }
        }
        return counts
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("ingest imports good lines, names bad ones, exits 1; a second run changes nothing")
    func ingestWithBadLines() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = #"{"full_name": "apple/swift", "stargazers_count": 69000, "language": "C++", "topics": ["swift"]}"#
        let lines = [good, "{oops", #"{"full_name": "vapor/vapor", "stargazers_count": 25000}"#, #"{"name": "x"}"#]
        try (lines.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("repos.jsonl"), atomically: true, encoding: .utf8)

        // The default database is ./repofinder.sqlite in the working directory.
        let first = try await run(["ingest", "repos.jsonl"], in: directory)
        #expect(first.status == 1)
        #expect(summary(first.output) == ["read": 4, "inserted": 2, "updated": 0, "unchanged": 0, "rejected": 2])
        #expect(first.errors.contains("line 2: malformed JSON"))
        #expect(first.errors.contains("line 4: missing field 'full_name'"))
        #expect(first.errors.contains("2 line(s) rejected"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("repofinder.sqlite").path))

        let second = try await run(["ingest", "repos.jsonl"], in: directory)
        #expect(summary(second.output) == ["read": 4, "inserted": 0, "updated": 0, "unchanged": 2, "rejected": 2])

        let stats = try await run(["stats", "--format", "json"], in: directory)
        #expect(stats.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any]
        #expect(object?["repositories"] as? Int == 2)
        #expect(object?["schemaVersion"] as? Int == 20)
    }

    @Test("a clean import exits 0 and imports star snapshots too")
    func cleanImport() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("data.sqlite").path
        try #"{"full_name": "apple/swift", "stargazers_count": 1}"#.write(
            to: directory.appendingPathComponent("r.jsonl"), atomically: true, encoding: .utf8)
        try "date,full_name,stargazers_count,forks_count\n2026-08-22,apple/swift,1,0\n".write(
            to: directory.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        #expect(
            try await run(["ingest", directory.appendingPathComponent("r.jsonl").path, "--database", database]).status
                == 0)
        let stars = try await run([
            "ingest", "--stars", directory.appendingPathComponent("s.csv").path, "--database", database,
        ])
        #expect(stars.status == 0)
        #expect(stars.output.contains("Imported star snapshots"))
        let stats = try await run(["stats", "--database", database])
        #expect(stats.output.contains("star snapshots  1 (2026-08-22 .. 2026-08-22)"))

        try "date,full_name,stargazers_count,forks_count\n2026-08-21,apple/swift,0,0\n".write(
            to: directory.appendingPathComponent("s0.csv"), atomically: true, encoding: .utf8)
        _ = try await run([
            "ingest", "--stars", directory.appendingPathComponent("s0.csv").path, "--database", database,
        ])
        let trending = try await run(["trending", "--database", database])
        #expect(trending.output.contains("Repositories trending daily, 2026-08-21 → 2026-08-22"))
        #expect(trending.output.contains("1  apple/swift"))
        // The numbers are months old by now: the list says their day instead of "today".
        #expect(trending.output.contains("Numbers from 22 Aug 2026."))
        #expect(trending.output.contains("+1 stars by 22 Aug 2026"))
        let history = try await run(["stars", "apple/swift", "--database", database])
        #expect(history.status == 0)
        #expect(history.output.contains("apple/swift\n▁█\n2026-08-21 ★ 0 → 2026-08-22 ★ 1 (+1, 2 days)"))
        let historyJSON = try await run(["stars", "apple/swift", "--format", "json", "--database", database])
        #expect(historyJSON.output.contains("\"stars\" : 1") || historyJSON.output.contains("\"stars\":1"))
        let unknown = try await run(["stars", "nobody/here", "--database", database])
        #expect(unknown.status != 0 && unknown.errors.contains("nobody/here is not in the catalog."))
        let empty = try await run(["trending", "--as-of", "2026-01-01", "--database", database])
        #expect(empty.output.contains("Snapshots cover 2026-08-21 .. 2026-08-22"))
        let badDate = try await run(["trending", "--as-of", "yesterday", "--database", database])
        #expect(badDate.status != 0 && badDate.errors.contains("--as-of must be a date like 2026-08-22"))
        let badWindow = try await run(["trending", "--since", "yearly", "--database", database])
        #expect(badWindow.status != 0 && badWindow.errors.contains("yearly"))
    }

    @Test("bad command-line input gets one clear line and a non-zero exit")
    func badInput() async throws {
        let missing = try await run(["ingest", "/no/such/file.jsonl", "--database", ":memory:"])
        #expect(missing.status != 0)
        #expect(missing.errors.contains("Cannot read '/no/such/file.jsonl'"))

        let folder = try await run(["stats", "--database", FileManager.default.temporaryDirectory.path])
        #expect(folder.status != 0)
        #expect(folder.errors.contains("is a folder: give a database file path"))

        let nowhere = try await run(["stats", "--database", "/no/such/folder/x.sqlite"])
        #expect(nowhere.errors.contains("the folder /no/such/folder does not exist"))

        let notDatabase = FileManager.default.temporaryDirectory.appendingPathComponent(
            "not-a-db-\(UUID().uuidString).txt")
        try "hello".write(to: notDatabase, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: notDatabase) }
        #expect(try await run(["stats", "--database", notDatabase.path]).errors.contains("file is not a database"))

        let scheme = try await run(["stats", "--database", "mysql://localhost/db"])
        #expect(scheme.status != 0)
        #expect(scheme.errors.contains("'mysql://' databases are not supported"))

        let started = Date()
        let unreachable = try await run(["stats", "--database", "postgres://nobody:secret@127.0.0.1:1/nothing"])
        #expect(unreachable.status != 0)
        #expect(unreachable.errors.contains("Could not use PostgreSQL at nobody@127.0.0.1:1/nothing"))
        #expect(!unreachable.errors.contains("secret"))
        // A refused connection ends it, not a long wait (45 s leaves room for a machine busy with the suite).
        #expect(Date().timeIntervalSince(started) < 45)
    }

    @Test("search finds, filters, pages and prints JSON; bad flags get clear errors")
    func search() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("search.sqlite").path
        let lines = [
            #"{"full_name": "vapor/vapor", "stargazers_count": 25000, "language": "Swift", "topics": ["server"]}"#,
            #"{"full_name": "apple/swift-nio", "stargazers_count": 8000, "language": "Swift", "description": "Event-driven network framework"}"#,
            #"{"full_name": "facebook/react", "stargazers_count": 230000, "language": "JavaScript"}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("r.jsonl"), atomically: true, encoding: .utf8)
        _ = try await run(["ingest", directory.appendingPathComponent("r.jsonl").path, "--database", database])

        let text = try await run(["search", "framework", "--database", database])
        #expect(text.status == 0)
        #expect(text.output.contains("1 results for \"framework\" (page 1 of 1)"))
        #expect(text.output.contains("   1  apple/swift-nio  ★ 8,000  Swift"))

        let json = try await run([
            "search", "", "--language", "swift", "--sort", "stars", "--per-page", "1", "--page", "2",
            "--format", "json", "--database", database,
        ])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["total"] as? Int == 2)
        let items = object?["items"] as? [[String: Any]]
        #expect(items?.map { $0["fullName"] as? String } == ["apple/swift-nio"])

        for (arguments, message) in [
            (["--per-page", "101"], "--per-page must be 1 to 100"), (["--page", "0"], "--page counts from 1"),
            (["--min-stars=-1"], "--min-stars cannot be negative"), (["--sort", "best"], "best"),
        ] {
            let bad = try await run(["search", "x", "--database", database] + arguments)
            #expect(bad.status != 0)
            #expect(bad.errors.contains(message), "\(arguments): \(bad.errors)")
        }
    }

    @Test("on a fresh machine, search and trending answer from the starter catalog with no setup")
    func freshMachine() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trending = try await run(["trending", "--since", "weekly", "--limit", "3"], in: directory)
        #expect(trending.status == 0)
        #expect(trending.errors.contains("First use: loading the starter catalog into SQLite file repofinder.sqlite"))
        #expect(trending.errors.contains("Loaded 41,746 repositories and 380,776 star snapshots"))
        #expect(trending.output.contains("Repositories trending weekly, 2026-08-15 → 2026-08-22"))
        #expect(trending.output.contains("  3  "))
        let search = try await run(["search", "vapor", "--per-page", "1"], in: directory)
        #expect(search.output.contains("   1  vapor/vapor  ★"))
        #expect(!search.errors.contains("First use"))
        // Activity is judged as of the old starter catalog's newest day, saying so, as the server judges it (it read
        // "Quiet — pushed 3 months ago" before).
        let json = try await run(["search", "ripgrep", "--per-page", "1", "--format", "json"], in: directory)
        #expect(json.output.contains("as of 22 Aug 2026"), "\(json.output.prefix(600))")
        let compared = try await run(["compare", "BurntSushi/ripgrep", "sharkdp/fd"], in: directory)
        #expect(compared.output.contains("Health             Active"), "\(compared.output)")
        #expect(!compared.output.contains("months ago"), "\(compared.output)")
    }

    /// A database in `directory` holding only vapor/vapor (not empty, so the starter catalog is not loaded).
    func databaseWithVapor(in directory: URL) async throws -> String {
        let database = directory.appendingPathComponent("catalog.sqlite").path
        try #"{"full_name": "vapor/vapor", "stargazers_count": 25000, "language": "Swift"}"#.write(
            to: directory.appendingPathComponent("one.jsonl"), atomically: true, encoding: .utf8)
        _ = try await run(["ingest", directory.appendingPathComponent("one.jsonl").path, "--database", database])
        return database
    }

    @Test("sync without a network fails with a clear message and leaves the catalog byte for byte as it was")
    func syncOffline() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await databaseWithVapor(in: directory)
        let before = try await run(["stats", "--format", "json", "--database", database]).output
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database))

        let offline = try await run([
            "sync", "--api-url", "http://127.0.0.1:1", "--refresh", "5", "--database", database,
        ])
        #expect(offline.status == 1)
        #expect(
            offline.errors.contains(
                "sync failed: cannot reach GitHub (127.0.0.1:1: connection refused); check the network. "
                    + "The catalog was not changed."), "\(offline.errors)")
        // The refusal ended it, as the message says: no connect timeout was waited out (a wall-clock bound here failed
        // at 14 s on a busy CI while the refusal had been reported all along).
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
        #expect(try await run(["stats", "--format", "json", "--database", database]).output == before)

        let bad = try await run(["sync", "--api-url", "ftp://x", "--database", database])
        #expect(bad.status != 0 && bad.errors.contains("--api-url or GITHUB_API_URL must be an http(s) address"))
    }

    @Test("sync over HTTP (recorded GitHub answers on loopback) stores results and today's snapshots")
    func syncOverHTTP() async throws {
        let server = try GitHubReplayServer()
        defer { server.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await databaseWithVapor(in: directory)

        let arguments = [
            "sync", "--api-url", server.baseURL.absoluteString, "--language", "python", "--min-stars", "0",
        ]
        let first = try await run(arguments + ["--database", database])
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.errors.contains("language:python: 8 of 8 fetched, 8 new, 0 updated, 0 unchanged"))
        #expect(first.output.contains("Synced 8 repositories (8 new, 0 updated, 0 unchanged) and 8 star snapshots"))
        let second = try await run(arguments + ["--refresh", "1", "--database", database])
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.errors.contains("8 of 8 fetched, 0 new, 0 updated, 8 unchanged"))
        // vapor/vapor is the most starred repository the search did not return; the recordings do not have it.
        #expect(second.output.contains("Gone from GitHub (kept): vapor/vapor"))

        let found = try await run(["search", "github3", "--format", "json", "--database", database])
        let object = try JSONSerialization.jsonObject(with: Data(found.output.utf8)) as? [String: Any]
        let names = (object?["items"] as? [[String: Any]])?.compactMap { $0["fullName"] as? String } ?? []
        #expect(names.contains("sigmavirus24/github3.py"))
    }

    @Test("route resolves links in both forms and explains malformed ones")
    func route() async throws {
        let good = try await run(["route", "repoverse://trending?language=C%2B%2B&since=weekly"])
        #expect(good.status == 0)
        #expect(good.output.contains("trending weekly in C++"))
        #expect(good.output.contains("/trending?language=C%2B%2B&since=weekly"))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("links.sqlite").path
        // A catalog without apple/swift (and not empty, so the starter catalog is not loaded).
        try #"{"full_name": "someone/else", "stargazers_count": 1}"#.write(
            to: directory.appendingPathComponent("other.jsonl"), atomically: true, encoding: .utf8)
        _ = try await run(["ingest", directory.appendingPathComponent("other.jsonl").path, "--database", database])
        let web = try await run(["route", "/r/apple/swift", "--format", "json", "--database", database])
        #expect(web.output.contains("\"repoverse://repo/apple/swift\""))
        let object = try JSONSerialization.jsonObject(with: Data(web.output.utf8)) as? [String: Any]
        // The API's `ResolvedLink`: no `repository` while the catalog does not have it.
        #expect(object?["kind"] as? String == "repository")
        #expect(object?["deepLink"] as? String == "repoverse://repo/apple/swift")
        #expect(object?["webPath"] as? String == "/r/apple/swift")
        #expect(object?["repository"] == nil)

        // Once the repository is in the catalog, the link shows it.
        try #"{"full_name": "apple/swift", "stargazers_count": 69000, "language": "C++"}"#.write(
            to: directory.appendingPathComponent("r.jsonl"), atomically: true, encoding: .utf8)
        _ = try await run(["ingest", directory.appendingPathComponent("r.jsonl").path, "--database", database])
        let known = try await run(["route", "repoverse://repo/Apple/Swift", "--database", database])
        #expect(known.output.contains("catalog    apple/swift  ★ 69,000  C++"))
        let knownJSON = try await run([
            "route", "repoverse://repo/Apple/Swift", "--format", "json", "--database", database,
        ])
        let resolved = try JSONSerialization.jsonObject(with: Data(knownJSON.output.utf8)) as? [String: Any]
        let repository = resolved?["repository"] as? [String: Any]
        #expect(repository?["fullName"] as? String == "apple/swift")
        #expect((repository?["owner"] as? [String: Any])?["login"] as? String == "apple")
        let bad = try await run(["route", "repoverse://repo/apple"])
        #expect(bad.status != 0)
        #expect(bad.errors.contains("needs an owner and a name"))
    }
}

struct CommandLineTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
