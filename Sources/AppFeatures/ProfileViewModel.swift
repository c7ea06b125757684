public import Foundation
import Localization
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// The person's profile: their preferences and what they did, counted.
@Observable @MainActor
public final class ProfileViewModel {
    public enum State: Hashable, Sendable {
        case loading
        case loaded(preferences: UserPreferences, stats: PersonStats)
        case failed(String)
    }

    public enum Event: Hashable, Sendable {
        case appear
        case refresh
    }

    public private(set) var state = State.loading
    private let service: any RepoFinderService

    public init(service: any RepoFinderService) {
        self.service = service
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        state = .loading
        return Task {
            do {
                async let preferences = service.preferences()
                async let stats = service.stats()
                state = .loaded(preferences: try await preferences, stats: try await stats)
            } catch {
                state = .failed(ClientFailure.from(error).message)
            }
        }
    }

    /// The preferences in words, one line each, for the profile screen ("Most interested in: mobile").
    public static func describe(_ preferences: UserPreferences) -> [String] {
        let words = Words(Language.device)
        var lines: [String] = []
        if let primary = preferences.primaryCluster { lines.append(words.text("app.profile.primary", primary)) }
        if !preferences.secondaryClusters.isEmpty {
            lines.append(words.text("app.profile.also", preferences.secondaryClusters.joined(separator: ", ")))
        }
        if !preferences.techStack.isEmpty {
            lines.append(words.text("app.profile.works-with", preferences.techStack.joined(separator: ", ")))
        }
        if let level = preferences.experienceLevel {
            lines.append(words.text("app.profile.experience", words.text("app.experience.\(level.rawValue)")))
        }
        if !preferences.goals.isEmpty {
            let goals = preferences.goals.map { words.text("app.goal.\($0.rawValue)") }
            lines.append(words.text("app.profile.goals", goals.joined(separator: ", ")))
        }
        return lines.isEmpty ? [words.text("app.profile.none")] : lines
    }

    /// What the person did, one line each: likes, saves and skips counted (the numbers in the person's locale), then
    /// their top languages.
    public static func summarize(_ stats: PersonStats, locale: Locale = .current) -> [String] {
        let words = Words(Language.device)
        var lines: [String] = [InteractionKind.like, .save, .skip].map { kind in
            let count = (stats.counts[kind] ?? 0).formatted(.number.locale(locale))
            return words.text("app.profile.count.\(kind.rawValue)", count)
        }
        if !stats.languages.isEmpty {
            lines.append(stats.languages.prefix(3).map(\.name).joined(separator: ", "))
        }
        return lines
    }
}
