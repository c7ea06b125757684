import Foundation

/// Which repositories to compare: 2 to 4 different `owner/name`s, as a list or comma-separated (the API's and the
/// deep link's `repos=`). Every way to get it wrong has its own sentence.
public enum CompareRequest {
    /// Fewest repositories a comparison takes.
    public static let minimum = 2
    /// Most repositories a comparison takes.
    public static let maximum = 4

    /// Parses `owner/a,owner/b[,…]` (spaces around names are ignored).
    public static func names(_ text: String) throws(CompareError) -> [RepositoryName] {
        try names(list: text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    /// Checks a list of `owner/name`s.
    public static func names(list: [String]) throws(CompareError) -> [RepositoryName] {
        let given = list.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !given.isEmpty else { throw .empty }
        guard given.count <= maximum else { throw .tooMany(given.count) }
        var names: [RepositoryName] = []
        for text in given {
            let name: RepositoryName
            do {
                name = try RepositoryName(parsing: text)
            } catch {
                throw .malformed(String(text.prefix(120)), error)
            }
            guard !names.contains(name) else { throw .duplicate(name.fullName) }
            names.append(name)
        }
        guard names.count >= minimum else { throw .tooFew(names.map(\.fullName)) }
        return names
    }

    /// The `repos=` value for `names`.
    public static func text(_ names: [RepositoryName]) -> String {
        names.map(\.fullName).joined(separator: ",")
    }
}

/// Why a list of repositories cannot be compared.
public enum CompareError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooFew([String])
    case tooMany(Int)
    case malformed(String, RepositoryNameError)
    case duplicate(String)

    public var description: String {
        switch self {
        case .empty:
            "Name the repositories to compare: 2 to 4 'owner/name's separated by commas, for example "
                + "repos=apple/swift,rust-lang/rust."
        case .tooFew(let names):
            "Compare needs 2 to 4 repositories; only \(names.joined(separator: ", ")) was given. Add another."
        case .tooMany(let count):
            "Compare takes at most \(CompareRequest.maximum) repositories; \(count) were given. Leave some out."
        case .malformed(_, let error):
            "\(error). Compare takes 'owner/name's separated by commas."
        case .duplicate(let name):
            "\(name) is in the list twice; compare different repositories."
        }
    }
}
