import ArgumentParser
import Foundation
import RepoFinderCore
import Storage

/// `repofinder lists OWNER/NAME`: where the curated lists the catalog follows place a repository, and what it says,
/// in its own words, that it replaces — what the community says of it.
struct ListsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Where curated lists place a repository (list › heading), and what it says it replaces.")

    @Argument(help: "owner/name")
    var repository: String

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (try? RepositoryName(parsing: repository)) != nil else {
            throw ValidationError("'\(repository)' is not a repository name like owner/name.")
        }
    }

    func run() async throws {
        let name = try RepositoryName(parsing: repository)
        let (found, listings, replaces) = try await database.withCatalog { store in
            guard let found = try await store.repository(named: name) else {
                throw CommandFailure("\(repository) is not in the catalog. Search for it with repofinder search.")
            }
            return (
                found, try await store.listings(of: found.repositoryName), try await store.replacedNames(of: found.id)
            )
        }
        if !replaces.isEmpty {
            print(
                "\(terminalSafe(found.fullName)) says it is an alternative to \(terminalSafe(replaces.joined(separator: ", ")))."
            )
        }
        guard !listings.isEmpty else {
            printError("No curated list the catalog follows places \(terminalSafe(found.fullName)).")
            return
        }
        for listing in listings {
            print(terminalSafe("\(listing.list.id) › \(listing.heading.joined(separator: " › "))"))
        }
    }
}
