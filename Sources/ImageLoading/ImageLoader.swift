public import Foundation

/// Loads the apps' images by one policy: at most ``maximumConcurrentDownloads`` downloads at once (what is on screen
/// goes ahead of what is prefetched), one download per address however many ask, a memory cache (least recently used
/// out first, bounded in bytes) in front of a disk cache (one file per address, kept across launches).
public actor ImageLoader {
    /// Counts, for tests and diagnostics.
    public struct Statistics: Hashable, Sendable {
        public var downloads = 0
        public var memoryHits = 0
        public var diskHits = 0
        /// The most downloads that ever ran at once.
        public var peakConcurrentDownloads = 0
    }

    public let maximumConcurrentDownloads: Int
    private let downloader: any ImageDownloading
    private var memory: MemoryCache
    private let disk: DiskCache?
    private var inFlight: [URL: Task<Data, any Error>] = [:]
    private var running = 0
    private var waiting: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var nextWaiter = 0
    public private(set) var statistics = Statistics()

    /// - Parameters:
    ///   - memoryCapacity: Bytes kept in memory.
    ///   - diskDirectory: Where the disk cache lives; none without it.
    public init(
        downloader: any ImageDownloading, maximumConcurrentDownloads: Int = 5, memoryCapacity: Int = 32 << 20,
        diskDirectory: URL? = nil
    ) {
        self.downloader = downloader
        self.maximumConcurrentDownloads = max(1, maximumConcurrentDownloads)
        self.memory = MemoryCache(capacity: memoryCapacity)
        self.disk = diskDirectory.map(DiskCache.init(directory:))
    }

    /// The image's bytes: from memory, from disk, or downloaded (ahead of prefetches).
    public func image(for url: URL) async throws -> Data {
        try await load(url, urgent: true)
    }

    /// Starts loading these images into the caches without waiting (behind images asked for on screen).
    public func prefetch(_ urls: [URL]) {
        for url in urls where memory.peek(url) == nil && inFlight[url] == nil {
            Task { _ = try? await self.load(url, urgent: false) }
        }
    }

    /// The image if it is in memory now (for drawing without waiting).
    public func cachedImage(for url: URL) -> Data? { memory.peek(url) }

    private func load(_ url: URL, urgent: Bool) async throws -> Data {
        if let data = memory.get(url) {
            statistics.memoryHits += 1
            return data
        }
        if let task = inFlight[url] {
            // Joined a download under way: the image is in memory when this returns, whichever caller finishes first.
            let data = try await task.value
            memory.set(url, data)
            return data
        }
        let task = Task { try await self.fetch(url, urgent: urgent) }
        inFlight[url] = task
        defer { inFlight[url] = nil }
        let data = try await task.value
        memory.set(url, data)
        return data
    }

    private func fetch(_ url: URL, urgent: Bool) async throws -> Data {
        if let disk, let data = await disk.read(url) {
            statistics.diskHits += 1
            return data
        }
        await acquireSlot(urgent: urgent)
        defer { releaseSlot() }
        statistics.downloads += 1
        let data = try await downloader.download(url)
        await disk?.write(data, for: url)
        return data
    }

    private func acquireSlot(urgent: Bool) async {
        if running < maximumConcurrentDownloads {
            running += 1
            statistics.peakConcurrentDownloads = max(statistics.peakConcurrentDownloads, running)
            return
        }
        nextWaiter += 1
        let id = nextWaiter
        await withCheckedContinuation { continuation in
            if urgent {
                waiting.insert((id, continuation), at: 0)
            } else {
                waiting.append((id, continuation))
            }
        }
        // The slot was handed over by `releaseSlot` (running stays the same).
        statistics.peakConcurrentDownloads = max(statistics.peakConcurrentDownloads, running)
    }

    private func releaseSlot() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().continuation.resume()
        }
    }
}
