import Foundation

extension Catalogue {
    /// The messages the web app's scripts use, in `language`, as the JavaScript module `i18n.js` imports
    /// (`messages.<code>.js`): `export default {"key": "words", "plural.key": {"one": …, "other": …}};`, English where
    /// the language lacks a key. `tables` names the tables the browser needs.
    public func browserModule(_ language: Language, tables names: Set<String>) -> String {
        var entries: [String: BrowserMessage] = [:]
        for table in tables where names.contains(table.name) {
            for key in table.comments.keys {
                switch resolved(key, in: language) {
                case .plain(let value): entries[key] = .plain(value)
                case .plural(let forms):
                    entries[key] = .plural(Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) }))
                case nil: continue
                }
            }
        }
        // Typed and encoded with JSONEncoder: JSONSerialization over `[String: Any]` crashed (a null pointer in
        // Foundation on Linux) once the tables reached 821 messages.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(entries)) ?? Data("{}".utf8)
        return "export default " + String(decoding: json, as: UTF8.self) + ";\n"
    }
}

/// One message as the browser's module holds it: words, or plural forms by category.
private enum BrowserMessage: Encodable {
    case plain(String)
    case plural([String: String])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .plain(let words): try container.encode(words)
        case .plural(let forms): try container.encode(forms)
        }
    }
}
