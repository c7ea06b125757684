import CZlib

/// One-shot gzip (or zlib) decompression of a whole buffer over zlib; several gzip members are joined.
/// `raw` reads a bare deflate stream instead (as inside a zip file).
func inflate(_ input: [UInt8], raw: Bool = false, sizeHint: Int = 0) throws(TokenVectorsError) -> [UInt8] {
    // zlib keeps a pointer back to its stream, so the stream needs a stable address.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    // 15 window bits + 32: detect a gzip or zlib header; -15: no header at all.
    let windowBits: Int32 = raw ? -15 : 15 + 32
    guard inflateInit2_(stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        throw .corruptCompression("zlib could not start")
    }
    defer { inflateEnd(stream) }
    var output = [UInt8](repeating: 0, count: max(sizeHint, input.count * 2, 1 << 16))
    var produced = 0
    var ended = false
    var failure: String?
    input.withUnsafeBufferPointer { inputBuffer in
        stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
        stream.pointee.avail_in = UInt32(inputBuffer.count)
        while true {
            if produced == output.count { output.append(contentsOf: repeatElement(0, count: output.count)) }
            let status = output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.pointee.next_out = outputBuffer.baseAddress! + produced
                stream.pointee.avail_out = UInt32(outputBuffer.count - produced)
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                produced = outputBuffer.count - Int(stream.pointee.avail_out)
                return status
            }
            switch status {
            case Z_STREAM_END:
                ended = true
                guard stream.pointee.avail_in > 0, !raw else { return }
                inflateReset(stream)  // another gzip member follows
                ended = false
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress: either the output is full (grow it) or the input ran out mid-stream.
                if stream.pointee.avail_out > 0 { return }
            default:
                failure = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                return
            }
        }
    }
    if let failure { throw .corruptCompression(failure) }
    guard ended else { throw .truncated("the compressed data ends before its end marker") }
    output.removeSubrange(produced...)
    return output
}

/// `data`'s bytes, inflated when they are gzip-compressed (as the shipped files are) and as they are otherwise; nil
/// when the gzip is damaged.
func gunzippedIfCompressed(_ data: some Collection<UInt8>) -> [UInt8]? {
    let bytes = [UInt8](data)
    guard bytes.starts(with: [0x1F, 0x8B]) else { return bytes }
    return try? inflate(bytes, sizeHint: TokenVectors.gzipSizeHint(bytes))
}
