import APISchemas
import Dealing
import Foundation
import GitHubAccounts
import RepoFinderAPI
import RepoFinderCore
import Storage

extension APIHandlers {
    func deleteAccount(_ input: Operations.DeleteAccount.Input) async throws -> Operations.DeleteAccount.Output {
        let userID = try await accounts.authenticate()
        if let starImporter { await starImporter.cancel(userID: userID) }
        // The app's grant on GitHub goes too (a GitHub that cannot be reached does not keep the account alive).
        if let signIn { _ = await signIn.revokeGrant(userID: userID) }
        let deleted = try await store.deleteAccount(userID: userID)
        accounts.forget(userIDs: [userID])
        // Deleted meanwhile (a second request, another server): the token is dead all the same.
        guard deleted else { throw APIError.unauthorized(APIError.text("error.account.deleted")) }
        return .noContent(.init())
    }

    /// The generated form of the export (the whole document at once); the server answers the path with
    /// ``ExportEndpoint``, which streams it. Kept so the contract stays whole.
    func exportAccount(_ input: Operations.ExportAccount.Input) async throws -> Operations.ExportAccount.Output {
        let userID = try await accounts.authenticate()
        return .ok(
            .init(
                headers: .init(contentDisposition: Self.exportDisposition(on: clock())),
                body: .json(try await exportDocument(userID: userID, withThreads: true))))
    }

    /// `attachment; filename="repofinder-export-YYYY-MM-DD.json"` for an export on `date`.
    static func exportDisposition(on date: Date) -> String {
        let day = ISO8601DateFormatter.string(from: date, timeZone: .gmt, formatOptions: [.withFullDate])
        return #"attachment; filename="repofinder-export-\#(day).json""#
    }

    /// Everything the person's account holds; the Ask threads and the analytics events only `withThreads` (the
    /// streamed export writes them a page at a time after the rest).
    func exportDocument(userID: String, withThreads: Bool) async throws -> Components.Schemas.AccountExport {
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
            saved: try await saved, liked: try await liked, imports: try await imports.map(APISchemas.starImport))
        guard withThreads else { return document }
        var threads: [Components.Schemas.ExportedAskThread] = []
        var cursor: AskThreadCursor?
        repeat {
            let page = try await exportedThreads(userID: userID, after: cursor, limit: ExportEndpoint.threadsPerWrite)
            threads += page.threads
            cursor = page.next
        } while cursor != nil
        var whole = document
        whole.threads = threads
        await deck.ledger.flush()
        whole.events = try await store.events(userID: userID).map(Self.exported)
        return whole
    }

    /// An analytics event as the export writes it.
    static func exported(_ event: AnalyticsEvent) -> Components.Schemas.ExportedEvent {
        .init(
            id: event.id, name: event.name.rawValue, at: event.at,
            platform: .init(rawValue: event.platform.rawValue) ?? .web, label: event.label, value: event.value,
            count: event.count, query: event.query, repo: event.repository?.fullName, reason: event.reason)
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
