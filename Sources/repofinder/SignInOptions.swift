import ArgumentParser
import RepoFinderServer
import RepoFinderSettings

/// `serve`'s flags for signing in with GitHub (each also from the environment variable its help names; the defaults
/// are ``ServerConfiguration``'s).
struct SignInOptions: ParsableArguments {
    @Option(
        name: .customLong("public-url"),
        help: ArgumentHelp(
            "The address people reach the server at, such as https://repofinder.example (or PUBLIC_URL); a web "
                + "sign-in comes back only to its /auth/github/callback. Default: the request's own origin."))
    var publicURL: String?

    @Option(
        name: .customLong("device-sign-ins"),
        help: ArgumentHelp(
            "Device sign-ins (repofinder login, the apps) under way at once, server-wide (or DEVICE_SIGN_INS; default "
                + "\(ServerConfiguration().deviceSignIns))."))
    var deviceSignIns: Int?

    /// Adds the flags given to `flags`.
    func add(to flags: inout [Setting: String]) {
        flags[.publicURL] = publicURL
        flags[.deviceSignIns] = deviceSignIns.map { String($0) }
    }
}
