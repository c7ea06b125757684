import Logging
import ServiceLifecycle
import UnixSignals

/// Answers SIGHUP on a server without TLS (behind a proxy that terminates it): there is nothing to read again, so it
/// says so and goes on serving. Without it the signal's default action would stop the server at once, without the
/// drain — and the systemd unit's `ExecReload` sends SIGHUP. (With TLS, ``TLSReloadService`` answers it.)
struct HangUpService: Service {
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        await cancelWhenGracefulShutdown {
            for await _ in signals {
                logger.info("SIGHUP: nothing to reload (no TLS certificate); still serving")
            }
        }
    }
}
