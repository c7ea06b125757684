public import Foundation
import Synchronization

// Foundation's localization API, which Linux's Foundation lacks: the app calls it as on Apple platforms. The symbol
// check compares these with Foundation's documented declarations (their identifiers say `Foundation` there).

extension String {
    /// A localizable string's key, which is also its English value; an interpolated number is `%lld` in the key.
    public struct LocalizationValue: Equatable, ExpressibleByStringInterpolation, Sendable {
        package let key: String
        package let arguments: [Int]

        /// The key written as a literal.
        public init(stringLiteral value: String) {
            key = value
            arguments = []
        }

        /// The key with its interpolations.
        public init(stringInterpolation: StringInterpolation) {
            key = stringInterpolation.key
            arguments = stringInterpolation.arguments
        }

        /// The parts of an interpolated key.
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            package var key = ""
            package var arguments: [Int] = []

            /// An empty key.
            public init(literalCapacity: Int, interpolationCount: Int) {}

            /// Words of the key.
            public mutating func appendLiteral(_ literal: String) { key += literal }

            /// A number: `%lld` in the key.
            public mutating func appendInterpolation(_ value: Int) {
                key += "%lld"
                arguments.append(value)
            }
        }
    }

    /// The string for `keyAndValue` in the person's language, from `table` (default `Localizable`) of `bundle`.
    public init(
        localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        let bundle = bundle ?? .main
        let count = keyAndValue.arguments.first
        let format =
            StandInLocalization.lookUp(keyAndValue.key, table: table ?? "Localizable", in: bundle, count: count)
            ?? bundle.localizedString(forKey: keyAndValue.key, value: keyAndValue.key, table: table)
        var text = format
        for argument in keyAndValue.arguments {
            if let range = text.range(of: "%lld") { text.replaceSubrange(range, with: String(argument)) }
        }
        self = text
    }
}

/// What an Apple build does with a String Catalog, done here at run time: Xcode compiles each language of
/// `Localizable.xcstrings` into the app, and the app shows the one of the person's preferred language (the scheme's
/// App Language, or `-AppleLanguages (es)`), English where a key lacks it; the "Accented Pseudolanguage" accents the
/// English words. Package-only: Apple's builds never see it; the screen tests choose the language with
/// ``language`` (a task's own, so tests in other languages run beside them).
package enum StandInLocalization {
    /// The language the strings are shown in (`es`, `de`, `ja`, `en-XA` for the accented pseudolanguage); nil: the
    /// first of `AppleLanguages`, else English.
    @TaskLocal package static var language: String?

    /// A key's words in one language: plain, or plural forms by CLDR category.
    private enum Form: Sendable {
        case plain(String)
        case plural([String: String])
    }

    private static let catalogs = Mutex<[URL: [String: [String: Form]]]>([:])

    /// The words of `key` in the current language (its plural form for `count`), nil when the bundle has no catalogue.
    static func lookUp(_ key: String, table: String, in bundle: Bundle, count: Int?) -> String? {
        guard let entry = catalog(table, in: bundle)?[key] else { return nil }
        let preferred = language ?? UserDefaults.standard.stringArray(forKey: "AppleLanguages")?.first ?? "en"
        let pseudo = preferred.lowercased() == "en-xa"
        let code = pseudo ? "en" : String(preferred.prefix(2))
        let (form, language) = entry[code].map { ($0, code) } ?? (entry["en"], "en")
        let words: String?
        switch form {
        case .plain(let value): words = value
        case .plural(let forms):
            let magnitude = (count ?? 0).magnitude
            let category: String =
                switch language {
                case "ja": "other"
                case "es": magnitude == 1 ? "one" : magnitude != 0 && magnitude % 1_000_000 == 0 ? "many" : "other"
                default: magnitude == 1 ? "one" : "other"
                }
            words = forms[category] ?? forms["other"]
        case nil: words = nil
        }
        return words.map { pseudo ? accented($0) : $0 }
    }

    private static func catalog(_ table: String, in bundle: Bundle) -> [String: [String: Form]]? {
        guard let url = bundle.url(forResource: table, withExtension: "xcstrings") else { return nil }
        if let known = catalogs.withLock({ $0[url] }) { return known }
        guard let data = try? Data(contentsOf: url),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let strings = json["strings"] as? [String: Any]
        else { return nil }
        var parsed: [String: [String: Form]] = [:]
        for (key, value) in strings {
            let localizations = (value as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            for (code, localization) in localizations {
                guard let localization = localization as? [String: Any] else { continue }
                if let plural = (localization["variations"] as? [String: Any])?["plural"] as? [String: Any] {
                    parsed[key, default: [:]][code] = .plural(
                        plural.compactMapValues {
                            (($0 as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String
                        })
                } else if let value = (localization["stringUnit"] as? [String: Any])?["value"] as? String {
                    parsed[key, default: [:]][code] = .plain(value)
                }
            }
        }
        catalogs.withLock { $0[url] = parsed }
        return parsed
    }

    /// Xcode's accented pseudolanguage: every letter accented, placeholders kept.
    private static func accented(_ text: String) -> String {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let marked = Array("åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        var output = ""
        var inPlaceholder = false
        for character in text {
            if character == "%" { inPlaceholder = true }
            if inPlaceholder {
                output.append(character)
                if character == "d" || character == "@" { inPlaceholder = false }
            } else {
                output.append(plain.firstIndex(of: character).map { marked[$0] } ?? character)
            }
        }
        return "[" + output + "]"
    }
}
