import ArgumentParser
import NIOCore
import NIOPosix

/// The program's entry point.
@main
enum Entry {
    static func main() async {
        // `serve` runs Swift concurrency's jobs on the server's event loops (one thread per core), so that a request
        // never hops between NIO's threads and the global pool's. Commands that compute (ingest, eval) keep the
        // default pool.
        if CommandLine.arguments.dropFirst().first == "serve" {
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        await RepoFinderCommand.main()
    }
}
