import Foundation
import RepoFinderCore

extension Repository {
    /// The repository as JSON for `--format json` (the API's field names).
    var jsonObject: [String: Any] {
        [
            "fullName": fullName, "name": name, "owner": owner.login, "stars": stars,
            "forks": forks as Any? ?? NSNull(), "openIssues": openIssues as Any? ?? NSNull(),
            "language": language as Any? ?? NSNull(), "topics": topics,
            "description": description as Any? ?? NSNull(), "url": webURL.absoluteString, "archived": archived,
            "pushedAt": pushedAt.map(Timestamp.format) as Any? ?? NSNull(),
            "lastUpdated": lastUpdatedDescription() as Any? ?? NSNull(),
        ]
    }
}

/// Prints a JSON object for scripts: sorted keys, unescaped slashes.
func printJSON(_ object: Any) throws {
    let data = try JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: data, as: UTF8.self))
}
