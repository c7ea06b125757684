public import Foundation
public import RepoFinderCore
public import Storage

/// Loads curated lists from a folder laid out like `../shared/data/awesome`, without GitHub: `lists.tsv` names each
/// list (tab-separated, a header row naming at least `repo`, `file` and `copy`: the list's repository, the file in
/// it, and where the folder keeps that file's copy), and each copy is read and stored as the list.
public struct CuratedListFolder: Sendable {
    /// One list loaded.
    public struct Loaded: Sendable {
        /// The list.
        public let list: CuratedListSource
        /// What its file said.
        public let reading: CuratedListReading
    }

    /// What is wrong with a folder, in words that say what to fix.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The largest list file read (the largest of the 50 shared lists is under 700 kB).
    public static let maximumFileBytes = 8 << 20

    private let folder: URL

    /// A folder of lists.
    public init(_ folder: URL) {
        self.folder = folder
    }

    /// The lists the folder names, with the copies' paths; a missing index, a missing column or a copy outside the
    /// folder is a ``Problem``.
    public func entries() throws(Problem) -> [(list: CuratedListSource, copy: URL)] {
        let index = folder.appendingPathComponent("lists.tsv")
        guard let text = try? String(contentsOf: index, encoding: .utf8) else {
            throw Problem(description: "\(index.path) cannot be read: a folder of lists has a lists.tsv index.")
        }
        let rows = text.split(whereSeparator: \.isNewline).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        guard let header = rows.first?.map(String.init), let repoColumn = header.firstIndex(of: "repo"),
            let fileColumn = header.firstIndex(of: "file"), let copyColumn = header.firstIndex(of: "copy")
        else { throw Problem(description: "\(index.path) needs a header row with repo, file and copy columns.") }
        var entries: [(CuratedListSource, URL)] = []
        for (number, row) in rows.enumerated().dropFirst() {
            guard row.count > max(repoColumn, fileColumn, copyColumn) else {
                throw Problem(description: "\(index.path), line \(number + 1): fewer columns than its header.")
            }
            let repository: RepositoryName
            do {
                repository = try RepositoryName(parsing: String(row[repoColumn]))
            } catch {
                throw Problem(description: "\(index.path), line \(number + 1): \(error)")
            }
            let copy = String(row[copyColumn])
            guard !copy.hasPrefix("/"), !copy.split(separator: "/").contains("..") else {
                throw Problem(description: "\(index.path), line \(number + 1): the copy \(copy) is outside the folder.")
            }
            let list = CuratedListSource(repository: repository, file: Self.listFile(String(row[fileColumn])))
            entries.append((list, folder.appendingPathComponent(copy)))
        }
        return entries
    }

    /// A list's file as a ``CuratedListSource`` names it: nil for a README at the repository's root.
    static func listFile(_ path: String) -> String? {
        let lowered = path.lowercased()
        return lowered == "readme.md" || lowered == "readme" || lowered.isEmpty ? nil : path
    }

    /// Reads every list and stores what it places, replacing what the store held for it; `onList` hears of each.
    public func load(
        into store: any CuratedListStore, at date: Date = Date(), onList: (Loaded) -> Void = { _ in }
    ) async throws -> [Loaded] {
        var loaded: [Loaded] = []
        for (list, copy) in try entries() {
            let one = try read(list, copy: copy)
            try await store.replaceCuratedList(list, placements: one.reading.placements, etag: nil, at: date)
            onList(one)
            loaded.append(one)
        }
        return loaded
    }

    /// Reads every list without storing it.
    public func readAll() throws(Problem) -> [Loaded] {
        try entries().map { (list, copy) throws(Problem) in try read(list, copy: copy) }
    }

    /// Reads one list's copy.
    private func read(_ list: CuratedListSource, copy: URL) throws(Problem) -> Loaded {
        let data: Data
        do {
            data = try Data(contentsOf: copy, options: .mappedIfSafe)
        } catch {
            throw Problem(description: "\(copy.path) cannot be read (\(list.id)).")
        }
        guard data.count <= Self.maximumFileBytes else {
            throw Problem(description: "\(copy.path) is over \(Self.maximumFileBytes >> 20) MB: not a list.")
        }
        let reading = CuratedListParser().read(String(decoding: data, as: UTF8.self), list: list.repository)
        return Loaded(list: list, reading: reading)
    }
}
