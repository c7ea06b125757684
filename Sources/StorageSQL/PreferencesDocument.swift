import Foundation
package import RepoFinderCore

/// Preferences are stored as one JSON document (TEXT in SQLite, JSONB in PostgreSQL), so adding a preference
/// needs no migration.
package enum PreferencesDocument {
    package static func encode(_ preferences: UserPreferences) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(preferences), as: UTF8.self)
    }

    package static func decode(_ document: String) throws -> UserPreferences {
        try JSONDecoder().decode(UserPreferences.self, from: Data(document.utf8))
    }
}
