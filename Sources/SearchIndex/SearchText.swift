/// How text becomes searchable words, the same for what is indexed and what is typed: lowercased runs of letters and
/// digits (`GRDB.swift` → `grdb`, `swift`), names also split at their capitals (`LibreChat` → `libre`, `chat`).
enum SearchText {
    /// At most this many words of a query are used.
    static let maximumWords = 12
    /// Words longer than this are not corrected.
    static let longestCorrected = 24

    /// The words of `text`, lowercased, in order (repeats kept).
    static func words(_ text: String, limit: Int = .max) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text, limit: limit) }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                if scalar.isASCII, (65...90).contains(scalar.value) {
                    current.append(Unicode.Scalar(scalar.value + 32)!)
                } else if scalar.isASCII {
                    current.append(scalar)
                } else {
                    current.append(contentsOf: String(scalar).lowercased().unicodeScalars)
                }
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
                if words.count >= limit { return words }
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// ``words(_:limit:)`` of ASCII text, byte by byte.
    private static func asciiWords(_ text: String, limit: Int) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x61...0x7A: current.append(byte)
            case 0x41...0x5A: current.append(byte + 0x20)
            default:
                guard !current.isEmpty else { continue }
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
                if words.count >= limit { return words }
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (48...57).contains(value) || (65...90).contains(value) || (97...122).contains(value)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// The parts of a name at its capitals, lowercased, when there are several: `LibreChat` → `libre`, `chat`;
    /// `ChatGPTNextWeb` → `chat`, `gpt`, `next`, `web`; `nnn` → none.
    static func capitalParts(_ name: String) -> [String] {
        func isUpper(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? (65...90).contains(scalar.value) : scalar.properties.isUppercase
        }
        func isLower(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? (97...122).contains(scalar.value) : scalar.properties.isLowercase
        }
        var parts: [String] = []
        var part = String.UnicodeScalarView()
        func close() {
            if !part.isEmpty { parts.append(String(part).lowercased()) }
            part = String.UnicodeScalarView()
        }
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            guard isWordScalar(scalar) else {
                close()
                continue
            }
            if let previous = part.last {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                let lowerToUpper = isLower(previous) && isUpper(scalar)
                let acronymEnd = isUpper(previous) && isUpper(scalar) && next.map(isLower) == true
                if lowerToUpper || acronymEnd { close() }
            }
            part.append(scalar)
        }
        close()
        return parts.count > 1 ? parts : []
    }

    /// Words that carry no meaning of their own in a search ("a library for json"): left out of a query that has
    /// other words.
    static let stopWords: Set<String> = [
        "a", "an", "the", "for", "of", "in", "on", "to", "and", "or", "with", "by", "from", "my", "that", "this",
        "is", "are", "as", "written", "using", "based", "like", "some", "any", "which",
    ]

    /// Other forms of `word` worth looking up: plurals and singulars (`libraries` ↔ `library`, `boxes` ↔ `box`,
    /// `caches` ↔ `cache`), then the `-ing` / `-er` family (`scraping` ↔ `scraper` ↔ `scrape`), each with how close it
    /// is (1 = the same thing). Only forms the catalog has are used, so a wrong guess costs nothing.
    static func variants(of word: String) -> [(form: String, closeness: Float)] {
        guard word.count >= 3, word.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
            return []
        }
        var forms: [(String, Float)] = []
        func add(_ form: String, _ closeness: Float) {
            if form != word, form.count >= 2, !forms.contains(where: { $0.0 == form }) {
                forms.append((form, closeness))
            }
        }
        // Number.
        if word.hasSuffix("ies") { add(String(word.dropLast(3)) + "y", 0.95) }
        if word.hasSuffix("es") { add(String(word.dropLast(2)), 0.95) }
        if word.hasSuffix("s"), !word.hasSuffix("ss") { add(String(word.dropLast()), 0.95) }
        if word.hasSuffix("y"), word.count > 3 { add(String(word.dropLast()) + "ies", 0.95) }
        if !word.hasSuffix("s") {
            add(word + "s", 0.95)
            add(word + "es", 0.95)
        }
        // The -ing / -er / -ed family, from one stem.
        var stems: [String] = []
        for suffix in ["ing", "ers", "er", "ed"] where word.hasSuffix(suffix) && word.count > suffix.count + 2 {
            let stem = String(word.dropLast(suffix.count))
            stems.append(stem)
            stems.append(stem + "e")
            if let last = stem.last, stem.dropLast().last == last { stems.append(String(stem.dropLast())) }
        }
        if word.hasSuffix("ly"), word.count > 5 { add(String(word.dropLast(2)), 0.8) }  // locally → local
        if stems.isEmpty { stems = [word.hasSuffix("e") ? String(word.dropLast()) : word] }
        for stem in stems {
            add(stem, 0.8)
            for suffix in ["ing", "er", "ers"] { add(stem + suffix, 0.8) }
        }
        return forms
    }

    /// Every string one edit away from `word` (a letter or digit deleted, replaced, inserted, or two neighbours
    /// swapped): the candidates for a typo's correction.
    static func edits(of word: String) -> Set<String> {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let characters = Array(word)
        var result = Set<String>()
        for index in 0...characters.count {
            if index < characters.count {
                var deleted = characters
                deleted.remove(at: index)
                result.insert(String(deleted))
                if index + 1 < characters.count {
                    var swapped = characters
                    swapped.swapAt(index, index + 1)
                    result.insert(String(swapped))
                }
                for letter in letters where letter != characters[index] {
                    var replaced = characters
                    replaced[index] = letter
                    result.insert(String(replaced))
                }
            }
            for letter in letters {
                var inserted = characters
                inserted.insert(letter, at: index)
                result.insert(String(inserted))
            }
        }
        result.remove(word)
        return result
    }
}
