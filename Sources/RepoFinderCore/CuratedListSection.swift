import Foundation

/// What a curated list places under one heading, as a heading's page shows it: the repositories in the curators'
/// order (the heading's own entries first, then each heading below it in the list's order), each once, and the
/// headings one level below with how many repositories each holds.
public struct CuratedListSection: Hashable, Sendable {
    /// A heading one level below, with how many repositories it and the headings below it place.
    public struct Subheading: Hashable, Sendable {
        /// Its name as the curators wrote it.
        public let name: String
        /// How many repositories it holds, each once.
        public let count: Int
    }

    /// The most heading levels a heading's address (the API's, the web page's, a link's) may name.
    public static let maximumLevels = 8
    /// The longest heading name an address may carry, in characters.
    public static let maximumNameLength = 200
    /// The longest list id an address may carry, in characters.
    public static let maximumListIDLength = 300

    /// Whether an address names a heading within those bounds: a list id, and 1…8 names, none blank or over 200
    /// characters or holding a line break.
    public static func isAddress(list: String, heading: [String]) -> Bool {
        list.count <= maximumListIDLength && (try? CuratedListSource(id: list)) != nil
            && (1...maximumLevels).contains(heading.count)
            && heading.allSatisfy {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty && $0.count <= maximumNameLength
                    && !$0.contains(where: \.isNewline)
            }
    }

    /// The heading path, outermost first.
    public let heading: [String]
    /// The repositories' keys, each once, in the order described above.
    public let keys: [String]
    /// The headings one level below, in the list's order.
    public let subheadings: [Subheading]

    /// The section of `entries` (one list's placements, by heading then position, as
    /// `CuratedListStore.curatedListSection` reads them) under `heading`; entries outside it are left out.
    public init(heading: [String], entries: [CuratedListEntry]) {
        self.heading = heading
        let inside = entries.filter { $0.heading.starts(with: heading) }
        // The heading's own entries come first; the rest keep their order.
        let own = inside.filter { $0.heading.count == heading.count }
        let below = inside.filter { $0.heading.count > heading.count }
        var seen = Set<String>()
        keys = (own + below).map(\.key).filter { seen.insert($0).inserted }
        var names: [String] = []
        var members: [String: Set<String>] = [:]
        for entry in below {
            let name = entry.heading[heading.count]
            if members[name] == nil { names.append(name) }
            members[name, default: []].insert(entry.key)
        }
        subheadings = names.map { Subheading(name: $0, count: members[$0]?.count ?? 0) }
    }
}

extension CuratedListSource {
    /// The list on GitHub: its repository, or the file it is kept in.
    public var webAddress: String {
        let repository = "https://github.com/\(repository.fullName)"
        return file.map { "\(repository)/blob/HEAD/\($0)" } ?? repository
    }
}
