import RepoFinderCore
import Semantics

/// What the catalog's repositories say they replace, as the index keeps it: for each repository the names, as
/// written; for each name's key (``ReplacementStatement/key(_:)``) the repositories that say so. A repository's own
/// description is read when the catalog knows it; the starter catalog ships none, and then the shipped table
/// (read from the same descriptions) stands in. What a curated list's table says a repository replaces
/// (``ShippedReplacements/listedNames(of:)``) finds it by the name too, but is not what it says of itself. Only
/// repositories with ``minimumStars`` count.
struct Replacements: Sendable {
    /// A repository's own words count once this many people have starred it: no owner alone can put their
    /// repository among another's alternatives, or in Ask's answers about a product, by writing a sentence.
    static let minimumStars = 50

    /// Each document's names, where it has any.
    private let namesByDocument: [UInt32: [String]]
    /// A name's key → the documents that say they replace it, in document order (most stars first).
    private let documentsByKey: [String: [UInt32]]

    /// Reads `catalog` (in document order): each description, or where it is unknown `shipped`'s names.
    init(_ catalog: [Repository], shipped: ShippedReplacements?) {
        var namesByDocument: [UInt32: [String]] = [:]
        var documentsByKey: [String: [UInt32]] = [:]
        for (number, repository) in catalog.enumerated() where repository.stars >= Self.minimumStars {
            let names =
                repository.description.map(ReplacementStatement.names(in:))
                ?? shipped?.names(of: repository.fullName) ?? []
            let listed = shipped?.listedNames(of: repository.fullName) ?? []
            guard !names.isEmpty || !listed.isEmpty else { continue }
            let document = UInt32(number)
            if !names.isEmpty { namesByDocument[document] = names }
            for key in Set((names + listed).map(ReplacementStatement.key)) {
                documentsByKey[key, default: []].append(document)
            }
        }
        self.namesByDocument = namesByDocument
        self.documentsByKey = documentsByKey
    }

    /// The names `document` says it replaces, as written.
    func names(of document: UInt32) -> [String] { namesByDocument[document] ?? [] }

    /// The documents that say they replace what any of `names` call it, most stars first, each once.
    func documents(replacing names: [String]) -> [UInt32] {
        var seen: Set<UInt32> = []
        return Set(names.map(ReplacementStatement.key)).filter { !$0.isEmpty }
            .flatMap { documentsByKey[$0] ?? [] }.filter { seen.insert($0).inserted }.sorted()
    }

    /// Whether `document` says it replaces what any of `keys` name.
    func says(_ document: UInt32, replaces keys: Set<String>) -> Bool {
        names(of: document).contains { keys.contains(ReplacementStatement.key($0)) }
    }
}
