import Catalog

/// The shared data's star files (`interactions/train.csv.gz`, `valid.csv.gz`, …: `user_login,repo_full_name` with a
/// header), as the evaluation tests read them.
public enum DevelopmentSplit {
    /// One star: who starred which repository (its key, `owner/name` lowercased).
    public struct Star: Hashable, Sendable {
        public var person: String
        public var repositoryKey: String
    }

    /// Every star of a file of the shared data folder, in file order.
    public static func stars(_ relativePath: String) throws -> [Star] {
        let reader = try LineReader(path: try SharedDataFolder.file(relativePath))
        var stars: [Star] = []
        while let line = try reader.next() {
            guard case .text(let number, let bytes) = line, number > 1 else { continue }
            let fields = String(decoding: bytes, as: UTF8.self).split(separator: ",")
            guard fields.count >= 2 else { continue }
            stars.append(Star(person: String(fields[0]), repositoryKey: String(fields[1]).lowercased()))
        }
        return stars
    }
}
