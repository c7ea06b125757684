import ArgumentParser
import RepoFinderServer
import RepoFinderSettings

/// `serve`'s flags for signing in with GitHub (each also from the environment variable its help names; the defaults
/// are ``ServerConfiguration``'s).
struct SignInOptions: ParsableArguments {
    @Option(name: .customLong("public-url"), help: ArgumentHelp(Setting.publicURL.help))
    var publicURL: String?

    @Option(name: .customLong("device-sign-ins"), help: ArgumentHelp(Setting.deviceSignIns.help))
    var deviceSignIns: Int?

    /// Adds the flags given to `flags`.
    func add(to flags: inout [Setting: String]) {
        flags[.publicURL] = publicURL
        flags[.deviceSignIns] = deviceSignIns.map { String($0) }
    }
}
