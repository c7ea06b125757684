import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port that refuses every connection for as long as this value is open: a TCP socket bound to it and
/// never listening. Nothing else can bind the port meanwhile, so a test that needs "the server is down" cannot meet
/// another test's server that happened to be given the same port (the flaky 404 of the 26th session's CI).
public struct RefusingPort: Sendable {
    public let socket: Int32
    /// The bound port, chosen by the kernel.
    public let port: Int

    public init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                Glibc.bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else {
            _ = Glibc.close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    public func close() { _ = Glibc.close(socket) }
}
