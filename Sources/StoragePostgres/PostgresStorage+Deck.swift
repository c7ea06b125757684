public import Foundation
import PostgresNIO
public import RepoFinderCore
public import Storage
import StorageSQL

extension PostgresStorage {
    public func recordServed(_ names: [RepositoryName], userID: String, at date: Date) async throws -> [RepositoryName]
    {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            let ids = try await repositoryIDs(names.map(\.key), on: connection)
            var unique = Set<String>()
            let known = names.filter { ids[$0.key] != nil && unique.insert($0.key).inserted }
            guard !known.isEmpty else { return [] }
            let servedAt = date.roundedToMilliseconds
            let values = known.flatMap { [userID, ids[$0.key]!, servedAt] as [any PostgresBindable] }
            let inserted = Set(
                try await query(SharedSQL.insertServed(count: known.count), values, on: connection).map {
                    try $0.value(0) as Int64
                })
            let recorded = known.filter { inserted.contains(ids[$0.key]!) }
            return recorded
        }
    }

    public func served(userID: String) async throws -> Set<String> {
        try await requireUser(userID)
        return Set(try await query(SharedSQL.servedOfUser, [userID]).map { try $0.value(0) as String })
    }

    public func everyonesInteractions() async throws -> [PersonInteraction] {
        try await query(SharedSQL.everyonesInteractions, []).compactMap { row in
            guard let kind = InteractionKind(rawValue: try row.value(2)) else { return nil }
            return PersonInteraction(userID: try row.value(0), repositoryKey: try row.value(1), kind: kind)
        }
    }
}
