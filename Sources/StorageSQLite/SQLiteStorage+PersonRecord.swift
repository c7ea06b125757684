import GRDB
import RepoFinderCore
public import Storage
import StorageSQL

extension SQLiteStorage {
    /// One read transaction for all of it: a session's load is one trip to a reader instead of up to six (each trip
    /// is a hop to a reader's queue and back, which under load cost more than the queries).
    public func personRecord(userID: String, _ request: PersonRecordRequest) async throws -> PersonRecord {
        let (document, record) = try await read { db in
            let document = try Self.preferencesDocument(db, userID)
            let record = PersonRecord(
                preferences: nil, signals: try Self.signals(db, userID),
                served: request.served ? try Self.served(db, userID) : nil,
                githubIdentity: try Self.githubIdentity(db, userID),
                recentSaves: request.recentSaves > 0
                    ? try Self.list(.saved, db, userID, PageRequest(page: 1, perPage: request.recentSaves)) : nil,
                picks: try request.picksFrom.map { try Self.dailyPicks(db, userID, from: $0) },
                listed: try Self.listedKeys(db, userID))
            return (document, record)
        }
        var complete = record
        complete.preferences = try document.map { try PreferencesDocument.decode($0) }
        return complete
    }

    public func listedKeys(userID: String) async throws -> [RepositoryList: Set<String>] {
        try await read { db in
            try Self.requireUser(db, userID)
            return try Self.listedKeys(db, userID)
        }
    }

    /// The keys on a person's lists, by list (the caller checked that the person exists).
    static func listedKeys(_ db: Database, _ userID: String) throws -> [RepositoryList: Set<String>] {
        var listed: [RepositoryList: Set<String>] = [.saved: [], .liked: []]
        for row in try Row.fetchAll(db.cachedStatement(sql: SharedSQL.listedKeys), arguments: [userID, userID]) {
            if let list = RepositoryList(rawValue: row[0]) { listed[list, default: []].insert(row[1]) }
        }
        return listed
    }

    /// A person's standing interactions as signals, oldest first (the caller checked that the person exists).
    static func signals(_ db: Database, _ userID: String) throws -> [PersonSignal] {
        try Row.fetchAll(db.cachedStatement(sql: SharedSQL.signalsOfUser), arguments: [userID]).map { row in
            PersonSignal(repositoryKey: row[0], kind: InteractionKind(rawValue: row[1]) ?? .view)
        }
    }
}
