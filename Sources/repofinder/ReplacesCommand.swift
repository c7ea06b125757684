import ArgumentParser
import Catalog
import Foundation
import RepoFinderCore
import Storage

/// `repofinder replaces`: the repositories that say, in their own words, that they replace a product or project
/// ("an open-source alternative to Notion"); with `--all`, every repository's statement read from its description,
/// one a line (what `scripts/make-replacements.py` ships with the starter catalog); with `--listed DIR`, what the
/// tables of the lists in a folder say their catalog repositories replace (an "Alternative to" column).
struct ReplacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replaces",
        abstract: "Repositories that say they replace the given product or project (\"notion\", \"moment\").",
        discussion: """
            What a repository says it replaces is read from its description ("alternative to", "replacement for", \
            "clone of", "… alternative"); the starter catalog, which ships no descriptions, ships what they say.
            """)

    @Argument(help: "A product or project name, as people write it: notion, \"google analytics\", moment.js.")
    var name: String?

    @Flag(help: "Every repository whose description says what it replaces: owner/name and the names, tab-separated.")
    var all = false

    @Option(
        help: ArgumentHelp(
            "Every catalog repository a list table in this folder (laid out like ../shared/data/awesome) says replaces "
                + "something, in its \"Alternative to\" column: owner/name and the names, tab-separated.",
            valueName: "folder"))
    var listed: String?

    @Option(help: "How many, 1 to 100.")
    var limit = 20

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be 1 to 100.") }
        if listed != nil {
            guard name == nil, !all else { throw ValidationError("--listed lists every list statement on its own.") }
            return
        }
        switch (name, all) {
        case (nil, false): throw ValidationError("Name a product or project, or pass --all or --listed.")
        case (.some, true): throw ValidationError("--all lists every statement: leave the name out.")
        case (.some(let name), false):
            guard !ReplacementStatement.key(name).isEmpty, name.count <= 100 else {
                throw ValidationError("'\(name)' has no letters or digits to look for (100 characters at most).")
            }
        case (nil, true): break
        }
    }

    func run() async throws {
        if let listed {
            try await printListed(URL(fileURLWithPath: listed))
            return
        }
        if all {
            let lines = try await database.withCatalog { store in
                try await store.allRepositories().compactMap { repository -> String? in
                    let names = repository.description.map(ReplacementStatement.names(in:)) ?? []
                    guard !names.isEmpty else { return nil }
                    return ([repository.fullName.lowercased()] + names).joined(separator: "\t")
                }
            }
            for line in lines.sorted() { print(terminalSafe(line)) }
            return
        }
        guard let name else { return }
        let found = try await database.withCatalog { try await $0.replacing(name, limit: limit) }
        guard !found.isEmpty else {
            printError("No repository in the catalog says it replaces \(terminalSafe(name)).")
            return
        }
        for repository in found {
            print("\(terminalSafe(repository.fullName))  ★ \(repository.stars.formatted())")
        }
    }

    /// Prints `owner/name` (the catalog's current name, lower case) and the names, for each catalog repository the
    /// folder's list tables say replaces something; a repository two lists speak of gets both lists' names, each once.
    private func printListed(_ folder: URL) async throws {
        let loaded: [CuratedListFolder.Loaded]
        do {
            loaded = try CuratedListFolder(folder).readAll()
        } catch {
            throw CommandFailure(error.description)
        }
        let statements = loaded.flatMap(\.reading.replacements)
        let lines = try await database.withCatalog { store in
            var names: [String: [String]] = [:]
            for statement in statements {
                guard let found = try await store.repository(named: statement.repository) else { continue }
                let known = Set((names[found.fullName.lowercased()] ?? []).map(ReplacementStatement.key))
                names[found.fullName.lowercased(), default: []] += statement.names.filter {
                    !known.contains(ReplacementStatement.key($0))
                }
            }
            return names.map { ([$0.key] + $0.value).joined(separator: "\t") }
        }
        for line in lines.sorted() { print(terminalSafe(line)) }
    }
}
