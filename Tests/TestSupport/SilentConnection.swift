import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to 127.0.0.1 that sends nothing, as a client that never starts its TLS handshake or its request
/// (issue 63's silent connections).
public struct SilentConnection: Sendable {
    public let socket: Int32

    public init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            _ = Glibc.close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    /// Whether the server has closed it (a read returns end of file or an error, without waiting).
    public var isClosed: Bool {
        var byte: UInt8 = 0
        let read = recv(socket, &byte, 1, Int32(MSG_DONTWAIT))
        return read == 0 || (read < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    public func close() { _ = Glibc.close(socket) }
}
