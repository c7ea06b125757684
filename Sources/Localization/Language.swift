import Foundation

/// A language RepoFinder speaks: English, Spanish, German, Japanese, and in development a pseudo-language that shows
/// any word that escaped the catalogues (``pseudo``).
public enum Language: String, CaseIterable, Codable, Sendable, Comparable {
    case english = "en"
    case spanish = "es"
    case german = "de"
    case japanese = "ja"
    /// English with accents, 40% longer and bracketed (`en-XA`, the code browsers and Android use for it): offered
    /// only when asked for in development (``negotiate(_:pseudo:)``).
    case pseudo = "en-XA"

    /// The languages a person can choose (the pseudo-language is not one).
    public static let offered: [Language] = [.english, .spanish, .german, .japanese]

    /// The BCP 47 code: `<html lang>`, `Content-Language`, the messages' file names.
    public var code: String { rawValue }

    /// The language's own name ("Español", "日本語"), as a chooser shows it in every language.
    public var endonym: String {
        switch self {
        case .english: "English"
        case .spanish: "Español"
        case .german: "Deutsch"
        case .japanese: "日本語"
        case .pseudo: "[Þšéûðö]"
        }
    }

    /// The locale its numbers, dates and relative times are formatted in: British English for English ("22 Aug 2026",
    /// as RepoFinder has always written days) and the pseudo-language.
    public var localeIdentifier: String {
        switch self {
        case .english, .pseudo: "en-GB"
        default: rawValue
        }
    }

    /// The language a code names: `es`, `es-MX` and `ES_es` are Spanish; `en-XA` is the pseudo-language; nil for a
    /// language RepoFinder does not speak.
    public init?(code: String) {
        let lowered = code.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "_", with: "-")
        if lowered == "en-xa" {
            self = .pseudo
            return
        }
        let primary = lowered.split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
        guard let language = Language(rawValue: primary), language != .pseudo else { return nil }
        self = language
    }

    /// The language a POSIX locale names (`de_DE.UTF-8`, `ja_JP`, `es`); nil for `C`, `POSIX`, an empty one or a
    /// language RepoFinder does not speak.
    public init?(posix: String) {
        let name = posix.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        self.init(code: name)
    }

    /// The terminal's language: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set, as POSIX reads them;
    /// English when that one names no language RepoFinder speaks.
    public static func terminal(environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return Language(posix: value) ?? .english
        }
        return .english
    }

    /// The best language for an `Accept-Language` header (RFC 9110: quality values, then order), English when none
    /// of its languages is spoken here. `pseudo` allows `en-XA` (development only).
    public static func negotiate(_ acceptLanguage: String?, pseudo: Bool = false) -> Language {
        guard let acceptLanguage, !acceptLanguage.isEmpty else { return .english }
        var ranked: [(quality: Double, order: Int, language: Language)] = []
        for (order, part) in acceptLanguage.split(separator: ",").prefix(32).enumerated() {
            let pieces = part.split(separator: ";")
            guard let range = pieces.first, let language = Language(code: String(range)) else { continue }
            if language == .pseudo && !pseudo { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0].lowercased() == "q", let value = Double(pair[1]) { quality = value }
            }
            if quality > 0 { ranked.append((quality, order, language)) }
        }
        return ranked.min { ($1.quality, $0.order) < ($0.quality, $1.order) }?.language ?? .english
    }

    public static func < (lhs: Language, rhs: Language) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
