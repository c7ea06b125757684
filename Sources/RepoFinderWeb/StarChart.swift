import Foundation
import RepoFinderCore

/// A repository's daily star counts drawn as SVG by the server: one line on a linear scale and one on a log scale
/// (the page shows one at a time), a point per day whose title gives its value, and the same numbers as table rows.
struct StarChart: Sendable {
    /// One row of the table (and one point of the chart).
    struct Row: Sendable {
        let day: String
        let spokenDay: String
        let stars: String
        let change: String
    }

    static let width = 640.0
    static let height = 220.0
    static let left = 64.0
    static let right = 12.0
    static let top = 12.0
    static let bottom = 28.0

    let svg: String
    let rows: [Row]
    /// "13,118 → 13,448 stars from 14 Jul 2026 to 22 Aug 2026".
    let caption: String

    /// Nil with fewer than two days of counts (nothing to draw).
    init?(_ snapshots: [StarSnapshot]) {
        let points = snapshots.sorted { $0.day < $1.day }
        guard points.count >= 2, let first = points.first, let last = points.last else { return nil }
        let low = points.map(\.stars).min() ?? 0
        let high = points.map(\.stars).max() ?? 0
        caption =
            "\(Number.grouped(first.stars)) → \(Number.grouped(last.stars)) stars from \(first.day.spoken) to "
            + "\(last.day.spoken)"
        rows = zip(points, [nil] + points.dropLast().map(Optional.some)).map { point, previous in
            let change = previous.map { point.stars - $0.stars }
            return Row(
                day: point.day.description, spokenDay: point.day.spoken, stars: Number.grouped(point.stars),
                change: change.map { ($0 > 0 ? "+" : "") + Number.grouped($0) } ?? "")
        }
        let firstDay = Double(first.day.daysSinceEpoch)
        let span = max(1, Double(last.day.daysSinceEpoch) - firstDay)
        func x(_ day: Day) -> Double {
            Self.left + (Double(day.daysSinceEpoch) - firstDay) / span * (Self.width - Self.left - Self.right)
        }
        var body = ""
        for scale in Scale.allCases {
            let y = scale.mapping(low: low, high: high, top: Self.top, bottom: Self.height - Self.bottom)
            let path = points.enumerated().map { index, point in
                "\(index == 0 ? "M" : "L")\(Self.format(x(point.day))) \(Self.format(y(point.stars)))"
            }.joined(separator: " ")
            body += "<g class=\"series \(scale.rawValue)\">"
            for tick in scale.ticks(low: low, high: high) {
                let position = Self.format(y(tick))
                body +=
                    "<line class=\"grid\" x1=\"\(Self.left)\" x2=\"\(Self.width - Self.right)\" y1=\"\(position)\" "
                    + "y2=\"\(position)\"/><text class=\"tick\" x=\"\(Self.left - 6)\" y=\"\(position)\" "
                    + "text-anchor=\"end\" dominant-baseline=\"middle\">\(Self.short(tick))</text>"
            }
            body += "<path class=\"line\" d=\"\(path)\"/>"
            for point in points {
                body +=
                    "<circle class=\"point\" cx=\"\(Self.format(x(point.day)))\" cy=\"\(Self.format(y(point.stars)))\" "
                    + "r=\"3\" data-day=\"\(point.day.spoken)\" data-stars=\"\(Number.grouped(point.stars))\">"
                    + "<title>\(point.day.spoken): \(Number.grouped(point.stars)) stars</title></circle>"
            }
            body += "</g>"
        }
        let baseline = Self.format(Self.height - Self.bottom + 18)
        body +=
            "<text class=\"tick\" x=\"\(Self.left)\" y=\"\(baseline)\">\(first.day.spoken)</text>"
            + "<text class=\"tick\" x=\"\(Self.width - Self.right)\" y=\"\(baseline)\" text-anchor=\"end\">"
            + "\(last.day.spoken)</text>"
        svg =
            "<svg class=\"star-chart\" viewBox=\"0 0 \(Self.format(Self.width)) \(Self.format(Self.height))\" "
            + "role=\"img\" aria-label=\"Stars per day: \(caption)\" preserveAspectRatio=\"xMidYMid meet\">"
            + body + "</svg>"
    }

    /// The two scales.
    enum Scale: String, CaseIterable {
        case linear, log

        /// Stars to a vertical position between `top` (the highest count) and `bottom` (the lowest).
        func mapping(low: Int, high: Int, top: Double, bottom: Double) -> (Int) -> Double {
            let value: (Int) -> Double =
                self == .linear ? { Double($0) } : { log10(Double(max($0, 1))) }
            let (a, b) = (value(low), value(high))
            let range = b - a
            return { stars in
                range > 0 ? bottom - (value(stars) - a) / range * (bottom - top) : (top + bottom) / 2
            }
        }

        /// Three labelled counts: lowest, middle (arithmetic or geometric), highest.
        func ticks(low: Int, high: Int) -> [Int] {
            guard high > low else { return [low] }
            let middle =
                self == .linear
                ? (low + high) / 2 : Int((sqrt(Double(max(low, 1)) * Double(max(high, 1)))).rounded())
            return [low, middle, high]
        }
    }

    static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    /// 13_448 → "13.4k" for axis labels.
    static func short(_ value: Int) -> String {
        switch value {
        case 1_000_000...: String(format: "%.2fM", Double(value) / 1_000_000)
        case 10_000...: String(format: "%.1fk", Double(value) / 1_000)
        default: Number.grouped(value)
        }
    }
}
