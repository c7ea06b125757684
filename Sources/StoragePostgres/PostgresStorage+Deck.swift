public import Foundation
import PostgresNIO
public import RepoFinderCore
public import Storage

extension PostgresStorage {
    public func recordServed(_ names: [RepositoryName], userID: String, at date: Date) async throws -> [RepositoryName]
    {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            let servedAt = date.roundedToMilliseconds
            var recorded: [RepositoryName] = []
            for name in names {
                let inserted = try await query(SharedSQL.insertServed, [userID, servedAt, name.key], on: connection)
                if !inserted.isEmpty { recorded.append(name) }
            }
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
