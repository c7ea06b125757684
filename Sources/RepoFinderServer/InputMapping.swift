import Foundation
import Localization
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

/// What the API's input means in RepoFinder's values, validated (the output shapes come from ``APISchemas``).
enum InputMapping {
    /// Preferences from the API, validated: trimmed, no empty or duplicate entries, lengths bounded (422 otherwise;
    /// unknown enum values never get this far: they fail decoding with 400).
    static func preferences(_ body: Components.Schemas.Preferences) throws(APIError) -> UserPreferences {
        func text(_ value: String?, _ field: String, limit: Int) throws(APIError) -> String? {
            guard let value else { return nil }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            // Characters for people, bytes for storage: one letter with thousands of combining marks is one
            // character.
            guard trimmed.count <= limit, trimmed.utf8.count <= limit * bytesPerCharacter else {
                throw .unprocessable(
                    APIError.text(
                        "error.preferences.too-long", field, String(trimmed.count), String(trimmed.utf8.count), limit,
                        limit * bytesPerCharacter))
            }
            guard trimmed.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) }) else {
                throw .unprocessable(APIError.text("error.preferences.control-characters", field))
            }
            return trimmed.isEmpty ? nil : trimmed
        }
        func list(_ values: [String]?, _ field: String, count: Int, length: Int) throws(APIError) -> [String] {
            let values = values ?? []
            guard values.count <= count else {
                throw .unprocessable(
                    APIError.text("error.preferences.too-many-entries", field, String(values.count), count))
            }
            var seen = Set<String>()
            var result: [String] = []
            for (position, value) in values.enumerated() {
                guard let item = try text(value, "\(field)[\(position)]", limit: length) else {
                    throw .unprocessable(APIError.text("error.preferences.empty-entry", "\(field)[\(position)]"))
                }
                if seen.insert(item.lowercased()).inserted { result.append(item) }
            }
            return result
        }
        let secondary = body.secondaryClusters ?? []
        guard secondary.count <= 13 else {
            throw .unprocessable(APIError.text("error.preferences.too-many-areas"))
        }
        let goals = body.goals ?? []
        guard goals.count <= Goal.allCases.count else {
            throw .unprocessable(APIError.text("error.preferences.too-many-goals"))
        }
        return UserPreferences(
            name: try text(body.name, "name", limit: UserPreferences.maximumTextLength),
            primaryCluster: body.primaryCluster?.rawValue,
            secondaryClusters: unique(secondary.map(\.rawValue)),
            techStack: try list(
                body.techStack, "techStack", count: UserPreferences.maximumEntries,
                length: UserPreferences.maximumEntryLength),
            interests: try list(
                body.interests, "interests", count: UserPreferences.maximumEntries,
                length: UserPreferences.maximumEntryLength),
            experienceLevel: body.experienceLevel.flatMap { ExperienceLevel(rawValue: $0.rawValue) },
            projectType: try text(body.projectType, "projectType", limit: UserPreferences.maximumTextLength),
            goals: unique(goals.map(\.rawValue)).compactMap(Goal.init(rawValue:)),
            onboardingCompleted: body.onboardingCompleted ?? false,
            language: body.language.flatMap { $0.rawValue.isEmpty ? nil : $0.rawValue })
    }

    /// A coding path as the API names a field: `interactions[0].kind`.
    static func fieldPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { text, key in
            key.intValue.map { text + "[\($0)]" } ?? (text.isEmpty ? key.stringValue : text + "." + key.stringValue)
        }
    }

    /// Text limits allow this many UTF-8 bytes per character allowed (4: any one code point).
    static let bytesPerCharacter = 4
    /// Longest client id of an interaction, in UTF-8 bytes.
    static let maximumClientIDBytes = 100

    /// Whether `id` can be an interaction's client id: 1 to 100 bytes of UTF-8, no control characters (a NUL would
    /// cut it short in C APIs: `a\0b` must not become `a`).
    static func isClientID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= maximumClientIDBytes
            && !id.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) }
    }

    /// Search results are paged through this far at most (as on GitHub): deep pages cost the database the most and
    /// nobody reads them.
    static let maximumSearchReach = 1_000

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// Page numbers and sizes from query parameters, validated (400 when out of range).
    static func page(_ page: Int?, _ perPage: Int?) throws(APIError) -> PageRequest {
        let page = try pageNumber(page)
        let perPage = perPage ?? 20
        guard (1...PageRequest.maximumPerPage).contains(perPage) else {
            throw .badRequest(APIError.text("error.per-page.out-of-range", PageRequest.maximumPerPage))
        }
        return PageRequest(page: page, perPage: perPage)
    }

    /// A page number query parameter, 1 when absent, validated (400 outside 1…10,000).
    static func pageNumber(_ page: Int?) throws(APIError) -> Int {
        let page = page ?? 1
        guard (1...10_000).contains(page) else { throw .badRequest(APIError.text("error.page.out-of-range")) }
        return page
    }

    /// A limit query parameter, validated (400 when out of range).
    static func limit(_ value: Int?, default fallback: Int, maximum: Int) throws(APIError) -> Int {
        let value = value ?? fallback
        guard (1...maximum).contains(value) else {
            throw .badRequest(APIError.text("error.limit.out-of-range", maximum))
        }
        return value
    }

    /// A repository name from path parameters (400 when it cannot be one).
    static func repositoryName(owner: String, name: String) throws(APIError) -> RepositoryName {
        do {
            return try RepositoryName(owner: owner, name: name)
        } catch {
            throw .badRequest(
                APIError.text(
                    "error.repository-name.invalid-path", "\(owner)/\(name)",
                    Words(Language.current).repositoryNameProblem(error)))
        }
    }

    /// A short free-text filter (language, topic): trimmed, bounded, nil when empty.
    /// A `YYYY-MM-DD` query value; nil when absent, 400 when it is not a calendar day.
    static func day(_ value: String?, _ field: String) throws(APIError) -> Day? {
        guard let value else { return nil }
        guard let day = Day(value) else {
            throw .badRequest(APIError.text("error.day.invalid", field))
        }
        return day
    }

    static func filter(_ value: String?, _ field: String) throws(APIError) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 64, trimmed.utf8.count <= 64 * bytesPerCharacter else {
            throw .badRequest(APIError.text("error.filter-text.too-long", field))
        }
        return trimmed.isEmpty ? nil : trimmed
    }
}
