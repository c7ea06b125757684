import Foundation

@testable import Semantics

/// Reads model.vocab from the tokenizer.json inside a zip file (stored or deflated), through its central directory.
enum ZipVocabulary {
    static func read(zipPath: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: zipPath),
            let json = entry("tokenizer.json", in: [UInt8](data)),
            let root = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            let model = root["model"] as? [String: Any], let vocab = model["vocab"] as? [String: Int]
        else { return nil }
        var tokens = [String](repeating: "", count: vocab.count)
        for (token, id) in vocab where tokens.indices.contains(id) { tokens[id] = token }
        return tokens
    }

    private static func entry(_ name: String, in zip: [UInt8]) -> [UInt8]? {
        func u16(_ at: Int) -> Int { Int(zip[at]) | Int(zip[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard zip.count > 22,
            let end = stride(from: zip.count - 22, through: max(0, zip.count - 65_557), by: -1).first(where: {
                u32($0) == 0x0605_4B50
            })
        else { return nil }
        var offset = u32(end + 16)
        for _ in 0..<u16(end + 10) {
            guard offset + 46 <= zip.count, u32(offset) == 0x0201_4B50 else { return nil }
            let nameLength = u16(offset + 28)
            let entryName = String(decoding: zip[offset + 46..<offset + 46 + nameLength], as: UTF8.self)
            if entryName == name {
                let method = u16(offset + 10)
                let size = u32(offset + 20)
                let local = u32(offset + 42)
                let start = local + 30 + u16(local + 26) + u16(local + 28)
                guard start + size <= zip.count else { return nil }
                let body = Array(zip[start..<start + size])
                return method == 0 ? body : try? inflate(body, raw: true, sizeHint: u32(offset + 24))
            }
            offset += 46 + nameLength + u16(offset + 30) + u16(offset + 32)
        }
        return nil
    }
}
