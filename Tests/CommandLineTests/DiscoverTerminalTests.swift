import Foundation
import RepoFinderCore
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `repofinder discover` driven through a pseudo-terminal against a real `repofinder serve` process.
@Suite("repofinder discover (a terminal deck in a pseudo-terminal)")
struct DiscoverTerminalTests {
    /// A pseudo-terminal: the program gets the terminal side; the test reads and types on the other.
    final class PseudoTerminal: Sendable {
        let controller: Int32
        let terminalPath: String
        private let output = Output()

        /// What the program wrote so far.
        final class Output: Sendable {
            let text = Mutex("")
        }

        init(columns: UInt16 = 80, rows: UInt16 = 30) throws {
            // glibc declares these only for _XOPEN_SOURCE, which Swift's Glibc module does not set: look them up.
            typealias OpenPT = @convention(c) (Int32) -> Int32
            typealias PTCall = @convention(c) (Int32) -> Int32
            typealias PTName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
            guard let open = dlsym(nil, "posix_openpt"), let grant = dlsym(nil, "grantpt"),
                let unlock = dlsym(nil, "unlockpt"), let ptsname = dlsym(nil, "ptsname")
            else { throw ServerProcessTests.ServerTestError("no pseudo-terminal functions") }
            controller = unsafeBitCast(open, to: OpenPT.self)(O_RDWR | O_NOCTTY)
            guard controller >= 0, unsafeBitCast(grant, to: PTCall.self)(controller) == 0,
                unsafeBitCast(unlock, to: PTCall.self)(controller) == 0,
                let name = unsafeBitCast(ptsname, to: PTName.self)(controller)
            else { throw ServerProcessTests.ServerTestError("no pseudo-terminal: errno \(errno)") }
            terminalPath = String(cString: name)
            var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
            let thread = Thread { [controller, output] in
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = read(controller, &buffer, buffer.count)
                    guard count > 0 else { return }
                    let text = String(decoding: buffer[0..<count], as: UTF8.self)
                    output.text.withLock { $0 += text }
                }
            }
            thread.start()
        }

        var text: String { output.text.withLock { $0 } }

        func type(_ keys: String) {
            _ = keys.utf8CString.withUnsafeBufferPointer { write(controller, $0.baseAddress, $0.count - 1) }
        }

        /// Waits (up to 60 s) until the output matches `pattern`; returns the match.
        func wait(for pattern: String) async throws -> String {
            for _ in 0..<600 {
                if let range = text.range(of: pattern, options: .regularExpression) { return String(text[range]) }
                try await Task.sleep(for: .milliseconds(100))
            }
            throw ServerProcessTests.ServerTestError("no '\(pattern)' on the terminal; it shows:\n\(text)")
        }
    }

    @Test(
        "draws a card; l likes it; the server has the like; u takes it back (off Liked); u after h brings a card back",
        .timeLimit(.minutes(5)))
    func likeThroughTheTerminal() async throws {
        let helper = ServerProcessTests()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-discover-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await startServer(in: directory)
        defer { server.process.terminate() }

        let state = directory.appendingPathComponent("state")
        let (deck, terminal) = try launchDeck(server: server.url, state: state)

        // The first card: its name and stars, wrapped to 80 columns, and the keys.
        let drawn = try await terminal.wait(for: #"owner\d/project\d+   ★ [\d,]+"#)
        let name = String(drawn.prefix { $0 != " " })
        _ = try await terminal.wait(for: "→/l like   ←/h skip   s save   o open   q quit")
        let lines = terminal.text.replacingOccurrences(
            of: #"\u{1B}\[[0-9;?]*[A-Za-z]"#, with: "", options: .regularExpression
        )
        .split(whereSeparator: \.isNewline)
        #expect(
            lines.allSatisfy { $0.count <= 80 },
            "wrapped to the terminal's 80 columns: \(lines.map(\.count).max() ?? 0)")

        terminal.type("l")
        _ = try await terminal.wait(for: "Liked \(name)")
        let token = try String(contentsOf: state.appendingPathComponent("token"), encoding: .utf8)
        var liked: [String] = []
        for _ in 0..<100 {
            let (status, body) = try await helper.send(
                "GET", server.url.appendingPathComponent("v1/me/liked"), token: token)
            #expect(status == 200)
            let items = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["items"] as? [[String: Any]]
            liked = (items ?? []).compactMap { ($0["repository"] as? [String: Any])?["fullName"] as? String }
            if !liked.isEmpty { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(liked == [name], "the server has the like")

        // The like, taken back: withdrawn on the server (off Liked), its card back on top.
        terminal.type("u")
        _ = try await terminal.wait(for: "Took back the like of \(name)")
        for _ in 0..<100 where !liked.isEmpty {
            let (_, body) = try await helper.send("GET", server.url.appendingPathComponent("v1/me/liked"), token: token)
            let items = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["items"] as? [[String: Any]]
            liked = (items ?? []).compactMap { ($0["repository"] as? [String: Any])?["fullName"] as? String }
            if !liked.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(liked.isEmpty, "withdrawn on the server")
        // The screen that says so draws the card above its notice: the liked card again.
        let screen = terminal.text
        let notice = try #require(screen.range(of: "Took back the like of \(name)", options: .backwards))
        let above = screen[..<notice.lowerBound]
        let top = above.ranges(of: try Regex(#"owner\d/project\d+   ★"#)).last.map { String(above[$0]) }
        #expect(top?.hasPrefix(name + " ") == true, "back on top: \(top ?? "no card")")

        // A skip, undone: the same card is back on top.
        terminal.type("\u{1B}[D")  // ←
        let skipped = try await terminal.wait(for: #"Skipped [^ ]+"#).dropFirst("Skipped ".count)
        terminal.type("u")
        _ = try await terminal.wait(for: "Brought back \(skipped)")

        terminal.type("q")
        _ = try await terminal.wait(for: "Liked 0, saved 0 this time.")
        #expect(try await exitStatus(deck) == 0)
    }

    @Test(
        "offline: the deck opens from its cached cards, a like is kept, and the next launch sends it",
        .timeLimit(.minutes(5)))
    func offlineLikeSentLater() async throws {
        let helper = ServerProcessTests()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-offline-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await helper.makeDatabase(in: directory)
        let state = directory.appendingPathComponent("state")

        // Online once: the deck is dealt and cached.
        let server = try ServerProcessTests.ServerProcess(database: database, directory: directory)
        try await server.waitUntilListening()
        let (online, onlineTerminal) = try launchDeck(server: server.url, state: state)
        _ = try await onlineTerminal.wait(for: #"owner\d/project\d+   ★"#)
        onlineTerminal.type("q")
        #expect(try await exitStatus(online) == 0)
        #expect(await server.terminate() == 0)

        // The server is down: the cached cards show, a like is kept on the device. Its address is a port held shut
        // (bound, never listening), not the stopped server's, which another test's server may be given meanwhile.
        let down = try RefusingPort()
        defer { down.close() }
        let downURL = try #require(URL(string: "http://127.0.0.1:\(down.port)"))
        let (offline, offlineTerminal) = try launchDeck(server: downURL, state: state)
        let drawn = try await offlineTerminal.wait(for: #"owner\d/project\d+   ★"#)
        let name = String(drawn.prefix { $0 != " " })
        let swiped = ContinuousClock.now
        offlineTerminal.type("\u{1B}[C")  // →
        _ = try await offlineTerminal.wait(for: "Can't reach RepoFinder")
        // The refusal tells, not a timeout: the deck's client does not retry a refused connection until its connect
        // timeout (10 s, `ServerClient.withClient`), which every try would otherwise wait out.
        #expect(ContinuousClock.now - swiped < .seconds(10), "offline is noticed at the refusal, not after a timeout")
        offlineTerminal.type("q")
        _ = try await offlineTerminal.wait(for: "1 interaction kept on this device")
        #expect(try await exitStatus(offline) == 0)

        // Back online (the same database, a new port): the next launch sends the like.
        let restarted = try ServerProcessTests.ServerProcess(database: database, directory: directory)
        try await restarted.waitUntilListening()
        defer { restarted.process.terminate() }
        let (again, againTerminal) = try launchDeck(server: restarted.url, state: state)
        _ = try await againTerminal.wait(for: #"owner\d/project\d+   ★"#)
        let token = try String(contentsOf: state.appendingPathComponent("token"), encoding: .utf8)
        var liked: [String] = []
        for _ in 0..<100 where liked.isEmpty {
            let (_, body) = try await helper.send(
                "GET", restarted.url.appendingPathComponent("v1/me/liked"), token: token)
            let items = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["items"] as? [[String: Any]]
            liked = (items ?? []).compactMap { ($0["repository"] as? [String: Any])?["fullName"] as? String }
            if liked.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(liked == [name], "the like made offline reached the server once")
        againTerminal.type("q")
        #expect(try await exitStatus(again) == 0)
    }

    @Test(
        "in the terminal's language: LANG=de_DE.UTF-8 draws the keys, the card and the server's words in German",
        .timeLimit(.minutes(5)))
    func inGerman() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-discover-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await startServer(in: directory)
        defer { server.process.terminate() }
        let (deck, terminal) = try launchDeck(
            server: server.url, state: directory.appendingPathComponent("state"), language: "de_DE.UTF-8")
        _ = try await terminal.wait(for: "→/l gefällt mir   ←/h überspringen   s merken   o öffnen   q beenden")
        _ = try await terminal.wait(for: "Karten im Stapel")
        // The server's words too (asked for in the terminal's language): Home's pick message, the card's age.
        _ = try await terminal.wait(for: "Die Auswahl des Tages entsteht")
        _ = try await terminal.wait(for: "aktualisiert vor")
        terminal.type("q")
        _ = try await terminal.wait(for: "Diesmal 0 gefällt dir, 0 gemerkt.")
        #expect(try await exitStatus(deck) == 0)
    }

    /// A `repofinder serve` process on a fresh database in `directory`, listening.
    func startServer(in directory: URL) async throws -> ServerProcessTests.ServerProcess {
        let server = try ServerProcessTests.ServerProcess(
            database: try await ServerProcessTests().makeDatabase(in: directory), directory: directory)
        try await server.waitUntilListening()
        return server
    }

    /// Starts `repofinder discover` on a new pseudo-terminal whose locale is `language` (`LANG`; English by default).
    func launchDeck(server: URL, state: URL, language: String = "C.UTF-8") throws -> (Process, PseudoTerminal) {
        let terminal = try PseudoTerminal()
        let handle = FileHandle(forUpdatingAtPath: terminal.terminalPath)!
        let deck = Process()
        deck.executableURL = CommandLineTests.binary
        deck.arguments = ["discover", "--server", server.absoluteString, "--state", state.path, "--no-color"]
        var environment = ProcessInfo.processInfo.environment.filter { !["LC_ALL", "LC_MESSAGES"].contains($0.key) }
        environment["LANG"] = language
        deck.environment = environment
        deck.standardInput = handle
        deck.standardOutput = handle
        deck.standardError = handle
        try deck.run()
        return (deck, terminal)
    }

    func exitStatus(_ process: Process) async throws -> Int32 {
        await offThePool { [process] in
            process.waitUntilExit()
            return process.terminationStatus
        }
    }
}
