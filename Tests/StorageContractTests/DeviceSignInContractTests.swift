import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: device sign-ins under way, shared by the servers")
struct DeviceSignInContractTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_000_000)

    static func record(_ id: String, user: String, expiresIn: Double = 900) -> DeviceSignInRecord {
        DeviceSignInRecord(
            id: id, userID: user, sealedDeviceCode: "sealed-\(id)", userCode: "ABCD-\(id.prefix(4))",
            verificationURI: "https://github.com/login/device", expiresAt: t0 + expiresIn, interval: 5,
            nextPollAt: t0 + 5, updatedAt: t0)
    }

    @Test(
        "kept whole; an update saves only over the version it read; live ones by expiry; expired and deleted go",
        arguments: Engine.available)
    func lifecycle(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let ana = try await store.createUser(tokenHash: "hash-ana", at: Self.t0).id
            let bo = try await store.createUser(tokenHash: "hash-bo", at: Self.t0).id
            let first = Self.record("first", user: ana)
            try await store.createDeviceSignIn(first)
            try await store.createDeviceSignIn(Self.record("second", user: bo, expiresIn: 300))
            try await store.createDeviceSignIn(Self.record("old", user: bo, expiresIn: -700))
            #expect(try await store.deviceSignIn(id: "first") == first)
            #expect(try await store.deviceSignIn(id: "nothing") == nil)
            #expect(try await store.liveDeviceSignIns(now: Self.t0).map(\.id) == ["second", "first"])

            // Two servers read version 1; the first to save wins, the other's save is refused.
            var polled = first
            polled.nextPollAt = Self.t0 + 10
            polled.updatedAt = Self.t0 + 5
            var authorized = first
            authorized.sealedToken = "sealed-token"
            authorized.state = .finishing
            #expect(try await store.updateDeviceSignIn(polled))
            #expect(try await !store.updateDeviceSignIn(authorized), "read at version 1, which is gone")
            var saved = try #require(try await store.deviceSignIn(id: "first"))
            #expect(saved.version == 2 && saved.nextPollAt == Self.t0 + 10 && saved.sealedToken == nil)
            saved.state = .denied
            saved.failure = "no"
            saved.interval = 10
            saved.failures = 2
            #expect(try await store.updateDeviceSignIn(saved))
            saved.version = 3
            #expect(try await store.deviceSignIn(id: "first") == saved)
            #expect(try await store.liveDeviceSignIns(now: Self.t0).map(\.id) == ["second"], "denied is not live")
            #expect(try await store.liveDeviceSignIns(now: Self.t0 + 400).isEmpty, "expired is not live")

            #expect(try await store.deleteDeviceSignIns(expiredBefore: Self.t0 - 600) == 1)
            #expect(try await store.deviceSignIn(id: "old") == nil)
            try await store.deleteDeviceSignIn(id: "first")
            #expect(try await store.deviceSignIn(id: "first") == nil)
            var gone = saved
            gone.state = .failed
            #expect(try await !store.updateDeviceSignIn(gone), "a deleted sign-in is not saved again")
            // An account's deletion takes its sign-ins with it.
            #expect(try await store.deleteAccount(userID: bo))
            #expect(try await store.deviceSignIn(id: "second") == nil)
        }
    }
}
