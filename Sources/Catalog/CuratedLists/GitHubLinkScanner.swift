import RepoFinderCore

/// Finds the `github.com/OWNER/NAME` links in a line of Markdown or HTML, every one a `grep -o` would count, and says
/// which repository each names (nil for a GitHub page that is not a repository).
enum GitHubLinkScanner {
    /// One link: the repository it names, if any.
    struct Link: Equatable {
        let repository: RepositoryName?
    }

    /// First path parts of github.com that are GitHub's own pages, not accounts.
    static let reservedOwners: Set<String> = [
        "about", "apps", "collections", "contact", "customer-stories", "enterprise", "events", "explore", "features",
        "issues", "login", "marketplace", "new", "notifications", "orgs", "organizations", "pricing", "pulls",
        "search", "settings", "site", "sponsors", "topics", "trending", "security", "team", "join", "codespaces",
        "readme", "resources", "solutions", "mobile", "home", "users", "github-copilot", "premium-support",
    ]

    /// The links in `line`, in order.
    static func links(in line: Substring) -> [Link] {
        let bytes = Array(line.utf8)
        let needle = Array("github.com/".utf8)
        var links: [Link] = []
        var index = 0
        while index + needle.count <= bytes.count {
            guard matches(needle, in: bytes, at: index) else {
                index += 1
                continue
            }
            let start = index + needle.count
            let owner = run(bytes, from: start)
            guard !owner.isEmpty, start + owner.count < bytes.count, bytes[start + owner.count] == UInt8(ascii: "/")
            else {
                index = start
                continue
            }
            let nameStart = start + owner.count + 1
            let name = run(bytes, from: nameStart)
            guard !name.isEmpty else {
                index = nameStart
                continue
            }
            let prefix = hostPrefix(bytes, before: index).lowercased()
            let onGitHub = prefix.isEmpty || prefix == "www."
            links.append(Link(repository: onGitHub ? repository(owner: owner, name: name) : nil))
            index = nameStart + name.count
        }
        return links
    }

    /// What the host name has before `github.com` (`www.`, `gist.`, or nothing).
    private static func hostPrefix(_ bytes: [UInt8], before index: Int) -> String {
        var start = index
        while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The repository `owner/name` names, or nil: a reserved page or an invalid name. A name loses `.git` and the
    /// full stops a sentence leaves after a link.
    private static func repository(owner: [UInt8], name: [UInt8]) -> RepositoryName? {
        let ownerText = String(decoding: owner, as: UTF8.self)
        guard !reservedOwners.contains(ownerText.lowercased()) else { return nil }
        var nameText = String(decoding: name, as: UTF8.self)
        while nameText.hasSuffix(".") { nameText.removeLast() }
        if nameText.lowercased().hasSuffix(".git") { nameText.removeLast(4) }
        return try? RepositoryName(owner: ownerText, name: nameText)
    }

    /// Whether `needle` is at `index`, ignoring ASCII case.
    private static func matches(_ needle: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        for offset in needle.indices {
            var byte = bytes[index + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != needle[offset] { return false }
        }
        return true
    }

    /// The bytes from `start` that grep's `[A-Za-z0-9_.-]+` takes.
    private static func run(_ bytes: [UInt8], from start: Int) -> [UInt8] {
        var end = start
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        return Array(bytes[start..<end])
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isWordByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
}
