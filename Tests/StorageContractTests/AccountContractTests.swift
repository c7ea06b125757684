import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: a token per device, GitHub identities, merging two accounts into one")
struct AccountContractTests {
    static let names = ["apple/swift", "vapor/vapor", "pointfreeco/isowords", "groue/GRDB.swift"]

    func identity(_ userID: String, githubID: Int64 = 583_231, login: String = "octocat") -> GitHubIdentity {
        GitHubIdentity(
            userID: userID, githubID: githubID, login: login, name: "The Octocat", avatarURL: "https://a.example/1",
            sealedToken: "sealed-\(login)", scopes: ["read:user", "public_repo"], linkedAt: Fixtures.moment,
            updatedAt: Fixtures.moment)
    }

    func interaction(_ id: String, _ repository: String, _ kind: InteractionKind, minute: Int) -> Interaction {
        Interaction(
            id: id, repository: Fixtures.name(repository), kind: kind,
            at: Fixtures.moment.addingTimeInterval(Double(minute) * 60))
    }

    @Test(
        "each device's token finds the account; signing out ends one token, or all of them", arguments: Engine.available
    )
    func tokens(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let account = try await store.createUser(tokenHash: "first-device", at: Fixtures.moment)
            try await store.addToken(tokenHash: "second-device", userID: account.id, at: Fixtures.moment)
            try await store.addToken(tokenHash: "third-device", userID: account.id, at: Fixtures.moment)
            #expect(try await store.user(tokenHash: "second-device")?.id == account.id)
            #expect(try await store.deleteToken(tokenHash: "first-device"))
            #expect(try await !store.deleteToken(tokenHash: "first-device"))
            #expect(try await store.user(tokenHash: "first-device") == nil)
            #expect(try await store.user(tokenHash: "third-device")?.id == account.id)
            #expect(try await store.deleteTokens(userID: account.id) == 2)
            #expect(try await store.user(tokenHash: "second-device") == nil)
            await #expect(throws: StorageError.unknownUser("nobody")) {
                try await store.addToken(tokenHash: "x", userID: "nobody", at: Fixtures.moment)
            }
        }
    }

    @Test(
        "an identity links one account to one GitHub user; refreshing it keeps when it was linked",
        arguments: Engine.available)
    func identities(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let account = try await store.createUser(tokenHash: "a", at: Fixtures.moment)
            let other = try await store.createUser(tokenHash: "b", at: Fixtures.moment)
            #expect(try await store.githubIdentity(userID: account.id) == nil)
            try await store.saveGitHubIdentity(identity(account.id))
            #expect(try await store.githubIdentity(userID: account.id) == identity(account.id))
            #expect(try await store.account(githubID: 583_231) == account.id)
            var renamed = identity(account.id, login: "octo-renamed")
            renamed.linkedAt = Fixtures.moment.addingTimeInterval(3_600)
            renamed.updatedAt = Fixtures.moment.addingTimeInterval(3_600)
            try await store.saveGitHubIdentity(renamed)
            let stored = try await store.githubIdentity(userID: account.id)
            #expect(stored?.login == "octo-renamed")
            #expect(stored?.linkedAt == Fixtures.moment)
            await #expect(throws: StorageError.identityTaken(583_231)) {
                try await store.saveGitHubIdentity(identity(other.id))
            }
            // A linked account came back: it is never cleaned up as abandoned.
            #expect(try await store.user(tokenHash: "a")?.returnedAt != nil)
            #expect(
                try await store.deleteAbandonedAccounts(createdBefore: Fixtures.moment.addingTimeInterval(1), limit: 10)
                    == 1)
            #expect(try await store.user(tokenHash: "a") != nil)
        }
    }

    @Test(
        "merging unites lists, keeps interactions once by id, keeps the target's preferences, and deletes the source",
        arguments: Engine.available)
    func merge(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories(Self.names.map { Fixtures.repository($0) })
            let target = try await store.createUser(tokenHash: "laptop", at: Fixtures.moment)
            let source = try await store.createUser(tokenHash: "phone", at: Fixtures.moment)
            try await store.setPreferences(UserPreferences(name: "Ada", techStack: ["Swift"]), userID: target.id)
            try await store.setPreferences(UserPreferences(name: "Phone", techStack: ["Rust"]), userID: source.id)
            _ = try await store.recordInteractions(
                [
                    interaction("shared-1", "apple/swift", .like, minute: 1),
                    interaction("laptop-1", "vapor/vapor", .save, minute: 2),
                ], userID: target.id)
            _ = try await store.recordInteractions(
                [
                    interaction("shared-1", "apple/swift", .like, minute: 1),
                    interaction("phone-1", "pointfreeco/isowords", .like, minute: 3),
                    interaction("phone-2", "groue/GRDB.swift", .save, minute: 4),
                    interaction("phone-3", "vapor/vapor", .skip, minute: 5),
                ], userID: source.id)
            _ = try await store.recordServed(
                ["groue/GRDB.swift", "vapor/vapor"].map(Fixtures.name), userID: source.id, at: Fixtures.moment)
            _ = try await store.recordServed([Fixtures.name("apple/swift")], userID: target.id, at: Fixtures.moment)

            let merge = try await store.mergeAccount(source.id, into: target.id)
            #expect(
                merge == AccountMerge(interactions: 3, duplicates: 1, saved: 1, liked: 1, tookPreferences: false))
            let ids = try await store.interactions(userID: target.id).map(\.id)
            #expect(ids == ["shared-1", "laptop-1", "phone-1", "phone-2", "phone-3"])
            let liked = try await store.list(.liked, userID: target.id, page: PageRequest()).items
            #expect(Set(liked.map(\.repository.fullName)) == ["apple/swift", "pointfreeco/isowords"])
            let saved = try await store.list(.saved, userID: target.id, page: PageRequest()).items
            #expect(Set(saved.map(\.repository.fullName)) == ["vapor/vapor", "groue/GRDB.swift"])
            #expect(try await store.preferences(userID: target.id)?.name == "Ada")
            #expect(
                try await store.served(userID: target.id)
                    == Set(["apple/swift", "groue/GRDB.swift", "vapor/vapor"].map { Fixtures.name($0).key }))
            // The source is gone with its token; its rows all moved or went.
            #expect(try await store.user(tokenHash: "phone") == nil)
            #expect(try await store.rowsReferencing(userID: source.id).values.allSatisfy { $0 == 0 })
            #expect(try await store.activity(userID: target.id, top: 3).counts[.like] == 2)
            // The quota counts the merged interactions (a replayed id is still a duplicate).
            let receipt = try await store.recordInteractions(
                [interaction("phone-1", "pointfreeco/isowords", .like, minute: 3)], userID: target.id)
            #expect(receipt == InteractionReceipt(accepted: 0, duplicates: 1))
        }
    }

    @Test("a target without preferences takes the source's", arguments: Engine.available)
    func mergeTakesPreferences(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let target = try await store.createUser(tokenHash: "new", at: Fixtures.moment)
            let source = try await store.createUser(tokenHash: "old", at: Fixtures.moment)
            try await store.setPreferences(UserPreferences(techStack: ["Go"]), userID: source.id)
            let merge = try await store.mergeAccount(source.id, into: target.id)
            #expect(merge.tookPreferences)
            #expect(try await store.preferences(userID: target.id)?.techStack == ["Go"])
            await #expect(throws: StorageError.unknownUser(source.id)) {
                try await store.mergeAccount(source.id, into: target.id)
            }
        }
    }

    @Test(
        "one account's many refused stars never hold up another's: due changes come in turns by account",
        arguments: Engine.available)
    func starQueueTurns(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let flooder = try await store.createUser(tokenHash: "f", at: Fixtures.moment)
            let victim = try await store.createUser(tokenHash: "v", at: Fixtures.moment)
            for i in 0..<120 {
                try await store.queueStarChange(
                    StarChange(
                        userID: flooder.id, repository: Fixtures.name("flood/repo-\(i)"), action: .star,
                        nextAttemptAt: Fixtures.moment.addingTimeInterval(Double(i)), lastError: "refused",
                        createdAt: Fixtures.moment))
            }
            try await store.queueStarChange(
                StarChange(
                    userID: victim.id, repository: Fixtures.name("apple/swift"), action: .star,
                    nextAttemptAt: Fixtures.moment.addingTimeInterval(500), createdAt: Fixtures.moment))
            let due = try await store.dueStarChanges(by: Fixtures.moment.addingTimeInterval(600), limit: 50)
            #expect(due.count == 50)
            // Before: the flooder's 120 older changes filled every round of 50, so the victim's waited three rounds.
            #expect(due.first?.userID == flooder.id)
            #expect(due.dropFirst().first?.userID == victim.id)
            #expect(
                due.filter { $0.userID == flooder.id }.map(\.repository.fullName).prefix(2) == [
                    "flood/repo-0", "flood/repo-1",
                ])
        }
    }

    @Test(
        "stars waiting for GitHub: the newest wish per repository wins, due ones come soonest first, they follow a merge",
        arguments: Engine.available)
    func starQueue(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let person = try await store.createUser(tokenHash: "p", at: Fixtures.moment)
            let device = try await store.createUser(tokenHash: "d", at: Fixtures.moment)
            func change(_ user: String, _ repo: String, _ action: StarChange.Action, in seconds: Double) -> StarChange {
                StarChange(
                    userID: user, repository: Fixtures.name(repo), action: action,
                    nextAttemptAt: Fixtures.moment.addingTimeInterval(seconds),
                    lastError: "GitHub could not be reached",
                    createdAt: Fixtures.moment.addingTimeInterval(seconds))
            }
            try await store.queueStarChange(change(person.id, "apple/swift", .star, in: 10))
            let unstar = change(person.id, "Apple/Swift", .unstar, in: 20)
            try await store.queueStarChange(unstar)
            try await store.queueStarChange(change(person.id, "vapor/vapor", .star, in: 5))
            try await store.queueStarChange(change(device.id, "vapor/vapor", .unstar, in: 1))
            try await store.queueStarChange(change(device.id, "groue/GRDB.swift", .star, in: 2))
            #expect(
                try await store.pendingStarChange(userID: person.id, repository: Fixtures.name("apple/swift"))
                    == unstar)
            let due = try await store.dueStarChanges(by: Fixtures.moment.addingTimeInterval(6), limit: 10)
            // In turns: each account's soonest due first (device, then person), then each account's second.
            #expect(due.map(\.repository.fullName) == ["vapor/vapor", "vapor/vapor", "groue/GRDB.swift"])
            // A failed try is saved only for the same wish; an outdated one changes nothing.
            var retried = unstar
            retried.attempts = 2
            retried.nextAttemptAt = Fixtures.moment.addingTimeInterval(100)
            try await store.deferStarChange(retried)
            try await store.completeStarChange(change(person.id, "apple/swift", .star, in: 10))
            #expect(
                try await store.pendingStarChange(userID: person.id, repository: Fixtures.name("apple/swift"))
                    == retried)
            // The device's wishes follow it into the person's account; the person's own wish for a repository wins.
            _ = try await store.mergeAccount(device.id, into: person.id)
            let merged = try await store.pendingStarChanges(userID: person.id)
            #expect(
                Set(merged.map { "\($0.repository.fullName) \($0.action.rawValue)" }) == [
                    "Apple/Swift unstar", "vapor/vapor star", "groue/GRDB.swift star",
                ])
            try await store.completeStarChange(retried)
            #expect(try await store.pendingStarChanges(userID: person.id).count == 2)
        }
    }
}
