public import Foundation
import PostgresNIO
public import RepoFinderCore
import SearchIndex
public import Storage
import StorageSQL

extension PostgresStorage {
    public func replaceCuratedList(
        _ list: CuratedListSource, placements: [CuratedListPlacement], etag: String?, at date: Date
    ) async throws {
        try await transaction { connection in
            try await query(
                SharedSQL.upsertCuratedList, [list.id, etag, date.roundedToMilliseconds, 0], on: connection)
            try await query(SharedSQL.deleteListPlacements, [list.id], on: connection)
            // One statement for the whole list: thousands of placements, one round trip.
            try await query(
                """
                INSERT INTO list_placements (list_id, repository_key, heading, position)
                SELECT ?, key, heading, position FROM unnest(?::text[], ?::text[], ?::bigint[])
                    AS placed(key, heading, position)
                ON CONFLICT DO NOTHING
                """,
                [
                    list.id, placements.map(\.repository.key), placements.map { SharedSQL.headingText($0.heading) },
                    placements.map(\.position),
                ], on: connection)
            try await query(SharedSQL.countListPlacements, [list.id, list.id], on: connection)
            try await query(SharedSQL.bumpCatalogVersion, [], on: connection)
        }
        searchIndex.invalidate()
    }

    public func curatedLists() async throws -> [CuratedListRecord] {
        try await query(SharedSQL.curatedLists, []).map { row in
            CuratedListRecord(
                list: try CuratedListSource(id: try row.value(0)), etag: try row.value(1, as: String?.self),
                readAt: try row.date(2) ?? .distantPast, placements: try row.value(3, as: Int.self))
        }
    }

    public func listings(of name: RepositoryName) async throws -> [RepositoryListing] {
        try await query(SharedSQL.listingsOfRepository, [name.key, name.key]).map { row in
            RepositoryListing(
                list: try CuratedListSource(id: try row.value(0)), heading: SharedSQL.heading(try row.value(1)))
        }
    }

    public func allCuratedListEntries() async throws -> [CuratedListEntry] {
        try await query(SharedSQL.allCuratedListEntries, []).map { row in
            CuratedListEntry(
                list: try row.value(0), heading: SharedSQL.heading(try row.value(1)), key: try row.value(2))
        }
    }

    public func curatedListSection(list: String, heading: [String]) async throws -> [CuratedListEntry] {
        try await query(SharedSQL.curatedListSection, [list] + SharedSQL.sectionBounds(heading)).map { row in
            CuratedListEntry(
                list: try row.value(0), heading: SharedSQL.heading(try row.value(1)), key: try row.value(2))
        }
    }
}
