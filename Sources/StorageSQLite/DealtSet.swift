import Foundation

/// What was dealt to one person, as SQLite keeps it: the repositories' ids, sorted, as a blob of variable-length
/// gaps (about two bytes per id). One row per person instead of one per card: a deal rewrites that row only, where
/// a row per card had a busy server insert some 40,000 rows a second, each into a different person's part of an
/// index, rewriting the same pages commit after commit.
enum DealtSet {
    /// The blob of a set of ids (sorted and deduplicated here; ids are positive).
    static func encode(_ ids: some Collection<Int64>) -> [UInt8] {
        encode(sorted: Set(ids).sorted())
    }

    /// The blob of ids already ascending and distinct (as ``decode(_:)`` and ``merge(_:_:)`` give them).
    static func encode(sorted ids: [Int64]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ids.count * 2)
        var previous: Int64 = 0
        for id in ids where id > previous {
            var gap = UInt64(id - previous)
            previous = id
            while gap >= 0x80 {
                bytes.append(UInt8(gap & 0x7F) | 0x80)
                gap >>= 7
            }
            bytes.append(UInt8(gap))
        }
        return bytes
    }

    /// Whether ascending `ids` hold `id` (by bisection).
    static func contains(_ ids: [Int64], _ id: Int64) -> Bool {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id
    }

    /// Two ascending lists of ids as one, ascending and distinct.
    static func merge(_ a: [Int64], _ b: [Int64]) -> [Int64] {
        var merged: [Int64] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            let next: Int64
            if j == b.count || (i < a.count && a[i] <= b[j]) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if merged.last != next { merged.append(next) }
        }
        return merged
    }

    /// The ids of a blob, ascending; a truncated or corrupt tail is dropped.
    static func decode(_ bytes: some Collection<UInt8>) -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(bytes.count / 2)
        var previous: Int64 = 0
        var gap: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            gap |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                if shift > 56 { return ids }
                continue
            }
            previous += Int64(truncatingIfNeeded: gap)
            ids.append(previous)
            gap = 0
            shift = 0
        }
        return ids
    }
}
