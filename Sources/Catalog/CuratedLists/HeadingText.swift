import Foundation

/// The words of a heading, a summary or a label as a reader sees them: link targets, images, HTML tags, emphasis,
/// emoji and counts like "(39)" or "<kbd>5 projects</kbd>" taken away.
enum HeadingText {
    /// The longest text read as a heading, in characters.
    static let maximumLength = 400

    /// `text` cleaned.
    static func clean(_ text: some StringProtocol) -> String {
        // A heading is a few words: the rest of an overlong line (a hostile file's) is not read, which keeps every
        // step below linear in what is.
        var text = String(text.prefix(maximumLength))
        text = removing(text, between: "<kbd>", and: "</kbd>")
        text = removingImages(text)
        text = removingTrailingAnchors(text)
        text = keepingLinkText(text)
        text = removingTags(text)
        text = String(text.unicodeScalars.filter { !isDecoration($0) }.map(Character.init))
        for marker in ["**", "__", "`", "~~"] { text = text.replacingOccurrences(of: marker, with: "") }
        text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        text = removingCount(text)
        while let last = text.last, last == ":" || last == "*" || last == "_" || last == " " { text.removeLast() }
        while let first = text.first, first == "*" || first == "_" || first == " " { text.removeFirst() }
        return text
    }

    /// Whether a scalar is decoration rather than a word: emoji, pictographs, variation selectors, joiners and control
    /// characters.
    private static func isDecoration(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isEmojiPresentation || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) {
            return true
        }
        if scalar.value < 0x20 || scalar.value == 0x7F { return true }
        return properties.isEmoji && scalar.value > 0x2000 && !properties.isAlphabetic
    }

    private static func removing(_ text: String, between open: String, and close: String) -> String {
        var text = text
        while let start = text.range(of: open, options: .caseInsensitive) {
            guard let end = text.range(of: close, options: .caseInsensitive, range: start.upperBound..<text.endIndex)
            else { break }
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        return text
    }

    /// Drops `![alt](src)` and `![alt][ref]`.
    private static func removingImages(_ text: String) -> String {
        var text = text
        while let bang = text.range(of: "![") {
            guard let close = text.range(of: "]", range: bang.upperBound..<text.endIndex) else { break }
            var end = close.upperBound
            if end < text.endIndex, text[end] == "(" || text[end] == "[" {
                let closer: Character = text[end] == "(" ? ")" : "]"
                if let target = text[end...].firstIndex(of: closer) { end = text.index(after: target) }
            }
            text.removeSubrange(bang.lowerBound..<end)
        }
        return text
    }

    /// Drops links to a section of the page that follow the heading's words (`Coroutines [Back ⇈](#contents)`).
    private static func removingTrailingAnchors(_ text: String) -> String {
        var text = text
        var searchFrom = text.startIndex
        while let anchor = text.range(of: "](#", range: searchFrom..<text.endIndex) {
            guard let open = text[..<anchor.lowerBound].lastIndex(of: "["),
                let close = text[anchor.upperBound...].firstIndex(of: ")")
            else { break }
            let before = text[..<open].trimmingCharacters(in: .whitespaces)
            guard !before.isEmpty else {
                searchFrom = anchor.upperBound
                continue
            }
            text.removeSubrange(open...close)
            searchFrom = open
        }
        return text
    }

    /// `[text](target)` and `[text][ref]` become `text`.
    private static func keepingLinkText(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "]", let next = text.index(index, offsetBy: 1, limitedBy: text.endIndex),
                next < text.endIndex, text[next] == "(" || text[next] == "["
            {
                let closer: Character = text[next] == "(" ? ")" : "]"
                if let target = text[next...].firstIndex(of: closer) {
                    index = text.index(after: target)
                    continue
                }
            }
            if character != "[" && character != "]" { result.append(character) }
            index = text.index(after: index)
        }
        return result
    }

    private static func removingTags(_ text: String) -> String {
        var result = ""
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
            } else if character == ">" && inTag {
                inTag = false
                result.append(" ")
            } else if !inTag {
                result.append(character)
            }
        }
        return result
    }

    /// Drops a trailing count: "Audio (39)", "Build 16 projects".
    private static func removingCount(_ text: String) -> String {
        var words = text.split(separator: " ").map(String.init)
        if let last = words.last, last.hasPrefix("("), last.hasSuffix(")"),
            last.dropFirst().dropLast().allSatisfy(\.isNumber), last.count > 2
        {
            words.removeLast()
        }
        if words.count > 2, ["projects", "project", "items", "entries"].contains(words.last!.lowercased()),
            words[words.count - 2].allSatisfy(\.isNumber)
        {
            words.removeLast(2)
        }
        return words.joined(separator: " ")
    }
}
