import Foundation

extension RepositoryName {
    /// The repository a search names outright: `owner/name`, or a GitHub address pasted whole
    /// (`https://github.com/owner/name`, with or without the scheme or `www.`, with a trailing `.git` or `/`, or a
    /// deeper path such as `/tree/main`). Nil for anything else (words, a single name, another site).
    public init?(mentionedIn text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var hadScheme = false
        for scheme in ["https://", "http://"] where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            hadScheme = true
        }
        let host = ["www.github.com/", "github.com/"].first { rest.lowercased().hasPrefix($0) }
        if let host { rest = rest.dropFirst(host.count) }
        if hadScheme && host == nil { return nil }
        var parts: [Substring]
        if host != nil {
            // Past the host only owner/name matter; a query or fragment ends the address.
            parts = Array(rest.prefix { $0 != "?" && $0 != "#" }.split(separator: "/").prefix(2))
        } else {
            guard !rest.contains(where: \.isWhitespace) else { return nil }
            parts = rest.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 3, parts[2].isEmpty { parts.removeLast() }
        }
        guard parts.count == 2 else { return nil }
        var name = parts[1]
        if name.lowercased().hasSuffix(".git") { name = name.dropLast(4) }
        guard let parsed = try? RepositoryName(owner: String(parts[0]), name: String(name)) else { return nil }
        self = parsed
    }
}
