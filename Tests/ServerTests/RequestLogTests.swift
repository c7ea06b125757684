import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import RepoFinderServer
import Synchronization
import TestSupport
import Testing

/// A log handler that keeps every record, for looking at what the server logs.
final class CapturingLogHandler: LogHandler, Sendable {
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let records = Mutex<[Record]>([])
    private let state = Mutex<(level: Logger.Level, metadata: Logger.Metadata)>((.info, [:]))

    var logged: [Record] { records.withLock { $0 } }

    var logLevel: Logger.Level {
        get { state.withLock { $0.level } }
        set { state.withLock { $0.level = newValue } }
    }

    var metadata: Logger.Metadata {
        get { state.withLock { $0.metadata } }
        set { state.withLock { $0.metadata = newValue } }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let record = Record(
            level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" })
        records.withLock { $0.append(record) }
    }
}

@Suite("Server: the request log carries structured metadata")
struct RequestLogTests {
    @Test("one record per request with method, path, route, status, duration and the request id")
    func requestRecords() async throws {
        let handler = CapturingLogHandler()
        let logger = Logger(label: "test") { _ in handler }
        try await withStore(.sqliteMemory) { test in
            try await SyntheticCatalog.seed(test.store)
            let deck = try await APIServer.makeDeck(store: test.store, logger: logger)
            let application = try APIServer.makeApplication(
                configuration: ServerConfiguration.unlimited, store: test.store,
                deck: deck, logger: logger)
            try await application.test(.router) { client in
                let response = try await client.execute(uri: "/v1/search?q=swift", method: .get)
                #expect(response.status == .ok)
                let missing = try await client.execute(uri: "/v1/repos/nobody/nothing", method: .get)
                #expect(missing.status == .notFound)
                let records = handler.logged.filter { $0.message == "request" }
                #expect(records.count == 2)
                let search = try #require(records.first)
                #expect(search.metadata["method"] == "GET")
                #expect(search.metadata["path"] == "/v1/search")
                #expect(search.metadata["route"] == "/v1/search")
                #expect(search.metadata["status"] == "200")
                #expect(search.metadata["duration_ms"].flatMap(Double.init) != nil)
                #expect(search.metadata["hb.request.id"] == response.headers[HTTPField.Name("X-Request-Id")!])
                #expect(records.last?.metadata["status"] == "404")
            }
        }
    }
}
