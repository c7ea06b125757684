public import Foundation
import GRDB
public import RepoFinderCore
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func recordInteractions(_ interactions: [Interaction], userID: String, quota: InteractionQuota)
        async throws -> InteractionReceipt
    {
        try await write { db in
            guard let counters = try Row.fetchOne(db.cachedStatement(sql: SharedSQL.quotaCounters), arguments: [userID])
            else { throw StorageError.unknownUser(userID) }
            let ids = try Self.repositoryIDs(db, keys: Array(Set(interactions.map(\.repository.key))))
            let unknown = Set(interactions.map(\.repository).filter { ids[$0.key] == nil })
            guard unknown.isEmpty else { throw StorageError.unknownRepositories(unknown.sorted { $0.key < $1.key }) }
            let now = Date()
            let receivedAt = now.sqliteText
            let insert = try db.cachedStatement(sql: SharedSQL.insertInteraction)
            var accepted = 0
            // Imported GitHub stars are bounded by the import itself; the quota counts what people do here.
            var counted = 0
            for interaction in interactions {
                let repositoryID = ids[interaction.repository.key]!
                let inserted = try Int64.fetchOne(
                    insert,
                    arguments: [
                        userID, interaction.id, repositoryID, interaction.kind.rawValue, interaction.at.sqliteText,
                        receivedAt,
                    ])
                guard inserted != nil else { continue }
                accepted += 1
                if interaction.kind != .star { counted += 1 }
                if let list = interaction.kind.list {
                    try db.execute(
                        sql: SharedSQL.addToList(list), arguments: [userID, repositoryID, interaction.at.sqliteText])
                }
            }
            if counted > 0 {
                // Throwing rolls the batch back.
                let updated = try quota.admit(
                    counted,
                    to: QuotaCounters(total: counters[0], windowStart: counters.date(1), windowCount: counters[2]),
                    now: now)
                try db.cachedStatement(sql: SharedSQL.setQuotaCounters).execute(arguments: [
                    updated.total, updated.windowStart?.sqliteText, updated.windowCount, userID,
                ])
            }
            return InteractionReceipt(accepted: accepted, duplicates: interactions.count - accepted)
        }
    }

    public func activity(userID: String, top: Int) async throws -> PersonStats {
        try await read { db in
            try Self.requireUser(db, userID)
            var kinds: [InteractionKind: Int] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: SharedSQL.interactionKinds), arguments: [userID]) {
                if let kind = InteractionKind(rawValue: row[0]) { kinds[kind] = row[1] }
            }
            func counts(_ sql: String) throws -> [(String, Int)] {
                try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [userID, userID]).map { ($0[0], $0[1]) }
            }
            return PersonStats(
                counts: kinds, languages: PersonStats.NamedCount.top(try counts(SharedSQL.listedLanguages), limit: top),
                topics: PersonStats.NamedCount.top(try counts(SharedSQL.listedTopics), limit: top))
        }
    }

    public func withdrawInteraction(id: String, userID: String, at date: Date) async throws
        -> InteractionWithdrawal
    {
        try await write { db in
            try Self.requireUser(db, userID)
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: SharedSQL.interactionByClientID), arguments: [userID, id])
            else {
                return .notFound
            }
            let kind = InteractionKind(rawValue: row[0]) ?? .view
            let name = try RepositoryName(owner: row[1], name: row[2])
            guard InteractionWithdrawal.withdrawableKinds.contains(kind) else { return .notWithdrawable(kind) }
            guard !(row[3] as Bool) else { return .alreadyWithdrawn(kind, name) }
            try db.cachedStatement(sql: SharedSQL.withdrawInteraction).execute(arguments: [
                date.sqliteText, userID, id,
            ])
            try db.cachedStatement(sql: SharedSQL.decrementInteractionCount).execute(arguments: [userID])
            if let list = kind.list {
                try db.cachedStatement(sql: SharedSQL.removeFromList(list)).execute(arguments: [userID, name.key])
            }
            return .withdrawn(kind, name)
        }
    }

    public func interactions(userID: String) async throws -> [Interaction] {
        try await read { db in try Self.interactions(db, userID) }
    }

    /// A person's interactions, oldest first (checked to exist).
    static func interactions(_ db: Database, _ userID: String) throws -> [Interaction] {
        try requireUser(db, userID)
        return try Row.fetchAll(db.cachedStatement(sql: SharedSQL.interactionsOfUser), arguments: [userID]).map { row in
            Interaction(
                id: row[0], repository: try RepositoryName(owner: row[1], name: row[2]),
                kind: InteractionKind(rawValue: row[3]) ?? .view, at: row.date(4) ?? Date(timeIntervalSince1970: 0))
        }
    }

    public func list(_ list: RepositoryList, userID: String, page: PageRequest) async throws -> Page<ListedRepository> {
        try await read { db in try Self.list(list, db, userID, page) }
    }

    /// A page of one of a person's lists, newest first (checked to exist).
    static func list(_ list: RepositoryList, _ db: Database, _ userID: String, _ page: PageRequest) throws
        -> Page<ListedRepository>
    {
        try requireUser(db, userID)
        let total = try Int.fetchOne(db.cachedStatement(sql: SharedSQL.listCount(list)), arguments: [userID]) ?? 0
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: SharedSQL.listPage(list)), arguments: [userID, page.perPage, page.offset])
        let repositories = try decode(db, rows: rows)
        let items = zip(repositories, rows).map { repository, row in
            ListedRepository(repository: repository, addedAt: row.date(SharedSQL.repositoryColumnCount) ?? Date())
        }
        return Page(items: items, total: total, request: page)
    }

    public func remove(_ name: RepositoryName, from list: RepositoryList, userID: String) async throws -> Bool {
        try await write { db in
            try Self.requireUser(db, userID)
            try db.cachedStatement(sql: SharedSQL.removeFromList(list)).execute(arguments: [userID, name.key])
            return db.changesCount > 0
        }
    }
}
