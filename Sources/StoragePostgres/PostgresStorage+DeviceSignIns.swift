public import Foundation
import PostgresNIO
import RepoFinderCore
public import Storage
import StorageSQL

extension PostgresStorage {
    public func createDeviceSignIn(_ record: DeviceSignInRecord) async throws {
        try await query(
            SharedSQL.createDeviceSignIn,
            [
                record.id, record.userID, record.sealedDeviceCode, record.userCode, record.verificationURI,
                record.expiresAt.roundedToMilliseconds, record.interval, record.state.rawValue, record.failure,
                record.sealedToken, record.nextPollAt.roundedToMilliseconds, record.failures,
                record.updatedAt.roundedToMilliseconds, record.version,
            ])
    }

    public func deviceSignIn(id: String) async throws -> DeviceSignInRecord? {
        try await query(SharedSQL.deviceSignIn, [id]).first.map(Self.deviceSignIn)
    }

    public func updateDeviceSignIn(_ record: DeviceSignInRecord) async throws -> Bool {
        try await !query(
            SharedSQL.updateDeviceSignIn,
            [
                record.expiresAt.roundedToMilliseconds, record.interval, record.state.rawValue, record.failure,
                record.sealedToken, record.nextPollAt.roundedToMilliseconds, record.failures,
                record.updatedAt.roundedToMilliseconds, record.id, record.version,
            ]
        ).isEmpty
    }

    public func liveDeviceSignIns(now: Date) async throws -> [DeviceSignInRecord] {
        try await query(SharedSQL.liveDeviceSignIns, [now.roundedToMilliseconds]).map(Self.deviceSignIn)
    }

    public func deleteDeviceSignIn(id: String) async throws {
        try await query(SharedSQL.deleteDeviceSignIn, [id])
    }

    @discardableResult
    public func deleteDeviceSignIns(expiredBefore date: Date) async throws -> Int {
        try await query(SharedSQL.deleteExpiredDeviceSignIns + " RETURNING id", [date.roundedToMilliseconds]).count
    }

    private static func deviceSignIn(_ row: PostgresRandomAccessRow) throws -> DeviceSignInRecord {
        guard let expiresAt = try row.date(5), let nextPollAt = try row.date(10), let updatedAt = try row.date(12),
            let state = DeviceSignInRecord.State(rawValue: try row.value(7))
        else { throw StorageError.unavailable("A device sign-in row could not be read.") }
        return DeviceSignInRecord(
            id: try row.value(0), userID: try row.value(1), sealedDeviceCode: try row.value(2),
            userCode: try row.value(3), verificationURI: try row.value(4), expiresAt: expiresAt,
            interval: try row.value(6), state: state, failure: try row.value(8), sealedToken: try row.value(9),
            nextPollAt: nextPollAt, failures: try row.value(11), updatedAt: updatedAt, version: try row.value(13))
    }
}
