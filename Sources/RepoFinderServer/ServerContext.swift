import Foundation
public import Hummingbird
public import NIOCore

/// The request context of the server: Hummingbird's core storage plus the client's address, which rate limiting
/// keys on.
public struct ServerContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer's socket address (nil in in-process tests).
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// The peer's IP address as text, or "local" when there is none.
    var clientAddress: String { remoteAddress?.ipAddress ?? "local" }
}

/// Who is asking, for the duration of one request: set by ``RateLimitMiddleware`` and read by the API handlers,
/// which the OpenAPI transport does not hand the request context.
struct RequestIdentity: Sendable {
    /// The bearer token, if the request carried one.
    var token: String?
    /// The peer's address as text ("local" in in-process tests).
    var peer: String = "local"
    /// `X-Forwarded-For`, read only when some proxy is trusted.
    var forwardedFor: String?
    var trustedProxies: TrustedProxies = .none

    @TaskLocal static var current = RequestIdentity(token: nil)

    /// The client's address: the peer's, or the one a trusted proxy names.
    var clientAddress: String { trustedProxies.clientAddress(peer: peer, forwardedFor: forwardedFor) }

    /// Whether the client is on this machine, talking to the server directly (not through a proxy).
    var isLocal: Bool { clientAddress == peer && Self.isLoopback(peer) }

    /// Whether `address` is a loopback address (127.0.0.0/8, ::1), or the in-process tests' "local".
    static func isLoopback(_ address: String) -> Bool {
        address == "local" || address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }

    /// The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), if present.
    static func bearerToken(in request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        var token = parts[1]
        while token.first?.isWhitespace == true { token.removeFirst() }
        while token.last?.isWhitespace == true { token.removeLast() }
        return token.isEmpty ? nil : String(token)
    }
}
