import AsyncHTTPClient
import Foundation
public import GitHub
import HTTPTypes
import NIOCore
import NIOHTTP1
import RepoFinderCore
import Synchronization

/// The live ``GitHubTransport`` on AsyncHTTPClient. It follows no redirects itself (``GitHubClient`` does, so the
/// token never goes to another host and cached ETags still apply) and reports every failure to get an answer as a
/// ``TransportError``.
public final class LiveGitHubTransport: GitHubTransport {
    private let client: HTTPClient
    /// Largest body read; GitHub's pages of 100 repositories are well under 1 MiB.
    private let maximumBodyBytes: Int
    private let isShutDown = Mutex(false)

    /// - Parameter connectTimeout: how long to try to open a connection before calling the host unreachable.
    public init(connectTimeout: Duration = .seconds(10), maximumBodyBytes: Int = 32 << 20) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .milliseconds(connectTimeout.milliseconds)))
        configuration.httpVersion = .automatic
        // GitHubClient decides about retries; a host that refuses should fail now, not after the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Closes connections; call when done (otherwise deinit starts the shutdown without waiting for it).
    public func shutdown() async throws {
        let isFirstCall = isShutDown.withLock { wasShutDown in
            defer { wasShutDown = true }
            return !wasShutDown
        }
        guard isFirstCall else { return }
        try await client.shutdown()
    }

    deinit {
        if !isShutDown.withLock({ $0 }) { _ = client.shutdown() }
    }

    public func send(_ request: GitHubRequest, timeout: Duration) async throws -> GitHubResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields { outgoing.headers.add(name: field.name.rawName, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await client.execute(outgoing, timeout: .milliseconds(timeout.milliseconds))
            var fields = HTTPFields()
            for header in response.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            let body = try await response.body.collect(upTo: maximumBodyBytes)
            return GitHubResponse(
                status: HTTPResponse.Status(code: Int(response.status.code)), headerFields: fields,
                body: Data(body.readableBytesView))
        } catch let error as HTTPClientError
            where [.deadlineExceeded, .readTimeout, .writeTimeout].contains(error)
        {
            throw TransportError.timeout
        } catch {
            throw TransportError.unreachable(Self.describe(error, url: request.url))
        }
    }

    /// A short reason for a connection failure: `127.0.0.1:1: connection refused`, `api.github.com: unknown host`.
    private static func describe(_ error: any Error, url: URL) -> String {
        let port = url.port ?? (url.scheme == "https" ? 443 : 80)
        let target = "\(url.host ?? "?"):\(port)"
        if let error = error as? HTTPClientError, error == .connectTimeout { return "\(target): connection timed out" }
        if let error = error as? IOError {
            return "\(target): " + String(cString: strerror(error.errnoCode)).lowercased()
        }
        let text = String(describing: error)
        if text.contains("UnknownHost") { return "\(url.host ?? "?"): unknown host" }
        return "\(target): \(text)"
    }
}
