public import Foundation

/// What the starter catalog's repositories say they replace ("an alternative to Notion"), read from the descriptions
/// the starter catalog does not ship by `scripts/make-replacements.py` (with RepoFinder's own reader,
/// `repofinder replaces --all`) and shipped as facts: a repository and the names, never the sentence. Like the stored
/// vectors, they stand in for a description the catalog does not know; a known description is read instead.
///
/// A second table, `listed-replacements.tsv.gz`, holds what curated lists' tables say of catalog repositories (the
/// "Alternative to" column of `RunaCapital/awesome-oss-alternatives`), from `repofinder replaces --listed`: the
/// curators' statement, not the repository's own, so it finds repositories for a product's name but is never shown
/// as what a repository says of itself.
///
/// Format of both (gzip-compressed or plain UTF-8): one repository a line, tab-separated — `owner/name` (lower case),
/// then one to six names as written.
public struct ShippedReplacements: Sendable {
    /// Lowercased `owner/name` → the names it says it replaces.
    private let table: [String: [String]]
    /// Lowercased `owner/name` → the names a curated list says it replaces.
    private let listedTable: [String: [String]]

    /// Reads the tables from their bytes; lines without a name are skipped.
    public init(data: Data, listed: Data? = nil) throws(ShippedReplacementsError) {
        table = try Self.table(data, most: 4)
        listedTable = try listed.map { data throws(ShippedReplacementsError) in try Self.table(data, most: 6) } ?? [:]
    }

    private static func table(_ data: Data, most: Int) throws(ShippedReplacementsError) -> [String: [String]] {
        guard let bytes = gunzippedIfCompressed(data) else { throw .init("its gzip is damaged") }
        var table: [String: [String]] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count >= 2, fields[0].contains("/") else { continue }
            table[fields[0].lowercased()] = Array(fields.dropFirst().prefix(most))
        }
        return table
    }

    /// The tables shipped with RepoFinder; nil when the package was built without the first.
    public static func bundled() throws(ShippedReplacementsError) -> ShippedReplacements? {
        guard let data = try resource("replacements.tsv") else { return nil }
        return try ShippedReplacements(data: data, listed: try resource("listed-replacements.tsv"))
    }

    private static func resource(_ name: String) throws(ShippedReplacementsError) -> Data? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "gz") else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .init("\(url.path): \(error.localizedDescription)")
        }
    }

    /// The shipped table, loaded at first use; nil when it is not shipped or cannot be read.
    public static let shared: ShippedReplacements? = try? bundled()

    /// How many repositories say they replace something.
    public var count: Int { table.count }

    /// How many repositories a curated list says replace something.
    public var listedCount: Int { listedTable.count }

    /// The names `fullName` (any case) says it replaces, by the shipped table.
    public func names(of fullName: String) -> [String] {
        table[fullName.lowercased()] ?? []
    }

    /// The names a curated list says `fullName` (any case) replaces.
    public func listedNames(of fullName: String) -> [String] {
        listedTable[fullName.lowercased()] ?? []
    }
}

/// Why the shipped replacements could not be read.
public struct ShippedReplacementsError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
