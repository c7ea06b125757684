import Foundation

/// Writes RFV1 tables (raw, or gzip with stored deflate blocks) for the format and embedding tests.
enum SyntheticTable {
    /// The raw table bytes: `rows[i]` is token i's int8 vector, `scales[i]` its scale.
    static func raw(vocabulary: [String], scales: [Float], rows: [[Int8]], unknownTokenID: UInt32 = 0) -> [UInt8] {
        var bytes = Array("RFVEC001".utf8)
        let dimensions = rows.first?.count ?? 0
        for value in [UInt32(vocabulary.count), UInt32(dimensions), 3, unknownTokenID] { append(value, to: &bytes) }
        for scale in scales { append(scale.bitPattern, to: &bytes) }
        for row in rows { bytes += row.map { UInt8(bitPattern: $0) } }
        let blob = Array(vocabulary.joined(separator: "\n").utf8)
        append(UInt32(blob.count), to: &bytes)
        return bytes + blob
    }

    /// `bytes` as a gzip file of stored (uncompressed) deflate blocks.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var chunks = stride(from: 0, to: bytes.count, by: 65_535).map { bytes[$0..<min($0 + 65_535, bytes.count)] }
        if chunks.isEmpty { chunks = [[]] }
        for (index, chunk) in chunks.enumerated() {
            out.append(index == chunks.count - 1 ? 1 : 0)
            let length = UInt16(chunk.count)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += chunk
        }
        append(crc32(bytes), to: &out)
        append(UInt32(truncatingIfNeeded: bytes.count), to: &out)
        return out
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
