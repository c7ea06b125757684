import Foundation
import Localization
import RepoFinderCore

/// A repository's daily star counts drawn as SVG by the server: one line on a linear scale and one on a log scale
/// (the page shows one at a time), a point per day whose title gives its value, and the same numbers as table rows;
/// numbers, days and words in the page's language.
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
    /// "13,118 → 13,448 stars from Jul 14, 2026 to Aug 22, 2026".
    let caption: String

    /// Nil with fewer than two days of counts (nothing to draw).
    init?(_ snapshots: [StarSnapshot], words: Words) {
        let points = snapshots.sorted { $0.day < $1.day }
        guard points.count >= 2, let first = points.first, let last = points.last else { return nil }
        let low = points.map(\.stars).min() ?? 0
        let high = points.map(\.stars).max() ?? 0
        let (from, to) = (first.day.spoken(words), last.day.spoken(words))
        caption = words.text("page.chart.caption", words.number(first.stars), last.stars, from, to)
        rows = zip(points, [nil] + points.dropLast().map(Optional.some)).map { point, previous in
            let change = previous.map { point.stars - $0.stars }
            return Row(
                day: point.day.description, spokenDay: point.day.spoken(words), stars: words.number(point.stars),
                change: change.map { ($0 > 0 ? "+" : "") + words.number($0) } ?? "")
        }
        let firstDay = Double(first.day.daysSinceEpoch)
        let span = max(1, Double(last.day.daysSinceEpoch) - firstDay)
        let ticks = Scale.allCases.map { scale in
            let counts = scale.ticks(low: low, high: high)
            return (scale, zip(counts, Self.labels(counts, words: words)).map { (count: $0, label: $1) })
        }
        let left = Self.margin(for: ticks.flatMap { $0.1.map(\.label) })
        func x(_ day: Day) -> Double {
            left + (Double(day.daysSinceEpoch) - firstDay) / span * (Self.width - left - Self.right)
        }
        var body = ""
        for (scale, labelled) in ticks {
            let y = scale.mapping(low: low, high: high, top: Self.top, bottom: Self.height - Self.bottom)
            let path = points.enumerated().map { index, point in
                "\(index == 0 ? "M" : "L")\(Self.format(x(point.day))) \(Self.format(y(point.stars)))"
            }.joined(separator: " ")
            body += "<g class=\"series \(scale.rawValue)\">"
            for tick in labelled {
                let position = Self.format(y(tick.count))
                body +=
                    "<line class=\"grid\" x1=\"\(Self.format(left))\" x2=\"\(Self.width - Self.right)\" "
                    + "y1=\"\(position)\" y2=\"\(position)\"/><text class=\"tick\" x=\"\(Self.format(left - 6))\" "
                    + "y=\"\(position)\" text-anchor=\"end\" dominant-baseline=\"middle\">"
                    + "\(Self.escaped(tick.label))</text>"
            }
            body += "<path class=\"line\" d=\"\(path)\"/>"
            for point in points {
                let (day, stars) = (point.day.spoken(words), words.number(point.stars))
                body +=
                    "<circle class=\"point\" cx=\"\(Self.format(x(point.day)))\" cy=\"\(Self.format(y(point.stars)))\" "
                    + "r=\"3\" data-day=\"\(Self.escaped(day))\" data-stars=\"\(Self.escaped(stars))\" "
                    + "data-count=\"\(point.stars)\">"
                    + "<title>\(Self.escaped(words.text("page.chart.point", day, point.stars)))</title></circle>"
            }
            body += "</g>"
        }
        let baseline = Self.format(Self.height - Self.bottom + 18)
        body +=
            "<text class=\"tick\" data-formatted=\"\" x=\"\(Self.format(left))\" y=\"\(baseline)\">"
            + "\(Self.escaped(from))</text>"
            + "<text class=\"tick\" data-formatted=\"\" x=\"\(Self.width - Self.right)\" y=\"\(baseline)\" text-anchor=\"end\">"
            + "\(Self.escaped(to))</text>"
        svg =
            "<svg class=\"star-chart\" viewBox=\"0 0 \(Self.format(Self.width)) \(Self.format(Self.height))\" "
            + "role=\"img\" aria-label=\"\(Self.escaped(words.text("page.chart.label", caption)))\" "
            + "preserveAspectRatio=\"xMidYMid meet\">" + body + "</svg>"
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

        /// Up to three labelled counts, each once: lowest, middle (arithmetic or geometric), highest.
        func ticks(low: Int, high: Int) -> [Int] {
            guard high > low else { return [low] }
            let middle =
                self == .linear
                ? (low + high) / 2 : Int((sqrt(Double(max(low, 1)) * Double(max(high, 1)))).rounded())
            return middle > low && middle < high ? [low, middle, high] : [low, high]
        }
    }

    static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    /// An axis label in the page's language: 13_448 → "13.4K" (Spanish "13,4 mil"), 9_876 → "9,876".
    static func short(_ value: Int, words: Words) -> String {
        value >= 10_000 ? words.compact(value) : words.number(value)
    }

    /// One axis's labels, short where that still tells them apart (13.1K, 13.3K), else whole numbers (26,812 and
    /// 26,835, which both shorten to 26.8K).
    static func labels(_ values: [Int], words: Words) -> [String] {
        let short = values.map { Self.short($0, words: words) }
        return Set(short).count == Set(values).count ? short : values.map { words.number($0) }
    }

    /// The room left of the plot for the longest label at the phone's 22-unit tick font (about 13 units a
    /// character), and never less than ``left``.
    static func margin(for labels: [String]) -> Double {
        max(Self.left, 12 + 13 * Double(labels.map(\.count).max() ?? 0))
    }

    /// `text` safe inside the SVG's elements and quoted attributes (the page puts the SVG in unescaped).
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
