import Foundation
import HTTPTypes
import Hummingbird
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

    func stamp(_ response: inout Response, for request: Request, from address: String) {
        guard hstsSeconds > 0, isHTTPS(request, from: address) else { return }
        response.headers[.strictTransportSecurity] = "max-age=\(hstsSeconds)"
    }

    func isHTTPS(_ request: Request, from address: String) -> Bool {
        if servesTLS { return true }
        guard !trustedProxies.isEmpty, trustedProxies.contains(address) else { return false }
        return SignInCallbackMiddleware.last(request.headers[.xForwardedProto])?.lowercased() == "https"
    }
}

/// The plain-HTTP listener beside an HTTPS server (`--http-redirect-port`): every request is answered `308 Permanent
/// Redirect` to the same path and query over HTTPS at the request's host, on the HTTPS port (a method and body are
/// kept by 308). A request without a usable `Host` gets 400.
enum HTTPSRedirect {
    static func application(
        host: String, port: Int, httpsPort: @escaping @Sendable () -> Int, logger: Logger
    ) -> some ApplicationProtocol {
        Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
                response(to: request, httpsPort: httpsPort())
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "RepoFinder"), logger: logger)
    }

    /// The redirect for `request`.
    static func response(to request: Request, httpsPort: Int) -> Response {
        guard let authority = request.head.authority, let name = hostName(of: authority) else {
            return Response(
                status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "Use HTTPS: this address needs a Host header.\n")))
        }
        let port = httpsPort == 443 ? "" : ":\(httpsPort)"
        let target = request.uri.path.hasPrefix("/") ? request.uri.description : "/"
        return Response(
            status: .permanentRedirect,
            headers: [.location: "https://\(name)\(port)\(target)", .contentLength: "0"])
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
