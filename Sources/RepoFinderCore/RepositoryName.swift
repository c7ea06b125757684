/// A repository's "owner/name" pair, validated with GitHub's rules.
///
/// GitHub compares both parts case-insensitively, so ``key`` (lowercased) is what identifies a repository;
/// the original spelling is kept for display.
public struct RepositoryName: Hashable, Sendable, CustomStringConvertible {
    /// The account that owns the repository, for example `apple`.
    public let owner: String
    /// The repository's own name, for example `swift-nio`.
    public let name: String

    /// Creates a name from its two parts, checking each.
    public init(owner: String, name: String) throws(RepositoryNameError) {
        try Self.validate(owner: owner)
        try Self.validate(name: name)
        self.owner = owner
        self.name = name
    }

    /// Parses `owner/name`.
    public init(parsing fullName: String) throws(RepositoryNameError) {
        let parts = fullName.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .notOwnerSlashName(fullName) }
        try self.init(owner: String(decoding: parts[0], as: UTF8.self), name: String(decoding: parts[1], as: UTF8.self))
    }

    /// `owner/name` as spelled.
    public var fullName: String { "\(owner)/\(name)" }

    /// The case-insensitive identity, `owner/name` lowercased.
    public var key: String { fullName.lowercased() }

    public var description: String { fullName }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// Longest owner login GitHub allows.
    public static let maximumOwnerLength = 39
    /// Longest repository name GitHub allows.
    public static let maximumNameLength = 100

    static func validate(owner: String) throws(RepositoryNameError) {
        guard !owner.isEmpty, owner.utf8.count <= maximumOwnerLength else { throw .invalidOwner(owner) }
        // Logins are letters, digits and hyphens (a few old accounts also have underscores), never leading '-'.
        guard owner.utf8.first != UInt8(ascii: "-"),
            owner.utf8.allSatisfy({ isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else { throw .invalidOwner(owner) }
    }

    static func validate(name: String) throws(RepositoryNameError) {
        guard !name.isEmpty, name.utf8.count <= maximumNameLength, name != ".", name != ".." else {
            throw .invalidName(name)
        }
        let allowed: (UInt8) -> Bool = { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
        guard name.utf8.allSatisfy({ isASCIIAlphanumeric($0) || allowed($0) }) else {
            throw .invalidName(name)
        }
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// Why a repository name was refused.
public enum RepositoryNameError: Error, Equatable, Sendable, CustomStringConvertible {
    case notOwnerSlashName(String)
    case invalidOwner(String)
    case invalidName(String)

    public var description: String {
        switch self {
        case .notOwnerSlashName(let text):
            "'\(text)' is not a repository name: expected owner/name, for example apple/swift"
        case .invalidOwner(let owner):
            "'\(owner)' is not a valid GitHub owner: use 1 to 39 letters, digits or hyphens, not starting with '-'"
        case .invalidName(let name):
            "'\(name)' is not a valid repository name: use 1 to 100 letters, digits, '.', '-' or '_'"
        }
    }
}
