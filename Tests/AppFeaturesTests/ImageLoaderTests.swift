import Foundation
import ImageLoading
import Synchronization
import Testing

@Suite("Image loading policy")
struct ImageLoaderTests {
    static func url(_ i: Int) -> URL { URL(string: "https://avatars.example/\(i)")! }

    @Test("at most 5 downloads at once; one download per address however many ask; memory hits after")
    func concurrency() async throws {
        let downloader = SlowDownloader()
        let loader = ImageLoader(downloader: downloader)
        try await withThrowingTaskGroup(of: Data.self) { group in
            for i in 0..<20 {
                group.addTask { try await loader.image(for: Self.url(i)) }
                group.addTask { try await loader.image(for: Self.url(i)) }
            }
            for try await _ in group {}
        }
        let statistics = await loader.statistics
        #expect(statistics.downloads == 20)
        #expect(downloader.peak == 5)
        #expect(statistics.peakConcurrentDownloads == 5)
        _ = try await loader.image(for: Self.url(3))
        #expect(await loader.statistics.memoryHits == 1)
    }

    @Test("prefetch fills the caches; the disk cache serves a new loader without downloading")
    func prefetchAndDisk() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let downloader = SlowDownloader()
        let loader = ImageLoader(downloader: downloader, diskDirectory: directory)
        await loader.prefetch([Self.url(1), Self.url(2), Self.url(3)])
        // Asking for a prefetched image joins its download (one download per address), so no waiting by polling.
        for i in 1...3 { _ = try await loader.image(for: Self.url(i)) }
        #expect(downloader.count == 3)
        #expect(await loader.cachedImage(for: Self.url(1)) == Data("https://avatars.example/1".utf8))

        let relaunched = ImageLoader(downloader: downloader, diskDirectory: directory)
        #expect(try await relaunched.image(for: Self.url(2)) == Data("https://avatars.example/2".utf8))
        #expect(await relaunched.statistics.diskHits == 1)
        #expect(downloader.count == 3)
    }

    @Test("the memory cache keeps to its size, least recently used out first")
    func memoryBound() async throws {
        let loader = ImageLoader(downloader: SlowDownloader(), memoryCapacity: 60)
        for i in 0..<3 { _ = try await loader.image(for: Self.url(i)) }  // 24 bytes each: only two fit
        #expect(await loader.cachedImage(for: Self.url(0)) == nil)
        #expect(await loader.cachedImage(for: Self.url(2)) != nil)
    }
}

/// Takes 20 ms per download and tracks how many run at once.
final class SlowDownloader: ImageDownloading {
    private let state = Mutex((running: 0, peak: 0, count: 0))
    var peak: Int { state.withLock { $0.peak } }
    var count: Int { state.withLock { $0.count } }

    func download(_ url: URL) async throws -> Data {
        state.withLock {
            $0.running += 1
            $0.count += 1
            $0.peak = max($0.peak, $0.running)
        }
        try await Task.sleep(for: .milliseconds(20))
        state.withLock { $0.running -= 1 }
        return Data(url.absoluteString.utf8)
    }
}
