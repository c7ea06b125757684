import Foundation

/// A change made through one server that the other servers sharing the database must apply at once, rather than at
/// their next periodic refresh: each server keeps some of the store's answers in memory (recently checked tokens, each
/// person's taste), and these say which of them went stale.
public enum ClusterChange: Hashable, Sendable {
    /// The account's tokens were ended (signed out, deleted, merged into another): forget any cached.
    case tokensEnded(userID: String)
    /// The person's taste changed (an interaction, a list, preferences, a merge): read it again before answering them.
    case tasteChanged(userID: String)
    /// Changes may have been missed (the channel was down a while): treat everything cached as stale.
    case resynchronize
}

/// How servers sharing a database tell each other of ``ClusterChange``s: on PostgreSQL, `NOTIFY` and `LISTEN`. A
/// store that only one process serves (SQLite) has none.
public protocol ClusterChannel: Sendable {
    /// Tells the other servers (not this one), soon and without waiting: changes published together, or while a
    /// send is under way, travel in one notification. Best effort: a change that cannot be sent is logged, and the
    /// others' periodic refresh still catches it.
    func publish(_ changes: [ClusterChange])

    /// The changes other servers publish, as they arrive, while the store runs; ``ClusterChange/resynchronize``
    /// after the channel was down. Ends when the caller's task is cancelled.
    func changes() -> AsyncStream<ClusterChange>
}

/// The text of ``ClusterChange``s in one notification: the sender's identity on the first line, then a line per change
/// (`t <user>`, `s <user>`, `r`). PostgreSQL's notifications hold under 8,000 bytes; ``encode(_:origin:)`` splits.
public enum ClusterMessage {
    /// The largest text one notification carries.
    public static let maximumBytes = 7_900

    /// The changes as notification texts, each within ``maximumBytes``.
    public static func encode(_ changes: [ClusterChange], origin: String) -> [String] {
        var messages: [String] = []
        var current = origin
        for change in changes {
            let line: String
            switch change {
            case .tokensEnded(let user): line = "s \(user)"
            case .tasteChanged(let user): line = "t \(user)"
            case .resynchronize: line = "r"
            }
            if current.utf8.count + 1 + line.utf8.count > maximumBytes, current != origin {
                messages.append(current)
                current = origin
            }
            current += "\n" + line
        }
        if current != origin { messages.append(current) }
        return messages
    }

    /// The sender and the changes of one notification's text; lines it does not know are skipped.
    public static func decode(_ text: String) -> (origin: String, changes: [ClusterChange]) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).makeIterator()
        let origin = lines.next().map(String.init) ?? ""
        var changes: [ClusterChange] = []
        while let line = lines.next() {
            if line == "r" {
                changes.append(.resynchronize)
            } else if line.hasPrefix("s "), line.count > 2 {
                changes.append(.tokensEnded(userID: String(line.dropFirst(2))))
            } else if line.hasPrefix("t "), line.count > 2 {
                changes.append(.tasteChanged(userID: String(line.dropFirst(2))))
            }
        }
        return (origin, changes)
    }
}
