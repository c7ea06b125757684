public import Foundation
import PostgresNIO
public import RepoFinderCore
public import Storage
import StorageSQL

extension PostgresStorage {
    public func recordInteractions(_ interactions: [Interaction], userID: String, quota: InteractionQuota)
        async throws -> InteractionReceipt
    {
        try await transaction { connection in
            // Locks the person's row: their batches are recorded one after another, so the counters stay exact.
            guard
                let counters = try await query(SharedSQL.quotaCounters + " FOR UPDATE", [userID], on: connection).first
            else { throw StorageError.unknownUser(userID) }
            let ids = try await repositoryIDs(Array(Set(interactions.map(\.repository.key))), on: connection)
            let unknown = Set(interactions.map(\.repository).filter { ids[$0.key] == nil })
            guard unknown.isEmpty else { throw StorageError.unknownRepositories(unknown.sorted { $0.key < $1.key }) }
            let now = Date()
            // One statement for the batch (and one per list), not one per interaction: a long batch stays a few
            // round trips. A client id sent twice in the batch is stored once, the first time, as sequentially.
            let inserted = try await query(
                """
                INSERT INTO interactions (user_id, client_id, repository_id, kind, at, received_at)
                SELECT ?, t.client_id, t.repository_id, t.kind, t.at, ?
                FROM UNNEST(?::text[], ?::bigint[], ?::text[], ?::timestamptz[])
                    WITH ORDINALITY AS t(client_id, repository_id, kind, at, position)
                ORDER BY t.position
                ON CONFLICT (user_id, client_id) DO NOTHING RETURNING client_id
                """,
                [
                    userID, now.roundedToMilliseconds, interactions.map(\.id),
                    interactions.map { ids[$0.repository.key]! }, interactions.map(\.kind.rawValue),
                    interactions.map(\.at.roundedToMilliseconds),
                ], on: connection)
            var fresh = Set(try inserted.map { try $0.value(0, as: String.self) })
            let accepted = fresh.count
            // Imported GitHub stars are bounded by the import itself; the quota counts what people do here.
            var counted = 0
            var listed: [RepositoryList: (ids: [Int64], at: [Date])] = [:]
            for interaction in interactions where fresh.remove(interaction.id) != nil {
                if interaction.kind != .star { counted += 1 }
                if let list = interaction.kind.list {
                    listed[list, default: ([], [])].ids.append(ids[interaction.repository.key]!)
                    listed[list, default: ([], [])].at.append(interaction.at.roundedToMilliseconds)
                }
            }
            for (list, entries) in listed {
                try await query(
                    "INSERT INTO \(SharedSQL.table(list)) (user_id, repository_id, added_at) "
                        + "SELECT ?, t.repository_id, t.added_at FROM UNNEST(?::bigint[], ?::timestamptz[]) "
                        + "WITH ORDINALITY AS t(repository_id, added_at, position) ORDER BY t.position "
                        + "ON CONFLICT (user_id, repository_id) DO NOTHING",
                    [userID, entries.ids, entries.at], on: connection)
            }
            if counted > 0 {
                // Throwing rolls the batch back.
                let updated = try quota.admit(
                    counted,
                    to: QuotaCounters(
                        total: try counters.value(0), windowStart: try counters.date(1),
                        windowCount: try counters.value(2)),
                    now: now)
                try await query(
                    SharedSQL.setQuotaCounters,
                    [updated.total, updated.windowStart?.roundedToMilliseconds, updated.windowCount, userID],
                    on: connection)
            }
            return InteractionReceipt(accepted: accepted, duplicates: interactions.count - accepted)
        }
    }

    public func activity(userID: String, top: Int) async throws -> PersonStats {
        try await requireUser(userID)
        var kinds: [InteractionKind: Int] = [:]
        for row in try await query(SharedSQL.interactionKinds, [userID]) {
            if let kind = InteractionKind(rawValue: try row.value(0)) { kinds[kind] = try row.value(1) }
        }
        func counts(_ sql: String) async throws -> [(String, Int)] {
            try await query(sql, [userID, userID]).map { (try $0.value(0), try $0.value(1)) }
        }
        return PersonStats(
            counts: kinds,
            languages: PersonStats.NamedCount.top(try await counts(SharedSQL.listedLanguages), limit: top),
            topics: PersonStats.NamedCount.top(try await counts(SharedSQL.listedTopics), limit: top))
    }

    public func withdrawInteraction(id: String, userID: String, at date: Date) async throws
        -> InteractionWithdrawal
    {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            guard
                let row = try await query(
                    SharedSQL.interactionByClientID + " FOR UPDATE OF i", [userID, id], on: connection
                ).first
            else { return .notFound }
            let kind = InteractionKind(rawValue: try row.value(0)) ?? .view
            let name = try RepositoryName(owner: try row.value(1), name: try row.value(2))
            guard InteractionWithdrawal.withdrawableKinds.contains(kind) else { return .notWithdrawable(kind) }
            guard !(try row.value(3) as Bool) else { return .alreadyWithdrawn(kind, name) }
            try await query(SharedSQL.withdrawInteraction, [date, userID, id], on: connection)
            try await query(SharedSQL.decrementInteractionCount, [userID], on: connection)
            if let list = kind.list {
                try await query(SharedSQL.removeFromList(list), [userID, name.key], on: connection)
            }
            return .withdrawn(kind, name)
        }
    }

    public func interactions(userID: String) async throws -> [Interaction] {
        try await requireUser(userID)
        return try await query(SharedSQL.interactionsOfUser, [userID]).map { row in
            Interaction(
                id: try row.value(0), repository: try RepositoryName(owner: try row.value(1), name: try row.value(2)),
                kind: InteractionKind(rawValue: try row.value(3)) ?? .view,
                at: try row.date(4) ?? Date(timeIntervalSince1970: 0))
        }
    }

    public func list(_ list: RepositoryList, userID: String, page: PageRequest) async throws -> Page<ListedRepository> {
        try await requireUser(userID)
        let total: Int = try await query(SharedSQL.listCount(list), [userID]).first?.value(0) ?? 0
        let rows = try await query(SharedSQL.listPage(list), [userID, page.perPage, page.offset])
        let repositories = try await decode(rows)
        let items = try zip(repositories, rows).map { repository, row in
            ListedRepository(repository: repository, addedAt: try row.date(SharedSQL.repositoryColumnCount) ?? Date())
        }
        return Page(items: items, total: total, request: page)
    }

    public func listedKeys(userID: String) async throws -> [RepositoryList: Set<String>] {
        try await requireUser(userID)
        var listed: [RepositoryList: Set<String>] = [.saved: [], .liked: []]
        for row in try await query(SharedSQL.listedKeys, [userID, userID]) {
            if let list = RepositoryList(rawValue: try row.value(0)) {
                listed[list, default: []].insert(try row.value(1))
            }
        }
        return listed
    }

    public func remove(_ name: RepositoryName, from list: RepositoryList, userID: String) async throws -> Bool {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            return try await !query(
                SharedSQL.removeFromList(list) + " RETURNING 1", [userID, name.key], on: connection
            )
            .isEmpty
        }
    }
}
