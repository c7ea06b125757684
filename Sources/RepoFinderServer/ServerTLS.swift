import Foundation
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle
import Synchronization
import UnixSignals

/// Where a server serving HTTPS itself finds its certificate chain and private key (PEM files).
public struct TLSFiles: Hashable, Sendable {
    public var certificatePath: String
    public var keyPath: String

    public init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }
}

/// The certificate and key a TLS server hands out, read from ``TLSFiles`` and read again on ``reload()``: each new
/// connection's handshake takes the current pair (NIOSSL's per-connection context callback), so a renewed certificate
/// is served without a restart and connections already open keep theirs. A reload that fails (a file half-written, a
/// key that does not match) keeps the pair that works and says why.
final class TLSCertificates: Sendable {
    private struct Pair: @unchecked Sendable {
        var chain: [NIOSSLCertificate]
        var key: NIOSSLPrivateKey
        var stamp: String
    }

    let files: TLSFiles
    private let current: Mutex<Pair>

    /// Reads the files; throws a message a person can act on when they cannot be used.
    init(_ files: TLSFiles) throws {
        self.files = files
        current = Mutex(try Self.read(files))
    }

    /// Reads the files again — when their sizes or modification times changed, or always when `force`d (SIGHUP) —
    /// and serves what they hold; true when that is a new certificate.
    @discardableResult
    func reload(force: Bool = false) throws -> Bool {
        let stamp = Self.stamp(files)
        if !force, current.withLock({ $0.stamp }) == stamp { return false }
        let pair = try Self.read(files)
        return current.withLock { current in
            defer { current = pair }
            return current.chain != pair.chain
        }
    }

    /// The server's TLS configuration: TLS 1.2 and later, the current pair at each handshake, and HTTP/2 offered by
    /// ALPN (Hummingbird's HTTP/2 upgrade channel adds the protocols).
    func serverConfiguration() -> TLSConfiguration {
        let pair = current.withLock { $0 }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: pair.chain.map { .certificate($0) }, privateKey: .privateKey(pair.key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.sslContextCallback = { [self] _, promise in
            let pair = current.withLock { $0 }
            var override = NIOSSLContextConfigurationOverride()
            override.certificateChain = pair.chain.map { .certificate($0) }
            override.privateKey = .privateKey(pair.key)
            promise.succeed(override)
        }
        return configuration
    }

    /// The names the current leaf certificate is good for, as a `Host` header writes them: DNS names lower-cased
    /// (`*.` wildcards kept), IPv4 addresses dotted, IPv6 addresses in brackets.
    func names() -> Set<String> {
        guard let leaf = current.withLock({ $0.chain.first }) else { return [] }
        var names = Set<String>()
        for name in leaf._subjectAlternativeNames() {
            let bytes = name.contents.withUnsafeBufferPointer { Array($0) }
            if name.nameType == .dnsName {
                names.insert(String(decoding: bytes, as: UTF8.self).lowercased())
            } else if name.nameType == .ipAddress, let address = Self.address(bytes) {
                names.insert(address)
            }
        }
        return names
    }

    /// An IP address's bytes as a URL's host writes them.
    private static func address(_ bytes: [UInt8]) -> String? {
        switch bytes.count {
        case 4:
            return bytes.map(String.init).joined(separator: ".")
        case 16:
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let written = bytes.withUnsafeBytes { raw in
                inet_ntop(AF_INET6, raw.baseAddress, &text, socklen_t(text.count))
            }
            guard written != nil else { return nil }
            return "[" + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "]"
        default:
            return nil
        }
    }

    private static func read(_ files: TLSFiles) throws -> Pair {
        let stamp = stamp(files)
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificatePath)
        } catch {
            throw TLSFilesError("cannot read a PEM certificate chain from \(files.certificatePath) (\(error))")
        }
        guard !chain.isEmpty else { throw TLSFilesError("\(files.certificatePath) holds no certificate") }
        do {
            key = try NIOSSLPrivateKey(file: files.keyPath, format: .pem)
        } catch {
            throw TLSFilesError("cannot read a PEM private key from \(files.keyPath) (\(error))")
        }
        // A certificate and a key that do not belong together would fail every handshake: refuse them here.
        do {
            var check = TLSConfiguration.makeServerConfiguration(
                certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
            check.minimumTLSVersion = .tlsv12
            _ = try NIOSSLContext(configuration: check)
        } catch {
            throw TLSFilesError(
                "the key in \(files.keyPath) does not match the certificate in \(files.certificatePath)")
        }
        return Pair(chain: chain, key: key, stamp: stamp)
    }

    /// The files' sizes and modification times: what changes when either is replaced.
    private static func stamp(_ files: TLSFiles) -> String {
        [files.certificatePath, files.keyPath].map { path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(size)@\(modified)"
        }.joined(separator: " ")
    }
}

/// Why the TLS files cannot be served.
public struct TLSFilesError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) { self.description = "TLS: " + description }
}

/// Reads the certificate again on SIGHUP (whatever the files' times say), and when its files change (looked at every
/// few seconds), logging what happened: a renewal tool that replaces the files needs no signal, and one that sends SIGHUP is answered at once.
struct TLSReloadService: Service {
    let certificates: TLSCertificates
    let logger: Logger
    var checkEvery: Duration = .seconds(5)

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await _ in signals { reload(told: true) }
                }
                group.addTask {
                    while (try? await Task.sleep(for: checkEvery)) != nil { reload(told: false) }
                }
            }
        }
    }

    private func reload(told: Bool) {
        do {
            if try certificates.reload(force: told) {
                logger.info(
                    "serving the renewed TLS certificate", metadata: ["file": "\(certificates.files.certificatePath)"])
            } else if told {
                logger.info("SIGHUP: the TLS certificate has not changed")
            }
        } catch {
            logger.error("kept the TLS certificate that works", metadata: ["error": "\(error)"])
        }
    }
}
