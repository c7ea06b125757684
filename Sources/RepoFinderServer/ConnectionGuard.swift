import HTTPTypes
import NIOCore
import NIOHTTPTypes
import Synchronization

/// How many connections each client address holds, shared by every connection's ``ConnectionGuard``: a connection
/// beyond the per-address cap is closed as soon as it is accepted. Trusted proxies (which carry many clients) are not
/// capped here. The total is capped where connections are accepted (Hummingbird's `MaximumAvailableConnections`, which
/// stops accepting, though a batch of accepts may pass it by a few); with `total`, also here, exactly.
final class ConnectionRegistry: Sendable {
    private let perAddress: Int
    private let total: Int?
    private let trusted: TrustedProxies
    private let open = Mutex<(byAddress: [String: Int], all: Int)>(([:], 0))

    init(perAddress: Int, total: Int? = nil, trusted: TrustedProxies) {
        self.perAddress = perAddress
        self.total = total
        self.trusted = trusted
    }

    /// Registers a new connection from `address`; false (and nothing registered) when the address, or the registry, is
    /// at its cap.
    func admit(_ address: String) -> Bool {
        if trusted.contains(address) { return true }
        return open.withLock { open in
            let count = open.byAddress[address, default: 0]
            guard count < perAddress, open.all < total ?? .max else { return false }
            open.byAddress[address] = count + 1
            open.all += 1
            return true
        }
    }

    /// Forgets a connection ``admit(_:)`` registered.
    func release(_ address: String) {
        if trusted.contains(address) { return }
        open.withLock { open in
            let count = open.byAddress[address, default: 0]
            guard count > 0 else { return }
            open.byAddress[address] = count > 1 ? count - 1 : nil
            open.all -= 1
        }
    }
}

/// Closes connections that hold the server without asking anything of it: one waiting for a request longer than the
/// idle timeout (a keep-alive connection nobody uses, or headers that never end), and one whose request body has not
/// arrived within the request timeout of its headers (a body trickled a byte at a time). While the server works on
/// a request no timer runs. Also enforces the per-address connection cap through ``ConnectionRegistry``.
///
/// Sits in each connection's pipeline after the HTTP codec (Hummingbird's `additionalChannelHandlers`), so it sees
/// whole request heads, body parts and ends.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let idleTimeout: TimeAmount
    private let requestTimeout: TimeAmount
    private let registry: ConnectionRegistry
    private var address: String?
    /// When the connection is closed unless something moves this; nil while the server works on a request.
    private var deadline: NIODeadline?
    /// The one timer, and when it fires. Moving the deadline later never touches it (a request costs no scheduling):
    /// when it fires early it sleeps again until the deadline.
    private var timer: Scheduled<Void>?
    private var timerFiresAt: NIODeadline?
    /// Requests whose head has arrived but whose response has not ended (HTTP/1.1 may pipeline).
    private var inFlight = 0
    /// Whether a request's body is still arriving.
    private var readingBody = false

    init(idleTimeout: Duration, requestTimeout: Duration, registry: ConnectionRegistry) {
        self.idleTimeout = TimeAmount(idleTimeout)
        self.requestTimeout = TimeAmount(requestTimeout)
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { activate(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerFiresAt = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        activate(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        deadline = nil
        if let address {
            registry.release(address)
            self.address = nil
        }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            inFlight += 1
            readingBody = true
            setDeadline(context, in: requestTimeout)
        case .body:
            break
        case .end:
            readingBody = false
            // The answer may already be sent (a refusal before the body was read): then the connection is idle now.
            if inFlight == 0 { setDeadline(context, in: idleTimeout) } else { deadline = nil }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            inFlight = max(0, inFlight - 1)
            if inFlight == 0, !readingBody { setDeadline(context, in: idleTimeout) }
        }
        context.write(data, promise: promise)
    }

    private func activate(_ context: ChannelHandlerContext) {
        guard address == nil else { return }
        let peer = context.channel.remoteAddress?.ipAddress ?? "local"
        guard registry.admit(peer) else {
            context.close(promise: nil)
            return
        }
        address = peer
        setDeadline(context, in: idleTimeout)
    }

    private func setDeadline(_ context: ChannelHandlerContext, in delay: TimeAmount) {
        let new = NIODeadline.now() + delay
        deadline = new
        if let timerFiresAt, timerFiresAt <= new { return }
        arm(context, at: new)
    }

    private func arm(_ context: ChannelHandlerContext, at time: NIODeadline) {
        timer?.cancel()
        timerFiresAt = time
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: time) { [self] in
            timer = nil
            timerFiresAt = nil
            guard let deadline else { return }
            if deadline <= .now() {
                context.close(promise: nil)
            } else {
                arm(context, at: deadline)
            }
        }
    }
}
