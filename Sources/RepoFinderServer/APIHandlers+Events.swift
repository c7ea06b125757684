import Dealing
import Foundation
import HTTPTypes
import Localization
import Logging
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

extension APIHandlers {
    /// Most events in one request.
    static let maximumEventBatch = 500
    /// Events one account may store in an hour (a bucket of as many, refilling over the hour): a person's devices
    /// send a few hundred on a busy day (a swipe, a screen, a search each), and a device back from a week offline
    /// sends its queue in two batches; 1,000 an hour is far above that and far below what poisons a report or fills
    /// a disk (issue 63: 15,670 events a second from one token).
    static let eventsPerHour = 1_000
    /// Most characters in a label, and the bounds of `value` and `count` (the contract's).
    static let maximumLabelLength = 40
    static let eventNumbers = 0...100_000

    func postEvents(_ input: Operations.PostEvents.Input) async throws -> Operations.PostEvents.Output {
        let userID = try await accounts.authenticate()
        guard case .json(let body) = input.body else {
            throw APIError.badRequest(APIError.text("error.events.not-json"))
        }
        let events = try events(body)
        guard try await sharesAnalytics(userID) else {
            return .ok(.init(body: .json(.init(accepted: 0, duplicates: 0, ignored: events.count))))
        }
        // Each account's share of the events table, whole batches only (a client keeps a refused batch and sends it
        // again after Retry-After): the report and the disk answer to people, not to one busy token.
        if let quota = eventQuota, let wait = await quota.admit(userID, cost: Double(events.count)) {
            throw APIError(
                .tooManyRequests, code: "events_quota",
                message: APIError.text("error.events.quota", Self.eventsPerHour, wait), retryAfter: wait)
        }
        let receipt = try await store.recordEvents(events, userID: userID)
        return .ok(.init(body: .json(.init(accepted: receipt.accepted, duplicates: receipt.duplicates, ignored: 0))))
    }

    /// Whether the person lets their events be recorded (``UserPreferences/sharesAnalytics``), as their session holds
    /// their preferences: no trip to the database on the deck's and Home's requests, whose session is loaded already.
    func sharesAnalytics(_ userID: String) async throws -> Bool {
        try await sessions.session(userID).preferences(in: deck.recommender.index).sharesAnalytics
    }

    /// Records the deck's cards dealt to the person (as ``recordDealt(_:source:reasons:userID:id:ids:)`` with the kind
    /// of each one's first reason), counted by their positions in `encoded`'s catalog, the index they were dealt from:
    /// no names hashed per card. A card without a position (made elsewhere) is counted by name.
    func recordDeck(_ cards: [Recommendation], encoded: EncodedRepositories, userID: String) async {
        let placed = cards.compactMap { card in card.indexPosition.map { ($0, card.details.first?.kindNumber) } }
        guard !cards.isEmpty, placed.count == cards.count else {
            await recordDealt(
                cards.map(\.repository.repositoryName), source: .deck, reasons: cards.map { $0.details.first?.kind },
                userID: userID)
            return
        }
        guard await recordsAnalytics(userID) else { return }
        deck.ledger.count(placed, in: encoded.dealtCatalog, source: .deck, at: clock())
    }

    /// Whether what is dealt to the person is recorded (they share analytics); a failure to tell is logged and
    /// records nothing.
    private func recordsAnalytics(_ userID: String) async -> Bool {
        do {
            return try await sharesAnalytics(userID)
        } catch {
            logger.warning("dealt cards not recorded", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Records that the server dealt these repositories to the person (`reasons`: the kind of the first reason
    /// shown with each, in the same order; empty when none is), unless they turned analytics off: written behind the answer (``DealtLedger``). Without
    /// `id` or `ids` each card counts every time it is dealt (a tally); `id`, for a single card, or `ids`, one per
    /// card, make each count once (a dealt event of the person; another with the same id is a duplicate). A failure
    /// is logged, never the request's.
    func recordDealt(
        _ names: [RepositoryName], source: DealtSource, reasons: [String?] = [], userID: String,
        id: String? = nil, ids: ((RepositoryName) -> String)? = nil
    ) async {
        guard !names.isEmpty, await recordsAnalytics(userID) else { return }
        let now = clock()
        let reason = { (position: Int) in reasons.indices.contains(position) ? reasons[position] : nil }
        guard id != nil || ids != nil else {
            deck.ledger.count(
                names.enumerated().map { ($0.element, reason($0.offset)) }, source: source, at: now)
            return
        }
        let events = names.enumerated().map { position, name in
            AnalyticsEvent(
                id: ids?(name) ?? id ?? UUID().uuidString.lowercased(), name: .dealt, at: now, platform: .server,
                label: source.rawValue, repository: name, reason: reason(position))
        }
        deck.ledger.record(events, userID: userID)
    }

    /// The batch checked: ids, times (within the retention limit, at most a day ahead of the server's clock), labels
    /// as short names. A search is labelled `found` or `none` here, and its text dropped unless it found nothing.
    private func events(_ body: Components.Schemas.EventBatch) throws(APIError) -> [AnalyticsEvent] {
        guard body.events.count <= Self.maximumEventBatch else {
            throw .unprocessable(
                APIError.text("error.events.too-many", String(body.events.count), Self.maximumEventBatch))
        }
        let now = clock()
        let latest = now.addingTimeInterval(86_400)
        let earliest = Day(containing: now).adding(days: -analyticsRetentionDays).start
        return try body.events.enumerated().map { (position, item) throws(APIError) in
            let field = "events[\(position)]"
            let id = item.id.trimmingCharacters(in: .whitespacesAndNewlines)
            guard InputMapping.isClientID(id) else {
                throw .unprocessable(APIError.text("error.event.field-id", field, InputMapping.maximumClientIDBytes))
            }
            guard item.at >= earliest, item.at <= latest else {
                throw .unprocessable(APIError.text("error.event.field-at", field, analyticsRetentionDays))
            }
            var label = item.label.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if let given = label, given.count > Self.maximumLabelLength {
                throw .unprocessable(APIError.text("error.event.field-label-long", field, Self.maximumLabelLength))
            }
            if let given = label,
                !given.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
            {
                throw .unprocessable(APIError.text("error.event.field-label", field))
            }
            for (name, number) in [("value", item.value), ("count", item.count)] {
                if let number, !Self.eventNumbers.contains(number) {
                    throw .unprocessable(
                        APIError.text("error.event.field-number", field + "." + name, Self.eventNumbers.upperBound))
                }
            }
            let name = AnalyticsEventName(rawValue: item.name.rawValue) ?? .screenView
            var query: String?
            if name == .search {
                let found = (item.count ?? 0) > 0
                label = found ? "found" : AnalyticsEvent.noResults
                query = found ? nil : item.query.map(Self.cleanQuery).flatMap { $0.isEmpty ? nil : $0 }
            }
            return AnalyticsEvent(
                id: id, name: name, at: item.at, platform: AnalyticsPlatform(rawValue: item.platform.rawValue) ?? .web,
                label: label?.isEmpty == true ? nil : label, value: item.value, count: item.count, query: query)
        }
    }

    /// A search's text as the report lists it: one line, trimmed, no control characters, at most 200 characters.
    private static func cleanQuery(_ text: String) -> String {
        String(
            String(text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) })
                .split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(200))
    }
}
