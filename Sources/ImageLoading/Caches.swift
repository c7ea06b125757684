import Foundation
import RepoFinderCore

/// Images in memory, bounded in bytes; the least recently used go first.
struct MemoryCache {
    private var cache: LRUCache<URL, Data>

    init(capacity: Int) { cache = LRUCache(capacity: capacity) }

    /// The image, marked as just used.
    mutating func get(_ url: URL) -> Data? { cache.value(for: url) }

    /// The image, without marking it.
    func peek(_ url: URL) -> Data? { cache.peek(url) }

    mutating func set(_ url: URL, _ data: Data) { cache.set(data, for: url, cost: data.count) }
}

/// Images on disk: one file per address, named by a hash of it.
struct DiskCache: Sendable {
    let directory: URL

    func read(_ url: URL) async -> Data? {
        try? Data(contentsOf: file(for: url))
    }

    func write(_ data: Data, for url: URL) async {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: file(for: url), options: .atomic)
    }

    /// FNV-1a (64 bits) of the address, in hex: stable across launches, no cryptography needed.
    private func file(for url: URL) -> URL {
        directory.appendingPathComponent(String(FNV1a.digest(url.absoluteString), radix: 16) + ".image")
    }
}
