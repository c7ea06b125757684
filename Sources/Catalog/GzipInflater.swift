import CZlib

/// Streaming gzip (or zlib) decompression over zlib, handling files made of several gzip members.
final class GzipInflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    /// Whether the last member ended cleanly (false in the middle of one, for example in a truncated file).
    private(set) var isFinished = false

    init() throws(CatalogImportError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 window bits + 32: detect gzip or zlib headers automatically.
        guard inflateInit2_(stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            throw .corruptCompression("zlib could not start")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Decompresses `input`, appending what it yields to `sink`.
    func inflate(_ input: [UInt8], into sink: inout [UInt8]) throws(CatalogImportError) {
        guard !input.isEmpty else { return }
        var failure: CatalogImportError?
        isFinished = false
        input.withUnsafeBufferPointer { inputBuffer in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
            stream.pointee.avail_in = UInt32(inputBuffer.count)
            repeat {
                let (status, produced) = output.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.pointee.next_out = outputBuffer.baseAddress
                    stream.pointee.avail_out = UInt32(outputBuffer.count)
                    let status = CZlib.inflate(stream, Z_NO_FLUSH)
                    return (status, outputBuffer.count - Int(stream.pointee.avail_out))
                }
                sink.append(contentsOf: output[0..<produced])
                switch status {
                case Z_OK, Z_BUF_ERROR:
                    break
                case Z_STREAM_END:
                    // Another gzip member may follow.
                    if stream.pointee.avail_in > 0 { inflateReset(stream) } else { isFinished = true }
                default:
                    let message = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
                    failure = .corruptCompression(message)
                    return
                }
            } while stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0
        }
        if let failure { throw failure }
    }
}
