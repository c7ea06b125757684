import Foundation
import GitHubAccounts
import Storage
import TestSupport
import Testing

/// A sweep that must run once across servers runs only where its lease is held, and another server takes it over once
/// the holder's lease lapses.
@Suite("Once across servers: the account clean-up runs only on the lease's holder")
struct JobLeaseServiceTests {
    @Test("while another server holds the lease nothing is swept; once it lapses, this server takes over and sweeps")
    func takeover() async throws {
        try await withStore(.sqliteFile) { test in
            let store = test.store
            _ = try await store.createUser(tokenHash: "abandoned", at: Date().addingTimeInterval(-40 * 86_400))
            #expect(try await store.statistics().users == 1)
            // Another server swept a moment ago and holds the job for an hour (it lets it lapse below: a lease of a
            // few seconds could lapse before a busy machine ran the check that it is held).
            #expect(try await store.claimJob("account-cleanup", holder: "other", until: Date() + 3_600, now: Date()))
            var service = AccountCleanupService(
                store: store, age: .seconds(30 * 86_400), clock: ContinuousClock(), logger: ServerHarness.quietLogger)
            service.interval = .milliseconds(50)
            service.lease = JobLease(store: store, job: "account-cleanup", holder: "me", period: service.interval)
            let running = Task { [service] in try await service.run() }
            defer { running.cancel() }
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await store.statistics().users == 1, "the other server holds the job: not swept here")
            // The other server's lease lapses (a holder renews its own lease to any time).
            #expect(try await store.claimJob("account-cleanup", holder: "other", until: Date() - 1, now: Date()))
            var swept = false
            for _ in 0..<400 where !swept {
                try await Task.sleep(for: .milliseconds(50))
                swept = try await store.statistics().users == 0
            }
            #expect(swept, "taken over once the other's lease lapsed")
        }
    }
}
