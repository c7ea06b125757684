import Foundation

/// What one line of a list's Markdown is, for the curated-list parser: recognisers that look at a line alone.
enum MarkdownLine {
    /// A list item's marker: its indentation (tabs count four) and the text after the marker.
    static func listItem(_ line: Substring) -> (indent: Int, text: Substring)? {
        let indent = indentation(line)
        var rest = line.drop { $0 == " " || $0 == "\t" }
        guard let first = rest.first else { return nil }
        if first == "-" || first == "*" || first == "+" {
            rest = rest.dropFirst()
        } else if first.isNumber {
            let digits = rest.prefix { $0.isNumber }
            guard digits.count <= 3 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let dot = rest.first, dot == "." || dot == ")" else { return nil }
            rest = rest.dropFirst()
        } else {
            return nil
        }
        guard let space = rest.first, space == " " || space == "\t" else { return nil }
        return (indent, rest.drop { $0 == " " || $0 == "\t" })
    }

    /// A quoted line that starts with a link (`> **[Name](url)** …`), as lists that write each entry as a quote do.
    static func quotedEntry(_ line: Substring) -> Substring? {
        guard indentation(line) <= 3 else { return nil }
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix(">") else { return nil }
        let text = trimmed.dropFirst().drop { $0 == " " }
        let bare = text.drop { $0 == "*" || $0 == "_" }
        return bare.hasPrefix("[") ? text : nil
    }

    /// An ATX heading (`## Messaging`): its level and raw text, closing hashes dropped.
    static func atxHeading(_ line: Substring) -> (level: Int, text: Substring)? {
        guard indentation(line) <= 3 else { return nil }
        let trimmed = line.drop { $0 == " " }
        let hashes = trimmed.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = trimmed.dropFirst(hashes.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = MarkdownLine.trimmed(rest)
        while text.hasSuffix("#") { text = text.dropLast() }
        return (hashes.count, text)
    }

    /// A setext underline: 1 for `===`, 2 for `---`.
    static func setextUnderline(_ line: Substring) -> Int? {
        let trimmed = MarkdownLine.trimmed(line)
        guard indentation(line) <= 3, !trimmed.isEmpty else { return nil }
        if trimmed.allSatisfy({ $0 == "=" }) { return 1 }
        if trimmed.allSatisfy({ $0 == "-" }) { return 2 }
        return nil
    }

    /// An HTML heading alone on its line (`<h2 id="x">Editors</h2>`): its level and inner text.
    static func htmlHeading(_ line: Substring) -> (level: Int, text: Substring)? {
        let trimmed = MarkdownLine.trimmed(line)
        guard trimmed.utf8.count > 8, startsWith(trimmed, "<h"),
            let level = trimmed.dropFirst(2).first?
                .wholeNumberValue, (1...6).contains(level), let open = trimmed.firstIndex(of: ">"),
            let close = trimmed.range(of: "</h\(level)>", options: [.caseInsensitive, .backwards])
        else { return nil }
        let inner = trimmed[trimmed.index(after: open)..<close.lowerBound]
        return (level, inner[...])
    }

    /// A bold line standing alone as a group label (`**Web Frameworks**`), without links.
    static func boldLabel(_ line: Substring) -> Substring? {
        let trimmed = MarkdownLine.trimmed(line)
        guard indentation(line) <= 3, trimmed.utf8.count > 4, trimmed.utf8.count <= 256,
            trimmed.hasPrefix("**") || trimmed.hasPrefix("__"), !trimmed.contains("]("), !trimmed.contains("http")
        else { return nil }
        var body = trimmed[...]
        if body.hasSuffix(":") { body = body.dropLast() }
        guard body.hasSuffix("**") || body.hasSuffix("__") else { return nil }
        let inner = body.dropFirst(2).dropLast(2)
        guard !inner.isEmpty, !inner.contains("**"), !inner.hasSuffix("."), !inner.hasSuffix("!"), !inner.hasSuffix("?")
        else { return nil }
        return inner
    }

    /// Whether a line opens or closes a fenced code block.
    static func isFence(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return indentation(line) <= 3 && (trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~"))
    }

    /// A table's delimiter row (`|---|:---:|`, `:-|-`): every cell dashes, with a colon at either end.
    static func isTableDelimiter(_ line: Substring) -> Bool {
        guard has(line, "-"), has(line, "|") || trimmed(line).hasPrefix("-") else { return false }
        let cells = self.cells(line)
        return !cells.isEmpty
            && cells.allSatisfy { cell in
                let dashes = cell.drop { $0 == ":" }.reversed().drop { $0 == ":" }
                return !dashes.isEmpty && dashes.allSatisfy { $0 == "-" } && cell.count - dashes.count <= 2
            }
    }

    /// A table row's cells, outer pipes dropped.
    static func cells(_ line: Substring) -> [Substring] {
        var trimmed = MarkdownLine.trimmed(line)
        if trimmed.hasPrefix("|") { trimmed = trimmed.dropFirst() }
        if trimmed.hasSuffix("|") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "|", omittingEmptySubsequences: false).map {
            MarkdownLine.trimmed($0)
        }
    }

    /// Leading spaces, a tab counting four.
    static func indentation(_ line: Substring) -> Int {
        var count = 0
        for character in line {
            if character == " " {
                count += 1
            } else if character == "\t" {
                count += 4
            } else {
                break
            }
        }
        return count
    }

    /// Whether `line` holds `needle` (lowercase ASCII), compared without case, byte by byte: cheap enough for every
    /// line of a list.
    static func has(_ line: Substring, _ needle: String) -> Bool {
        range(of: needle, in: line) != nil
    }

    /// Whether `line` begins with `needle` (lowercase ASCII), compared without case.
    static func startsWith(_ line: Substring, _ needle: String) -> Bool {
        range(of: needle, in: line)?.lowerBound == line.startIndex
    }

    /// Where `line` first holds `needle` (lowercase ASCII), compared without case.
    static func range(of needle: String, in line: Substring) -> Range<String.Index>? {
        let wanted = Array(needle.utf8)
        guard !wanted.isEmpty else { return nil }
        let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Int? in
            guard bytes.count >= wanted.count else { return nil }
            outer: for start in 0...(bytes.count - wanted.count) {
                for offset in wanted.indices where lower(bytes[start + offset]) != wanted[offset] { continue outer }
                return start
            }
            return nil
        }
        let found =
            line.utf8.withContiguousStorageIfAvailable(search) ?? Array(line.utf8).withUnsafeBufferPointer(search)
        guard let found else { return nil }
        let start = line.utf8.index(line.utf8.startIndex, offsetBy: found)
        return start..<line.utf8.index(start, offsetBy: wanted.count)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// The line without the spaces and tabs around it.
    static func trimmed<Text: StringProtocol>(_ line: Text) -> Substring where Text.SubSequence == Substring {
        let start = line.firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
        let end = line.lastIndex { $0 != " " && $0 != "\t" }.map { line.index(after: $0) } ?? start
        return line[start..<max(start, end)]
    }

    /// Whether a line is blank.
    static func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
}
