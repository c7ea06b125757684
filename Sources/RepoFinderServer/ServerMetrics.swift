public import Catalog
public import Foundation
import Prometheus
public import Storage
import Synchronization

/// Request counts and latency histograms by route and status, the deck's and Ask's latency, and the catalog refresh,
/// kept in a swift-prometheus registry of this server's own and written in the Prometheus text exposition format for
/// `GET /metrics`.
public final class ServerMetrics: CatalogRefreshObserver {
    /// Upper bounds of the latency buckets, in seconds.
    static let bounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
    /// Finer buckets for Ask's answers, whose targets are 100 ms to the first words and 300 ms to the whole answer.
    static let askBounds: [Double] = [
        0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.5, 1, 2.5, 5,
        10, 30,
    ]

    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    /// A route's request counter and latency histogram.
    private struct RequestMetrics {
        let count: Counter
        let duration: ValueHistogram
    }

    private let registry = PrometheusCollectorRegistry()
    /// Each route, method and status seen, with its metrics (the registry's lookup builds label text every time).
    private let requests = Mutex<[RequestKey: RequestMetrics]>([:])
    private let deck: ValueHistogram
    private let deckCards: Counter
    private let askFirstWords: ValueHistogram
    private let askAnswer: ValueHistogram
    private let refreshes: [String: Counter]

    public init() {
        deck = registry.makeValueHistogram(
            descriptor: Self.name(
                "repofinder_deck_duration_seconds", "Time the recommender took to deal a feed batch."),
            labels: [], buckets: Self.bounds)
        deckCards = registry.makeCounter(
            descriptor: Self.name("repofinder_deck_cards_total", "Cards dealt."), labels: [])
        askFirstWords = registry.makeValueHistogram(
            descriptor: Self.name(
                "repofinder_ask_first_words_seconds",
                "Time from an Ask question to the first words of its streamed answer."),
            labels: [], buckets: Self.askBounds)
        askAnswer = registry.makeValueHistogram(
            descriptor: Self.name(
                "repofinder_ask_answer_seconds", "Time from an Ask question to the end of its streamed answer."),
            labels: [], buckets: Self.askBounds)
        let refreshes = Self.name(
            "repofinder_catalog_refreshes_total", "Catalog refreshes this server ran, by outcome.")
        let registry = registry
        self.refreshes = Dictionary(
            uniqueKeysWithValues: ["finished", "partial"].map { outcome in
                (outcome, registry.makeCounter(descriptor: refreshes, labels: [("outcome", outcome)]))
            })
    }

    /// A metric's full name and help text, as the registry takes them.
    private static func name(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }

    /// The methods a request's metrics name; any other (HTTP/2 takes any token as a method) is `other`, so clients
    /// cannot make series without bound.
    static let namedMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// Records one finished request (its method as ``namedMethods`` names it).
    func record(route: String, method: String, status: Int, seconds: Double) {
        let method = Self.namedMethods.contains(method) ? method : "other"
        let key = RequestKey(route: route, method: method, status: status)
        let metrics = requests.withLock { requests in
            if let known = requests[key] { return known }
            let labels = [("route", route), ("method", method), ("status", String(status))]
            let made = RequestMetrics(
                count: registry.makeCounter(
                    descriptor: Self.name(
                        "repofinder_http_requests_total", "Requests answered, by route, method and status."),
                    labels: labels),
                duration: registry.makeValueHistogram(
                    descriptor: Self.name(
                        "repofinder_http_request_duration_seconds",
                        "Time to answer a request, by route, method and status."),
                    labels: labels, buckets: Self.bounds))
            requests[key] = made
            return made
        }
        metrics.count.increment()
        metrics.duration.record(seconds)
    }

    /// Records one deck computation (the recommender's part of a feed request).
    func recordDeck(seconds: Double, cards: Int) {
        deck.record(seconds)
        deckCards.increment(by: Int64(cards))
    }

    /// Records one streamed Ask answer: seconds from its request to the first words written (nil: none were) and to
    /// the end of the answer.
    func recordAsk(firstWords: Double?, answer: Double) {
        if let firstWords { askFirstWords.record(firstWords) }
        askAnswer.record(answer)
    }

    /// Records a catalog refresh's progress (`outcome` nil while it runs; `finished` or `partial` at its end). The
    /// latest refresh's gauges appear once this server has run one.
    public func recordRefresh(startedAt: Date, summary: CatalogRefreshSummary, outcome: String?) {
        let gauges: [(String, String, Double)] = [
            ("running", "1 while this server runs a catalog refresh.", outcome == nil ? 1 : 0),
            ("started_timestamp_seconds", "When the latest refresh started.", startedAt.timeIntervalSince1970),
            ("checked", "Repositories GitHub confirmed in the latest refresh.", Double(summary.checked)),
            ("snapshots", "Star snapshots the latest refresh wrote.", Double(summary.snapshots)),
            ("requests", "Requests to GitHub the latest refresh made.", Double(summary.requests)),
            ("remaining", "Repositories the latest refresh has yet to check.", Double(summary.remaining)),
            ("renamed", "Repositories the latest refresh found renamed.", Double(summary.renamed)),
            ("gone", "Repositories the latest refresh found gone from GitHub.", Double(summary.gone)),
            ("added", "New repositories the latest refresh brought in.", Double(summary.added)),
        ]
        for (name, help, value) in gauges {
            registry.makeGauge(descriptor: Self.name("repofinder_catalog_refresh_\(name)", help), labels: [])
                .set(to: value)
        }
        if let outcome { refreshes[outcome]?.increment() }
    }

    /// The Prometheus text exposition.
    public func render() -> String {
        registry.emitToString()
    }
}
