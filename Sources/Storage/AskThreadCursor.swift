public import Foundation
import RepoFinderCore

/// Where a page of a person's threads ended, in list order: threads not archived before archived ones, pinned before
/// not pinned, the most recently touched first, then by id. The next page starts after it.
public struct AskThreadCursor: Hashable, Sendable {
    public var archived: Bool
    public var pinned: Bool
    /// When the thread was last touched, in milliseconds since 1970 (the precision both engines keep).
    public var updatedAt: Int64
    public var id: String

    public init(archived: Bool, pinned: Bool, updatedAt: Int64, id: String) {
        self.archived = archived
        self.pinned = pinned
        self.updatedAt = updatedAt
        self.id = id
    }

    /// The cursor just after `thread`.
    public init(after thread: AskThread) {
        self.init(
            archived: thread.archived, pinned: thread.pinned, updatedAt: thread.updatedAt.millisecondsSince1970,
            id: thread.id)
    }

    /// When the thread was last touched, as the engines store it.
    public var updatedDate: Date { Date(timeIntervalSince1970: Double(updatedAt) / 1000) }

    /// The cursor as a client carries it: opaque and safe in a URL (base64url of `t1.ARCHIVED.PINNED.MS.ID`).
    public var token: String {
        let text = "t1.\(archived ? 1 : 0).\(pinned ? 1 : 0).\(updatedAt).\(id)"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads a cursor ``token`` wrote; nil for anything else.
    public init?(token: String) {
        guard (1...256).contains(token.utf8.count),
            token.utf8.allSatisfy({ $0.isBase64URL })
        else { return nil }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        let parts = text.split(separator: ".", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "t1", let archived = Self.flag(parts[1]), let pinned = Self.flag(parts[2]),
            let updatedAt = Int64(parts[3]), (1...100).contains(parts[4].count)
        else { return nil }
        self.init(archived: archived, pinned: pinned, updatedAt: updatedAt, id: String(parts[4]))
    }

    private static func flag(_ text: Substring) -> Bool? {
        switch text {
        case "0": false
        case "1": true
        default: nil
        }
    }
}

extension UInt8 {
    /// A character of base64url: a letter, a digit, `-` or `_`.
    fileprivate var isBase64URL: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "-")
            || self == UInt8(ascii: "_")
    }
}
