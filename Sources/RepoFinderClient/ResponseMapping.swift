import Foundation
import RepoFinderAPI
import RepoFinderAPIClient
import RepoFinderCore

/// The generated API types to the app's values and back.
enum ResponseMapping {
    static func starImport(_ body: Components.Schemas.StarImport) -> StarImportProgress {
        StarImportProgress(
            id: body.id, login: body.login, state: StarImportProgress.State(rawValue: body.state.rawValue) ?? .failed,
            read: body.read, imported: body.imported, added: body.added, pagesRead: body.pagesRead,
            pagesTotal: body.pagesTotal, failure: body.failure)
    }

    static func repository(_ item: Components.Schemas.Repository) throws(ClientFailure) -> Repository {
        guard let url = URL(string: item.url) else {
            throw .serverTrouble("a repository address this app cannot read: \(item.url)")
        }
        return Repository(
            githubID: item.id,
            owner: RepositoryOwner(login: item.owner.login, avatarURL: item.owner.avatarUrl.flatMap(URL.init(string:))),
            name: item.name, description: item.description, topics: item.topics, language: item.language,
            stars: item.stars, forks: item.forks, openIssues: item.openIssues,
            license: item.license.map { RepositoryLicense(spdxID: $0, name: $0) }, createdAt: item.createdAt,
            pushedAt: item.pushedAt, archived: item.archived, webURL: url, goneAt: item.goneAt,
            checkedAt: item.checkedAt,
            viewer: item.viewer.map { RepositoryState(liked: $0.liked, saved: $0.saved, skipped: $0.skipped) })
    }

    static func card(_ item: Components.Schemas.FeedItem) throws(ClientFailure) -> Card {
        Card(
            repository: try repository(item.repository), fitScore: item.fitScore, reasons: item.reasons,
            cluster: item.cluster.rawValue)
    }

    static func preferences(_ body: Components.Schemas.Preferences) -> UserPreferences {
        UserPreferences(
            name: body.name, primaryCluster: body.primaryCluster?.rawValue,
            secondaryClusters: (body.secondaryClusters ?? []).map(\.rawValue), techStack: body.techStack ?? [],
            interests: body.interests ?? [],
            experienceLevel: body.experienceLevel.flatMap { ExperienceLevel(rawValue: $0.rawValue) },
            projectType: body.projectType, goals: (body.goals ?? []).compactMap { Goal(rawValue: $0.rawValue) },
            onboardingCompleted: body.onboardingCompleted ?? false,
            language: body.language.flatMap { $0.rawValue.isEmpty ? nil : $0.rawValue }, analytics: body.analytics)
    }

    static func preferences(_ preferences: UserPreferences) throws(ClientFailure) -> Components.Schemas.Preferences {
        Components.Schemas.Preferences(
            name: preferences.name, primaryCluster: try preferences.primaryCluster.map(clusterID),
            secondaryClusters: try preferences.secondaryClusters.map(clusterID), techStack: preferences.techStack,
            interests: preferences.interests,
            experienceLevel: preferences.experienceLevel.flatMap { .init(rawValue: $0.rawValue) },
            projectType: preferences.projectType, goals: preferences.goals.compactMap { .init(rawValue: $0.rawValue) },
            onboardingCompleted: preferences.onboardingCompleted,
            language: preferences.language.flatMap { .init(rawValue: $0) }, analytics: preferences.analytics)
    }

    /// A deck filter as the contract's (an unknown area is refused here, before any request).
    static func deckFilter(_ filter: DeckFilter) throws(ClientFailure) -> Components.Schemas.DeckFilter {
        var clusters: [Components.Schemas.ClusterID] = []
        for id in filter.clusters { clusters.append(try clusterID(id)) }
        return Components.Schemas.DeckFilter(
            languages: filter.languages,
            excludedLanguages: filter.excludedLanguages.isEmpty ? nil : filter.excludedLanguages,
            clusters: clusters.isEmpty ? nil : clusters,
            minimumStars: filter.minimumStars, health: filter.health.flatMap { .init(rawValue: $0.rawValue) })
    }

    static func deckFilter(_ body: Components.Schemas.DeckFilter) -> DeckFilter {
        DeckFilter(
            languages: body.languages ?? [], excludedLanguages: body.excludedLanguages ?? [],
            clusters: (body.clusters ?? []).map(\.rawValue), minimumStars: body.minimumStars ?? 0,
            health: body.health.flatMap { .init(rawValue: $0.rawValue) })
    }

    static func deckFilterState(_ body: Components.Schemas.DeckFilterState) -> DeckFilterState {
        DeckFilterState(
            filter: deckFilter(body.filter), matching: body.matching, deepLink: body.deepLink, webPath: body.webPath)
    }

    static func clusterID(_ id: String) throws(ClientFailure) -> Components.Schemas.ClusterID {
        guard let cluster = Components.Schemas.ClusterID(rawValue: id) else {
            let known = Components.Schemas.ClusterID.allCases.map(\.rawValue).joined(separator: ", ")
            throw .rejected("'\(id)' is not a cluster; choose one of \(known).")
        }
        return cluster
    }

    static func interaction(_ interaction: Interaction) -> Components.Schemas.InteractionInput {
        .init(
            id: interaction.id, repo: interaction.repository.fullName,
            kind: Components.Schemas.InteractionKind(rawValue: interaction.kind.rawValue) ?? .view, at: interaction.at)
    }
}
