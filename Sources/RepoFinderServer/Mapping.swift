import Foundation
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

/// How the API's JSON shapes are made from RepoFinder's values (and back).
enum Mapping {
    static func repository(_ repository: Repository, now: Date) -> Components.Schemas.Repository {
        Components.Schemas.Repository(
            id: repository.githubID, name: repository.name, fullName: repository.fullName,
            description: repository.description, topics: repository.topics, stars: repository.stars,
            forks: repository.forks, openIssues: repository.openIssues, language: repository.language,
            url: repository.webURL.absoluteString,
            owner: .init(login: repository.owner.login, avatarUrl: repository.owner.displayAvatarURL.absoluteString),
            license: repository.license?.spdxID ?? repository.license?.name, pushedAt: repository.pushedAt,
            createdAt: repository.createdAt, archived: repository.archived,
            lastUpdated: repository.pushedAt.map { RelativeTime.describe($0, now: now) })
    }

    static func card(_ card: Recommendation, now: Date) -> Components.Schemas.FeedItem {
        Components.Schemas.FeedItem(
            repository: repository(card.repository, now: now), fitScore: card.fit, reasons: card.reasons,
            cluster: cluster(card.cluster.id))
    }

    static func cluster(_ id: String) -> Components.Schemas.ClusterID {
        Components.Schemas.ClusterID(rawValue: id) ?? .general
    }

    static func preferences(_ preferences: UserPreferences) -> Components.Schemas.Preferences {
        Components.Schemas.Preferences(
            name: preferences.name,
            primaryCluster: preferences.primaryCluster.flatMap(Components.Schemas.ClusterID.init(rawValue:)),
            secondaryClusters: preferences.secondaryClusters.compactMap(Components.Schemas.ClusterID.init(rawValue:)),
            techStack: preferences.techStack, interests: preferences.interests,
            experienceLevel: preferences.experienceLevel.flatMap { .init(rawValue: $0.rawValue) },
            projectType: preferences.projectType,
            goals: preferences.goals.compactMap { .init(rawValue: $0.rawValue) },
            onboardingCompleted: preferences.onboardingCompleted)
    }

    /// Preferences from the API, validated: trimmed, no empty or duplicate entries, lengths bounded (422 otherwise;
    /// unknown enum values never get this far: they fail decoding with 400).
    static func preferences(_ body: Components.Schemas.Preferences) throws(APIError) -> UserPreferences {
        func text(_ value: String?, _ field: String, limit: Int) throws(APIError) -> String? {
            guard let value else { return nil }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.count <= limit else {
                throw .unprocessable("'\(field)' is \(trimmed.count) characters long; at most \(limit).")
            }
            guard trimmed.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) }) else {
                throw .unprocessable("'\(field)' contains control characters.")
            }
            return trimmed.isEmpty ? nil : trimmed
        }
        func list(_ values: [String]?, _ field: String, count: Int, length: Int) throws(APIError) -> [String] {
            let values = values ?? []
            guard values.count <= count else {
                throw .unprocessable("'\(field)' has \(values.count) entries; at most \(count).")
            }
            var seen = Set<String>()
            var result: [String] = []
            for (position, value) in values.enumerated() {
                guard let item = try text(value, "\(field)[\(position)]", limit: length) else {
                    throw .unprocessable("'\(field)[\(position)]' is empty.")
                }
                if seen.insert(item.lowercased()).inserted { result.append(item) }
            }
            return result
        }
        let secondary = body.secondaryClusters ?? []
        guard secondary.count <= 13 else { throw .unprocessable("'secondaryClusters' has more than 13 entries.") }
        let goals = body.goals ?? []
        guard goals.count <= Goal.allCases.count else { throw .unprocessable("'goals' has more than 5 entries.") }
        return UserPreferences(
            name: try text(body.name, "name", limit: 80),
            primaryCluster: body.primaryCluster?.rawValue,
            secondaryClusters: unique(secondary.map(\.rawValue)),
            techStack: try list(body.techStack, "techStack", count: 30, length: 40),
            interests: try list(body.interests, "interests", count: 30, length: 40),
            experienceLevel: body.experienceLevel.flatMap { ExperienceLevel(rawValue: $0.rawValue) },
            projectType: try text(body.projectType, "projectType", limit: 80),
            goals: unique(goals.map(\.rawValue)).compactMap(Goal.init(rawValue:)),
            onboardingCompleted: body.onboardingCompleted ?? false)
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// Page numbers and sizes from query parameters, validated (400 when out of range).
    static func page(_ page: Int?, _ perPage: Int?) throws(APIError) -> PageRequest {
        let page = page ?? 1
        let perPage = perPage ?? 20
        guard (1...10_000).contains(page) else { throw .badRequest("'page' must be between 1 and 10000.") }
        guard (1...PageRequest.maximumPerPage).contains(perPage) else {
            throw .badRequest("'perPage' must be between 1 and \(PageRequest.maximumPerPage).")
        }
        return PageRequest(page: page, perPage: perPage)
    }

    /// A limit query parameter, validated (400 when out of range).
    static func limit(_ value: Int?, default fallback: Int, maximum: Int) throws(APIError) -> Int {
        let value = value ?? fallback
        guard (1...maximum).contains(value) else { throw .badRequest("'limit' must be between 1 and \(maximum).") }
        return value
    }

    /// A repository name from path parameters (400 when it cannot be one).
    static func repositoryName(owner: String, name: String) throws(APIError) -> RepositoryName {
        do {
            return try RepositoryName(owner: owner, name: name)
        } catch {
            throw .badRequest("'\(owner)/\(name)' is not a repository name: \(error).")
        }
    }

    /// A short free-text filter (language, topic): trimmed, bounded, nil when empty.
    static func filter(_ value: String?, _ field: String) throws(APIError) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 64 else { throw .badRequest("'\(field)' is at most 64 characters.") }
        return trimmed.isEmpty ? nil : trimmed
    }
}
