public import Foundation

/// Where an optional writing model answers: an OpenAI-compatible chat-completions endpoint (a local llama.cpp server,
/// Ollama, vLLM, or a hosted one).
public struct AskModelConfiguration: Hashable, Sendable {
    /// The API's root, such as `http://127.0.0.1:11434/v1` (`chat/completions` is added), or the endpoint itself.
    public var baseURL: URL
    /// The model's name, as the endpoint knows it.
    public var model: String
    /// Sent as `Authorization: Bearer KEY` when set (from the environment only).
    public var key: String?
    /// How long the model may stay silent (before its first words, or between two pieces) before the engine answers.
    public var timeout: Duration
    /// The longest answer asked for, in tokens.
    public var maximumTokens: Int
    /// Connections to the model, so answers written at once; more wait their turn in line (at most ``timeout``).
    /// Size it for the model: a local server that writes one answer at a time is not helped by eight.
    public var connections: Int

    public init(
        baseURL: URL, model: String, key: String? = nil, timeout: Duration = .seconds(10), maximumTokens: Int = 400,
        connections: Int = 8
    ) {
        self.baseURL = baseURL
        self.model = model
        self.key = key
        self.timeout = timeout
        self.maximumTokens = maximumTokens
        self.connections = connections
    }

    /// The chat-completions endpoint.
    public var endpoint: URL {
        baseURL.path.hasSuffix("/chat/completions") ? baseURL : baseURL.appendingPathComponent("chat/completions")
    }
}
