import Foundation
import GRDB
public import RepoFinderCore
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func recordInteractions(_ interactions: [Interaction], userID: String) async throws -> InteractionReceipt {
        try await writer.write { db in
            try Self.requireUser(db, userID)
            let ids = try Self.repositoryIDs(db, keys: Array(Set(interactions.map(\.repository.key))))
            let unknown = Set(interactions.map(\.repository).filter { ids[$0.key] == nil })
            guard unknown.isEmpty else { throw StorageError.unknownRepositories(unknown.sorted { $0.key < $1.key }) }
            let receivedAt = Date().sqliteText
            let insert = try db.cachedStatement(sql: SharedSQL.insertInteraction)
            var accepted = 0
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
                if let list = interaction.kind.list {
                    try db.execute(
                        sql: SharedSQL.addToList(list), arguments: [userID, repositoryID, interaction.at.sqliteText])
                }
            }
            return InteractionReceipt(accepted: accepted, duplicates: interactions.count - accepted)
        }
    }

    public func withdrawSkip(id: String, userID: String) async throws -> SkipWithdrawal {
        try await writer.write { db in
            try Self.requireUser(db, userID)
            guard let row = try Row.fetchOne(db, sql: SharedSQL.interactionByClientID, arguments: [userID, id]) else {
                return .notFound
            }
            let kind = InteractionKind(rawValue: row[0]) ?? .view
            guard kind == .skip else { return .notASkip(kind) }
            try db.execute(sql: SharedSQL.deleteInteraction, arguments: [userID, id])
            return .withdrawn(try RepositoryName(owner: row[1], name: row[2]))
        }
    }

    public func interactions(userID: String) async throws -> [Interaction] {
        try await writer.read { db in
            try Self.requireUser(db, userID)
            return try Row.fetchAll(db, sql: SharedSQL.interactionsOfUser, arguments: [userID]).map { row in
                Interaction(
                    id: row[0], repository: try RepositoryName(owner: row[1], name: row[2]),
                    kind: InteractionKind(rawValue: row[3]) ?? .view, at: row.date(4) ?? Date(timeIntervalSince1970: 0))
            }
        }
    }

    public func list(_ list: RepositoryList, userID: String, page: PageRequest) async throws -> Page<ListedRepository> {
        try await writer.read { db in
            try Self.requireUser(db, userID)
            let total = try Int.fetchOne(db, sql: SharedSQL.listCount(list), arguments: [userID]) ?? 0
            let rows = try Row.fetchAll(
                db, sql: SharedSQL.listPage(list), arguments: [userID, page.perPage, page.offset])
            let repositories = try Self.decode(db, rows: rows)
            let items = zip(repositories, rows).map { repository, row in
                ListedRepository(repository: repository, addedAt: row.date(SharedSQL.repositoryColumnCount) ?? Date())
            }
            return Page(items: items, total: total, request: page)
        }
    }

    public func remove(_ name: RepositoryName, from list: RepositoryList, userID: String) async throws -> Bool {
        try await writer.write { db in
            try Self.requireUser(db, userID)
            try db.execute(sql: SharedSQL.removeFromList(list), arguments: [userID, name.key])
            return db.changesCount > 0
        }
    }
}
