import Foundation
import Testing

@testable import Localization

/// Every key the sources ask for is in a catalogue, and every catalogue key is asked for somewhere (no stale keys):
/// the web app's scripts (`t("…")`), its pages (`{{t.…}}`), and the Swift that words things (`text("…")`). A key made
/// at run time (`"page.title.\(screen)"`, `` t(`ui.health.${level}`) ``) counts its whole family as used.
@Suite struct KeyUseTests {
    static let root = CatalogueTests.root

    /// (literal keys, dynamic prefixes) found in the sources.
    static func uses() throws -> (keys: [String: String], prefixes: Set<String>) {
        let key = #"[a-z0-9][a-z0-9.\-]*[a-z0-9]"#
        let patterns: [(folder: String, suffix: String, literal: String, prefix: String)] = [
            (
                "Sources/RepoFinderWeb/Assets", ".js", #"\b(?:t|has|sentence)\(\s*["'](\#(key))["']"#,
                #"\b(?:t|has|sentence)\(\s*`([a-z0-9.\-]+\.)\$\{"#
            ),
            ("Sources/RepoFinderWeb/Templates", ".mustache", #"\{\{t\.(\#(key))\}\}"#, "$^"),
            ("Sources", ".swift", #"\b(?:text|has)\(\s*"(\#(key))""#, #"\b(?:text|has)\(\s*"([a-z0-9.\-]+\.)\\\("#),
        ]
        var keys: [String: String] = [:]
        var prefixes: Set<String> = []
        for (folder, suffix, literal, prefix) in patterns {
            let base = root.appending(path: folder)
            guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let file as String in files where file.hasSuffix(suffix) {
                let text = try String(contentsOf: base.appending(path: file), encoding: .utf8)
                let literalPattern = try NSRegularExpression(pattern: literal)
                let prefixPattern = try NSRegularExpression(pattern: prefix)
                let range = NSRange(text.startIndex..., in: text)
                for match in literalPattern.matches(in: text, range: range) {
                    let found = String(text[Range(match.range(at: 1), in: text)!])
                    if keys[found] == nil { keys[found] = "\(folder)/\(file)" }
                }
                for match in prefixPattern.matches(in: text, range: range) {
                    prefixes.insert(String(text[Range(match.range(at: 1), in: text)!]))
                }
            }
        }
        return (keys, prefixes)
    }

    @Test func everyKeyAskedForExists() throws {
        let catalogue = try Catalogue(directory: CatalogueTests.directory)
        let (keys, _) = try Self.uses()
        let missing = keys.filter { !catalogue.keys.contains($0.key) && $0.key.contains(".") }
            .map { "\($0.key) (\($0.value))" }.sorted()
        #expect(
            missing.isEmpty, Comment(rawValue: "asked for but in no catalogue:\n" + missing.joined(separator: "\n")))
    }

    @Test func everyKeyIsAskedFor() throws {
        let catalogue = try Catalogue(directory: CatalogueTests.directory)
        let (keys, prefixes) = try Self.uses()
        let unused = catalogue.keys.filter { key in
            keys[key] == nil && !prefixes.contains { key.hasPrefix($0) }
        }.sorted()
        #expect(
            unused.isEmpty,
            Comment(rawValue: "in a catalogue but asked for nowhere:\n" + unused.joined(separator: "\n")))
    }
}
