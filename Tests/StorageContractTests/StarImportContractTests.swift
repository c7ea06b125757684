import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: star imports and imported stars")
struct StarImportContractTests {
    static let repositories = ["apple/swift", "vapor/vapor", "pointfreeco/isowords"]

    @Test(
        "one running import per person; a stale one is failed and replaced; progress reads back",
        arguments: Engine.available)
    func imports(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let user = try await store.createUser(tokenHash: "s", at: Fixtures.moment)
            let other = try await store.createUser(tokenHash: "t", at: Fixtures.moment)
            let first = StarImport(userID: user.id, login: "octocat", startedAt: Fixtures.moment)
            let staleBefore = Fixtures.moment.addingTimeInterval(-120)
            #expect(try await store.beginStarImport(first, staleBefore: staleBefore) == .started(first))
            let second = StarImport(userID: user.id, login: "octocat", startedAt: Fixtures.moment.addingTimeInterval(1))
            #expect(try await store.beginStarImport(second, staleBefore: staleBefore) == .alreadyRunning(first))
            // Someone else's import is theirs alone.
            let theirs = StarImport(userID: other.id, login: "octocat", startedAt: Fixtures.moment)
            #expect(try await store.beginStarImport(theirs, staleBefore: staleBefore) == .started(theirs))
            #expect(try await store.starImport(id: first.id, userID: other.id) == nil)

            var progress = first
            progress.read = 100
            progress.imported = 98
            progress.added = 7
            progress.pagesRead = 1
            progress.pagesTotal = 3
            progress.newestStarredAt = Fixtures.moment.addingTimeInterval(-60)
            progress.updatedAt = Fixtures.moment.addingTimeInterval(5)
            try await store.updateStarImport(progress)
            #expect(try await store.starImport(id: first.id, userID: user.id) == progress)

            // Not heard from since before the stale time: failed, and the new one runs.
            let third = StarImport(
                userID: user.id, login: "octocat", startedAt: Fixtures.moment.addingTimeInterval(600))
            #expect(
                try await store.beginStarImport(third, staleBefore: Fixtures.moment.addingTimeInterval(300))
                    == .started(third))
            let interrupted = try #require(try await store.starImport(id: first.id, userID: user.id))
            #expect(interrupted.state == .failed && interrupted.failure != nil && interrupted.finishedAt != nil)
            #expect(interrupted.imported == 98)
            #expect(try await store.starImports(userID: user.id).map(\.id) == [third.id, first.id])
            await #expect(throws: StorageError.unknownUser("nobody")) {
                try await store.beginStarImport(
                    StarImport(userID: "nobody", login: "octocat", startedAt: Fixtures.moment), staleBefore: staleBefore
                )
            }
        }
    }

    @Test(
        "imported stars are signals on no list, outside the quota; the catalog says what it lacks",
        arguments: Engine.available)
    func stars(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories(Self.repositories.map { Fixtures.repository($0) })
            let user = try await store.createUser(tokenHash: "s", at: Fixtures.moment)
            let stars = Self.repositories.map {
                Interaction(id: "github-star:" + $0, repository: Fixtures.name($0), kind: .star, at: Fixtures.moment)
            }
            // A quota of one a day does not hold stars back, and stars leave it untouched.
            let tight = InteractionQuota(perAccount: 1, perDay: 1)
            #expect(try await store.recordInteractions(stars, userID: user.id, quota: tight).accepted == 3)
            #expect(try await store.recordInteractions(stars, userID: user.id, quota: tight).duplicates == 3)
            let like = Interaction(id: "l1", repository: Fixtures.name("apple/swift"), kind: .like, at: Fixtures.moment)
            #expect(try await store.recordInteractions([like], userID: user.id, quota: tight).accepted == 1)
            #expect(try await store.interactions(userID: user.id).filter { $0.kind == .star }.count == 3)
            #expect(try await store.activity(userID: user.id, top: 5).counts[.star] == 3)
            #expect(try await store.list(.liked, userID: user.id, page: PageRequest()).total == 1)
            #expect(try await store.list(.saved, userID: user.id, page: PageRequest()).total == 0)
            #expect(try await store.everyonesInteractions().filter { $0.kind == .star }.count == 3)

            let missing = try await store.missingRepositories([
                Fixtures.name("apple/swift"), Fixtures.name("Apple/Swift"), Fixtures.name("nobody/here"),
            ])
            #expect(missing == [Fixtures.name("nobody/here")])
        }
    }
}

@Suite("Storage contract: deleting an account leaves no row of it")
struct AccountDeletionContractTests {
    @Test(
        "every table that names the person is empty of them; the other person keeps everything",
        arguments: Engine.available)
    func deleteAccount(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let names = ["apple/swift", "vapor/vapor", "pointfreeco/isowords"]
            _ = try await store.upsertRepositories(names.map { Fixtures.repository($0) })
            var users: [UserAccount] = []
            for token in ["gone", "kept"] {
                let user = try await store.createUser(tokenHash: token, at: Fixtures.moment)
                users.append(user)
                try await store.setPreferences(UserPreferences(name: "Ada", techStack: ["Swift"]), userID: user.id)
                let kinds: [InteractionKind] = [.like, .save, .skip, .star]
                let interactions = kinds.enumerated().map { position, kind in
                    Interaction(
                        id: "\(token)-\(position)", repository: Fixtures.name(names[position % 3]), kind: kind,
                        at: Fixtures.moment)
                }
                _ = try await store.recordInteractions(interactions, userID: user.id)
                _ = try await store.recordServed(names.map(Fixtures.name), userID: user.id, at: Fixtures.moment)
                _ = try await store.beginStarImport(
                    StarImport(userID: user.id, login: "octocat", startedAt: Fixtures.moment),
                    staleBefore: Fixtures.moment)
                try await store.addToken(tokenHash: token + "-second-device", userID: user.id, at: Fixtures.moment)
                try await store.saveGitHubIdentity(
                    GitHubIdentity(
                        userID: user.id, githubID: token == "gone" ? 1 : 2, login: token, sealedToken: "sealed",
                        scopes: ["read:user"], linkedAt: Fixtures.moment, updatedAt: Fixtures.moment))
            }
            let before = try await store.rowsReferencing(userID: users[0].id)
            for table in [
                "users", "preferences", "interactions", "saved_repositories", "liked_repositories", "star_imports",
                "account_tokens", "github_identities",
            ] {
                #expect((before[table] ?? 0) > 0, "\(table) holds nothing of the person before")
            }
            #expect(try await store.deleteAccount(userID: users[0].id))
            let after = try await store.rowsReferencing(userID: users[0].id)
            #expect(Set(after.keys) == Set(before.keys))
            #expect(after.values.allSatisfy { $0 == 0 }, "left: \(after.filter { $0.value > 0 })")
            #expect(try await store.user(tokenHash: "gone") == nil)
            #expect(try await store.user(tokenHash: "gone-second-device") == nil)
            #expect(try await store.account(githubID: 1) == nil)
            #expect(try await !store.deleteAccount(userID: users[0].id))
            let kept = try await store.rowsReferencing(userID: users[1].id)
            #expect(kept == before.mapValues { $0 })
            #expect(try await store.interactions(userID: users[1].id).count == 4)
        }
    }
}
