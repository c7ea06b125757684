import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import Synchronization

/// What an answer says about HTTPS: `Strict-Transport-Security` on answers that went over HTTPS — served by this
/// server with TLS, or through a trusted proxy that says `X-Forwarded-Proto: https` — so a browser never uses plain
/// HTTP for the site again. (Never on a plain HTTP answer: a browser ignores it there, and a developer's
/// `http://localhost` must keep working.)
struct HTTPSPolicy: Sendable {
    var servesTLS = false
    var trustedProxies = TrustedProxies.none
    var hstsSeconds = 0

    func stamp(_ response: inout Response, for request: Request, from address: @autoclosure () -> String) {
        // The address is formatted only where HSTS is on: every answer passes here.
        guard hstsSeconds > 0, isHTTPS(request, from: address()) else { return }
        response.headers[.strictTransportSecurity] = "max-age=\(hstsSeconds)"
    }

    func isHTTPS(_ request: Request, from address: String) -> Bool {
        if servesTLS { return true }
        guard !trustedProxies.isEmpty, trustedProxies.contains(address) else { return false }
        return SignInCallbackMiddleware.last(request.headers[.xForwardedProto])?.lowercased() == "https"
    }
}

/// The plain-HTTP listener beside an HTTPS server (`--http-redirect-port`): every request is answered `308 Permanent
/// Redirect` to the same path and query over HTTPS on the HTTPS port (a method and body are kept by 308), at a host
/// this server answers for (``Names``): the public URL's, or the request's `Host` when the certificate names it. Any
/// other `Host` gets 400 rather than a redirect somewhere else. Its connections are guarded as the server's are
/// (``ConnectionGuard``: a short idle timeout, the per-address cap) and capped in all.
enum HTTPSRedirect {
    /// The hosts redirects may go to.
    struct Names: Sendable {
        /// The public URL's host (`--public-url`): every redirect goes there.
        var publicHost: String?
        /// The certificate's names (DNS names, lower-cased, `*.` wildcards kept; IP addresses as a URL writes them).
        var certified: Set<String>

        init(publicURL: URL?, certificates: TLSCertificates?) {
            publicHost = publicURL.flatMap {
                URLComponents(url: $0, resolvingAgainstBaseURL: false)?.percentEncodedHost
            }
            .map { $0.lowercased() }
            certified = certificates?.names() ?? []
        }

        init(publicHost: String?, certified: Set<String>) {
            self.publicHost = publicHost
            self.certified = certified
        }

        /// Where a request that named `host` goes; nil when this server does not answer for it.
        func target(for host: String) -> String? {
            if let publicHost { return publicHost }
            let host = host.lowercased()
            if certified.contains(host) { return host }
            // `*.example.com` covers one more label, never the bare domain.
            if let dot = host.firstIndex(of: "."), certified.contains("*" + host[dot...]) { return host }
            return nil
        }
    }

    static func application(
        configuration: ServerConfiguration, port: Int, httpsPort: @escaping @Sendable () -> Int, names: Names,
        logger: Logger
    ) -> some ApplicationProtocol {
        let registry = ConnectionRegistry(
            perAddress: configuration.maximumConnectionsPerAddress, total: configuration.redirectConnections,
            trusted: .none)
        let idle = configuration.redirectIdleTimeout
        return Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
                response(to: request, httpsPort: httpsPort(), names: names)
            },
            server: .http1(
                configuration: .init(additionalChannelHandlers: [
                    ConnectionGuard(idleTimeout: idle, requestTimeout: idle, registry: registry)
                ])),
            configuration: .init(
                address: .hostname(configuration.host, port: port), serverName: "RepoFinder",
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.redirectConnections)),
            logger: logger)
    }

    /// The redirect for `request`.
    static func response(to request: Request, httpsPort: Int, names: Names) -> Response {
        guard let authority = request.head.authority, let name = hostName(of: authority),
            let target = names.target(for: name)
        else {
            let known = names.publicHost ?? names.certified.sorted().first { !$0.hasPrefix("*") }
            let words =
                known.map { "Use HTTPS: this server answers for \($0), not for this address.\n" }
                ?? "Use HTTPS: this address needs a Host header this server answers for.\n"
            return Response(
                status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: words)))
        }
        let port = httpsPort == 443 ? "" : ":\(httpsPort)"
        let path = request.uri.path.hasPrefix("/") ? request.uri.description : "/"
        return Response(
            status: .permanentRedirect,
            headers: [.location: "https://\(target)\(port)\(path)", .contentLength: "0"])
    }

    /// The host of a `Host` header (`name`, `name:port`, `[v6]:port`), or nil when it holds anything else.
    static func hostName(of authority: String) -> String? {
        var name = Substring(authority)
        if name.hasPrefix("[") {
            guard let end = name.firstIndex(of: "]") else { return nil }
            name = name[...end]
        } else if let colon = name.lastIndex(of: ":") {
            guard name[name.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            name = name[..<colon]
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-[]:"))
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else {
            return nil
        }
        return String(name)
    }
}

extension HTTPField.Name {
    /// `Strict-Transport-Security`.
    static let strictTransportSecurity = Self("Strict-Transport-Security")!
}

/// The port a server is bound to, known once it runs (the configured one, or the system's choice for port 0).
final class BoundPort: Sendable {
    private let port: Atomic<Int>

    init(_ port: Int) { self.port = Atomic(port) }

    func set(_ port: Int) { self.port.store(port, ordering: .relaxed) }

    @Sendable func get() -> Int { port.load(ordering: .relaxed) }
}
