import Foundation
import Testing

@testable import Localization

/// The shipped String Catalogs: every language has every key of the English one and no other, the same placeholders,
/// and exactly its CLDR plural categories; keys are well formed and unique. The iPhone app's own catalogue too.
@Suite struct CatalogueTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let directory = root.appending(path: "Sources/Localization/Catalogue")
    static let appCatalogue = root.appending(
        path: "Apps/RepoFinder.swiftpm/Sources/Screens/Resources/Localizable.xcstrings")

    /// Every table: the shipped ones by name, and the app's.
    static func tables() throws -> [(name: String, catalog: StringCatalog)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".xcstrings") }.sorted()
        return try names.map { ($0, try StringCatalog(contentsOf: directory.appending(path: $0))) }
            + [("Localizable.xcstrings (app)", try StringCatalog(contentsOf: appCatalogue))]
    }

    @Test func shippedCatalogueIsTheSourceOne() throws {
        let shipped = Catalogue.shared
        let source = try Catalogue(directory: Self.directory)
        #expect(!shipped.keys.isEmpty)
        #expect(shipped.keys == source.keys)
    }

    @Test func everyLanguageHasEveryKeyAndNoOther() throws {
        var problems: [String] = []
        for (name, catalog) in try Self.tables() {
            #expect(catalog.sourceLanguage == "en", "\(name)")
            for (key, entry) in catalog.strings.sorted(by: { $0.key < $1.key }) {
                let localizations = entry.localizations ?? [:]
                if (entry.comment ?? "").isEmpty { problems.append("\(name): \(key) has no comment for translators") }
                guard let english = localizations["en"]?.form else {
                    problems.append("\(name): \(key) has no English")
                    continue
                }
                let stale = Set(localizations.keys).subtracting(Language.offered.map(\.code))
                if !stale.isEmpty { problems.append("\(name): \(key) has languages nobody offers: \(stale.sorted())") }
                let expected = english.forms.map(MessageFormat.placeholders).first.map(Set.init) ?? []
                for language in Language.offered {
                    guard let form = localizations[language.code]?.form else {
                        problems.append("\(name): \(key) is missing in \(language.code)")
                        continue
                    }
                    for words in form.forms where Set(MessageFormat.placeholders(in: words)) != expected {
                        problems.append("\(name): \(key) in \(language.code) has other placeholders: \(words)")
                    }
                    if form.forms.contains(where: \.isEmpty) {
                        problems.append("\(name): \(key) is empty in \(language.code)")
                    }
                    if case .plural(let forms) = form, Set(forms.keys) != PluralCategory.categories(of: language) {
                        problems.append(
                            "\(name): \(key) in \(language.code) has plural forms \(forms.keys.map(\.rawValue).sorted()), "
                                + "CLDR says \(PluralCategory.categories(of: language).map(\.rawValue).sorted())")
                    }
                    if case .plural = english, case .plain = form {
                        problems.append("\(name): \(key) is plural in English but not in \(language.code)")
                    }
                }
            }
        }
        #expect(
            problems.isEmpty,
            Comment(rawValue: "\(problems.count) problems:\n" + problems.prefix(40).joined(separator: "\n")))
    }

    @Test func keysAreWellFormedAndUnique() throws {
        var seen: [String: String] = [:]
        var problems: [String] = []
        let shape = /[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+/
        for (name, catalog) in try Self.tables() where !name.contains("(app)") {
            for key in catalog.strings.keys {
                if key.wholeMatch(of: shape) == nil { problems.append("\(name): \(key) is not a dotted lowercase key") }
                if let other = seen[key] { problems.append("\(key) is in both \(other) and \(name)") }
                seen[key] = name
            }
        }
        // Pages look keys up as nested names: no key may be another's start.
        let keys = Set(seen.keys)
        for key in keys {
            var prefix = Substring(key)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                if keys.contains(String(prefix)) { problems.append("\(prefix) is also the start of \(key)") }
            }
        }
        #expect(
            problems.isEmpty,
            Comment(rawValue: "\(problems.count) problems:\n" + problems.sorted().prefix(40).joined(separator: "\n")))
    }
}
