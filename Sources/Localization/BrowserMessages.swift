import Foundation

extension Catalogue {
    /// The messages the web app's scripts use, in `language`, as the JavaScript module `i18n.js` imports
    /// (`messages.<code>.js`): `export default {"key": "words", "plural.key": {"one": …, "other": …}};`, English where
    /// the language lacks a key. `tables` names the tables the browser needs.
    public func browserModule(_ language: Language, tables names: Set<String>) -> String {
        var entries: [String: Any] = [:]
        for table in tables where names.contains(table.name) {
            for key in table.comments.keys {
                switch resolved(key, in: language) {
                case .plain(let value): entries[key] = value
                case .plural(let forms):
                    entries[key] = Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) })
                case nil: continue
                }
            }
        }
        let json =
            (try? JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return "export default " + String(decoding: json, as: UTF8.self) + ";\n"
    }
}
