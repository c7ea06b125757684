/// What a backup of a database wrote (`repofinder backup`).
public struct BackupReport: Sendable {
    /// The copy's size on disk.
    public var bytes: Int64
    /// What the engine's integrity check said of the copy ("ok").
    public var integrity: String
    /// Rows of the copy's main tables, for a person to compare with the original.
    public var repositories: Int
    public var people: Int
    public var interactions: Int

    public init(bytes: Int64, integrity: String, repositories: Int, people: Int, interactions: Int) {
        self.bytes = bytes
        self.integrity = integrity
        self.repositories = repositories
        self.people = people
        self.interactions = interactions
    }
}
