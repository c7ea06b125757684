import Foundation
import RepoFinderCore

/// The web app's static files (scripts, styles, icons, manifest, service worker), read once into memory and served
/// with a content type and a strong ETag, so a browser revalidates with a 304 instead of downloading again.
struct WebAssets: Sendable {
    /// One file, ready to send.
    struct Asset: Sendable {
        var bytes: [UInt8]
        var contentType: String
        var etag: String
        /// The bytes gzip-compressed, for text files that shrink by it (nil otherwise).
        var gzipped: [UInt8]?

        init(bytes: [UInt8], contentType: String) {
            self.bytes = bytes
            self.contentType = contentType
            var digest = FNV1a()
            digest.add(bytes)
            etag = "\"\(digest.hex)\""
            let isText =
                contentType.hasPrefix("text/") || contentType.hasPrefix("application/")
                || contentType.hasPrefix("image/svg")
            gzipped = isText ? GzipDeflater.compress(bytes).flatMap { $0.count < bytes.count * 9 / 10 ? $0 : nil } : nil
        }
    }

    /// Files by name (`app.js`, `icon-192.png`).
    private(set) var files: [String: Asset] = [:]
    /// A short digest of every file: names the service worker's cache, so a new build replaces the old cache.
    var version: String { digest.hex }

    /// Reads every file of `directory` (not recursive).
    init(directory: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        var combined = FNV1a()
        for name in names where !name.hasPrefix(".") {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            combined.add(Array(name.utf8))
            combined.add(bytes)
            files[name] = Asset(bytes: bytes, contentType: Self.contentType(of: name))
        }
        digest = combined
    }

    /// The running digest of every file (``version``).
    private var digest: FNV1a

    /// Adds a file made at start (the scripts' messages in each language).
    mutating func add(_ name: String, bytes: [UInt8]) {
        digest.add(Array(name.utf8))
        digest.add(bytes)
        files[name] = Asset(bytes: bytes, contentType: Self.contentType(of: name))
    }

    subscript(name: String) -> Asset? { files[name] }

    /// Every file's name, sorted.
    var names: [String] { files.keys.sorted() }

    /// Replaces `placeholder` in a text file (the service worker learns the build's version this way).
    mutating func substitute(_ placeholder: String, with value: String, in name: String) {
        guard let asset = files[name] else { return }
        let text = String(decoding: asset.bytes, as: UTF8.self).replacingOccurrences(of: placeholder, with: value)
        files[name] = Asset(bytes: Array(text.utf8), contentType: asset.contentType)
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last.map(String.init) ?? "" {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "webmanifest": "application/manifest+json"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
