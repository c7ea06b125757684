import Foundation

/// A `model.safetensors` file read in memory: an 8-byte little-endian header length, a JSON header naming each
/// tensor's dtype, shape and byte range, then the data. Only float32 tensors are read (all of MiniLM's).
struct SafeTensors {
    private let bytes: [UInt8]
    private let base: Int
    private let entries: [String: (shape: [Int], start: Int, end: Int)]

    init(_ bytes: [UInt8]) throws(SentenceModelError) {
        guard bytes.count >= 8 else { throw .malformed("model.safetensors is too short") }
        var length = 0
        for index in (0..<8).reversed() { length = length << 8 | Int(bytes[index]) }
        guard length > 0, 8 + length <= bytes.count,
            let header = try? JSONSerialization.jsonObject(with: Data(bytes[8..<(8 + length)])) as? [String: Any]
        else { throw .malformed("model.safetensors has no readable header") }
        var entries: [String: (shape: [Int], start: Int, end: Int)] = [:]
        for (name, value) in header where name != "__metadata__" {
            guard let info = value as? [String: Any], info["dtype"] as? String == "F32",
                let shape = info["shape"] as? [Int], let range = info["data_offsets"] as? [Int], range.count == 2,
                range[0] <= range[1], 8 + length + range[1] <= bytes.count,
                range[1] - range[0] == shape.reduce(4, *)
            else { continue }
            entries[name] = (shape, range[0], range[1])
        }
        self.bytes = bytes
        self.base = 8 + length
        self.entries = entries
    }

    /// The float32 tensor `name`, flattened row-major, after checking that its shape is `shape`.
    func floats(_ name: String, shape: [Int]) throws(SentenceModelError) -> [Float] {
        guard let entry = entries[name] else { throw .malformed("model.safetensors has no float32 \(name)") }
        guard entry.shape == shape else {
            throw .malformed("\(name) has shape \(entry.shape), expected \(shape)")
        }
        let count = (entry.end - entry.start) / 4
        return [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                for index in 0..<count {
                    let bits = raw.loadUnaligned(fromByteOffset: base + entry.start + index * 4, as: UInt32.self)
                    buffer[index] = Float(bitPattern: UInt32(littleEndian: bits))
                }
            }
            initialized = count
        }
    }
}
