public import Foundation

/// What the starter catalog's repositories say they replace ("an alternative to Notion"), read from the descriptions
/// the starter catalog does not ship by `scripts/make-replacements.py` (with RepoFinder's own reader,
/// `repofinder replaces --all`) and shipped as facts: a repository and the names, never the sentence. Like the stored
/// vectors, they stand in for a description the catalog does not know; a known description is read instead.
///
/// Format (gzip-compressed or plain UTF-8): one repository a line, tab-separated — `owner/name` (lower case), then
/// one to four names as written.
public struct ShippedReplacements: Sendable {
    /// Lowercased `owner/name` → the names it says it replaces.
    private let table: [String: [String]]

    /// Reads the table from its bytes; lines without a name are skipped.
    public init(data: Data) throws(ShippedReplacementsError) {
        guard let bytes = gunzippedIfCompressed(data) else { throw .init("its gzip is damaged") }
        var table: [String: [String]] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count >= 2, fields[0].contains("/") else { continue }
            table[fields[0].lowercased()] = Array(fields.dropFirst().prefix(4))
        }
        self.table = table
    }

    /// The table shipped with RepoFinder; nil when the package was built without it.
    public static func bundled() throws(ShippedReplacementsError) -> ShippedReplacements? {
        guard let url = Bundle.module.url(forResource: "replacements.tsv", withExtension: "gz") else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .init("\(url.path): \(error.localizedDescription)")
        }
        return try ShippedReplacements(data: data)
    }

    /// The shipped table, loaded at first use; nil when it is not shipped or cannot be read.
    public static let shared: ShippedReplacements? = try? bundled()

    /// How many repositories say they replace something.
    public var count: Int { table.count }

    /// The names `fullName` (any case) says it replaces, by the shipped table.
    public func names(of fullName: String) -> [String] {
        table[fullName.lowercased()] ?? []
    }
}

/// Why the shipped replacements could not be read.
public struct ShippedReplacementsError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
