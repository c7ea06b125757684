public import Foundation
public import OfflineStore
public import RepoFinderClient
public import RepoFinderCore

/// The screens a screen view names (the `label` of ``AnalyticsEventName/screenView``), as the web app names its pages
/// where the app has the same one.
public enum AnalyticsScreen: String, CaseIterable, Hashable, Sendable {
    case home
    /// The card deck.
    case discover
    case search
    case trending
    case saved
    case liked
    /// The Ask threads.
    case ask
    /// One Ask thread.
    case chat
    case compare
    /// A repository's screen.
    case repository
    /// An area's best repositories.
    case area
    case profile
    /// The person's repositories in RepoFinder (signed in with GitHub).
    case maintainer
}

/// Records product analytics events with one line from a view model — `analytics.track(.swipe, label: "like")` —
/// into the outbox's queue of events, which the outbox's flush sends with the interactions (``Outbox/flush(to:)``).
/// Never throws and never bothers the person: an event the device could not keep is simply lost. Nothing is kept once
/// the person turned analytics off (``setSharing(_:)``, or their preferences as last read, ``follow(_:)``).
///
/// What an event carries is cut to what the server takes: a label of letters, digits, `.`, `_` and `-` (at most 40),
/// numbers within 0…100,000, and a search's words only when it found nothing.
public struct AnalyticsRecorder: Sendable {
    /// Where the events wait; nil: a recorder that records nothing (``disabled``).
    public let outbox: Outbox?
    /// Where the events come from: `.ios` in the iPhone app, `.terminal` in the terminal deck.
    public let platform: AnalyticsPlatform
    /// When set, a flush is started once ``flushAfter`` events wait (what the view models flush anyway sends them
    /// sooner).
    private let service: (any RepoFinderService)?
    private let flushAfter: Int
    private let now: @Sendable () -> Date
    private let makeID: @Sendable () -> String

    /// - Parameters:
    ///   - outbox: The device's outbox (its queue of events).
    ///   - platform: Where the events come from.
    ///   - service: Where to send them when ``flushAfter`` wait; nil leaves sending to the view models' flushes.
    ///   - flushAfter: How many waiting events start a flush of their own.
    public init(
        outbox: Outbox?, platform: AnalyticsPlatform = .ios, service: (any RepoFinderService)? = nil,
        flushAfter: Int = 20, now: @escaping @Sendable () -> Date = Date.init,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.outbox = outbox
        self.platform = platform
        self.service = service
        self.flushAfter = max(1, flushAfter)
        self.now = now
        self.makeID = makeID
    }

    /// A recorder that records nothing (previews, tests that do not look at analytics).
    public static let disabled = AnalyticsRecorder(outbox: nil)

    /// The longest label the server takes.
    public static let maximumLabelLength = 40
    /// The largest value or count the server takes.
    public static let maximumNumber = 100_000
    /// The longest search text the server takes.
    public static let maximumQueryLength = 200

    /// Queues an event now: what happened, and the label, value, count and query it needs (see
    /// ``AnalyticsEventName``). A `query` is kept only for a search that found nothing (`count` 0).
    public func track(
        _ name: AnalyticsEventName, label: String? = nil, value: Int? = nil, count: Int? = nil, query: String? = nil
    ) {
        guard let outbox, name != .dealt else { return }
        let event = Self.event(
            id: makeID(), name: name, at: now(), platform: platform, label: label, value: value, count: count,
            query: query)
        guard (try? outbox.enqueue(event)) == true else { return }
        guard let service, let waiting = try? outbox.pendingEventCount(), waiting >= flushAfter else { return }
        Task { _ = await outbox.flush(to: service) }
    }

    /// Records a screen view.
    public func screen(_ screen: AnalyticsScreen) {
        track(.screenView, label: screen.rawValue)
    }

    /// Records a search: the words' length and how many it found, and the words themselves only when it found none.
    public func search(_ words: String, found: Int) {
        track(.search, value: words.count, count: found, query: words)
    }

    /// Whether this device sends analytics events (yes until the person turns it off).
    public var isSharing: Bool { (try? outbox?.sharesAnalytics()) ?? false }

    /// Turns sending on or off on this device (Settings, once the preference is saved); off drops what waits.
    public func setSharing(_ on: Bool) throws {
        try outbox?.setSharesAnalytics(on)
    }

    /// Follows the person's preferences as the server keeps them (another device may have turned analytics off).
    public func follow(_ preferences: UserPreferences) {
        guard let outbox, (try? outbox.sharesAnalytics()) != preferences.sharesAnalytics else { return }
        try? outbox.setSharesAnalytics(preferences.sharesAnalytics)
    }

    /// Sends what waits now (the interactions first), when the recorder has a service.
    @discardableResult
    public func flush() async -> FlushReport? {
        guard let outbox, let service else { return nil }
        return await outbox.flush(to: service)
    }

    /// The event as the server takes it: the label cut to its characters and length, numbers within range, the query
    /// kept only for a search that found nothing.
    public static func event(
        id: String, name: AnalyticsEventName, at: Date, platform: AnalyticsPlatform, label: String? = nil,
        value: Int? = nil, count: Int? = nil, query: String? = nil
    ) -> AnalyticsEvent {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let cleanLabel = label.map { String($0.filter { allowed.contains($0) }.prefix(Self.maximumLabelLength)) }
        let clamp = { (number: Int?) in number.map { min(max($0, 0), Self.maximumNumber) } }
        let count = clamp(count)
        let words = query?.trimmingCharacters(in: .whitespacesAndNewlines)
        let keptQuery =
            name == .search && count == 0
            ? words.flatMap { $0.isEmpty ? nil : String($0.prefix(Self.maximumQueryLength)) } : nil
        return AnalyticsEvent(
            id: id, name: name, at: at, platform: platform, label: cleanLabel?.isEmpty == false ? cleanLabel : nil,
            value: clamp(value), count: count, query: keptQuery)
    }
}
