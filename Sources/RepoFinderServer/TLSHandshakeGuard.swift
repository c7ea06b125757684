import HummingbirdCore
import HummingbirdHTTP2
import Logging
import NIOCore
import NIOSSL
import NIOTLS

/// The HTTPS server's connections, guarded before their TLS handshake ends: Hummingbird's HTTP/2-upgrade channel
/// waits for the handshake with no timer of its own, so a client that connects and says nothing would hold a
/// connection (and a graceful shutdown) forever. Each connection gets a ``TLSHandshakeGuard`` right after the TLS
/// handler; after the handshake the HTTP/1.1 connection or each HTTP/2 stream is guarded by ``ConnectionGuard``.
struct GuardedTLSChannel: ServerChildChannel {
    let inner: HTTP2UpgradeChannel
    let registry: ConnectionRegistry
    let timeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP2UpgradeChannel.Value> {
        let value = inner.setup(channel: channel, logger: logger)
        do {
            let operations = channel.pipeline.syncOperations
            let tls = try operations.handler(type: NIOSSLServerHandler.self)
            try operations.addHandler(TLSHandshakeGuard(timeout: timeout, registry: registry), position: .after(tls))
        } catch {
            channel.close(promise: nil)
        }
        return value
    }

    func handle(value: HTTP2UpgradeChannel.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTPS with HTTP/2 offered by ALPN (Hummingbird's upgrade channel), each connection's handshake guarded: at
    /// most `perAddress` handshakes under way from one address (``ConnectionRegistry``), each closed unless it ends
    /// within `timeout`.
    static func guardedHTTP2Upgrade(
        tlsConfiguration: TLSConfiguration, configuration: HTTP2UpgradeChannel.Configuration,
        handshakes registry: ConnectionRegistry, timeout: Duration
    ) -> HTTPServerBuilder {
        .init { responder in
            GuardedTLSChannel(
                inner: try HTTP2UpgradeChannel(
                    tlsConfiguration: tlsConfiguration, configuration: configuration, responder: responder),
                registry: registry, timeout: TimeAmount(timeout))
        }
    }
}

/// Closes a TLS connection whose handshake has not ended within its time, and one beyond the per-address cap of
/// handshakes under way (``ConnectionRegistry``: counted from accept to the handshake's end). Removes itself once the
/// handshake is done, freeing the address's place.
final class TLSHandshakeGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount
    private let registry: ConnectionRegistry
    private var address: String?
    private var timer: Scheduled<Void>?
    private var started = false

    init(timeout: TimeAmount, registry: ConnectionRegistry) {
        self.timeout = timeout
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event {
            finish()
            context.fireUserInboundEventTriggered(event)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        let peer = context.channel.remoteAddress?.ipAddress ?? "local"
        guard registry.admit(peer) else {
            context.close(promise: nil)
            return
        }
        address = peer
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }

    /// Cancels the timer and gives the address's place back (once).
    private func finish() {
        timer?.cancel()
        timer = nil
        if let address {
            registry.release(address)
            self.address = nil
        }
    }
}
