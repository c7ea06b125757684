import Foundation
import RepoFinderCore

/// The curated lists' headings as the index keeps them: for each heading (a list's heading path, entries directly
/// under it), the catalog's repositories placed there and how many entries it has in all (in the catalog or not);
/// for each repository, the headings it is placed under. Two repositories under one heading are what a curator put
/// side by side: the strongest sign that one can do the other's job.
struct ListedHeadings: Sendable {
    /// Each heading's list id.
    let lists: [String]
    /// Each heading's path, outermost first.
    let paths: [[String]]
    /// Each heading's entries in the list, in the catalog or not.
    let entries: [Int]
    /// Each heading's words, read once (``searchWords(of:)``).
    private let words: [[String]]
    /// Where each heading's members start in ``members`` (one more than there are headings).
    private let memberStart: [Int]
    /// The catalog's repositories under each heading, by document number, in the list's order.
    private let members: [UInt32]
    /// Each document's headings.
    private let headingsByDocument: [UInt32: [UInt32]]

    /// No lists.
    static let empty = ListedHeadings([], numbers: [:])

    /// Groups `listed` (in list, heading, position order, as the store gives it) by heading; `numbers` maps a
    /// repository key (or a name it had) to its document. Placements without a heading (a list with no categories)
    /// say nothing about kinship and are left out.
    init(_ listed: [CuratedListEntry], numbers: [String: Int]) {
        var lists: [String] = []
        var paths: [[String]] = []
        var entries: [Int] = []
        var memberStart = [0]
        var members: [UInt32] = []
        var byDocument: [UInt32: [UInt32]] = [:]
        var start = listed.startIndex
        while start < listed.endIndex {
            let first = listed[start]
            var end = start
            while end < listed.endIndex, listed[end].list == first.list, listed[end].heading == first.heading {
                end += 1
            }
            defer { start = end }
            guard !first.heading.isEmpty else { continue }
            let heading = UInt32(lists.count)
            var seen = Set<UInt32>()
            for entry in listed[start..<end] {
                guard let number = numbers[entry.key], seen.insert(UInt32(number)).inserted else { continue }
                members.append(UInt32(number))
                byDocument[UInt32(number), default: []].append(heading)
            }
            lists.append(first.list)
            paths.append(first.heading)
            entries.append(end - start)
            memberStart.append(members.count)
        }
        self.lists = lists
        self.paths = paths
        self.entries = entries
        words = paths.map { path in
            path.flatMap { SearchText.words($0) }.filter { !SearchText.stopWords.contains($0) }
        }
        self.memberStart = memberStart
        self.members = members
        headingsByDocument = byDocument
    }

    /// How many headings there are.
    var count: Int { lists.count }

    /// The headings `document` is placed under.
    func headings(of document: Int) -> [UInt32] { headingsByDocument[UInt32(document)] ?? [] }

    /// The words `document` is searchable by for where curators placed it: per heading, the words of its path
    /// ("Files and Directories › File Managers" → files, directories, file, managers), joining words left out.
    func searchWords(of document: Int) -> [[String]] {
        headings(of: document).map { words[Int($0)] }
    }

    /// The catalog's repositories under `heading`, in the list's order.
    func members(of heading: UInt32) -> ArraySlice<UInt32> {
        members[memberStart[Int(heading)]..<memberStart[Int(heading) + 1]]
    }

    /// How much sharing `heading` says: 1 / log₂(entries + 1) — a heading of six says 0.36, one of three hundred
    /// 0.12 (a curator's short list is a judgement; a long one is a topic).
    func kinship(_ heading: UInt32) -> Double { 1 / log2(Double(entries[Int(heading)]) + 1) }

    /// The repositories sharing a heading with `document`, each with the summed ``kinship(_:)`` of the lists that put
    /// them side by side (two lists that agree count twice; one list that does so under two headings counts once, by
    /// its closer heading).
    func peers(of document: Int) -> [UInt32: Double] {
        struct Pair: Hashable {
            let list: String
            let member: UInt32
        }
        var byList: [Pair: Double] = [:]
        for heading in headings(of: document) {
            let weight = kinship(heading)
            for member in members(of: heading) where Int(member) != document {
                let pair = Pair(list: lists[Int(heading)], member: member)
                byList[pair] = max(byList[pair] ?? 0, weight)
            }
        }
        var peers: [UInt32: Double] = [:]
        // In one order, so that equal sums are equal to the last bit on every run.
        for (pair, weight) in byList.sorted(by: { ($0.key.member, $0.key.list) < ($1.key.member, $1.key.list) }) {
            peers[pair.member, default: 0] += weight
        }
        return peers
    }
}
