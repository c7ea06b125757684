public import Foundation
public import RepoFinderCore

/// A conversation with the Ask assistant: titled from its first question, previewed by its last message, pinned or
/// archived by its person. Kept ``AskRetention/days`` after it was last touched unless pinned.
public struct AskThread: Hashable, Sendable {
    public var id: String
    /// At most ``titleLength`` characters, cut at a word.
    public var title: String
    /// The last message, at most ``previewLength`` characters, cut at a word.
    public var preview: String
    public var pinned: Bool
    public var archived: Bool
    public var createdAt: Date
    /// When a message was added or the person changed it (what retention measures from).
    public var updatedAt: Date

    /// Longest title and preview, in characters.
    public static let titleLength = 40
    public static let previewLength = 60

    public init(
        id: String, title: String, preview: String = "", pinned: Bool = false, archived: Bool = false,
        createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.preview = preview
        self.pinned = pinned
        self.archived = archived
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// `text` on one line, cut at the last word that fits in `limit` characters, with "…" when cut.
    /// Reads only as far as the cut: a long answer is never split into words whole.
    public static func shortened(_ text: String, to limit: Int) -> String {
        var line = ""
        var length = 0
        var spaced = false
        for character in text {
            if character.isWhitespace {
                spaced = length > 0
                continue
            }
            if spaced {
                line.append(" ")
                length += 1
                spaced = false
            }
            line.append(character)
            length += 1
            if length > limit { break }
        }
        guard length > limit else { return line }
        let room = line.prefix(limit - 1)
        let cut = room.lastIndex(of: " ").map { room[..<$0] } ?? room
        return cut.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }
}

/// Who wrote a message of a thread.
public enum AskRole: String, Codable, Hashable, Sendable {
    case user, assistant
}

/// One tool an answer ran: the chip a person sees and its inputs.
public struct AskToolRun: Codable, Hashable, Sendable {
    /// The tool: search, repository, similar, alternatives, replacing, clusters, trending, compare, list or reasons.
    public var name: String
    /// What ran, worded for a person in the language asked in.
    public var chip: String
    /// What the tool was given (query, language, window, repository, list …).
    public var inputs: [String: String]
    /// How many it found, for the tools that count (nil for the others, and in answers stored before it was kept).
    public var found: Int?

    public init(name: String, chip: String, inputs: [String: String] = [:], found: Int? = nil) {
        self.name = name
        self.chip = chip
        self.inputs = inputs
        self.found = found
    }
}

/// A message of a thread: a question or an answer, with the tools the answer ran and the repositories it cites.
public struct AskMessage: Hashable, Sendable {
    public var id: String
    public var threadID: String
    public var role: AskRole
    public var text: String
    public var tools: [AskToolRun]
    /// The repositories cited, in citation order ([1] first).
    public var sources: [RepositoryName]
    public var createdAt: Date
    /// The person went away before the answer was finished: the text is what was written by then.
    public var stopped: Bool
    /// Said beside the answer ("the writer did not answer; this is the embedded engine's answer").
    public var notice: String?

    public init(
        id: String, threadID: String, role: AskRole, text: String, tools: [AskToolRun] = [],
        sources: [RepositoryName] = [], createdAt: Date, stopped: Bool = false, notice: String? = nil
    ) {
        self.id = id
        self.threadID = threadID
        self.role = role
        self.text = text
        self.tools = tools
        self.sources = sources
        self.createdAt = createdAt
        self.stopped = stopped
        self.notice = notice
    }
}

/// What a person changes of a thread (nil: unchanged).
public struct AskThreadChange: Hashable, Sendable {
    public var title: String?
    public var pinned: Bool?
    public var archived: Bool?

    public init(title: String? = nil, pinned: Bool? = nil, archived: Bool? = nil) {
        self.title = title
        self.pinned = pinned
        self.archived = archived
    }
}

/// How long threads are kept.
public enum AskRetention {
    /// Threads untouched this long are deleted, unless pinned.
    public static let days = 90
}

/// Questions asked in a month, against the monthly quota.
public struct AskQuotaUse: Hashable, Sendable {
    /// The month, `YYYY-MM` (UTC).
    public var month: String
    /// Questions counted this month, this one included.
    public var used: Int
    public var limit: Int

    public init(month: String, used: Int, limit: Int) {
        self.month = month
        self.used = used
        self.limit = limit
    }

    /// Questions left this month.
    public var left: Int { max(0, limit - used) }

    /// The month of `date` (UTC), `YYYY-MM`.
    public static func month(of date: Date) -> String {
        let (year, month, _) = Day(containing: date).components
        return String(format: "%04d-%02d", year, month)
    }

    /// The first day of the month after `date`'s (UTC), when the quota renews.
    public static func renewal(after date: Date) -> Day {
        let (year, month, _) = Day(containing: date).components
        return month == 12 ? Day(year: year + 1, month: 1, day: 1)! : Day(year: year, month: month + 1, day: 1)!
    }
}

/// What adding a question did (``DataStore/addQuestion(_:userID:title:month:limit:)``).
public enum AskQuestionOutcome: Hashable, Sendable {
    /// Counted and added; the quota after it.
    case added(AskQuotaUse)
    /// Not added: `limit` questions were asked this month already (`used` of them).
    case overQuota(used: Int)
    /// Not added: the person has no such thread.
    case noThread
}
