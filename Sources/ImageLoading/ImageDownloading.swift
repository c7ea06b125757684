public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches an image's bytes. ``URLSessionImageDownloader`` is the real one; tests count and delay with a fake.
public protocol ImageDownloading: Sendable {
    func download(_ url: URL) async throws -> Data
}

/// Downloads with URLSession (on Apple platforms and, through FoundationNetworking, on Linux).
public struct URLSessionImageDownloader: ImageDownloading {
    public init() {}

    public func download(_ url: URL) async throws -> Data {
        let (data, response) = try await URLSession.shared.data(from: url)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw ImageLoadingError.status(http.statusCode, url)
        }
        return data
    }
}

/// Why an image did not load.
public enum ImageLoadingError: Error, Hashable, Sendable {
    /// The server answered with this HTTP status.
    case status(Int, URL)
}
