import Foundation
import Storage
import TestSupport
import Testing

@Suite("Storage: rate-limit buckets shared by the servers")
struct SharedRateLimitsTests {
    @Test(
        "many servers taking at once: exactly the burst passes, the rest wait as long as the refill says",
        .enabled(if: Engine.available.contains(.postgres)))
    func contention() async throws {
        #expect(try await Engine.sqliteMemory.makeStore().store.sharedRateLimits == nil)
        try await withStore(.postgres) { test in
            let limits = try #require(test.store.sharedRateLimits)
            let waits = try await withThrowingTaskGroup(of: Int?.self, returning: [Int?].self) { group in
                for _ in 0..<24 {
                    // A token every 1,000 s: no round trip of the 24, however slow, sees one come back.
                    group.addTask { try await limits.takeShared(key: "k", cost: 1, perSecond: 0.001, burst: 8) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(waits.count { $0 == nil } == 8)
            // A refused request waits for one token: 1,000 s at a thousandth of a token a second (less the moments
            // since the first take, and rounded up).
            #expect(waits.compactMap { $0 }.allSatisfy { (900...1_001).contains($0) }, "\(waits)")
            // Keys are apart; a cost above the burst is charged as the burst.
            #expect(try await limits.takeShared(key: "other", cost: 50, perSecond: 0.001, burst: 8) == nil)
            #expect(try await limits.takeShared(key: "other", cost: 1, perSecond: 0.001, burst: 8) != nil)
        }
    }
}
