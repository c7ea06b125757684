public import Foundation
import GRDB
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func createDeviceSignIn(_ record: DeviceSignInRecord) async throws {
        try await write { db in
            try db.execute(
                sql: SharedSQL.createDeviceSignIn,
                arguments: [
                    record.id, record.userID, record.sealedDeviceCode, record.userCode, record.verificationURI,
                    record.expiresAt.sqliteText, record.interval, record.state.rawValue, record.failure,
                    record.sealedToken, record.nextPollAt.sqliteText, record.failures, record.updatedAt.sqliteText,
                    record.version,
                ])
        }
    }

    public func deviceSignIn(id: String) async throws -> DeviceSignInRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: SharedSQL.deviceSignIn, arguments: [id]).map(Self.deviceSignIn)
        }
    }

    public func updateDeviceSignIn(_ record: DeviceSignInRecord) async throws -> Bool {
        try await write { db in
            try Row.fetchOne(
                db, sql: SharedSQL.updateDeviceSignIn,
                arguments: [
                    record.expiresAt.sqliteText, record.interval, record.state.rawValue, record.failure,
                    record.sealedToken, record.nextPollAt.sqliteText, record.failures, record.updatedAt.sqliteText,
                    record.id, record.version,
                ]) != nil
        }
    }

    public func liveDeviceSignIns(now: Date) async throws -> [DeviceSignInRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: SharedSQL.liveDeviceSignIns, arguments: [now.sqliteText]).map(Self.deviceSignIn)
        }
    }

    public func deleteDeviceSignIn(id: String) async throws {
        try await write { db in try db.execute(sql: SharedSQL.deleteDeviceSignIn, arguments: [id]) }
    }

    @discardableResult
    public func deleteDeviceSignIns(expiredBefore date: Date) async throws -> Int {
        try await write { db in
            try db.execute(sql: SharedSQL.deleteExpiredDeviceSignIns, arguments: [date.sqliteText])
            return db.changesCount
        }
    }

    private static func deviceSignIn(_ row: Row) throws -> DeviceSignInRecord {
        guard let expiresAt = row.date(5), let nextPollAt = row.date(10), let updatedAt = row.date(12),
            let state = DeviceSignInRecord.State(rawValue: row[7])
        else { throw StorageError.unavailable("A device sign-in row could not be read.") }
        return DeviceSignInRecord(
            id: row[0], userID: row[1], sealedDeviceCode: row[2], userCode: row[3], verificationURI: row[4],
            expiresAt: expiresAt, interval: row[6], state: state, failure: row[8], sealedToken: row[9],
            nextPollAt: nextPollAt, failures: row[11], updatedAt: updatedAt, version: row[13])
    }
}
