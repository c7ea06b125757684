import Foundation
import Storage
import TestSupport
import Testing

@Suite("Storage contract: leases on work that runs once across servers")
struct JobLeaseContractTests {
    @Test(
        "one holder at a time: it renews; another takes the job only once the lease ends; jobs are apart",
        arguments: Engine.available)
    func leases(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let t0 = Date(timeIntervalSince1970: 1_795_000_000)
            let claims: [(job: String, holder: String, until: Double, now: Double)] = [
                ("sweep", "a", 60, 0), ("sweep", "b", 70, 10), ("sweep", "a", 120, 55), ("sweep", "b", 130, 70),
                ("other", "b", 130, 70), ("sweep", "b", 190, 121), ("sweep", "a", 200, 125),
            ]
            var held: [Bool] = []
            for claim in claims {
                held.append(
                    try await store.claimJob(
                        claim.job, holder: claim.holder, until: t0.addingTimeInterval(claim.until),
                        now: t0.addingTimeInterval(claim.now)))
            }
            // a takes it; b cannot while a holds it; a renews; still a's; another job is apart; a lapsed: b takes
            // it; a lost it.
            #expect(held == [true, false, true, false, true, true, false])
        }
    }

    @Test("many servers claiming at the same moment: exactly one holds the job", arguments: Engine.available)
    func contention(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let now = Date(timeIntervalSince1970: 1_795_000_000)
            let winners = try await withThrowingTaskGroup(of: Bool.self, returning: Int.self) { group in
                for server in 0..<12 {
                    group.addTask {
                        try await store.claimJob("sweep", holder: "s\(server)", until: now + 60, now: now)
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(winners == 1)
        }
    }

    @Test("the lease's term is the job's period and a tenth; a store that cannot answer runs nothing")
    func lease() async throws {
        try await withStore(.sqliteFile) { test in
            let now = Date(timeIntervalSince1970: 1_795_000_000)
            let mine = JobLease(store: test.store, job: "sweep", holder: "a", period: .seconds(100))
            let theirs = JobLease(store: test.store, job: "sweep", holder: "b", period: .seconds(100))
            #expect(mine.term == .seconds(110))
            #expect(await mine.claim(now: now))
            #expect(!(await theirs.claim(now: now + 109)))
            #expect(await theirs.claim(now: now + 111))
            try await test.store.close()
            #expect(!(await theirs.claim(now: now + 112)), "no answer, no run")
        }
    }
}
