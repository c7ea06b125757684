import Storage

/// The statements of device sign-ins, shared by both engines (`?` placeholders).
extension SharedSQL {
    /// The columns in ``DeviceSignInRecord``'s order.
    package static let deviceSignInColumns = """
        id, user_id, device_code, user_code, verification_uri, expires_at, poll_interval, state, failure, token, \
        next_poll_at, failures, updated_at, version
        """

    package static let createDeviceSignIn =
        "INSERT INTO device_sign_ins (\(deviceSignInColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

    package static let deviceSignIn = "SELECT \(deviceSignInColumns) FROM device_sign_ins WHERE id = ?"

    /// Everything that changes, then the id and the version read; a row back when saved.
    package static let updateDeviceSignIn = """
        UPDATE device_sign_ins SET expires_at = ?, poll_interval = ?, state = ?, failure = ?, token = ?,
            next_poll_at = ?, failures = ?, updated_at = ?, version = version + 1
        WHERE id = ? AND version = ?
        RETURNING id
        """

    package static let liveDeviceSignIns = """
        SELECT \(deviceSignInColumns) FROM device_sign_ins WHERE state = 'pending' AND expires_at > ?
        ORDER BY expires_at, id
        """

    package static let deleteDeviceSignIn = "DELETE FROM device_sign_ins WHERE id = ?"

    package static let deleteExpiredDeviceSignIns = "DELETE FROM device_sign_ins WHERE expires_at < ?"

}
