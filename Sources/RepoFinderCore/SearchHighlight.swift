/// Where a search's matched words are in a text, for faces to mark: every whole word (a run of letters and digits)
/// whose lowercase form is one of the words a search sent back as its highlights.
public enum SearchHighlight {
    /// The ranges of `text` to mark, in order.
    public static func ranges(in text: String, words: Set<String>) -> [Range<String.Index>] {
        guard !words.isEmpty else { return [] }
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        func finish(at end: String.Index) {
            if let wordStart = start, words.contains(text[wordStart..<end].lowercased()) {
                ranges.append(wordStart..<end)
            }
            start = nil
        }
        while index < text.endIndex {
            let character = text[index]
            if character.isLetter || character.isNumber {
                if start == nil { start = index }
            } else {
                finish(at: index)
            }
            index = text.index(after: index)
        }
        finish(at: text.endIndex)
        return ranges
    }

    /// `text` with each matched word wrapped in `before` and `after` (for a terminal's escape codes, say).
    public static func marked(_ text: String, words: Set<String>, before: String, after: String) -> String {
        var result = ""
        var last = text.startIndex
        for range in ranges(in: text, words: words) {
            result += text[last..<range.lowerBound] + before + text[range] + after
            last = range.upperBound
        }
        return result + text[last...]
    }
}
