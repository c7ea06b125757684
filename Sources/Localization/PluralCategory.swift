/// A CLDR plural category: which form of a message a number takes in a language.
public enum PluralCategory: String, CaseIterable, Codable, Sendable {
    case zero, one, two, few, many, other

    /// The categories a language's whole numbers use (CLDR 46): what its plural messages must have, no more.
    public static func categories(of language: Language) -> Set<PluralCategory> {
        switch language {
        case .english, .german, .pseudo: [.one, .other]
        case .spanish: [.one, .many, .other]
        case .japanese: [.other]
        }
    }

    /// The category of the whole number `count` in `language` (CLDR's rules for integers, where `v = 0`):
    /// English and German `one` for 1; Spanish `one` for 1 and `many` for a non-zero multiple of a million
    /// ("1 millón de estrellas"); Japanese has no plural forms.
    public init(_ count: Int, in language: Language) {
        let magnitude = count.magnitude
        switch language {
        case .english, .german, .pseudo:
            self = magnitude == 1 ? .one : .other
        case .spanish:
            if magnitude == 1 {
                self = .one
            } else if magnitude != 0 && magnitude % 1_000_000 == 0 {
                self = .many
            } else {
                self = .other
            }
        case .japanese:
            self = .other
        }
    }
}
