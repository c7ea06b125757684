public import Foundation

/// The way back from GitHub's consent page to an app that signed in through a browser sheet (the iPhone app's
/// `ASWebAuthenticationSession`). GitHub only returns to the server's own page, `/auth/github/callback`; when the
/// sign-in's `state` is an app's (it begins with ``statePrefix``), that page sends the browser on to
/// `repoverse://auth/github/callback` with what GitHub said once the person confirms, the sheet closes on that
/// address, and the app completes the sign-in with its own token and the PKCE verifier it made and kept (``PKCE``):
/// whoever else catches the address holds a code that is useless without both.
public struct AppSignInReturn: Hashable, Sendable {
    /// What an app sign-in's `state` begins with (a sealed state itself never holds a dot).
    public static let statePrefix = "app."
    /// The host and path of the app's address: `repoverse://auth/github/callback`.
    public static let host = "auth"
    public static let path = "/github/callback"

    /// GitHub's one-time code; nil when the person cancelled or GitHub refused.
    public var code: String?
    /// The sign-in's `state`, as the server made it.
    public var state: String
    /// GitHub's `error` (`access_denied` when the person cancelled).
    public var error: String?
    /// GitHub's words for `error`.
    public var errorDescription: String?

    public init(code: String?, state: String, error: String? = nil, errorDescription: String? = nil) {
        self.code = code
        self.state = state
        self.error = error
        self.errorDescription = errorDescription
    }

    /// Whether `state` belongs to a sign-in an app began.
    public static func isAppState(_ state: String) -> Bool { state.hasPrefix(statePrefix) }

    /// What GitHub sent back to the server's page (its query's `code`, `state`, `error`, `error_description`), when
    /// the sign-in is an app's; nil for a web page's own sign-in or a query without a state.
    public init?(gitHubQuery parameters: [String: String]) {
        guard let state = parameters["state"], Self.isAppState(state), state.count <= 4_096 else { return nil }
        self.init(
            code: parameters["code"], state: state, error: parameters["error"],
            errorDescription: parameters["error_description"])
    }

    /// The answer inside the app's address; nil for any other address (another scheme, host or path, or no state).
    public init?(appURL url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.scheme?.lowercased() == Route.scheme, components.host?.lowercased() == Self.host,
            components.path == Self.path
        else { return nil }
        let items = components.queryItems ?? []
        let fields = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        guard let state = fields["state"], Self.isAppState(state) else { return nil }
        self.init(
            code: fields["code"], state: state, error: fields["error"], errorDescription: fields["error_description"])
    }

    /// `repoverse://auth/github/callback?code=…&state=…` (or `error=…`), each value percent-encoded.
    public var appURL: URL {
        var components = URLComponents()
        components.scheme = Route.scheme
        components.host = Self.host
        components.path = Self.path
        let pairs: [(String, String?)] = [
            ("code", code), ("state", state), ("error", error), ("error_description", errorDescription),
        ]
        components.queryItems = pairs.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        // `+` means a space to many readers of a query: spell it out.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }
}
