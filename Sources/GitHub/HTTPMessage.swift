public import Foundation

/// Header fields with case-insensitive names, in the order they were added.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    private var fields: [(name: String, value: String)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// The first value of a field, or nil.
    public subscript(name: String) -> String? {
        let key = name.lowercased()
        return fields.first { $0.name.lowercased() == key }?.value
    }

    /// Appends a field (keeping any with the same name).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Replaces every field with this name by one with this value; nil removes them.
    public mutating func set(_ name: String, _ value: String?) {
        let key = name.lowercased()
        fields.removeAll { $0.name.lowercased() == key }
        if let value { fields.append((name, value)) }
    }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value }
    }
}

/// One HTTP request, independent of any HTTP library.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: HTTPHeaders
    public var body: Data?

    public init(method: String = "GET", url: URL, headers: HTTPHeaders = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// One HTTP response, body fully read (and decompressed).
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends requests. The live implementation speaks HTTP; tests replay recorded exchanges.
///
/// A transport must not follow redirects or retry: ``GitHubClient`` decides both. Failures to get any response are
/// thrown as ``TransportError``.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse
}

/// Why no response arrived.
public enum TransportError: Error, Equatable, Sendable {
    /// Nothing answered within the time allowed.
    case timeout
    /// The host could not be reached (name resolution, connection refused, TLS, connection lost…).
    case unreachable(String)
}
