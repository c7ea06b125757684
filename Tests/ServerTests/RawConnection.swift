import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to a loopback port, for what an HTTP client library will not do: send nothing, send half a
/// request, trickle a body. Blocking calls; use off the cooperative threads (``offThePool(_:)`` in RepoFinderCore).
final class RawConnection: @unchecked Sendable {
    private let socket: Int32

    /// Connects to 127.0.0.1:`port`, from `source` (another loopback address, such as 127.0.0.2) when given.
    init(port: Int, source: String? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawConnectionError("socket() failed: \(errno)") }
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw RawConnectionError("bind() failed: \(errno)") }
        }
        var remote = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw RawConnectionError("connect() failed: \(errno)")
        }
    }

    deinit { close(socket) }

    private static func address(_ ip: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, ip, &address.sin_addr)
        return address
    }

    /// Sends `text`; false once the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } >= 0
    }

    /// Reads until what arrived contains `marker`, the server closes the connection or `timeout` passes.
    func read(until marker: String, timeout: Double) -> String {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline, !String(decoding: received, as: UTF8.self).contains(marker) {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&poller, 1, remaining) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Reads until the server closes the connection or `timeout` passes: what arrived, and whether it closed.
    func readUntilClosed(timeout: Double) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&poller, 1, remaining) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[0..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }
}

struct RawConnectionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
