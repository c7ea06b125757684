public import Foundation

/// The `Link` header GitHub uses for pagination: `<url>; rel="next", <url>; rel="last"`.
public struct LinkHeader: Equatable, Sendable {
    /// Targets by relation (`next`, `prev`, `first`, `last`).
    public var links: [String: URL]

    public init(_ value: String?) {
        var links: [String: URL] = [:]
        for part in (value ?? "").split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">"),
                let url = URL(string: String(target.dropFirst().dropLast()))
            else { continue }
            for parameter in pieces.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                for relation in pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ") {
                    links[relation.lowercased()] = url
                }
            }
        }
        self.links = links
    }

    public var next: URL? { links["next"] }
    public var last: URL? { links["last"] }
}
