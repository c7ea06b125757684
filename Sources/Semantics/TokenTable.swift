/// An immutable open-addressing hash table from UTF-8 byte strings to token ids, so WordPiece can look up pieces of
/// a word straight from a byte buffer without making a `String` for each try. A class: WordPiece picks one of two
/// tables per piece, and a reference is one retain where a copy of five arrays was five.
final class TokenTable: Sendable {
    /// Every key's bytes, one after another.
    private let keyBytes: [UInt8]
    /// Per entry: where its key starts in `keyBytes`, how long it is, and its token id.
    private let keyStarts: [Int32]
    private let keyLengths: [Int32]
    private let ids: [Int32]
    /// Entry index + 1 per slot (0 = empty); the count is a power of two.
    private let slots: [Int32]
    /// The longest key, in bytes: no piece longer than this can match.
    let longestKey: Int

    /// Makes a table of `entries` (key bytes, token id); the first of two equal keys wins.
    init(_ entries: [(key: [UInt8], id: Int)]) {
        var capacity = 16
        while capacity < entries.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        var keyBytes: [UInt8] = []
        var keyStarts: [Int32] = []
        var keyLengths: [Int32] = []
        var ids: [Int32] = []
        var longest = 0
        for (key, id) in entries {
            var slot = Self.hash(key) & (capacity - 1)
            var duplicate = false
            while slots[slot] != 0 {
                let entry = Int(slots[slot] - 1)
                let start = Int(keyStarts[entry])
                if keyBytes[start..<start + Int(keyLengths[entry])].elementsEqual(key) {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & (capacity - 1)
            }
            if duplicate { continue }
            keyStarts.append(Int32(keyBytes.count))
            keyLengths.append(Int32(key.count))
            ids.append(Int32(id))
            keyBytes.append(contentsOf: key)
            slots[slot] = Int32(ids.count)
            longest = max(longest, key.count)
        }
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.keyLengths = keyLengths
        self.ids = ids
        self.slots = slots
        longestKey = longest
    }

    /// The id of the token spelled by `bytes`, or nil.
    func id(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        return slots.withUnsafeBufferPointer { slots in
            keyBytes.withUnsafeBufferPointer { keys in
                while true {
                    let stored = Int(slots[slot])
                    if stored == 0 { return nil }
                    let entry = stored - 1
                    if Int(keyLengths[entry]) == bytes.count {
                        let start = Int(keyStarts[entry])
                        if bytes.isEmpty
                            || memcmpEqual(keys.baseAddress! + start, bytes.baseAddress!, bytes.count)
                        {
                            return Int(ids[entry])
                        }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// FNV-1a over the bytes, folded to a non-negative Int.
    private static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int(hash ^ (hash >> 15))
    }
}

/// Whether `count` bytes at `left` and `right` are equal.
@inline(__always)
private func memcmpEqual(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for index in 0..<count where left[index] != right[index] { return false }
    return true
}
