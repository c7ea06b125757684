public import Foundation
import RepoFinderCore
public import Storage

/// The curated-list facts bundled with the starter catalog (`Resources/starter-lists.tsv.gz`, made by
/// `scripts/make-starter-lists.py` from the lists whose license allows it; see `Resources/PROVENANCE.md`): loaded into a
/// database that holds no lists, so the default install knows where the community places repositories.
public enum StarterLists {
    /// The bundled file: a placement a line — list id, heading path (names joined by U+001F), repository, position.
    public static var path: String? {
        Bundle.module.path(forResource: "starter-lists.tsv", ofType: "gz")
    }

    /// Loads the bundled lists into `store` if it holds none; returns how many lists were loaded, nil if it had some.
    public static func loadIfNone(into store: any CuratedListStore, at date: Date = Date()) async throws -> Int? {
        guard try await store.curatedLists().isEmpty else { return nil }
        guard let path else {
            throw StorageError.unavailable("The starter lists are missing from this build of RepoFinder.")
        }
        let lists = try read(path)
        for (list, placements) in lists {
            try await store.replaceCuratedList(list, placements: placements, etag: nil, at: date)
        }
        return lists.count
    }

    /// The file's placements, by list, in the file's order.
    static func read(_ path: String) throws -> [(CuratedListSource, [CuratedListPlacement])] {
        let reader = try LineReader(path: path)
        var lists: [(CuratedListSource, [CuratedListPlacement])] = []
        while let line = try reader.next() {
            guard case .text(let number, let bytes) = line else { continue }
            let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let position = Int(fields[3]) else {
                throw StorageError.unavailable("The starter lists are damaged (line \(number)).")
            }
            let list = try CuratedListSource(id: String(fields[0]))
            let placement = CuratedListPlacement(
                repository: try RepositoryName(parsing: String(fields[2])),
                heading: fields[1].split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init),
                position: position)
            if lists.last?.0 == list {
                lists[lists.count - 1].1.append(placement)
            } else {
                lists.append((list, [placement]))
            }
        }
        return lists
    }
}
