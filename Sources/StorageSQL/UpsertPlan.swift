import Foundation
package import RepoFinderCore
package import Storage

/// Decides, from what is already stored, which incoming rows to insert, which to update and which are
/// unchanged. Pure, so both engines share the exact same semantics; a key repeated within one batch behaves
/// as if the rows came one after another (the last one wins).
package struct UpsertPlan<Row> {
    /// Rows to insert (each key once, the final version).
    package var inserts: [Row] = []
    /// Rows to update (each key once, the final version).
    package var updates: [Row] = []
    /// What the batch amounts to.
    package var counts = UpsertCounts()

    /// Plans `rows` against `stored`, which maps each stored key to its fingerprint.
    package init(rows: [Row], stored: [String: Int64], key: (Row) -> String, fingerprint: (Row) -> Int64) {
        var current = stored
        var finalRow: [String: Row] = [:]
        var order: [String] = []
        var isNew: Set<String> = []
        for row in rows {
            let rowKey = key(row)
            let print = fingerprint(row)
            if let existing = current[rowKey] {
                if existing == print {
                    counts.unchanged += 1
                    continue
                }
                counts.updated += 1
            } else {
                counts.inserted += 1
                isNew.insert(rowKey)
            }
            current[rowKey] = print
            if finalRow.updateValue(row, forKey: rowKey) == nil { order.append(rowKey) }
        }
        for rowKey in order {
            if isNew.contains(rowKey) { inserts.append(finalRow[rowKey]!) } else { updates.append(finalRow[rowKey]!) }
        }
    }
}

/// A stable 64-bit FNV-1a hash, the same in every process (unlike `Hasher`), for change detection.
package struct Fingerprint {
    private var digest = FNV1a()

    package init() {}

    package mutating func add(_ text: String?) {
        guard let text else { return addByte(0x00) }
        addByte(0x01)
        for byte in text.utf8 { addByte(byte) }
        addByte(0xFF)
    }

    package mutating func add(_ number: Int64?) {
        guard let number else { return addByte(0x00) }
        addByte(0x01)
        var value = UInt64(bitPattern: number)
        for _ in 0..<8 {
            addByte(UInt8(truncatingIfNeeded: value))
            value >>= 8
        }
    }

    package var value: Int64 { Int64(bitPattern: digest.value) }

    private mutating func addByte(_ byte: UInt8) {
        digest.add(byte)
    }
}

extension Repository {
    /// Fingerprint of every stored field; equal fingerprints mean "nothing to update".
    package var storageFingerprint: Int64 {
        var print = Fingerprint()
        print.add(githubID)
        print.add(owner.login)
        print.add(owner.avatarURL?.absoluteString)
        print.add(name)
        print.add(description)
        print.add(topics.joined(separator: "\u{1F}"))
        print.add(language)
        print.add(Int64(stars))
        print.add(forks.map(Int64.init))
        print.add(openIssues.map(Int64.init))
        print.add(license?.spdxID)
        print.add(license?.name)
        print.add(createdAt.map(\.millisecondsSince1970))
        print.add(updatedAt.map(\.millisecondsSince1970))
        print.add(pushedAt.map(\.millisecondsSince1970))
        print.add(archived ? 1 : 0)
        print.add(webURL.absoluteString)
        return print.value
    }
}

extension StarSnapshot {
    /// The key of a snapshot: repository and day.
    package var storageKey: String { "\(repository.key)@\(day)" }

    /// Fingerprint of the counts.
    package var storageFingerprint: Int64 {
        var print = Fingerprint()
        print.add(Int64(stars))
        print.add(forks.map(Int64.init))
        return print.value
    }
}
