public import Foundation

/// Every String Catalog of `Sources/Localization/Catalogue`, read once: each key's words in every language, the
/// pseudo-language made from English. A key is unique across the tables.
public struct Catalogue: Sendable {
    /// One table: its name (the file's, `WebDeck`) and its keys with their translators' comments.
    public struct Table: Sendable {
        public let name: String
        public let comments: [String: String]
        public var keys: [String] { comments.keys.sorted() }
    }

    /// The tables, by name.
    public let tables: [Table]
    private let messages: [Language: [String: Message]]

    /// The catalogues shipped with this module (an empty catalogue, every key shown as itself, if they cannot be read:
    /// the tests fail then).
    public static let shared: Catalogue = (try? Catalogue(directory: bundledDirectory)) ?? Catalogue(tables: [])

    /// Where the shipped catalogues are.
    public static var bundledDirectory: URL {
        Bundle.module.url(forResource: "Catalogue", withExtension: nil)
            ?? Bundle.module.bundleURL.appendingPathComponent("Catalogue")
    }

    /// Reads every `.xcstrings` file of `directory`.
    public init(directory: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".xcstrings") }.sorted()
        try self.init(
            tables: names.map { name in
                (
                    String(name.dropLast(".xcstrings".count)),
                    try StringCatalog(contentsOf: directory.appending(path: name))
                )
            })
    }

    /// Joins `tables` (a later table's key replaces an earlier one's: the tests forbid it).
    public init(tables catalogs: [(name: String, catalog: StringCatalog)]) {
        var messages: [Language: [String: Message]] = [:]
        var tables: [Table] = []
        for (name, catalog) in catalogs {
            var comments: [String: String] = [:]
            for (key, entry) in catalog.strings {
                comments[key] = entry.comment ?? ""
                for (code, localization) in entry.localizations ?? [:] {
                    guard let language = Language(rawValue: code), let form = localization.form else { continue }
                    messages[language, default: [:]][key] = form
                }
            }
            tables.append(Table(name: name, comments: comments))
        }
        messages[.pseudo] = (messages[.english] ?? [:]).mapValues(PseudoLanguage.message)
        self.tables = tables
        self.messages = messages
    }

    /// Every key of every table.
    public var keys: Set<String> { Set(tables.flatMap(\.comments.keys)) }

    /// The words of `key` in `language` as the catalogue has them (nil when that language lacks them).
    public func message(_ key: String, in language: Language) -> Message? {
        messages[language]?[key]
    }

    /// The keys `language` has words for.
    public func keys(in language: Language) -> Set<String> {
        Set(messages[language]?.keys ?? [:].keys)
    }

    /// The words of `key` in `language`, English where that language lacks them, nil when no table has the key.
    func resolved(_ key: String, in language: Language) -> Message? {
        message(key, in: language) ?? message(key, in: .english)
    }
}
