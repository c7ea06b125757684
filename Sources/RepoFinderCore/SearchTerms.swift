/// How search text becomes terms: maximal runs of letters and digits, lowercased (`GRDB.swift` → `grdb`, `swift`).
/// Both storage engines index names, topics and descriptions the same way, so a term matches the same everywhere.
public enum SearchTerms {
    /// At most this many terms are used from one query.
    public static let maximumTerms = 12

    /// The terms of `text`, in order, without duplicates.
    public static func terms(of text: String) -> [String] {
        var terms: [String] = []
        var current = ""
        func finish() {
            if !current.isEmpty, !terms.contains(current), terms.count < maximumTerms { terms.append(current) }
            current = ""
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else {
                finish()
            }
        }
        finish()
        return terms
    }
}
