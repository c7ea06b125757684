import Foundation

/// One project under an old and a new name in the same catalog (gitui under extrawurst/ and gitui-org/, ruff under
/// charliermarsh/ and astral-sh/): a catalog gathered over years holds a renamed or transferred repository twice, the
/// old name frozen at its last crawl. Found offline, from the evidence the catalog has, so every face shows the
/// project once, under its current name, and a like of either name counts for it.
///
/// Two repositories are one project when they have the same name under different owners, no fact contradicts it (a
/// different GitHub id, a different creation moment, different languages), and
/// - GitHub says so (the same id), or they were created at the same moment; or
/// - their descriptions have the same words (at least three, small words aside); or
/// - their descriptions share at least 60% of their words (40% when each has five or more), the newer record was
///   pushed at least 30 days after the older one, and the older one has no more stars (a rename freezes the old
///   record, it never grows past the new).
///
/// Different languages contradict it unless the pushes are a year or more apart (a project's main language changes
/// over years).
///
/// The current name is the one pushed last (then the most stars, then the name), and every other name of the project
/// points to it.
public struct SameProjects: Sendable {
    /// Why two records were taken for one project.
    public enum Evidence: String, Sendable, CaseIterable {
        /// GitHub's id, or the creation moment, is the same.
        case identity
        /// The descriptions have the same words.
        case sameDescription
        /// The descriptions share most words and the older record stopped when the newer went on.
        case frozenCopy
    }

    /// One decision: `old` is shown as `current`.
    public struct Decision: Sendable, Equatable {
        public var old: String
        public var current: String
        public var evidence: Evidence

        public init(old: String, current: String, evidence: Evidence) {
            self.old = old
            self.current = current
            self.evidence = evidence
        }
    }

    /// Every superseded key (`owner/name`, lowercase) with its project's current key.
    public let currentKey: [String: String]
    /// The decisions, by old key.
    public let decisions: [Decision]

    /// Shares of words two descriptions must have in common for a frozen copy.
    public static let sharedWords = 0.4
    /// Days the current record must have been pushed after the old one for a frozen copy.
    public static let frozenDays = 30.0

    /// Finds the projects `repositories` holds twice or more.
    public init(_ repositories: [Repository]) {
        // Positions, not copies of the records, by name; each record's words are read once for its group's pairs
        // (a name such as "dotfiles" is a hundred repositories: five thousand pairs).
        var byName: [String: [Int]] = [:]
        for (position, repository) in repositories.enumerated() {
            byName[repository.name.lowercased(), default: []].append(position)
        }
        var decisions: [Decision] = []
        for group in byName.values where group.count > 1 {
            let ordered = group.map { repositories[$0] }.sorted(by: Self.isNewer)
            var wordsRead: [Set<Substring>?] = Array(repeating: nil, count: ordered.count)
            func words(_ position: Int) -> Set<Substring> {
                if let read = wordsRead[position] { return read }
                let read = Self.words(ordered[position].description)
                wordsRead[position] = read
                return read
            }
            var current: [String: String] = [:]
            for (position, newer) in ordered.enumerated() {
                // A name already taken for an older name of the project passes its older names on to the current one.
                let root = current[newer.id] ?? newer.id
                for (offset, older) in ordered[(position + 1)...].enumerated() where current[older.id] == nil {
                    let evidence = Self.evidence(newer, older) {
                        $0 == .newer ? words(position) : words(position + 1 + offset)
                    }
                    guard let evidence else { continue }
                    current[older.id] = root
                    decisions.append(Decision(old: older.id, current: root, evidence: evidence))
                }
            }
        }
        self.decisions = decisions.sorted { $0.old < $1.old }
        currentKey = Dictionary(uniqueKeysWithValues: decisions.map { ($0.old, $0.current) })
    }

    /// Whether a repository is shown under another name (`key` lowercase).
    public func isSuperseded(_ key: String) -> Bool { currentKey[key] != nil }

    /// The repositories that remain once every superseded name is left out, in the order given.
    public func current(_ repositories: [Repository]) -> [Repository] {
        currentKey.isEmpty ? repositories : repositories.filter { currentKey[$0.id] == nil }
    }

    /// The record a project is shown under comes first: pushed last, then more stars, then by name.
    static func isNewer(_ first: Repository, _ second: Repository) -> Bool {
        let (a, b) = (first.pushedAt ?? .distantPast, second.pushedAt ?? .distantPast)
        if a != b { return a > b }
        if first.stars != second.stars { return first.stars > second.stars }
        return first.id < second.id
    }

    /// Why `older` is `newer` under an old name, or nil when it is not (or cannot be told).
    static func evidence(_ newer: Repository, _ older: Repository) -> Evidence? {
        evidence(newer, older) { $0 == .newer ? words(newer.description) : words(older.description) }
    }

    /// Which of the two records' words are wanted.
    enum Side { case newer, older }

    /// ``evidence(_:_:)`` with each record's description words from `words` (read only when the facts leave the
    /// question open).
    static func evidence(_ newer: Repository, _ older: Repository, words: (Side) -> Set<Substring>) -> Evidence? {
        guard newer.owner.login.lowercased() != older.owner.login.lowercased() else { return nil }
        if let first = newer.githubID, let second = older.githubID { return first == second ? .identity : nil }
        if let first = newer.createdAt, let second = older.createdAt { return first == second ? .identity : nil }
        let gap = (newer.pushedAt ?? .distantPast).timeIntervalSince(older.pushedAt ?? .distantPast) / 86_400
        // A project's main language can change over years (immich: Dart, then TypeScript), not over months.
        if let first = newer.language, let second = older.language, first.lowercased() != second.lowercased(),
            gap < 365
        {
            return nil
        }
        let (newerWords, olderWords) = (words(.newer), words(.older))
        let fewest = min(newerWords.count, olderWords.count)
        guard fewest >= 3 else { return nil }
        if newerWords == olderWords { return .sameDescription }
        let shared = Double(newerWords.intersection(olderWords).count) / Double(newerWords.union(olderWords).count)
        let alike = shared >= 0.6 || (shared >= sharedWords && fewest >= 5)
        return alike && gap >= frozenDays && older.stars <= newer.stars ? .frozenCopy : nil
    }

    /// A description's words, lowercased, small words aside.
    static func words(_ description: String?) -> Set<Substring> {
        guard let description else { return [] }
        let lowered = description.lowercased()
        return Set(lowered.split { !$0.isLetter && !$0.isNumber }.filter { !smallWords.contains(String($0)) })
    }

    static let smallWords: Set<String> = [
        "a", "an", "and", "the", "of", "for", "to", "in", "on", "with", "your", "you", "is", "it", "its", "by", "from",
        "as", "at", "or", "be", "this", "that",
    ]
}
