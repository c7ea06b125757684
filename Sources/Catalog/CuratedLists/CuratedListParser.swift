import Foundation
public import RepoFinderCore

/// Reads a curated ("awesome") list's Markdown into placements: which repository the curators put under which
/// heading, in what order. It reads what real lists write: ATX and setext headings, HTML headings, `<details>`
/// blocks whose summary names a category, bold lines and link-less bullets used as sub-headings, tables with a
/// category column, and headings that are entries themselves (with a "Category" section). An entry's repository is
/// the first GitHub repository it links to (a link with a trailing path, `.git` or any case counts); its badges and
/// "source code" links name it again. The list's title, its table of contents, license, contributing and sponsor
/// sections are not categories. Every link is accounted for in ``CuratedListReading/links``.
public struct CuratedListParser: Sendable {
    /// Headings whose sections are not categories, whole (lowercased)…
    static let notCategories: Set<String> = [
        "contents", "index", "toc", "support", "sponsors", "sponsor", "sponsorship", "sponsorships", "backers",
        "credits", "authors", "maintainers", "navigation", "footnotes", "thanks", "stargazers", "star history",
        "status", "disclaimer", "translations",
    ]
    /// …or by how they begin.
    static let notCategoryPrefixes = [
        "table of content", "licen", "contribut", "how to contribute", "guidelines to contribute",
        "unsure how to contribute", "acknowledg", "code of conduct",
    ]

    /// A parser.
    public init() {}

    /// The placements `markdown` states; `list`, the list's own repository, is never placed in itself.
    public func read(_ markdown: String, list: RepositoryName? = nil) -> CuratedListReading {
        var reader = Reader(
            lines: markdown.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasSuffix("\r") ? $0.dropLast() : $0
            }, list: list)
        reader.run()
        return reader.reading
    }

    /// Whether a heading's section is not a category (the contents, license, contributing, sponsors...).
    public static func isNotCategory(_ heading: String) -> Bool {
        let lowered = heading.lowercased()
        return lowered.isEmpty || notCategories.contains(lowered)
            || notCategoryPrefixes.contains { lowered.hasPrefix($0) }
            || lowered.contains("back to top")
    }
}

/// The parser's walk over one file.
private struct Reader {
    struct Heading {
        let level: Int
        let text: String
        /// The list's title or a section that is not a category.
        let hidden: Bool
        let excluded: Bool
    }

    struct Entry {
        let indent: Int
        let path: [String]?
        var repository: RepositoryName?
        /// An entry that is a heading: placed when it ends, under its "Category" names when it has them.
        var headingLevel: Int?
        var categories: [String] = []
        var readingCategories = false
    }

    struct Placed: Hashable {
        let key: String
        let heading: [String]
    }

    struct Table {
        let categoryColumn: Int?
        /// The column naming what each row's project replaces ("Alternative to"), if the table has one.
        let replacesColumn: Int?
        var category: String?
    }

    let lines: [Substring]
    let list: RepositoryName?
    var reading = CuratedListReading()
    var headings: [Heading] = []
    var details: [Int?] = []
    var boldLabel: String?
    var labels: [(indent: Int, text: String)] = []
    var entry: Entry?
    var table: Table?
    var positions: [[String]: Int] = [:]
    var placed: Set<Placed> = []
    var inFence = false
    var inComment = false
    var titleLine: Int?
    /// The highest level of the categories so far, and how many stood at it.
    var baseLevel: Int?
    var baseCount = 0

    init(lines: [Substring], list: RepositoryName?) {
        self.lines = lines
        self.list = list
        titleLine = Self.titleLine(lines)
    }

    /// The line of the list's title: its first heading when that is of level 1 and other headings follow.
    static func titleLine(_ lines: [Substring]) -> Int? {
        var first: (line: Int, level: Int)?
        var fence = false
        for (number, line) in lines.enumerated() {
            if MarkdownLine.isFence(line) { fence.toggle() }
            if fence { continue }
            var level: Int?
            if let heading = MarkdownLine.atxHeading(line) {
                level = heading.level
            } else if let heading = MarkdownLine.htmlHeading(line) {
                level = heading.level
            } else if MarkdownLine.startsWith(MarkdownLine.trimmed(line), "<h1") {
                level = 1
            } else if number + 1 < lines.count, !MarkdownLine.isBlank(line), MarkdownLine.listItem(line) == nil,
                !MarkdownLine.has(line, "|"), let underline = MarkdownLine.setextUnderline(lines[number + 1])
            {
                level = underline
            }
            guard let level else { continue }
            guard let title = first else {
                first = (number, level)
                continue
            }
            return title.level == 1 ? title.line : nil
        }
        return nil
    }

    /// The category path here, or nil outside categories.
    var categoryPath: [String]? {
        guard !headings.contains(where: \.excluded) else { return nil }
        var path = headings.filter { !$0.hidden }.map(\.text)
        if let boldLabel { path.append(boldLabel) }
        return path.isEmpty ? nil : path
    }

    mutating func run() {
        var number = 0
        while number < lines.count {
            number += line(number)
        }
        closeEntry()
    }

    /// Reads line `number`; returns how many lines it used.
    mutating func line(_ number: Int) -> Int {
        var line = lines[number]
        if MarkdownLine.isFence(line) {
            inFence.toggle()
            count(line, outside: true)
            return 1
        }
        if inFence {
            count(line, outside: true)
            return 1
        }
        line = strippingComments(line)
        if MarkdownLine.isBlank(line) {
            if table != nil { table = nil }
            return 1
        }
        if let consumed = heading(number, line) { return consumed }
        if let consumed = detailsLine(number, line) { return consumed }
        if let label = MarkdownLine.boldLabel(line), entry?.headingLevel == nil,
            entry == nil || MarkdownLine.indentation(line) == 0
        {
            closeEntry()
            labels = []
            let text = HeadingText.clean(label)
            boldLabel = CuratedListParser.isNotCategory(text) ? nil : text
            return 1
        }
        if MarkdownLine.has(line, "|"), table == nil, number + 1 < lines.count,
            MarkdownLine.isTableDelimiter(lines[number + 1])
        {
            closeEntry()
            let header = MarkdownLine.cells(line).map { HeadingText.clean($0).lowercased() }
            table = Table(
                categoryColumn: header.firstIndex { $0.hasPrefix("categor") },
                replacesColumn: header.firstIndex { $0.hasPrefix("alternative to") || $0 == "replaces" })
            count(line, outside: true)
            return 2
        }
        if table != nil, MarkdownLine.has(line, "|") {
            tableRow(line)
            return 1
        }
        table = nil
        if let quoted = MarkdownLine.quotedEntry(line), entry?.headingLevel == nil {
            // An entry written as a quote: `> **[ArchUnit](https://github.com/…)** …`.
            listItem((0, quoted), line)
            return 1
        }
        if let item = MarkdownLine.listItem(line), entry?.headingLevel == nil {
            listItem(item, line)
            return 1
        }
        if var current = entry, current.headingLevel != nil, current.readingCategories {
            current.categories = line.split(separator: ",").map { HeadingText.clean($0) }.filter { !$0.isEmpty }
            current.readingCategories = false
            entry = current
        }
        if let current = entry,
            current.headingLevel != nil || MarkdownLine.indentation(line) > current.indent
                || !MarkdownLine.isBlank(lines[max(0, number - 1)])
        {
            count(line, outside: false)
            return 1
        }
        closeEntry()
        count(line, outside: false)
        return 1
    }

    /// A heading (ATX, setext or HTML): the stack of headings changes; returns the lines used, nil if not one.
    mutating func heading(_ number: Int, _ line: Substring) -> Int? {
        var found: (level: Int, raw: Substring, used: Int)?
        if let atx = MarkdownLine.atxHeading(line) {
            found = (atx.level, atx.text, 1)
        } else if let html = MarkdownLine.htmlHeading(line) {
            found = (html.level, html.text, 1)
        } else if number + 1 < lines.count, MarkdownLine.listItem(line) == nil, table == nil,
            !MarkdownLine.has(line, "|"), MarkdownLine.indentation(line) <= 3,
            let level = MarkdownLine.setextUnderline(lines[number + 1]),
            entry == nil || MarkdownLine.isBlank(lines[max(0, number - 1)])
        {
            found = (level, line, 2)
        }
        guard let found else { return nil }
        let text = HeadingText.clean(found.raw)
        if let current = entry, let level = current.headingLevel, found.level > level {
            // A section of an entry that is a heading: its "Category" names where it belongs.
            entry?.readingCategories = text.lowercased().hasPrefix("categor")
            count(line, outside: false)
            return found.used
        }
        closeEntry()
        labels = []
        boldLabel = nil
        table = nil
        // A heading that is a link to a project (not to a section) is an entry: its repository is the first one its
        // heading or body links to.
        if number != titleLine, categoryPath != nil, Self.isProjectLink(found.raw) {
            entry = Entry(indent: 0, path: categoryPath, headingLevel: found.level)
            count(line, outside: false)
            return found.used
        }
        let hidden = number == titleLine
        let level = hidden ? found.level : outlineLevel(found.level)
        // A section that is not a category ends at the next heading of any level: lists put their categories one
        // level below a "Table of Contents" as often as beside it.
        while let last = headings.last, last.level >= level || last.excluded { headings.removeLast() }
        headings.append(
            Heading(
                level: level, text: text, hidden: hidden, excluded: !hidden && CuratedListParser.isNotCategory(text)))
        count(line, outside: true)
        if found.used == 2 { count(lines[number + 1], outside: true) }
        return found.used
    }

    /// The level a heading stands at: its own, unless it is above the level the list's categories have kept so far
    /// (three of them at least), a slip that would put every category after it under it (`# Minimizers` among
    /// `## …` sections); then the categories' level.
    mutating func outlineLevel(_ level: Int) -> Int {
        var level = level
        if let base = baseLevel, level < base, baseCount >= 3 { level = base }
        if baseLevel.map({ level < $0 }) ?? true {
            baseLevel = level
            baseCount = 0
        }
        if level == baseLevel { baseCount += 1 }
        return level
    }

    /// Whether a heading's text begins with a link to somewhere other than a section of the page.
    static func isProjectLink(_ text: Substring) -> Bool {
        let trimmed = MarkdownLine.trimmed(text)
        guard trimmed.hasPrefix("["), let close = trimmed.range(of: "](") else { return false }
        return !trimmed[close.upperBound...].hasPrefix("#")
    }

    /// `<details>` and `</details>`: a summary outside entries is a heading one level below the current one (or the
    /// level of a heading inside it), and the heading ends with the block. Returns the lines used, nil if neither.
    mutating func detailsLine(_ number: Int, _ line: Substring) -> Int? {
        if MarkdownLine.has(line, "</details>") {
            if let depth = details.popLast(), let depth {
                closeEntry()
                labels = []
                boldLabel = nil
                headings.removeLast(max(0, headings.count - depth))
            }
            count(line, outside: false)
            return 1
        }
        guard MarkdownLine.range(of: "<details", in: line)?.lowerBound == line.drop(while: { $0 == " " }).startIndex
        else { return nil }
        guard entry?.headingLevel == nil, MarkdownLine.indentation(line) < 2 else {
            details.append(nil)
            count(line, outside: false)
            return 1
        }
        var summary = MarkdownLine.has(line, "<summary") ? line : ""
        var used = 1
        if summary.isEmpty, number + 1 < lines.count, MarkdownLine.has(lines[number + 1], "<summary") {
            summary = lines[number + 1]
            used = 2
        }
        guard !summary.isEmpty else {
            details.append(nil)
            count(line, outside: false)
            return 1
        }
        closeEntry()
        labels = []
        boldLabel = nil
        let level =
            MarkdownLine.range(of: "<h", in: summary).flatMap { summary[$0.upperBound...].first?.wholeNumberValue }
            ?? (headings.last?.level ?? 1) + 1
        details.append(headings.count)
        let text = HeadingText.clean(summary)
        while let last = headings.last, last.level >= level { headings.removeLast() }
        details[details.count - 1] = headings.count
        headings.append(
            Heading(level: level, text: text, hidden: false, excluded: CuratedListParser.isNotCategory(text)))
        for used in 0..<used { count(lines[number + used], outside: true) }
        return used
    }

    mutating func listItem(_ item: (indent: Int, text: Substring), _ line: Substring) {
        closeEntry()
        while let last = labels.last, last.indent >= item.indent { labels.removeLast() }
        var path = categoryPath
        if path != nil { path! += labels.map(\.text) }
        entry = Entry(indent: item.indent, path: path)
        if !MarkdownLine.has(item.text, "](") && !MarkdownLine.has(item.text, "http")
            && !MarkdownLine.has(item.text, "<a ")
        {
            let text = HeadingText.clean(item.text)
            if !text.isEmpty && text.count <= 80 { labels.append((item.indent, text)) }
        }
        count(line, outside: false)
        // What the curators say the entry replaces ("Media server (alternative to Plex)"): the names only, as a
        // table's "Alternative to" column gives them.
        if let repository = entry?.repository {
            let names = ReplacementStatement.names(in: HeadingText.clean(item.text))
            if !names.isEmpty {
                reading.replacements.append(CuratedListReplacement(repository: repository, names: names))
            }
        }
    }

    mutating func tableRow(_ line: Substring) {
        guard var current = table else { return }
        let cells = MarkdownLine.cells(line)
        if let column = current.categoryColumn, column < cells.count {
            let category = HeadingText.clean(cells[column])
            if !category.isEmpty { current.category = category }
        }
        table = current
        var path = categoryPath
        if path != nil, let category = current.category { path!.append(category) }
        entry = Entry(indent: 0, path: path)
        count(line, outside: false)
        if let column = current.replacesColumn, column < cells.count, let repository = entry?.repository {
            let names = Self.replacedNames(cells[column])
            if !names.isEmpty {
                reading.replacements.append(CuratedListReplacement(repository: repository, names: names))
            }
        }
        closeEntry()
    }

    /// The products a table cell names ("[Okta](https://okta.com/), [Auth0](https://auth0.com/)" → Okta, Auth0): link
    /// texts or plain words, split at commas, semicolons and slashes; a name is 1 to 40 characters with a letter, at
    /// most six a cell, each once.
    static func replacedNames(_ cell: Substring) -> [String] {
        var names: [String] = []
        var keys: Set<String> = []
        for part in HeadingText.clean(cell).split(whereSeparator: { ",;/".contains($0) }) {
            let name = part.trimmingCharacters(in: .whitespaces)
            let key = ReplacementStatement.key(name)
            guard (1...40).contains(name.count), name.contains(where: \.isLetter), !key.isEmpty,
                keys.insert(key).inserted
            else { continue }
            names.append(name)
            if names.count == 6 { break }
        }
        return names
    }

    /// Ends the open entry; an entry that is a heading is placed now.
    mutating func closeEntry() {
        guard let current = entry else { return }
        entry = nil
        guard current.headingLevel != nil, let repository = current.repository, let path = current.path else { return }
        if current.categories.isEmpty {
            place(repository, under: path)
        } else {
            for category in current.categories { place(repository, under: path + [category]) }
        }
    }

    /// Places a repository under a heading, once: a list that names it there again states nothing new.
    mutating func place(_ repository: RepositoryName, under path: [String]) {
        guard placed.insert(Placed(key: repository.key, heading: path)).inserted else { return }
        let position = positions[path, default: 0] + 1
        positions[path] = position
        reading.placements.append(CuratedListPlacement(repository: repository, heading: path, position: position))
    }

    /// Counts the line's links: outside categories when `outside` (or no category is open), else for the open entry
    /// or as prose.
    mutating func count(_ line: Substring, outside: Bool) {
        for link in GitHubLinkScanner.links(in: line) {
            reading.links.total += 1
            guard let repository = link.repository else {
                reading.links.notRepositories += 1
                continue
            }
            guard !outside, repository != list, var current = entry, let path = current.path else {
                if !outside, repository != list, entry == nil, categoryPath != nil {
                    reading.links.prose += 1
                } else {
                    reading.links.outsideCategories += 1
                }
                continue
            }
            if let placed = current.repository {
                if placed == repository {
                    reading.links.sameEntry += 1
                } else {
                    reading.links.elsewhereInEntry += 1
                }
                continue
            }
            current.repository = repository
            entry = current
            reading.links.placed += 1
            if current.headingLevel == nil { place(repository, under: path) }
        }
    }

    /// The line without its HTML comments; links inside them count as outside categories.
    mutating func strippingComments(_ line: Substring) -> Substring {
        var rest = line
        var kept = ""
        while !rest.isEmpty {
            if inComment {
                guard let end = MarkdownLine.range(of: "-->", in: rest) else {
                    count(rest, outside: true)
                    return kept[...]
                }
                count(rest[..<end.lowerBound], outside: true)
                rest = rest[end.upperBound...]
                inComment = false
            } else {
                guard let start = MarkdownLine.range(of: "<!--", in: rest) else {
                    kept += rest
                    break
                }
                kept += rest[..<start.lowerBound]
                rest = rest[start.upperBound...]
                inComment = true
            }
        }
        return kept[...]
    }
}
