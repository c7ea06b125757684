import Foundation
import Synchronization

/// Request counts and latency histograms by route and status, and the deck's own latency, rendered in the
/// Prometheus text exposition format for `GET /metrics`.
public final class ServerMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let bounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct Histogram {
        var buckets = [Int](repeating: 0, count: ServerMetrics.bounds.count)
        var count = 0
        var sum = 0.0

        mutating func observe(_ seconds: Double) {
            if let index = ServerMetrics.bounds.firstIndex(where: { seconds <= $0 }) { buckets[index] += 1 }
            count += 1
            sum += seconds
        }
    }

    private struct State {
        var requests: [RequestKey: Histogram] = [:]
        var deck = Histogram()
        var deckCards = 0
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
        lines += [
            "# HELP repofinder_deck_duration_seconds Time the recommender took to deal a feed batch.",
            "# TYPE repofinder_deck_duration_seconds histogram",
        ]
        lines += histogramLines("repofinder_deck_duration_seconds", nil, state.deck)
        lines += [
            "# HELP repofinder_deck_cards_total Cards dealt.",
            "# TYPE repofinder_deck_cards_total counter",
            "repofinder_deck_cards_total \(state.deckCards)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func labels(_ key: RequestKey) -> String {
        "route=\"\(escape(key.route))\",method=\"\(key.method)\",status=\"\(key.status)\""
    }

    private func histogramLines(_ name: String, _ labels: String?, _ histogram: Histogram) -> [String] {
        let prefix = labels.map { $0 + "," } ?? ""
        var cumulative = 0
        var lines: [String] = []
        for (bound, count) in zip(Self.bounds, histogram.buckets) {
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
