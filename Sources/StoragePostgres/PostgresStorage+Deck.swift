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

    public func returnServed(_ names: [RepositoryName], userID: String) async throws -> Set<String> {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            let ids = try await repositoryIDs(names.map(\.key), on: connection)
            guard !ids.isEmpty else { return [] }
            let keys = Dictionary(ids.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
            let deleted = try await query(
                SharedSQL.deleteServed(count: keys.count), [userID] + keys.keys.map { $0 as any PostgresBindable },
                on: connection)
            return Set(try deleted.compactMap { keys[try $0.value(0) as Int64] })
        }
    }

    public func everyonesInteractions() async throws -> [PersonInteraction] {
        try await query(SharedSQL.everyonesInteractions, []).compactMap { row in
            guard let kind = InteractionKind(rawValue: try row.value(2)) else { return nil }
            return PersonInteraction(userID: try row.value(0), repositoryKey: try row.value(1), kind: kind)
        }
    }
}

extension PostgresStorage {
    public func dailyPick(userID: String, day: Day) async throws -> RepositoryName? {
        try await requireUser(userID)
        guard let row = try await query(SharedSQL.dailyPick, [userID, day.description]).first else { return nil }
        return try RepositoryName(owner: try row.value(0), name: try row.value(1))
    }

    public func dailyPicks(userID: String, from day: Day) async throws -> [Day: RepositoryName] {
        try await requireUser(userID)
        var picks: [Day: RepositoryName] = [:]
        for row in try await query(SharedSQL.dailyPicksFrom, [userID, day.description]) {
            guard let kept = Day(try row.value(0) as String) else { continue }
            picks[kept] = try RepositoryName(owner: try row.value(1), name: try row.value(2))
        }
        return picks
    }

    public func keepDailyPick(_ name: RepositoryName, userID: String, day: Day, at date: Date) async throws
        -> RepositoryName
    {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            guard let id = try await repositoryIDs([name.key], on: connection)[name.key] else {
                throw StorageError.unknownRepositories([name])
            }
            _ = try await query(
                SharedSQL.pruneDailyPicks, [userID, day.adding(days: -SharedSQL.dailyPicksKept).description],
                on: connection)
            _ = try await query(
                SharedSQL.insertDailyPick, [userID, day.description, id, date.roundedToMilliseconds], on: connection)
            let kept = try await query(SharedSQL.dailyPick, [userID, day.description], on: connection)
            guard let row = kept.first else { throw StorageError.unknownRepositories([name]) }
            return try RepositoryName(owner: try row.value(0), name: try row.value(1))
        }
    }

    public func replaceDailyPick(
        _ old: RepositoryName, with new: RepositoryName, userID: String, day: Day, at date: Date
    ) async throws -> RepositoryName {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            let ids = try await repositoryIDs([old.key, new.key], on: connection)
            guard let newID = ids[new.key] else { throw StorageError.unknownRepositories([new]) }
            let at = date.roundedToMilliseconds
            if let oldID = ids[old.key] {
                _ = try await query(
                    SharedSQL.replaceDailyPick, [newID, at, userID, day.description, oldID], on: connection)
            }
            _ = try await query(SharedSQL.insertDailyPick, [userID, day.description, newID, at], on: connection)
            let kept = try await query(SharedSQL.dailyPick, [userID, day.description], on: connection)
            guard let row = kept.first else { throw StorageError.unknownRepositories([new]) }
            return try RepositoryName(owner: try row.value(0), name: try row.value(1))
        }
    }
}
