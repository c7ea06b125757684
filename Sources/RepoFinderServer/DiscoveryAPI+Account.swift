import APISchemas
import Foundation
import GitHubAccounts
import RepoFinderAPI
import RepoFinderCore
import Storage

extension DiscoveryAPI {
    func deleteAccount(_ input: Operations.DeleteAccount.Input) async throws -> Operations.DeleteAccount.Output {
        let userID = try await accounts.authenticate()
        if let starImporter { await starImporter.cancel(userID: userID) }
        // The app's grant on GitHub goes too (a GitHub that cannot be reached does not keep the account alive).
        if let signIn { _ = await signIn.revokeGrant(userID: userID) }
        let deleted = try await store.deleteAccount(userID: userID)
        accounts.forgetCurrent()
        // Deleted meanwhile (a second request, another server): the token is dead all the same.
        guard deleted else { throw APIError.unauthorized("This account was deleted; create one with POST /v1/users.") }
        return .noContent(.init())
    }

    func exportAccount(_ input: Operations.ExportAccount.Input) async throws -> Operations.ExportAccount.Output {
        let userID = try await accounts.authenticate()
        async let preferences = store.preferences(userID: userID)
        async let interactions = store.interactions(userID: userID)
        async let imports = store.starImports(userID: userID)
        async let saved = everything(on: .saved, userID: userID)
        async let liked = everything(on: .liked, userID: userID)
        let github = try await account(userID).github
        let document = Components.Schemas.AccountExport(
            format: .repofinderExport1, exportedAt: Date(), account: .init(id: userID),
            github: github.map { .init(value1: $0) },
            preferences: try await preferences.map(APISchemas.preferences),
            interactions: try await interactions.map { interaction in
                .init(
                    id: interaction.id, repo: interaction.repository.fullName,
                    kind: .init(rawValue: interaction.kind.rawValue) ?? .view, at: interaction.at)
            },
            saved: try await saved, liked: try await liked, imports: try await imports.map(APISchemas.starImport),
            threads: try await exportedThreads(userID: userID))
        let day = ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withFullDate])
        return .ok(
            .init(
                headers: .init(contentDisposition: #"attachment; filename="repofinder-export-\#(day).json""#),
                body: .json(document)))
    }

    /// Every entry of one of the person's lists, newest first.
    private func everything(on list: RepositoryList, userID: String) async throws
        -> [Components.Schemas.ExportedListEntry]
    {
        var entries: [Components.Schemas.ExportedListEntry] = []
        var page = 1
        while true {
            let found = try await store.list(
                list, userID: userID, page: PageRequest(page: page, perPage: PageRequest.maximumPerPage))
            entries += found.items.map { .init(repo: $0.repository.fullName, addedAt: $0.addedAt) }
            if entries.count >= found.total || found.items.isEmpty { return entries }
            page += 1
        }
    }
}
