public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `scripts/model-standin.py` on a loopback port: a separate process answering OpenAI's documented chat-completions
/// requests, streamed as server-sent events; the model's name picks how it behaves (`standin`, `standin-stall`,
/// `standin-silent`, `standin-disconnect`, `standin-malformed`, `standin-error-chunk`, `standin-overloaded`,
/// `standin-nothing`, `standin-whole`). Stopped by ``stop()`` or on deinit.
public final class ModelStandIn: Sendable {
    private let server: ScriptServer
    /// The API's root, `http://127.0.0.1:PORT/v1`.
    public var baseURL: URL { server.baseURL.appendingPathComponent("v1") }
    /// The key it wants (`Authorization: Bearer KEY`).
    public let key: String

    public init(key: String = "standin-key", delay: Double = 0.002) throws {
        self.key = key
        server = try ScriptServer(script: "model-standin.py", arguments: ["--key", key, "--delay", String(delay)])
    }

    /// The requests it received: each with `model`, `messages` (`role`, `content`), `stream`, `max_tokens` and
    /// `authorization`.
    public func requests() async throws -> [[String: Any]] {
        let address = server.baseURL.appendingPathComponent("_standin/requests")
        let (data, _) = try await URLSession.shared.data(from: address)
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }

    /// Makes answers started from now on wait `seconds` between pieces (`POST /_standin/behaviour`), instead of the
    /// delay it was started with.
    public func answer(delay seconds: Double) async throws {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("_standin/behaviour"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"delay": \#(seconds)}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    }

    public func stop() { server.stop() }
}
