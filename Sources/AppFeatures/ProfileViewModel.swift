public import Foundation
import Localization
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// The person's profile: their preferences and what they did, counted, and the switch that shares anonymous usage
/// figures (product analytics): kept with the preferences, so every device of the person follows it.
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
        /// Turns sharing anonymous usage figures on or off: saved with the preferences (`analytics`); off drops what
        /// waits on this device at once, unsent.
        case setSharesAnalytics(Bool)
    }

    public private(set) var state = State.loading
    /// Whether the person shares anonymous usage figures (the switch's position).
    public private(set) var sharesAnalytics = true
    /// How the last change of the switch went.
    public private(set) var notice: String?
    private let service: any RepoFinderService
    private let analytics: AnalyticsRecorder

    /// - Parameter analytics: the device's analytics events: the screen view goes there, and the switch turns them on
    ///   or off (and follows the preferences as loaded).
    public init(service: any RepoFinderService, analytics: AnalyticsRecorder = .disabled) {
        self.service = service
        self.analytics = analytics
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            analytics.screen(.profile)
            return load()
        case .refresh:
            return load()
        case .setSharesAnalytics(let on):
            return setSharesAnalytics(on)
        }
    }

    private func load() -> Task<Void, Never> {
        state = .loading
        return Task {
            do {
                async let preferences = service.preferences()
                async let stats = service.stats()
                let loaded = try await preferences
                state = .loaded(preferences: loaded, stats: try await stats)
                sharesAnalytics = loaded.sharesAnalytics
                analytics.follow(loaded)
            } catch {
                state = .failed(ClientFailure.from(error).message)
            }
        }
    }

    /// Saves the switch with the preferences. Off takes effect on this device at once (what waits is dropped, nothing
    /// new is kept); on, once the server kept it. If the server does not take it, the switch goes back.
    private func setSharesAnalytics(_ on: Bool) -> Task<Void, Never> {
        guard case .loaded(var preferences, let stats) = state, on != sharesAnalytics else { return Task {} }
        let before = sharesAnalytics
        sharesAnalytics = on
        notice = nil
        if !on { try? analytics.setSharing(false) }
        preferences.analytics = on
        return Task {
            let words = Words(Language.device)
            do throws(ClientFailure) {
                let saved = try await service.savePreferences(preferences)
                if case .loaded(_, let latest) = state {
                    state = .loaded(preferences: saved, stats: latest)
                } else {
                    state = .loaded(preferences: saved, stats: stats)
                }
                sharesAnalytics = saved.sharesAnalytics
                try? analytics.setSharing(saved.sharesAnalytics)
                notice =
                    saved.sharesAnalytics ? words.text("profile.analytics.on") : words.text("profile.analytics.off")
            } catch {
                sharesAnalytics = before
                try? analytics.setSharing(before)
                notice = words.text("profile.analytics.not-saved", error.message)
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
