public import Foundation
import GRDB
public import RepoFinderCore
import SearchIndex
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func replaceCuratedList(
        _ list: CuratedListSource, placements: [CuratedListPlacement], etag: String?, at date: Date
    ) async throws {
        try await write { db in
            try db.execute(sql: SharedSQL.upsertCuratedList, arguments: [list.id, etag, date.sqliteText, 0])
            try db.execute(sql: SharedSQL.deleteListPlacements, arguments: [list.id])
            let insert = try db.cachedStatement(sql: SharedSQL.insertListPlacement)
            for placement in placements {
                try insert.execute(arguments: [
                    list.id, placement.repository.key, SharedSQL.headingText(placement.heading), placement.position,
                ])
            }
            try db.execute(sql: SharedSQL.countListPlacements, arguments: [list.id, list.id])
            try db.execute(sql: SharedSQL.bumpCatalogVersion)
        }
        searchIndex.invalidate()
    }

    public func curatedLists() async throws -> [CuratedListRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: SharedSQL.curatedLists).map { row in
                CuratedListRecord(
                    list: try CuratedListSource(id: row[0]), etag: row[1], readAt: row.date(2) ?? .distantPast,
                    placements: row[3])
            }
        }
    }

    public func listings(of name: RepositoryName) async throws -> [RepositoryListing] {
        try await read { db in
            try Row.fetchAll(db, sql: SharedSQL.listingsOfRepository, arguments: [name.key, name.key]).map { row in
                RepositoryListing(list: try CuratedListSource(id: row[0]), heading: SharedSQL.heading(row[1]))
            }
        }
    }

    public func allCuratedListEntries() async throws -> [CuratedListEntry] {
        try await read { db in
            try Row.fetchAll(db, sql: SharedSQL.allCuratedListEntries).map { row in
                CuratedListEntry(list: row[0], heading: SharedSQL.heading(row[1]), key: row[2])
            }
        }
    }

    public func curatedListSection(list: String, heading: [String]) async throws -> [CuratedListEntry] {
        try await read { db in
            try Row.fetchAll(
                db, sql: SharedSQL.curatedListSection,
                arguments: StatementArguments([list] + SharedSQL.sectionBounds(heading))
            ).map { row in
                CuratedListEntry(list: row[0], heading: SharedSQL.heading(row[1]), key: row[2])
            }
        }
    }
}
