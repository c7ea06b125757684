import ArgumentParser
import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// The program's entry point.
@main
enum Entry {
    static func main() async {
        // `serve` runs Swift concurrency's jobs on the server's event loops (one thread per core), so that a request
        // never hops between NIO's threads and the global pool's. Commands that compute (ingest, eval) keep the
        // default pool.
        if CommandLine.arguments.dropFirst().first == "serve" {
            limitMallocArenas(to: ProcessInfo.processInfo.activeProcessorCount)
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        await RepoFinderCommand.main()
    }

    /// Caps glibc's malloc arenas at one per core, before the server starts its threads. By default glibc gives
    /// threads up to eight arenas per core and keeps what they free, so a server's resident memory crept up by
    /// 15–20 MB over a minute of load; with one per core it stays flat (and the deck was no slower). An operator's
    /// `MALLOC_ARENA_MAX` wins. Nothing to do on other C libraries.
    private static func limitMallocArenas(to count: Int) {
        #if canImport(Glibc)
            guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil,
                // `mallopt` is not in Swift's Glibc module; look it up (RTLD_DEFAULT is the null handle).
                let symbol = dlsym(nil, "mallopt")
            else { return }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            let arenaMaximum: Int32 = -8  // M_ARENA_MAX in <malloc.h>
            _ = mallopt(arenaMaximum, Int32(clamping: max(1, count)))
        #endif
    }
}
