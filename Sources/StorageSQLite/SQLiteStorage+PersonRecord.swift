import GRDB
public import Storage
import StorageSQL

extension SQLiteStorage {
    /// One read transaction for all of it: a session's load is one trip to a reader instead of up to six (each trip
    /// is a hop to a reader's queue and back, which under load cost more than the queries).
    public func personRecord(userID: String, _ request: PersonRecordRequest) async throws -> PersonRecord {
        let (document, record) = try await read { db in
            let document = try Self.preferencesDocument(db, userID)
            let record = PersonRecord(
                preferences: nil, interactions: try Self.interactions(db, userID),
                served: request.served ? try Self.served(db, userID) : nil,
                githubIdentity: try Self.githubIdentity(db, userID),
                recentSaves: request.recentSaves > 0
                    ? try Self.list(.saved, db, userID, PageRequest(page: 1, perPage: request.recentSaves)) : nil,
                pick: try request.pickDay.map { try Self.dailyPick(db, userID, $0) } ?? nil)
            return (document, record)
        }
        var complete = record
        complete.preferences = try document.map { try PreferencesDocument.decode($0) }
        return complete
    }
}
