import Foundation
import Storage
import Synchronization

/// Request counts and latency histograms by route and status, and the deck's own latency, rendered in the
/// Prometheus text exposition format for `GET /metrics`.
public final class ServerMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let bounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
    /// Finer buckets for Ask's answers, whose targets are 100 ms to the first words and 300 ms to the whole answer.
    static let askBounds: [Double] = [
        0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.5, 1, 2.5, 5,
        10,
        30,
    ]

    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct Histogram {
        let bounds: [Double]
        var buckets: [Int]
        var count = 0
        var sum = 0.0

        init(bounds: [Double] = ServerMetrics.bounds) {
            self.bounds = bounds
            buckets = [Int](repeating: 0, count: bounds.count)
        }

        mutating func observe(_ seconds: Double) {
            if let index = bounds.firstIndex(where: { seconds <= $0 }) { buckets[index] += 1 }
            count += 1
            sum += seconds
        }
    }

    private struct State {
        var requests: [RequestKey: Histogram] = [:]
        var deck = Histogram()
        var deckCards = 0
        var askFirstWords = Histogram(bounds: ServerMetrics.askBounds)
        var askAnswer = Histogram(bounds: ServerMetrics.askBounds)
        var refresh: RefreshFigures?
        var refreshes: [String: Int] = [:]
    }

    /// The catalog refresh this server runs or ran last.
    private struct RefreshFigures {
        var running: Bool
        var startedAt: Date
        var summary: CatalogRefreshSummary
    }

    private let state = Mutex(State())

    public init() {}

    /// Records one finished request.
    func record(route: String, method: String, status: Int, seconds: Double) {
        state.withLock {
            $0.requests[RequestKey(route: route, method: method, status: status), default: .init()].observe(seconds)
        }
    }

    /// Records one deck computation (the recommender's part of a feed request).
    func recordDeck(seconds: Double, cards: Int) {
        state.withLock {
            $0.deck.observe(seconds)
            $0.deckCards += cards
        }
    }

    /// Records one streamed Ask answer: seconds from its request to the first words written (nil: none were) and to
    /// the end of the answer.
    func recordAsk(firstWords: Double?, answer: Double) {
        state.withLock {
            if let firstWords { $0.askFirstWords.observe(firstWords) }
            $0.askAnswer.observe(answer)
        }
    }

    /// Records a catalog refresh's progress (`outcome` nil while it runs; `finished` or `partial` at its end).
    func recordRefresh(startedAt: Date, summary: CatalogRefreshSummary, outcome: String?) {
        state.withLock {
            $0.refresh = RefreshFigures(running: outcome == nil, startedAt: startedAt, summary: summary)
            if let outcome { $0.refreshes[outcome, default: 0] += 1 }
        }
    }

    private func refreshLines(_ state: State) -> [String] {
        var lines = [
            "# HELP repofinder_catalog_refreshes_total Catalog refreshes this server ran, by outcome.",
            "# TYPE repofinder_catalog_refreshes_total counter",
        ]
        for outcome in ["finished", "partial"] {
            lines.append("repofinder_catalog_refreshes_total{outcome=\"\(outcome)\"} \(state.refreshes[outcome] ?? 0)")
        }
        guard let refresh = state.refresh else { return lines }
        let summary = refresh.summary
        let gauges: [(String, String, Double)] = [
            ("running", "1 while this server runs a catalog refresh.", refresh.running ? 1 : 0),
            ("started_timestamp_seconds", "When the latest refresh started.", refresh.startedAt.timeIntervalSince1970),
            ("checked", "Repositories GitHub confirmed in the latest refresh.", Double(summary.checked)),
            ("snapshots", "Star snapshots the latest refresh wrote.", Double(summary.snapshots)),
            ("requests", "Requests to GitHub the latest refresh made.", Double(summary.requests)),
            ("remaining", "Repositories the latest refresh has yet to check.", Double(summary.remaining)),
            ("renamed", "Repositories the latest refresh found renamed.", Double(summary.renamed)),
            ("gone", "Repositories the latest refresh found gone from GitHub.", Double(summary.gone)),
            ("added", "New repositories the latest refresh brought in.", Double(summary.added)),
        ]
        for (name, help, value) in gauges {
            lines += [
                "# HELP repofinder_catalog_refresh_\(name) \(help)", "# TYPE repofinder_catalog_refresh_\(name) gauge",
                "repofinder_catalog_refresh_\(name) \(value)",
            ]
        }
        return lines
    }

    /// The Prometheus text exposition.
    public func render() -> String {
        let state = state.withLock { $0 }
        var lines = [
            "# HELP repofinder_http_requests_total Requests answered, by route, method and status.",
            "# TYPE repofinder_http_requests_total counter",
        ]
        let keys = state.requests.keys.sorted { ($0.route, $0.method, $0.status) < ($1.route, $1.method, $1.status) }
        for key in keys {
            lines.append("repofinder_http_requests_total{\(labels(key))} \(state.requests[key]!.count)")
        }
        lines += [
            "# HELP repofinder_http_request_duration_seconds Time to answer a request, by route, method and status.",
            "# TYPE repofinder_http_request_duration_seconds histogram",
        ]
        for key in keys {
            lines += histogramLines("repofinder_http_request_duration_seconds", labels(key), state.requests[key]!)
        }
        lines += histogram(
            "repofinder_deck_duration_seconds", help: "Time the recommender took to deal a feed batch.", state.deck)
        lines += [
            "# HELP repofinder_deck_cards_total Cards dealt.",
            "# TYPE repofinder_deck_cards_total counter",
            "repofinder_deck_cards_total \(state.deckCards)",
        ]
        lines += histogram(
            "repofinder_ask_first_words_seconds",
            help: "Time from an Ask question to the first words of its streamed answer.", state.askFirstWords)
        lines += histogram(
            "repofinder_ask_answer_seconds", help: "Time from an Ask question to the end of its streamed answer.",
            state.askAnswer)
        lines += refreshLines(state)
        return lines.joined(separator: "\n") + "\n"
    }

    private func labels(_ key: RequestKey) -> String {
        "route=\"\(escape(key.route))\",method=\"\(key.method)\",status=\"\(key.status)\""
    }

    /// An unlabelled histogram with its HELP and TYPE lines.
    private func histogram(_ name: String, help: String, _ histogram: Histogram) -> [String] {
        ["# HELP \(name) \(help)", "# TYPE \(name) histogram"] + histogramLines(name, nil, histogram)
    }

    private func histogramLines(_ name: String, _ labels: String?, _ histogram: Histogram) -> [String] {
        let prefix = labels.map { $0 + "," } ?? ""
        var cumulative = 0
        var lines: [String] = []
        for (bound, count) in zip(histogram.bounds, histogram.buckets) {
            cumulative += count
            lines.append("\(name)_bucket{\(prefix)le=\"\(bound)\"} \(cumulative)")
        }
        lines.append("\(name)_bucket{\(prefix)le=\"+Inf\"} \(histogram.count)")
        let suffix = labels.map { "{\($0)}" } ?? ""
        lines.append("\(name)_sum\(suffix) \(histogram.sum)")
        lines.append("\(name)_count\(suffix) \(histogram.count)")
        return lines
    }

    private func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
