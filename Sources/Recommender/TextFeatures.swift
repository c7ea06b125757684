/// Splits names and descriptions into lowercase words worth comparing: letters and digits, three or more characters,
/// without the commonest English words.
enum TextWords {
    static func words(in text: String) -> [String] {
        var result: [String] = []
        var current = ""
        func finish() {
            if current.count >= 3, !stopWords.contains(current) { result.append(current) }
            current = ""
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                if (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) {
                    current.unicodeScalars.append(scalar)
                } else if (0x41...0x5A).contains(value) {
                    current.unicodeScalars.append(Unicode.Scalar(value + 0x20)!)
                } else {
                    finish()
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current += String(scalar).lowercased()
            } else {
                finish()
            }
        }
        finish()
        return result
    }

    static let stopWords: Set<String> = [
        "the", "and", "for", "with", "that", "this", "from", "your", "you", "are", "can", "all", "its", "into", "not",
        "use", "using", "based", "which", "has", "have", "more", "any", "other", "also", "via", "our", "but", "than",
        "will", "one", "out",
    ]
}

/// The kinds of content feature a repository has; each kind keeps its own namespace.
enum FeatureKind: UInt8, Sendable {
    case owner
    case nameWord
    case language
    case topic
    case descriptionWord
}

/// Numbers content features (kind + text) densely as they are first seen.
struct FeatureVocabulary: Sendable {
    struct Key: Hashable, Sendable {
        var kind: FeatureKind
        var text: String
    }

    private(set) var ids: [Key: Int32] = [:]

    var count: Int { ids.count }

    mutating func id(_ kind: FeatureKind, _ text: String) -> Int32 {
        let key = Key(kind: kind, text: text)
        if let id = ids[key] { return id }
        let id = Int32(ids.count)
        ids[key] = id
        return id
    }
}
