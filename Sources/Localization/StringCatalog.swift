public import Foundation

/// One String Catalog (`.xcstrings`, the JSON Xcode and Swift tooling read) as it is on disk: its keys, each with a
/// translator's comment and its words per language, plain or in plural forms.
public struct StringCatalog: Decodable, Sendable {
    /// The language of the keys' first words (`en`).
    public let sourceLanguage: String
    /// Every key's entry.
    public let strings: [String: Entry]

    /// One key.
    public struct Entry: Decodable, Sendable {
        /// What the words are for, for translators.
        public let comment: String?
        /// The words per language code (`en`, `es`, …).
        public let localizations: [String: Localization]?
    }

    /// A key's words in one language.
    public struct Localization: Decodable, Sendable {
        public let stringUnit: StringUnit?
        public let variations: Variations?

        /// The plain words, or the plural forms by category.
        public var form: Message? {
            if let plural = variations?.plural {
                var forms: [PluralCategory: String] = [:]
                for (name, variation) in plural {
                    guard let category = PluralCategory(rawValue: name), let value = variation.stringUnit?.value else {
                        continue
                    }
                    forms[category] = value
                }
                return forms.isEmpty ? nil : .plural(forms)
            }
            return stringUnit.map { .plain($0.value) }
        }
    }

    /// Words and how far their translation is.
    public struct StringUnit: Decodable, Sendable {
        public let state: String?
        public let value: String
    }

    /// The forms of a key's words.
    public struct Variations: Decodable, Sendable {
        public let plural: [String: Variation]?
    }

    /// One form.
    public struct Variation: Decodable, Sendable {
        public let stringUnit: StringUnit?
    }

    /// Reads a catalogue's file.
    public init(contentsOf url: URL) throws {
        self = try JSONDecoder().decode(StringCatalog.self, from: Data(contentsOf: url))
    }
}

/// A key's words in one language.
public enum Message: Sendable, Equatable {
    /// The same words for any number.
    case plain(String)
    /// A form per CLDR category, chosen by the message's first whole number.
    case plural([PluralCategory: String])

    /// Every form's words (one for a plain message).
    public var forms: [String] {
        switch self {
        case .plain(let value): [value]
        case .plural(let forms): PluralCategory.allCases.compactMap { forms[$0] }
        }
    }
}
