import Foundation

/// Images in memory, bounded in bytes; the least recently used go first.
struct MemoryCache {
    private var entries: [URL: (data: Data, lastUse: Int)] = [:]
    private var bytes = 0
    private var clock = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The image, marked as just used.
    mutating func get(_ url: URL) -> Data? {
        guard let entry = entries[url] else { return nil }
        clock += 1
        entries[url] = (entry.data, clock)
        return entry.data
    }

    /// The image, without marking it.
    func peek(_ url: URL) -> Data? { entries[url]?.data }

    mutating func set(_ url: URL, _ data: Data) {
        guard data.count <= capacity else { return }
        clock += 1
        if let old = entries[url] { bytes -= old.data.count }
        entries[url] = (data, clock)
        bytes += data.count
        while bytes > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            bytes -= oldest.value.data.count
        }
    }
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
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return directory.appendingPathComponent(String(hash, radix: 16) + ".image")
    }
}
