import ArgumentParser
import RepoFinderServer
import RepoFinderSettings

/// `serve`'s flags for serving HTTPS itself (each also from the environment variable its help names; the defaults are
/// ``ServerConfiguration``'s).
struct TLSOptions: ParsableArguments {
    @Option(name: .customLong("tls-certificate"), help: ArgumentHelp(Setting.tlsCertificate.help))
    var certificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp(Setting.tlsKey.help))
    var key: String?

    @Option(name: .customLong("http-redirect-port"), help: ArgumentHelp(Setting.httpRedirectPort.help))
    var httpRedirectPort: Int?

    @Option(name: .customLong("hsts-seconds"), help: ArgumentHelp(Setting.hstsSeconds.help))
    var hstsSeconds: Int?

    @Option(name: .customLong("pseudo-language"), help: ArgumentHelp(Setting.pseudoLanguage.help))
    var pseudoLanguage: Int?

    /// Adds the flags given to `flags`.
    func add(to flags: inout [Setting: String]) {
        flags[.tlsCertificate] = certificate
        flags[.tlsKey] = key
        flags[.httpRedirectPort] = httpRedirectPort.map { String($0) }
        flags[.hstsSeconds] = hstsSeconds.map { String($0) }
        flags[.pseudoLanguage] = pseudoLanguage.map { String($0) }
    }
}
