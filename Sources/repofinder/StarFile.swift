import Catalog
import Foundation
import Recommender

/// Reads star files of the form `user_login,repo_full_name` (a header line allowed; plain or gzip).
enum StarFile {
    /// The stars of `path`; lines that are not two non-empty fields with an `owner/name` second are skipped and
    /// counted in `skipped`.
    static func read(_ path: String) throws -> (stars: [OfflineEvaluation.Star], skipped: Int) {
        let reader: LineReader
        do {
            reader = try LineReader(path: path, maximumLineBytes: 4096)
        } catch {
            throw CommandFailure("Cannot read \(path): \(error). Give a CSV file of user_login,repo_full_name lines.")
        }
        var stars: [OfflineEvaluation.Star] = []
        var skipped = 0
        while let line = try reader.next() {
            guard case .text(let number, let bytes) = line else {
                skipped += 1
                continue
            }
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if text.isEmpty || (number == 1 && text.lowercased().hasPrefix("user_login,")) { continue }
            let fields = text.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 2, !fields[0].isEmpty, fields[1].split(separator: "/").count == 2 else {
                skipped += 1
                continue
            }
            stars.append(OfflineEvaluation.Star(person: String(fields[0]), repositoryKey: String(fields[1])))
        }
        return (stars, skipped)
    }
}
