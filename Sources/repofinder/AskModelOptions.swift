import ArgumentParser
import AskLive
import RepoFinderSettings

/// The optional writing model Ask words its answers with: an OpenAI-compatible chat-completions endpoint (each flag
/// also from the environment variable its help names; the key only from `ASK_MODEL_KEY`).
struct AskModelOptions: ParsableArguments {
    @Option(
        name: .customLong("ask-model-url"),
        help: ArgumentHelp(
            "An OpenAI-compatible API that words Ask's answers, such as http://127.0.0.1:11434/v1 (or ASK_MODEL_URL; "
                + "its key from ASK_MODEL_KEY); default: none, the engine's own words."))
    var url: String?

    @Option(name: .customLong("ask-model"), help: "The model's name at --ask-model-url (or ASK_MODEL_NAME).")
    var model: String?

    @Option(
        name: .customLong("ask-model-timeout"),
        help: ArgumentHelp(
            "Seconds the model may stay silent before the engine answers instead, with a notice (or "
                + "ASK_MODEL_TIMEOUT_SECONDS; default 10)."))
    var timeoutSeconds: Int?

    @Option(
        name: .customLong("ask-model-connections"),
        help: ArgumentHelp(
            "Connections to the model, so answers it writes at once; more wait their turn, up to the timeout (or "
                + "ASK_MODEL_CONNECTIONS; default 8). Size it for the model."))
    var connections: Int?

    func add(to flags: inout [Setting: String]) {
        flags[.askModelURL] = url
        flags[.askModelName] = model
        flags[.askModelTimeoutSeconds] = timeoutSeconds.map { String($0) }
        flags[.askModelConnections] = connections.map { String($0) }
    }

    /// The writer the settings name, or nil; shut it down when done.
    static func writer(_ settings: Settings) throws -> ChatCompletionsWriter? {
        try validated { () throws(SettingsError) in try settings.askModel() }.map(ChatCompletionsWriter.init)
    }
}
