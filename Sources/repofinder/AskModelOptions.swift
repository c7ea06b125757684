import ArgumentParser
import AskLive
import RepoFinderSettings

/// The optional writing model Ask words its answers with: an OpenAI-compatible chat-completions endpoint (each flag
/// also from the environment variable its help names; the key only from `ASK_MODEL_KEY`).
struct AskModelOptions: ParsableArguments {
    @Option(name: .customLong("ask-model-url"), help: ArgumentHelp(Setting.askModelURL.help))
    var url: String?

    @Option(name: .customLong("ask-model"), help: ArgumentHelp(Setting.askModelName.help))
    var model: String?

    @Option(name: .customLong("ask-model-timeout"), help: ArgumentHelp(Setting.askModelTimeoutSeconds.help))
    var timeoutSeconds: Int?

    @Option(name: .customLong("ask-model-connections"), help: ArgumentHelp(Setting.askModelConnections.help))
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
