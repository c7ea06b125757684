import Foundation
import HTTPTypes
import Hummingbird

/// The one address GitHub may send a browser back to after a web sign-in: `/auth/github/callback` at this server's
/// origin — the public URL's when one is configured (`--public-url`), else the request's own (its `Host`, or what a
/// trusted proxy says in `X-Forwarded-Proto` and `X-Forwarded-Host`). Any other host, port, scheme, path or user-info
/// would let GitHub hand someone else the person's code and state.
struct SignInCallback: Hashable, Sendable {
    /// The callback's path, the web app's page that completes a sign-in.
    static let path = "/auth/github/callback"

    /// `http` or `https`.
    var scheme: String
    /// The host as a URL writes it (an IPv6 address in brackets), lower-cased.
    var host: String
    /// The port, nil for the scheme's default.
    var port: Int?

    /// The callback at the origin of `url` (its path is ignored); nil unless it is an http(s) address with a host and
    /// no user-info.
    init?(origin url: String) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.percentEncodedHost?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil
        else { return nil }
        self.scheme = scheme
        self.host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        self.port = components.port == (scheme == "https" ? 443 : 80) ? nil : components.port
    }

    /// The address GitHub is told: `scheme://host[:port]/auth/github/callback`.
    var address: String { "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")\(Self.path)" }

    /// Whether `redirect` names this callback: the same scheme, host and port (a default port written or not), this
    /// path exactly, and no user-info, query or fragment.
    func matches(_ redirect: String) -> Bool {
        guard Self(origin: redirect) == self, let components = URLComponents(string: redirect) else { return false }
        return components.percentEncodedPath == Self.path && components.percentEncodedQuery == nil
            && components.percentEncodedFragment == nil
    }

    /// The callback of the request being answered (set by ``SignInCallbackMiddleware`` for the request that starts a
    /// web sign-in); nil when it has none (no `Host`, or one that is not a host).
    @TaskLocal static var current: SignInCallback?
}

/// Works out ``SignInCallback`` for the one request that needs it, `POST /v1/me/sign-in/github`: the configured
/// public URL's, else the request's own origin. `X-Forwarded-Proto` and `X-Forwarded-Host` count only from a trusted
/// proxy (the last value of each, the one the proxy next to the server wrote); from anyone else they are ignored.
struct SignInCallbackMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    /// The public URL's callback; nil: the request's own origin. A public URL that is not an http(s) origin
    /// accepts nothing (``Settings`` refuses one before it gets here).
    let configured: SignInCallback??
    let trustedProxies: TrustedProxies
    /// Whether this server speaks HTTPS itself (an HTTP/1.1 request line names no scheme).
    let servesTLS: Bool

    init(publicURL: URL?, trustedProxies: TrustedProxies, servesTLS: Bool = false) {
        self.configured = publicURL.map { SignInCallback(origin: $0.absoluteString) }
        self.trustedProxies = trustedProxies
        self.servesTLS = servesTLS
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard context.endpointPath == "/v1/me/sign-in/github" else { return try await next(request, context) }
        return try await SignInCallback.$current.withValue(callback(of: request, context: context)) {
            try await next(request, context)
        }
    }

    /// The callback at this request's origin.
    func callback(of request: Request, context: Context) -> SignInCallback? {
        if let configured { return configured }
        var scheme = request.head.scheme ?? (servesTLS ? "https" : "http")
        var host = request.head.authority
        if trustedProxies.contains(context.clientAddress) {
            if let proto = Self.last(request.headers[.xForwardedProto]) { scheme = proto.lowercased() }
            if let forwarded = Self.last(request.headers[.xForwardedHost]) { host = forwarded }
        }
        // A host and port only: nothing that would make the rest of the address mean something else.
        guard let host, !host.isEmpty, !host.contains(where: { "/\\@?#%".contains($0) || $0.isWhitespace })
        else { return nil }
        return SignInCallback(origin: "\(scheme)://\(host)")
    }

    /// The last of a comma-separated header's values, trimmed; nil when there is none.
    static func last(_ value: String?) -> String? {
        let last = value?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces)
        return last?.isEmpty == false ? last : nil
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-Proto`: the scheme the client used with the proxy.
    static let xForwardedProto = Self("X-Forwarded-Proto")!
    /// `X-Forwarded-Host`: the `Host` the client sent to the proxy.
    static let xForwardedHost = Self("X-Forwarded-Host")!
}
